/**
 * A member's abandoned checkout, resumed from its e-mail in real Chromium against a real server (the
 * demo store, a real SMTP test server): the member signs in on the storefront, goes to the hosted
 * checkout, gives a shipping address and leaves. An hour later the recovery e-mail arrives; its link,
 * opened on another device, asks them to sign in (never signs them in by itself), then takes them
 * back to that very checkout, the address still there; they pay, and the abandoned checkout becomes
 * RECOVERED. After the order the link leads to the shop's home page. Another member who opens the
 * cart page resuming that checkout stays on their own cart, told so, without `resume` in the URL.
 * axe at each step; the cart at 1280 and 375 px (screenshots in test-artifacts/abandoned-resume).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { WireAbandonedCheckout } from '@vitrine/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { received, smtpSink, type SmtpSink } from '../test/back-in-stock.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import {
  cartCount,
  checkNarrow,
  expectAccessible,
  fillAddress,
  hydrated,
  shopper,
  type Shopper,
} from '../test/storefront.ts';

const built =
  existsSync(join(appDist('storefront'), 'server', 'entry-server.js')) &&
  existsSync(join(appDist('hosted'), 'index.html'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'abandoned-resume');
const PASSWORD = 'Correct-Horse-42';
const MUG = '/product-page/stoneware-coffee-mug';
const NOTICE = 'That checkout is no longer open; your cart is below.';

let s: TestServer;
let sink: SmtpSink;
let browser: Browser;
const ada = `ada-${Date.now()}@example.test`;
const grace = `grace-${Date.now()}@example.test`;
/** The checkout Ada leaves, and the recovery link e-mailed to her. */
let checkoutId = '';
let link = '';

beforeAll(async () => {
  if (!hasChromium || !built) return;
  sink = await smtpSink();
  s = await startTestServer({
    env: { DEMO_DATA: 'true', SMTP_URL: sink.url, PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1' },
  });
  for (const email of [ada, grace]) {
    const made = await s.request('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email }, password: PASSWORD },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
  }
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await sink?.close();
});

if (!built) console.warn('Abandoned-checkout resume browser tests SKIPPED: run "npm run build" first.');

/** Signs in with the storefront's own form on the sign-in page the browser is on. */
async function signInHere(page: Page, email: string) {
  await hydrated(page);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).press('Enter');
}

/** Signed in on the storefront, with a mug in the cart. */
async function memberWithMug(v: Shopper, email: string) {
  const { page } = v;
  await page.goto('/login');
  await signInHere(page, email);
  await page.waitForURL(/\/account$/, { timeout: 30_000 });
  await page.goto(MUG);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to cart' }).press('Enter');
  await expect.poll(() => cartCount(page)).toBe(1);
}

/** The abandoned checkout of a checkout, as the merchant's API answers it (admin). */
const abandonedOf = async (id: string) =>
  (
    await s.admin<{ abandonedCheckouts: WireAbandonedCheckout[] }>(
      'POST',
      '/ecom/v1/abandoned-checkout/query',
      { query: { filter: { checkoutId: id } } },
    )
  ).body.abandonedCheckouts[0];

/** The refusals a page is expected to log: the member without a cart, the checkout not theirs. */
const expected = [
  /status of 404 .*\/ecom\/v1\/carts\/current\)/,
  /status of 404 .*\/ecom\/v1\/checkouts\/[\w-]+(\?[^)]*)?\)/,
];
const unexpected = (errors: string[]) => errors.filter((e) => !expected.some((r) => r.test(e)));

describe.skipIf(!hasChromium || !built)("a member's abandoned checkout, resumed from its e-mail", () => {
  it('the member gives a shipping address on the hosted checkout and leaves; an hour later the e-mail arrives', async () => {
    const v = await shopper(browser, s.url, 1280);
    const { page } = v;
    await memberWithMug(v, ada);
    await page.goto('/cart');
    await hydrated(page);
    await page.getByRole('button', { name: 'Check out' }).press('Enter');
    await page.waitForURL(/\/checkout\?/);
    checkoutId = new URL(page.url()).searchParams.get('checkoutId') ?? '';
    expect(checkoutId).toMatch(/^[\da-f-]{36}$/);
    await fillAddress(page, ada);
    expect(unexpected(v.errors)).toEqual([]);
    // Left: the browser closes.
    await v.close();

    s.clock.advance(61 * 60_000);
    link = await s.until(
      async () => /Finish your purchase: (\S+)/.exec(received(sink, ada).at(-1) ?? '')?.[1],
      20_000,
    );
    expect(link).toMatch(/\/ecom\/v1\/abandoned-checkout\/[\w-]+\/redirect-to-checkout\?token=/);
    expect(await abandonedOf(checkoutId)).toMatchObject({ status: 'ABANDONED', buyerInfo: { email: ada } });
  });

  it('another member who opens the cart resuming it stays on their own cart, told so; the URL loses `resume`', async () => {
    const v = await shopper(browser, s.url, 1280);
    const { page } = v;
    await memberWithMug(v, grace);
    await page.goto(`/cart?resume=${checkoutId}`);
    const notice = page.getByRole('status').filter({ hasText: NOTICE });
    await notice.waitFor();
    await page.waitForURL((u) => u.pathname === '/cart' && u.search === '');
    await expect
      .poll(() => page.getByRole('list', { name: 'Items in your cart' }).innerText())
      .toContain('Stoneware Coffee Mug');
    expect(await page.locator('main').innerText()).not.toContain('Springfield');
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'cart with the notice');
    await page.screenshot({ path: join(ARTIFACTS, 'not-open-1280.png'), fullPage: true });
    await checkNarrow(browser, page, { name: 'cart', dir: ARTIFACTS });
    // The parameter was replaced, not pushed: Back leads to the page before, not to the resume again.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === MUG);
    expect(unexpected(v.errors)).toEqual([]);
    await v.close();
  });

  it("the e-mail's link, followed where the member is already signed in, goes straight back to the checkout", async () => {
    const v = await shopper(browser, s.url, 1280);
    const { page } = v;
    await page.goto('/login');
    await signInHere(page, ada);
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await page.goto(link);
    await page.waitForURL((u) => u.pathname === '/checkout', { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('checkoutId')).toBe(checkoutId);
    await page.getByLabel('Name on card').waitFor();
    // The sign-in page was passed by (replaced): Back leads to the cart, not to a sign-in form.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/cart' && u.search === '');
    expect(unexpected(v.errors)).toEqual([]);
    await v.close();
  });

  it("the e-mail's link on another device asks to sign in, then opens that same checkout with its address; the order recovers it", async () => {
    const v = await shopper(browser, s.url, 375);
    const { page } = v;
    // Not signed in, the cart resuming a checkout first asks to sign in (and keeps where to go back to).
    const back = `/login?returnTo=${encodeURIComponent(`/cart?resume=${checkoutId}`)}`;
    await page.goto(`/cart?resume=${checkoutId}`);
    await page.waitForURL((u) => `${u.pathname}${u.search}` === back);

    // The link itself signs nobody in: it leads to the same sign-in page.
    await page.goto(link);
    await page.waitForURL((u) => `${u.pathname}${u.search}` === back);
    await expectAccessible(page, 'sign-in from the recovery link');
    // Slowed down, the cart says what it does while it opens the checkout.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    // (The sign-in's own redirect session, for its hidden iframe, goes through.)
    await page.route('**/_api/redirects-api/v1/redirect-session', async (route) => {
      if (route.request().postData()?.includes('ecomCheckout')) await held;
      await route.continue();
    });
    await signInHere(page, ada);
    await page.waitForURL((u) => u.pathname === '/cart');
    await page.getByRole('status').filter({ hasText: 'Taking you back to your checkout…' }).waitFor();
    await expectAccessible(page, 'taking you back to your checkout');
    await page.screenshot({ path: join(ARTIFACTS, 'resuming-375.png'), fullPage: true });
    release();

    // The hosted checkout of that very checkout, the address as Ada gave it.
    await page.waitForURL((u) => u.pathname === '/checkout', { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('checkoutId')).toBe(checkoutId);
    await page.getByLabel('Name on card').waitFor();
    await expect.poll(() => page.locator('main').innerText()).toMatch(/Springfield/);
    const main = await page.locator('main').innerText();
    expect(main).toContain(ada);
    expect(main).toContain('10001');
    expect(await page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    await expectAccessible(page, 'resumed checkout');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: /place order/i }).press('Enter');
    await page.waitForURL(/\/thank-you\?orderId=/, { timeout: 30_000 });
    await hydrated(page);

    // Within a minute the periodic task marks it recovered.
    s.clock.advance(61_000);
    const recovered = await s.until(async () => {
      const r = await abandonedOf(checkoutId);
      return r?.status === 'RECOVERED' && r;
    }, 20_000);
    expect(recovered.checkoutRecoveredDate).toBeTruthy();

    // The cart resuming it now says it is no longer open.
    await page.goto(`/cart?resume=${checkoutId}`);
    await page.getByRole('status').filter({ hasText: NOTICE }).waitFor();
    await page.waitForURL((u) => u.pathname === '/cart' && u.search === '');

    // And the link leads to the shop's home page.
    await page.goto(link);
    await page.waitForURL(`${s.url}/`);
    expect(unexpected(v.errors)).toEqual([]);
    await v.close();
  });
});
