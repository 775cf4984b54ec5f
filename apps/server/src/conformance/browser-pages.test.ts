/**
 * The hosted pages a shopper meets besides sign-in, in real Chromium: sign up with an e-mailed
 * code, and forgot password → e-mailed link → new password. Each ends back at the shop with a code.
 */
import type { MailMessage } from '@vitrine/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthStrategy } from '@vitrine/sdk';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { startTestServer, type TestServer } from '../test/server.ts';

const SHOP = 'https://shop.example.test';
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
});
