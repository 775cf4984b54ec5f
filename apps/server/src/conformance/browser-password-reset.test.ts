/**
 * A reset link that no longer works, in real Chromium against a real server whose e-mails go
 * through a real SMTP server. On the hosted pages: a shopper asks for a link, follows it and saves a
 * password; following the same link again says it was already used and sends a new one at a click;
 * the new e-mail arrives and its link sets the password. A link past its hour says it expired (same
 * way forward); a link cut short asks for the e-mail address. On the storefront's own reset page
 * (`/login?recoveryToken=…`): the same, and the new link signs the shopper in to the account.
 * axe on every page that says a link is dead.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_TTL_MS } from '../modules/identity/index.ts';
import { appDist } from '../platform/http/static.ts';
import { received, smtpSink, type SmtpSink } from '../test/back-in-stock.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { GOOD_PASSWORD, login, registered } from '../test/identity.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { expectAccessible, hydrated, shopper } from '../test/storefront.ts';

const built =
  existsSync(join(appDist('hosted'), 'index.html')) &&
  existsSync(join(appDist('storefront'), 'server', 'entry-server.js'));
if (!built) console.warn('Password reset browser tests SKIPPED: run "npm run build" first.');

let s: TestServer;
let sink: SmtpSink;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium || !built) return;
  sink = await smtpSink();
  s = await startTestServer({
    env: {
      PASSWORD_HASH_MEMORY_KIB: '1024',
      CAPTCHA_COST: '1',
      SMTP_URL: sink.url,
      MAIL_FROM: 'shop@example.test',
    },
  });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await sink?.close();
});

/** Waits for the next reset e-mail to `to` (after `seen` of them) and answers its link. */
async function nextResetLink(to: string, seen: number): Promise<string> {
  const mails = await s.until(async () => {
    const all = received(sink, to).filter((m) => /^Subject: Reset your .* password/m.test(m));
    return all.length > seen && all;
  }, 20_000);
  const link = /(https?:\/\/\S+recoveryToken=[\w-]+)/.exec(mails[mails.length - 1]!)?.[1];
  expect(link, 'a reset link in the e-mail').toBeTruthy();
  return link!;
}
const resetMails = (to: string) =>
  received(sink, to).filter((m) => /^Subject: Reset your .* password/m.test(m)).length;

/** Types a new password twice on the hosted reset page and saves it. */
async function setHostedPassword(page: Page, password: string) {
  await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat it').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
}

/** On a dead link's page: asks for a new link and waits until the page says it is sent. */
async function askForNewLink(page: Page) {
  await page.getByRole('button', { name: 'E-mail me a new link' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'A new link is on its way to the address this one was sent to.' })
    .waitFor();
}

const signsIn = async (email: string, password: string) => (await login(s, email, password)).body.state;

describe.skipIf(!hasChromium || !built)('a reset link that no longer works', () => {
  it('hosted: a used link says so and sends a new one from the page; the new link sets the password', async () => {
    const email = `used-${Date.now()}@example.test`;
    await registered(s, email);
    const shop = await shopper(browser, s.url, 1280);
    const { page } = shop;
    await page.goto('/auth/forgot');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('a link to set a new password is on its way').waitFor();
    const link = await nextResetLink(email, 0);

    await page.goto(link);
    await setHostedPassword(page, 'First-New-Secret-1');
    await page.waitForURL((u) => u.pathname === '/account', { timeout: 30_000 });
    expect(await signsIn(email, 'First-New-Secret-1')).toBe('SUCCESS');

    // The same link again: no password form, but what happened and a way forward.
    await page.goto(link);
    await page.getByRole('heading', { name: 'This link was already used' }).waitFor();
    expect(await page.getByLabel('New password').count()).toBe(0);
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContainEqual(expect.stringContaining('Each link works once'));
    expect(
      await page.getByRole('link', { name: 'Send it to another e-mail address' }).getAttribute('href'),
    ).toBe('/auth/forgot');
    await expectAccessible(page, 'hosted: used reset link');
    const before = resetMails(email);
    await askForNewLink(page);
    const fresh = await nextResetLink(email, before);
    expect(fresh).not.toBe(link);
    expect(new URL(fresh).pathname).toBe('/auth/reset');

    await page.goto(fresh);
    await setHostedPassword(page, 'Second-New-Secret-2');
    await page.waitForURL((u) => u.pathname === '/account', { timeout: 30_000 });
    expect(await signsIn(email, 'Second-New-Secret-2')).toBe('SUCCESS');
    expect(shop.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await shop.close();
  });

  it('hosted: an expired link says so; a link cut short asks for the address; both lead to a working link', async () => {
    const email = `expired-${Date.now()}@example.test`;
    await registered(s, email);
    const { page } = await shopper(browser, s.url, 375);
    await s.request('POST', '/_api/iam/recovery/v1/send-email', { body: { email } });
    const old = await nextResetLink(email, 0);
    s.clock.advance(LINK_TTL_MS.RECOVERY + 1000);

    await page.goto(old);
    await page.getByRole('heading', { name: 'This link has expired' }).waitFor();
    await expectAccessible(page, 'hosted: expired reset link, 375 px');
    await askForNewLink(page);
    const fresh = await nextResetLink(email, 1);
    await page.goto(fresh);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();

    // Cut short when copied: the page cannot tell whose it was, so it asks.
    await page.goto(`${old.slice(0, old.indexOf('recoveryToken=') + 20)}`);
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await expectAccessible(page, 'hosted: broken reset link, 375 px');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await page.getByText('a link to set a new password is on its way').waitFor();
    const third = await nextResetLink(email, 2);
    await page.goto(third);
    await setHostedPassword(page, 'Third-New-Secret-3');
    await page.waitForURL((u) => u.pathname === '/account', { timeout: 30_000 });
    expect(await signsIn(email, 'Third-New-Secret-3')).toBe('SUCCESS');
    await page.context().close();
  });

  it("storefront: its own reset page says a used link was used, and the new link opens the shopper's account", async () => {
    const email = `shop-${Date.now()}@example.test`;
    await registered(s, email);
    const { page } = await shopper(browser, s.url, 1280);
    await page.goto('/forgot-password');
    await hydrated(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const link = await nextResetLink(email, 0);
    expect(new URL(link).pathname).toBe('/login');
    // Used once elsewhere (another device), before the shopper opens it here.
    const token = new URL(link).searchParams.get('recoveryToken')!;
    const used = await s.request('POST', '/_api/iam/recovery/v1/recover', {
      body: { recoveryToken: token, password: 'Elsewhere-Secret-4' },
    });
    expect(used.status).toBe(200);

    await page.goto(link);
    await hydrated(page);
    await page.getByRole('heading', { name: 'This link was already used' }).waitFor();
    expect(await page.getByLabel('New password').count()).toBe(0);
    await expectAccessible(page, 'storefront: used reset link');
    const before = resetMails(email);
    await askForNewLink(page);
    const fresh = await nextResetLink(email, before);
    expect(new URL(fresh).pathname).toBe('/login');

    await page.goto(fresh);
    await hydrated(page);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Storefront-Secret-5');
    await page.getByLabel('Repeat the new password').fill('Storefront-Secret-5');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.waitForURL((u) => u.pathname === '/account', { timeout: 30_000 });
    expect(await signsIn(email, 'Storefront-Secret-5')).toBe('SUCCESS');
    expect(await signsIn(email, GOOD_PASSWORD)).not.toBe('SUCCESS');
    await page.context().close();
  });
});
