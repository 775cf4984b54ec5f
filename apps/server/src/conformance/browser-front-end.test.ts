/**
 * The browser journeys of a storefront written for the official SDK packages (see wix-front-end.test.ts):
 * its server side calls Vitrine through `@wix/sdk`, `@wix/ecom`, `@wix/redirects`; a real Chromium goes
 * through Vitrine's hosted pages and must land back on the front end's own URLs.
 */
import { currentCart, orders } from '@wix/ecom';
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { products } from '@wix/stores';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, startShop } from '../test/browser.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { redirectWixFetch } from '../test/wix.ts';

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const PASSWORD = 'Correct-Horse-42';
let s: TestServer;
let browser: Browser;
let shop: Awaited<ReturnType<typeof startShop>>;
let undo: () => void;

const frontEnd = () =>
  createClient({
    auth: OAuthStrategy({ clientId: shop.clientId }),
    modules: { products, currentCart, redirects, orders },
  });

beforeAll(async () => {
  if (!hasChromium) return;
  s = await startTestServer({ env: { DEMO_DATA: 'true', PASSWORD_HASH_MEMORY_KIB: '1024' } });
  undo = redirectWixFetch(s.url);
  shop = await startShop(s, (url) => ({
    type: 'text/html',
    body: `<!doctype html><title>Next shop</title><h1>${url.startsWith('/success') ? 'Order received' : 'Next shop'}</h1>`,
  }));
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  shop?.close();
  undo?.();
  await s?.stop();
});

/** The shop's "add to cart" for the first variant of a product found by slug. */
async function addToCart(c: ReturnType<typeof frontEnd>, slug: string, quantity = 1) {
  const {
    items: [p],
  } = await c.products.queryProducts().eq('slug', slug).find();
  return (
    await c.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            appId: APP,
            catalogItemId: p!._id!,
            options: { variantId: p!.variants![0]!._id! },
          },
          quantity,
        },
      ],
    })
  ).cart!;
}

describe.skipIf(!hasChromium)('a front end for the official packages, in a real browser', () => {
  it("checks out through a redirect session with callbacks.thankYouPageUrl and lands on the front end's URL with the order id", async () => {
    const c = frontEnd();
    await addToCart(c, 'stoneware-coffee-mug', 2);
    const { checkoutId } = await c.currentCart.createCheckoutFromCurrentCart({
      channelType: currentCart.ChannelType.WEB,
    });
    const { redirectSession } = await c.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId! },
      callbacks: {
        postFlowUrl: `${shop.origin}/`,
        thankYouPageUrl: `${shop.origin}/success`,
        cartPageUrl: `${shop.origin}/cart`,
      },
    });

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(redirectSession!.fullUrl!);
    await page.getByLabel('E-mail').fill('next@example.test');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Country').selectOption('DE');
    await page.getByLabel('Street name').fill('Hauptstraße');
    await page.getByLabel('House number').fill('5');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Postal code').fill('10115');
    await page.getByRole('button', { name: 'Continue to shipping' }).click();
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: /place order/i }).click();

    await page.waitForURL((u) => u.toString().startsWith(`${shop.origin}/success?`), { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Order received' }).waitFor();
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    expect(problems).toEqual([]);
    await page.close();

    // The front end's success page reads the order with the shopper's own client.
    const order = await c.orders.getOrder(orderId);
    expect(order).toMatchObject({
      checkoutId,
      paymentStatus: 'PAID',
      buyerInfo: { email: 'next@example.test' },
    });
    expect(order.shippingInfo?.logistics?.shippingDestination?.address).toMatchObject({
      addressLine1: 'Hauptstraße 5',
      streetAddress: { name: 'Hauptstraße', number: '5' },
      city: 'Berlin',
    });
  });

  it('hosted sign-in from a visitor with a cart ends as a member holding the same cart', async () => {
    const email = `next-member-${Date.now()}@example.test`;
    const reg = await s.request<{ state: string }>('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email }, password: PASSWORD },
    });
    expect(reg.body.state).toBe('SUCCESS');
    const c = frontEnd();
    const cart = await addToCart(c, 'linen-throw-pillow', 3);

    const oauthData = c.auth.generateOAuthData(`${shop.origin}/callback`, `${shop.origin}/`);
    const { authUrl } = await c.auth.getAuthUrl(oauthData, { responseMode: 'query' });
    const page = await browser.newPage();
    await page.goto(authUrl);
    await page.waitForURL(/\/auth\/login\?/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL((u) => u.toString().startsWith(`${shop.origin}/callback?`), { timeout: 20_000 });
    const { code, state } = c.auth.parseFromUrl(page.url(), 'query');
    await page.close();

    c.auth.setTokens(await c.auth.getMemberTokens(code, state, oauthData));
    expect(c.auth.loggedIn()).toBe(true);
    const mine = await c.currentCart.getCurrentCart();
    expect(mine._id).toBe(cart._id);
    expect(mine.buyerInfo?.memberId).toBeTruthy();
    expect(mine.lineItems!.map((l) => [l.productName?.original, l.quantity])).toEqual([
      ['Linen Throw Pillow', 3],
    ]);
  });

  it("a `login` redirect session signs in on the hosted page and returns to the front end, whose silent authorize then holds the member's tokens", async () => {
    const email = `next-login-${Date.now()}@example.test`;
    const reg = await s.request<{ state: string }>('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email }, password: PASSWORD },
    });
    expect(reg.body.state).toBe('SUCCESS');
    const c = frontEnd();
    const { redirectSession } = await c.redirects.createRedirectSession({
      login: {},
      callbacks: { postFlowUrl: `${shop.origin}/welcome?from=login` },
    });
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(redirectSession!.fullUrl!);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL(`${shop.origin}/welcome?from=login`, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Next shop' }).waitFor();

    // Back on its own page, the front end asks without a form (prompt=none): the browser is signed in.
    const oauthData = c.auth.generateOAuthData(`${shop.origin}/callback`, `${shop.origin}/`);
    const { authUrl } = await c.auth.getAuthUrl(oauthData, { responseMode: 'query', prompt: 'none' });
    await page.goto(authUrl);
    await page.waitForURL((u) => u.toString().startsWith(`${shop.origin}/callback?`), { timeout: 20_000 });
    const { code, state, error } = c.auth.parseFromUrl(page.url(), 'query');
    expect(error).toBeUndefined();
    await page.close();
    expect(problems).toEqual([]);
    c.auth.setTokens(await c.auth.getMemberTokens(code, state, oauthData));
    expect(c.auth.loggedIn()).toBe(true);
    const cart = await c.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            appId: APP,
            catalogItemId: (await c.products.queryProducts().eq('slug', 'stoneware-coffee-mug').find())
              .items[0]!._id!,
          },
          quantity: 1,
        },
      ],
    });
    expect(cart.cart?.buyerInfo?.memberId).toBeTruthy();
  });
});
