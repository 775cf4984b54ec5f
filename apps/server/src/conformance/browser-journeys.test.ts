/**
 * Shopper journeys across the storefront, the mail outbox and the hosted checkout, in real
 * Chromium on the demo store: "Forgot password?" → the link of the real e-mail → a new password →
 * signed in; and a hosted checkout that survives F5, a second tab, an expired access token and the
 * way back to the cart, until its order is placed.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, mailsTo } from '../test/identity.ts';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import {
  cartCount,
  expectAccessible,
  fillAddress,
  hydrated,
  shopper,
  watchErrors,
} from '../test/storefront.ts';

const built =
  existsSync(join(appDist('storefront'), 'server', 'entry-server.js')) &&
  existsSync(join(appDist('hosted'), 'index.html'));
const PASSWORD = 'Correct-Horse-42';
const NEW_PASSWORD = 'Batteries-Staple-77';

let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium || !built) return;
  s = await startTestServer({
    env: { DEMO_DATA: 'true', PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1' },
  });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

if (!built) console.warn('Shopper journey browser tests SKIPPED: run "npm run build" first.');

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).press('Enter');
}

describe.skipIf(!hasChromium || !built)('shopper journeys in a real browser', () => {
  it('"Forgot password?" → the e-mailed link → a new password → signed in; the link works once', async () => {
    const email = `reset-${Date.now()}@example.test`;
    const made = await s.request('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email }, password: PASSWORD },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const v = await shopper(browser, s.url, 375);
    const { page } = v;
    await page.goto('/login');
    await hydrated(page);
    await page.getByRole('link', { name: 'Forgot password?' }).press('Enter');
    await page.waitForURL(/\/forgot-password$/);
    // The address changes before the new page replaces the sign-in page (a transition), whose own
    // E-mail field would otherwise take the address: wait for the page itself.
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).press('Enter');
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContainEqual(expect.stringContaining('we have e-mailed it a link'));

    // The link of the real e-mail (the stored outbox), opened as the shopper would.
    const mail = await s.until(async () =>
      (await mailsTo(s, email)).find((m) => /password/i.test(m.subject)),
    );
    const link = linkIn(mail.text);
    expect(link.startsWith(`${s.url}/login?recoveryToken=`), link).toBe(true);
    await page.goto(link);
    await hydrated(page);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectAccessible(page, 'reset password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill('something-else-9');
    await page.getByRole('button', { name: 'Save the new password' }).press('Enter');
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContainEqual('The two passwords differ.');
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).press('Enter');
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await expect.poll(() => page.locator('main').innerText()).toContain(`Signed in as ${email}`);
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContainEqual('Your new password is saved.');

    // Signed out, the link is spent: opened again, it says so at once (no form to fill for nothing)
    // and offers a new link; the new password signs in, the old one no longer does.
    await page.getByRole('button', { name: 'Sign out' }).press('Enter');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(link);
    await hydrated(page);
    await page.getByRole('heading', { name: 'This link was already used' }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'E-mail me a new link' }).count()).toBe(1);
    expect(
      await page.getByRole('link', { name: 'Send it to another e-mail address' }).getAttribute('href'),
    ).toBe('/forgot-password');
    await signIn(page, email, PASSWORD);
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContainEqual('That e-mail and password do not match.');
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).press('Enter');
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    // The console shows only the refusal the shopper was told about (the old password) and the
    // signed-in member, who has no cart yet, being asked for one.
    const told = [
      /status of 400 .*\/authentication\/v2\/login\)$/,
      /status of 404 .*\/ecom\/v1\/carts\/current\)$/,
    ];
    expect(v.errors.filter((e) => !told.some((r) => r.test(e)))).toEqual([]);
    await v.close();
  });

  it('the hosted checkout survives F5, a second tab and an expired access token, leads back to the cart, and ends with its order', async () => {
    const v = await shopper(browser, s.url, 375);
    const { page, context } = v;
    const visited: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) visited.push(f.url());
    });
    await page.goto('/product-page/stoneware-coffee-mug');
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).press('Enter');
    await expect.poll(() => cartCount(page)).toBe(1);
    await page.goto('/cart');
    await hydrated(page);
    await page.getByRole('button', { name: 'Check out' }).press('Enter');
    await page.waitForURL(/\/checkout\?/);
    const link = visited.find((u) => u.includes('checkoutToken='));
    expect(link, visited.join('\n')).toBeDefined();
    await fillAddress(page, 'reload@example.test');
    const checkoutUrl = page.url();
    expect(new URL(checkoutUrl).searchParams.has('checkoutToken')).toBe(false);

    // F5: the same checkout, where the shopper left it.
    await page.reload();
    await page.getByRole('radio', { name: /Standard/ }).waitFor();
    expect(await page.locator('main').innerText()).toContain('reload@example.test');
    await expectAccessible(page, 'reloaded checkout');

    // A second tab, and the spent link itself, open it too (same browser).
    const second = await context.newPage();
    watchErrors(second, v.errors);
    await second.goto(checkoutUrl);
    await second.getByRole('radio', { name: /Standard/ }).waitFor();
    await second.goto(link!);
    await second.getByRole('radio', { name: /Standard/ }).waitFor();

    // Two hours later the page's access token has expired; a reload still opens the checkout.
    s.clock.advance(2 * 3_600_000);
    await page.reload();
    await page.getByRole('radio', { name: /Standard/ }).waitFor();

    // Another browser with the address bar's URL gets nothing.
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(checkoutUrl);
    await other.getByRole('heading', { name: 'This checkout link has expired' }).waitFor();
    expect(await other.locator('body').innerText()).not.toContain('reload@example.test');
    await stranger.close();

    // Back to the cart from the checkout: the storefront's cart, still full.
    await second.getByRole('link', { name: 'Back to cart' }).press('Enter');
    await second.waitForURL((u) => u.pathname === '/cart');
    await hydrated(second);
    await expect.poll(() => second.locator('main').innerText()).toContain('Stoneware Coffee Mug');

    // Paid in the first tab; the checkout then no longer opens, and says why.
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: /place order/i }).press('Enter');
    // The storefront named its thank-you page: the browser lands there with the order id.
    await page.waitForURL(/\/thank-you\?orderId=/, { timeout: 30_000 });
    await second.goto(checkoutUrl);
    await second.getByRole('heading', { name: 'This order has been placed' }).waitFor();
    expect(await second.getByRole('link', { name: /Go back to the shop/ }).getAttribute('href')).toBe(s.url);
    // The one refusal the console shows is that last one: the session call answered 401 CHECKOUT_COMPLETED.
    expect(v.errors).toEqual([
      expect.stringMatching(/status of 401 .*\/_api\/hosted-checkout\/v1\/session\)$/),
    ]);
    await v.close();
  });
  it('a gift-card order picked up: the thank-you pages and the account show the gift card, what the card paid, and the pickup', async () => {
    const card = await s.admin<{ giftCard: { code: string } }>('POST', '/ecom/v1/gift-cards', {
      giftCard: { initialValue: { amount: '200' } },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const code = card.body.giftCard.code;
    const last4 = code.slice(-4);
    const email = `gift-${Date.now()}@example.test`;
    await s.request('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email }, password: PASSWORD },
    });
    const v = await shopper(browser, s.url, 1280);
    const { page } = v;
    await signIn(page, email, PASSWORD);
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await page.goto('/product-page/stoneware-coffee-mug');
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).press('Enter');
    await expect.poll(() => cartCount(page)).toBe(1);
    await page.goto('/cart');
    await hydrated(page);
    await page.getByRole('button', { name: 'Check out' }).press('Enter');
    await page.waitForURL(/\/checkout\?/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByRole('radio', { name: 'Pick up' }).check();
    await page.getByRole('button', { name: 'Continue to pickup' }).press('Enter');
    await page.getByRole('heading', { name: /Pickup point/ }).waitFor();
    await page.getByLabel('Gift card code').fill(code);
    await page.getByLabel('Gift card code').press('Enter');
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect.poll(() => summary.innerText()).toMatch(new RegExp(`Gift card \\*+${last4}`));
    await page.getByRole('button', { name: 'Place order' }).press('Enter');
    // The storefront named its thank-you page in the redirect session: the browser lands there.
    await page.waitForURL(/\/thank-you\?orderId=/, { timeout: 30_000 });
    await hydrated(page);
    await expect
      .poll(async () => (await page.locator('main').innerText()).replace(/\s+/g, ' '))
      .toMatch(
        new RegExp(
          `Total (\\$[\\d.]+): gift card \\*+${last4} \\1; paid by card \\$0\\.00\\. Pick it up at Vitrine Demo Store, 100 Demo Street, New York`,
        ),
      );

    // The account's order details.
    await page.getByRole('link', { name: 'Your orders' }).press('Enter');
    await page.waitForURL(/\/account\/orders$/);
    await page
      .getByRole('link', { name: /^Order #/ })
      .first()
      .press('Enter');
    await page.waitForURL(/\/account\/orders\/[\w-]+$/);
    await expect
      .poll(async () => (await page.locator('main').innerText()).replace(/\s+/g, ' '))
      .toMatch(
        new RegExp(
          `Pickup at Vitrine Demo Store, 100 Demo Street, New York[\\s\\S]*Pickup Free[\\s\\S]*Order total (\\$[\\d.]+) Gift card \\*+${last4} −\\1 Paid by card \\$0\\.00`,
        ),
      );
    await expectAccessible(page, 'order details');
    // The member had no cart of their own before this one.
    expect(v.errors.filter((e) => !/status of 404 .*\/ecom\/v1\/carts\/current\)$/.test(e))).toEqual([]);
    await v.close();
  });
});
