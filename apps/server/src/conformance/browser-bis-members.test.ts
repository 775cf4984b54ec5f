/**
 * Back in stock to the end, and a store that approves its members, in real Chromium against a real
 * server with the demo store and a real SMTP test server. A shopper waits for one choice of the
 * chinos (M / Navy); restocked, the e-mail's link opens the product on that choice, ready to buy,
 * and its unsubscribe page is a page with a way back to the shop. With member approval on, a shopper
 * signs up and waits; the owner approves them in the dashboard with the keyboard (the focus lands on
 * the outcome), and they sign in; blocked, their next page sends them to sign-in, which says the
 * account is blocked (not that the password is wrong); unblocked, they sign in again. axe-core on
 * every step; screenshots in test-artifacts/bis-members (git-ignored).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIALS_REFRESH_MS } from '../modules/oauth/index.ts';
import { appDist } from '../platform/http/static.ts';
import type { WireBackInStockRequest } from '@vitrine/contract';
import { BIS, received, smtpSink, type SmtpSink } from '../test/back-in-stock.ts';
import { hasChromium, launchBrowser, staffContext } from '../test/browser.ts';
import { ok } from '../test/orders.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { expectAccessible, hydrated, shopper } from '../test/storefront.ts';
import { setUpOwner } from '../test/staff.ts';

const built =
  existsSync(join(appDist('dashboard'), 'index.html')) &&
  existsSync(join(appDist('storefront'), 'server', 'entry-server.js'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'bis-members');
const PASSWORD = 'Correct-Horse-42';
/** Polls wait this long: the machine may be busy with other suites. */
const SLOW = { timeout: 15_000 };

let s: TestServer;
let sink: SmtpSink;
let browser: Browser;
let dashboard: BrowserContext;

beforeAll(async () => {
  if (!hasChromium || !built) return;
  sink = await smtpSink();
  s = await startTestServer({
    env: { DEMO_DATA: 'true', SMTP_URL: sink.url, PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1' },
  });
  browser = await launchBrowser();
  dashboard = await staffContext(browser, s, await setUpOwner(s));
  mkdirSync(ARTIFACTS, { recursive: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await sink?.close();
});

if (!built) console.warn('Back-in-stock and members browser tests SKIPPED: run "npm run build" first.');

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

/** The accessible text of the focused element, or its own text. */
const focusedText = (page: Page) => page.evaluate<string>(`(document.activeElement?.innerText ?? '').trim()`);

describe.skipIf(!hasChromium || !built)('back in stock, to the end', () => {
  it("the e-mail's link opens the product on the choice the shopper waited for", async () => {
    const v = await shopper(browser, s.url, 375);
    const { page } = v;
    await page.goto('/product-page/relaxed-chino-trousers');
    await hydrated(page);
    await page.getByText('M', { exact: true }).click();
    await page.getByText('Navy', { exact: true }).click();
    const notify = page.getByRole('region', { name: /^Notify me when it.s back$/ });
    await notify.waitFor();
    expect(await notify.innerText()).toContain('This choice (M, Navy) is sold out for now.');
    const email = `chinos-${Date.now()}@example.test`;
    await notify.getByLabel('E-mail').fill(email);
    await notify.getByRole('button', { name: 'Notify me' }).press('Enter');
    await notify.getByRole('status').waitFor();

    // The store restocks M / Navy (the variant the request names).
    const [request] = ok(
      await s.admin<{ requests: WireBackInStockRequest[] }>('POST', `${BIS}/query`, {
        query: { filter: { email } },
      }),
    ).requests;
    const product = { id: request!.catalogReference.catalogItemId };
    const navyM = { id: String(request!.catalogReference.options?.variantId) };
    const items = ok(
      await s.admin<{ inventoryItems: { id: string; variantId: string }[] }>(
        'POST',
        '/stores/v3/inventory-items/query',
        { query: { filter: { productId: product.id } } },
      ),
    );
    const item = items.inventoryItems.find((i) => i.variantId === navyM.id)!;
    ok(await s.admin('PATCH', `/stores/v3/inventory-items/${item.id}`, { inventoryItem: { quantity: 3 } }));
    const mail = await s.until(async () => received(sink, email)[0], 30_000);
    const link = /(http:\/\/\S+\/product-page\/relaxed-chino-trousers\S*)/.exec(mail)?.[1];
    expect(link).toBe(`${s.url}/product-page/relaxed-chino-trousers?variant=${navyM.id}`);

    // The link: M / Navy chosen, in stock, one press buys it.
    await page.goto(link!);
    await hydrated(page);
    await expect
      .poll(() => page.locator('fieldset legend').allInnerTexts(), SLOW)
      .toEqual(['Size: M', 'Color: Navy']);
    const add = page.getByRole('button', { name: 'Add to cart' });
    expect(await add.isDisabled()).toBe(false);
    await expectAccessible(page, 'product opened from the e-mail');
    await shot(page, 'from-email-375');
    await add.click();
    // The cart drawer opens with the line: M / Navy is what is bought.
    await page.getByRole('dialog').first().waitFor({ timeout: 15_000 });
    await page.goto('/cart');
    await expect
      .poll(() => page.locator('main').innerText(), SLOW)
      .toMatch(/Relaxed Chino Trousers[\s\S]*M[\s\S]*Navy/);

    // The unsubscribe page: a main landmark, and a way back to the shop.
    const unsubscribe = /(http:\/\/\S+\/back-in-stock-service\/v1\/unsubscribe\?token=[\w.%-]+)/.exec(
      mail,
    )![1]!;
    await page.goto(unsubscribe);
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe(`${s.url}/`);
    await expectAccessible(page, 'unsubscribe page');
    await v.close();
  });
});

describe.skipIf(!hasChromium || !built)('a store that approves its members', () => {
  /** Signs in on the storefront's form; answers when the page has answered (account, or an alert). */
  async function signIn(page: Page, email: string) {
    await page.goto('/login');
    await hydrated(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).press('Enter');
  }

  it('sign-up waits, the owner approves, blocks and unblocks; the member is told each time', async () => {
    const settings = ok(
      await s.admin<{ settings: { revision: string } }>('GET', '/platform/v1/store-settings'),
    );
    ok(
      await s.admin('PATCH', '/platform/v1/store-settings', {
        settings: { memberApprovalRequired: true },
        revision: settings.settings.revision,
        fieldMask: 'memberApprovalRequired',
      }),
    );
    const email = `waiting-${Date.now()}@example.test`;
    const v = await shopper(browser, s.url, 375);
    const { page } = v;
    await page.goto('/signup');
    await hydrated(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).press('Enter');
    await page.getByText('The store owner will approve your account soon').waitFor();

    // The owner approves with the keyboard: the focus lands on what happened.
    const owner = await dashboard.newPage();
    await owner.goto('/dashboard/customers?status=PENDING');
    await owner.getByRole('link', { name: email }).first().click();
    await owner.getByRole('heading', { name: email, level: 1 }).waitFor();
    await owner.getByRole('button', { name: 'Approve' }).focus();
    await owner.keyboard.press('Enter');
    await expect.poll(() => focusedText(owner), SLOW).toBe(`${email} is approved.`);
    await expectAccessible(owner, 'member approved');

    await signIn(page, email);
    await page.waitForURL(/\/account$/, { timeout: 30_000 });

    // Blocked (from the dialog, with the keyboard): the outcome has the focus again.
    await owner.getByRole('link', { name: 'Block', exact: true }).focus();
    await owner.keyboard.press('Enter');
    const dialog = owner.getByRole('dialog', { name: `Block ${email}?` });
    await dialog.getByRole('button', { name: 'Block member' }).focus();
    await owner.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusedText(owner), SLOW).toBe(`${email} is blocked and signed out everywhere.`);
    await shot(owner, 'member-blocked-1280');

    // Their next page sends them to sign-in, which says the account is blocked.
    s.clock.advance(DENIALS_REFRESH_MS);
    await page.goto('/account/orders');
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 30_000 });
    await signIn(page, email);
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts(), SLOW)
      .toContainEqual(expect.stringContaining('This account was blocked by the store'));
    await expectAccessible(page, 'blocked sign-in');
    await shot(page, 'blocked-sign-in-375');

    // Unblocked: they sign in again.
    await owner.getByRole('button', { name: 'Unblock' }).click();
    await expect.poll(() => focusedText(owner), SLOW).toBe(`${email} is unblocked and can sign in again.`);
    await signIn(page, email);
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await owner.close();
    await v.close();
  });
});
