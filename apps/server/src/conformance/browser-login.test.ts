/**
 * Real Chromium against a real server: the hosted-login redirect flow, and direct login through the
 * hidden iframe (our SDK, bundled for the browser, on a shop page of another origin).
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthStrategy } from '@vitrine/sdk';
import type * as Sdk from '@vitrine/sdk';
import { hasChromium, launchBrowser, startShop } from '../test/browser.ts';
import { startTestServer, type TestServer } from '../test/server.ts';

const PASSWORD = 'Correct-Horse-42';
let s: TestServer;
let browser: Browser;
let shop: Awaited<ReturnType<typeof startShop>>;
let shopOrigin: string;
let clientId: string;

/** The SDK bundled for the browser, served by the "shop" page on another origin. */
async function sdkBundle(): Promise<string> {
  const entry = fileURLToPath(new URL('../../../../packages/sdk/src/index.ts', import.meta.url));
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    globalName: 'VitrineSdk',
    write: false,
    platform: 'browser',
    target: 'es2022',
  });
  return bundle.outputFiles[0]!.text;
}

beforeAll(async () => {
  if (!hasChromium) return;
  s = await startTestServer({ env: { PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1' } });
  const js = await sdkBundle();
  shop = await startShop(s, (url) =>
    url === '/sdk.js'
      ? { type: 'text/javascript', body: js }
      : {
          type: 'text/html',
          body: '<!doctype html><title>Shop</title><script src="/sdk.js"></script><h1>Shop</h1>',
        },
  );
  shopOrigin = shop.origin;
  clientId = shop.clientId;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  shop?.close();
  await s?.stop();
});

describe.skipIf(!hasChromium)('sign-in in a real browser', () => {
  it('hosted login: authorize → sign-in page → back to the shop with a code that becomes member tokens', async () => {
    const address = `grace-${Date.now()}@example.test`;
    const reg = await s.request<{ state: string }>('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email: address }, password: PASSWORD },
    });
    expect(reg.body.state).toBe('SUCCESS');

    const auth = OAuthStrategy({ clientId, host: s.url });
    const oauthData = await auth.generateOAuthData(`${shopOrigin}/callback`);
    const { authUrl } = await auth.getAuthUrl(oauthData, { responseMode: 'query' });

    const page = await browser.newPage();
    await page.goto(authUrl);
    await page.waitForURL(/\/auth\/login\?/);
    await page.getByLabel('E-mail').fill(address);
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('do not match');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL((u) => u.toString().startsWith(`${shopOrigin}/callback?`));
    const { code, state } = auth.parseFromUrl(page.url(), 'query');
    expect(state).toBe(oauthData.state);
    const tokens = await auth.getMemberTokens(code, state, oauthData);
    expect(tokens.refreshToken.role).toBe('member');
    await page.close();
  });

  it('hosted sign-up (prompt=create): authorize opens the sign-up page, and a new account comes back with a code', async () => {
    const address = `new-${Date.now()}@example.test`;
    const auth = OAuthStrategy({ clientId, host: s.url });
    const oauthData = await auth.generateOAuthData(`${shopOrigin}/callback`);
    const { authUrl } = await auth.getAuthUrl(oauthData, { responseMode: 'query', prompt: 'create' });
    const page = await browser.newPage();
    await page.goto(authUrl);
    await page.waitForURL(/\/auth\/signup\?/);
    await page.getByLabel('First name').fill('Nova');
    await page.getByLabel('E-mail').fill(address);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.toString().startsWith(`${shopOrigin}/callback?`), { timeout: 20_000 });
    const { code, state } = auth.parseFromUrl(page.url(), 'query');
    const tokens = await auth.getMemberTokens(code, state, oauthData);
    expect(tokens.refreshToken.role).toBe('member');
    // Signed in now, yet asking to create an account shows the sign-up page again, not a code.
    await page.goto((await auth.getAuthUrl(oauthData, { responseMode: 'query', prompt: 'create' })).authUrl);
    await page.waitForURL(/\/auth\/signup\?/);
    await page.close();
  });

  it('direct login: register in the page, then the hidden iframe returns member tokens to the shop origin', async () => {
    const page = await browser.newPage();
    await page.goto(`${shopOrigin}/`);
    const result = await page.evaluate(
      async ({ host, clientId, email, password }) => {
        const sdk = (globalThis as unknown as { VitrineSdk: typeof Sdk }).VitrineSdk;
        const auth = sdk.OAuthStrategy({ clientId, host });
        const reg = await auth.register({ email, password });
        if (reg.loginState !== 'SUCCESS') return { error: JSON.stringify(reg) };
        const tokens = await auth.getMemberTokensForDirectLogin(
          (reg.data as { sessionToken: string }).sessionToken,
        );
        return { role: tokens.refreshToken.role, access: tokens.accessToken.value.length > 20 };
      },
      { host: s.url, clientId, email: `iframe-${Date.now()}@example.test`, password: PASSWORD },
    );
    expect(result).toEqual({ role: 'member', access: true });
    await page.close();
  });

  it('asks for the self-hosted captcha after repeated failures, and signs in once it is solved', async () => {
    const address = `captcha-${Date.now()}@example.test`;
    await s.request('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email: address }, password: PASSWORD },
    });
    const auth = OAuthStrategy({ clientId, host: s.url });
    const oauthData = await auth.generateOAuthData(`${shopOrigin}/callback`);
    const page = await browser.newPage();
    await page.goto((await auth.getAuthUrl(oauthData, { responseMode: 'query' })).authUrl);
    await page.getByLabel('E-mail').fill(address);
    let asked = 0;
    for (let i = 0; i < 5 && !asked; i++) {
      await page.getByLabel('Password').fill(`wrong-password-${i}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toMatch(i ? /do not match|robot/ : /do not match/);
      if ((await page.getByRole('alert').textContent())?.includes('robot')) asked = i + 1;
    }
    expect(asked).toBeGreaterThanOrEqual(3);
    const button = page.getByRole('button', { name: 'Sign in' });
    expect(await button.isDisabled()).toBe(true);
    await page.getByText("I'm not a robot").click();
    await expect.poll(() => button.isDisabled(), { timeout: 30_000 }).toBe(false);
    await page.getByLabel('Password').fill(PASSWORD);
    await button.click();
    await page.waitForURL((u) => u.toString().startsWith(`${shopOrigin}/callback?`));
    await page.close();
  });
});
