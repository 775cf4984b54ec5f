/**
 * The hosted pages a shopper meets besides sign-in, in real Chromium: sign up with an e-mailed
 * code, and forgot password → e-mailed link → new password. Each ends back at the shop with a code.
 * With no app to return to (a security mail's link, the hosted page opened alone), a reset ends
 * signed in at the store's own pages, and so does the hosted sign-in page opened alone or by a
 * `login` redirect session.
 */
import type { MailMessage } from '@vitrine/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthStrategy } from '@vitrine/sdk';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { linkIn, mailsTo } from '../test/identity.ts';
import { memberTokens, shopClient } from '../test/oauth.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { hydrated } from '../test/storefront.ts';

const SHOP = 'https://shop.example.test';
const storefrontBuilt = existsSync(join(appDist('storefront'), 'server', 'entry-server.js'));
let s: TestServer;
let browser: Browser;
let clientId: string;

beforeAll(async () => {
  if (!hasChromium) return;
  s = await startTestServer({
    env: { PASSWORD_HASH_MEMORY_KIB: '1024', EMAIL_VERIFICATION_REQUIRED: 'true' },
  });
  const c = await s.admin<{ client: { id: string } }>('POST', '/oauth2/v1/clients', {
    client: { name: 'Shop', redirectUris: [`${SHOP}/callback`], allowedOrigins: [SHOP] },
  });
  clientId = c.body.client.id;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

async function mail(to: string, subject: RegExp): Promise<MailMessage> {
  return s.until(async () =>
    (
      await s.admin<{ messages: MailMessage[] }>('POST', '/platform/v1/mail/messages/query', {
        query: { filter: { to } },
      })
    ).body.messages.find((m) => subject.test(m.subject)),
  );
}

/** Opens the authorize URL the shop would send a shopper to; the shop's own page is never loaded. */
async function openSignIn(): Promise<{ page: Page; landed: Promise<string> }> {
  const auth = OAuthStrategy({ clientId, host: s.url });
  const { authUrl } = await auth.getAuthUrl(await auth.generateOAuthData(`${SHOP}/callback`), {
    responseMode: 'query',
  });
  const page = await browser.newPage();
  let resolve!: (url: string) => void;
  const landed = new Promise<string>((r) => {
    resolve = r;
  });
  await page.route(`${SHOP}/**`, (route) => {
    resolve(route.request().url());
    return route.fulfill({ status: 200, body: 'shop' });
  });
  await page.goto(authUrl);
  await page.waitForURL(/\/auth\/login\?/);
  return { page, landed };
}

describe.skipIf(!hasChromium)('hosted pages in a real browser', () => {
  it('signs up, asks for the e-mailed code, and returns to the shop signed in', async () => {
    const { page, landed } = await openSignIn();
    const email = `new-${Date.now()}@example.test`;
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('highlighted');
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);

    await page.getByLabel('Password').fill('Correct-Horse-42');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/auth\/verify\?/);
    const code = /\b(\d{6})\b/.exec((await mail(email, /verification code/)).subject)?.[1];
    await page.getByLabel('Code from the e-mail').fill(code!);
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await landed).toMatch(new RegExp(`^${SHOP}/callback\\?code=`));
    await page.close();
  });

  it('sends a reset link, sets a new password from it, and returns to the shop signed in', async () => {
    const email = `forgot-${Date.now()}@example.test`;
    await s.request('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email }, password: 'Old-Password-41' },
    });
    const { page, landed } = await openSignIn();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('on its way');

    const link = /https?:\/\/\S+recoveryToken=[\w-]+\S*/.exec((await mail(email, /Reset your/)).text)?.[0];
    expect(link).toContain('/auth/reset');
    await page.goto(link!);
    await page.getByLabel('New password').fill('Brand-New-Secret-7');
    await page.getByLabel('Repeat it').fill('Brand-New-Secret-8');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => page.getByText('The two passwords differ.').count()).toBe(1);
    await page.getByLabel('Repeat it').fill('Brand-New-Secret-7');
    await page.getByRole('button', { name: 'Set password' }).click();
    expect(await landed).toMatch(new RegExp(`^${SHOP}/callback\\?code=`));
    await page.close();
  });

  it.skipIf(!storefrontBuilt)(
    "a reset with no app to return to (the security mail's link, the hosted page alone) ends signed in at the store",
    async () => {
      // The security mail of a password change links to the store's own reset, which signs in.
      const m = await memberTokens(s, await shopClient(s));
      const changed = await s.request('POST', '/_api/iam/authentication/v2/change-password', {
        auth: m.tokens.access_token,
        body: { newPassword: 'Changed-By-Someone-3' },
      });
      expect(changed.status).toBe(200);
      const told = linkIn((await mail(m.email, /password was changed$/)).text);
      expect(told).toBe(`${s.url}/forgot-password`);
      const page = await browser.newPage({ baseURL: s.url });
      await page.goto(told);
      await page.getByLabel('E-mail').fill(m.email);
      await page.getByRole('button', { name: 'Send reset link' }).press('Enter');
      await page.goto(linkIn((await mail(m.email, /^Reset your/)).text));
      await page.getByLabel('New password', { exact: true }).fill('Taken-Back-Secret-4');
      await page.getByLabel('Repeat the new password').fill('Taken-Back-Secret-4');
      await page.getByRole('button', { name: 'Save the new password' }).press('Enter');
      await page.waitForURL(/\/account$/, { timeout: 30_000 });
      await expect.poll(() => page.locator('main').innerText()).toContain(`Signed in as ${m.email}`);
      await page.getByRole('button', { name: 'Sign out' }).press('Enter');
      await page.waitForURL((u) => u.pathname === '/');

      // The hosted page on its own: no app's sign-in to finish, so the reset ends signed in at the
      // store's account, which says the password is saved.
      await page.goto('/auth/forgot');
      // Its way back leads to the store's sign-in, the one that can sign anybody in here.
      expect(await page.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
      await page.getByLabel('E-mail').fill(m.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('on its way');
      const link = linkIn(
        (await s.until(async () => (await mailsTo(s, m.email)).find((x) => /\/auth\/reset\?/.test(x.text))))
          .text,
      );
      await page.goto(link);
      await page.getByLabel('New password').fill('Hosted-Reset-Secret-5');
      await page.getByLabel('Repeat it').fill('Hosted-Reset-Secret-5');
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.waitForURL(/\/account$/, { timeout: 30_000 });
      await expect.poll(() => page.locator('main').innerText()).toContain(`Signed in as ${m.email}`);
      await expect
        .poll(() => page.getByRole('status').allInnerTexts())
        .toContainEqual('Your new password is saved. Every other device that was signed in was signed out.');
      // Said once.
      await page.reload();
      await expect.poll(() => page.locator('main').innerText()).toContain(`Signed in as ${m.email}`);
      expect(await page.getByText('Your new password is saved.').count()).toBe(0);
      // The new password is the one that signs in.
      await page.getByRole('button', { name: 'Sign out' }).press('Enter');
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto('/login');
      await hydrated(page);
      await page.getByLabel('E-mail').fill(m.email);
      await page.getByLabel('Password').fill('Hosted-Reset-Secret-5');
      await page.getByRole('button', { name: 'Sign in' }).press('Enter');
      await page.waitForURL(/\/account$/, { timeout: 30_000 });
      await page.close();
    },
  );

  it.skipIf(!storefrontBuilt)(
    'the hosted sign-in page with no app to return to (opened alone, or by a login redirect session) ends signed in at the store',
    async () => {
      const m = await memberTokens(s, await shopClient(s));
      const PASSWORD = 'Alone-But-Signed-In-6';
      const set = await s.request('POST', '/_api/iam/authentication/v2/change-password', {
        auth: m.tokens.access_token,
        body: { newPassword: PASSWORD },
      });
      expect(set.status).toBe(200);
      const signInThere = async (page: Page) => {
        await page.getByLabel('E-mail').fill(m.email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
      };

      // Opened alone: once signed in there, the store picks the sign-in up, and the account opens.
      const alone = await browser.newContext({ baseURL: s.url });
      const page = await alone.newPage();
      await page.goto('/auth/login');
      await signInThere(page);
      await page.waitForURL(/\/account$/, { timeout: 30_000 });
      await expect.poll(() => page.locator('main').innerText()).toContain(`Signed in as ${m.email}`);
      // A reload keeps the store's own session.
      await page.reload();
      await expect.poll(() => page.locator('main').innerText()).toContain(`Signed in as ${m.email}`);
      await alone.close();

      // A `login` redirect session (what a front end asks for a sign-in page) back to the cart.
      const rs = await s.request<{ redirectSession: { fullUrl: string } }>(
        'POST',
        '/_api/redirects-api/v1/redirect-session',
        { body: { login: {}, callbacks: { postFlowUrl: `${s.url}/cart` } } },
      );
      expect(rs.status, JSON.stringify(rs.body)).toBe(200);
      const other = await browser.newContext({ baseURL: s.url });
      const p2 = await other.newPage();
      await p2.goto(rs.body.redirectSession.fullUrl);
      await signInThere(p2);
      await p2.waitForURL((u) => u.pathname === '/cart', { timeout: 30_000 });
      await p2.goto('/account');
      await expect.poll(() => p2.locator('main').innerText()).toContain(`Signed in as ${m.email}`);
      await other.close();
    },
  );
});
