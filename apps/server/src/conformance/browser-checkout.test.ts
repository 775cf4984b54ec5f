/**
 * Real Chromium through the hosted checkout page on a demo store: a visitor's cart becomes a
 * checkout, the storefront's `ecomCheckout` redirect session opens the page (the single-use
 * checkoutToken signs the page in), the buyer fills contact and address, picks a shipping option,
 * (street name and house number), tries a coupon, is declined with the test gateway's decline card,
 * fixes the card with the keyboard only, and lands straight on the shop's thank-you URL with the order id.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, startShop } from '../test/browser.ts';
import { startTestServer, type TestServer } from '../test/server.ts';

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
let s: TestServer;
let browser: Browser;
let shop: Awaited<ReturnType<typeof startShop>>;
let shopOrigin: string;
let clientId: string;

beforeAll(async () => {
  if (!hasChromium) return;
  s = await startTestServer({ env: { DEMO_DATA: 'true' } });
  shop = await startShop(s, (url) => ({
    type: 'text/html',
    body: `<!doctype html><title>Shop</title><h1>${url.startsWith('/thanks') ? 'Thanks from the shop' : 'Shop'}</h1>`,
  }));
  shopOrigin = shop.origin;
  clientId = shop.clientId;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  shop?.close();
  await s?.stop();
});

interface Product {
  id: string;
  productType: string;
  inventory: { availabilityStatus: string };
  variantSummary: { variantCount: number };
}
const stockOf = async (productId: string) =>
  (
    await s.admin<{ inventoryItems: { quantity?: number }[] }>('POST', '/stores/v3/inventory-items/query', {
      query: { filter: { productId } },
    })
  ).body.inventoryItems[0]?.quantity;

/** A demo product that ships, has one variant and tracked stock. */
async function shippableProduct(auth: string) {
  const r = await s.request<{ products: Product[] }>('POST', '/stores/v3/products/query', {
    auth,
    body: { query: { cursorPaging: { limit: 100 } } },
  });
  for (const p of r.body.products) {
    if (
      p.productType !== 'PHYSICAL' ||
      p.inventory.availabilityStatus !== 'IN_STOCK' ||
      p.variantSummary.variantCount !== 1
    )
      continue;
    const stock = await stockOf(p.id);
    if (typeof stock !== 'number' || stock < 2) continue;
    const full = await s.request<{ product: { variantsInfo: { variants: { id: string }[] } } }>(
      'GET',
      `/stores/v3/products/${p.id}`,
      { auth },
    );
    return { productId: p.id, variantId: full.body.product.variantsInfo.variants[0]!.id, stock };
  }
  throw new Error('no shippable demo product with tracked stock');
}

/** A visitor's cart of `quantity` of a shippable demo product, made a checkout; the visitor's token and the checkout URL. */
async function checkoutLink(quantity: number) {
  const visitor = (
    await s.request<{ access_token: string }>('POST', '/oauth2/token', {
      body: { clientId, grantType: 'anonymous' },
    })
  ).body.access_token;
  const product = await shippableProduct(visitor);
  const added = await s.request('POST', '/ecom/v1/carts/current/add-to-cart', {
    auth: visitor,
    body: {
      lineItems: [
        {
          catalogReference: {
            catalogItemId: product.productId,
            appId: APP,
            options: { variantId: product.variantId },
          },
          quantity,
        },
      ],
    },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const { checkoutId } = (
    await s.request<{ checkoutId: string }>('POST', '/ecom/v1/carts/current/create-checkout', {
      auth: visitor,
      body: { channelType: 'WEB' },
    })
  ).body;
  const link = (
    await s.request<{ checkoutUrl: string }>('GET', `/ecom/v1/checkouts/${checkoutId}/checkout-url`, {
      auth: visitor,
    })
  ).body.checkoutUrl;
  return { visitor, product, checkoutId, link };
}

/** The bits of the page's DOM the checks read (this file is compiled without the DOM library). */
interface Element_ {
  name?: string;
  textContent: string | null;
  labels?: ArrayLike<{ textContent: string | null }> | null;
  getAttribute(name: string): string | null;
}
interface Browser_ {
  document: { activeElement: Element_ | null; documentElement: { scrollWidth: number } };
}

/** Presses Tab until `label`'s field has focus (keyboard only). */
async function tabTo(page: Page, label: string, max = 15) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = (globalThis as unknown as Browser_).document.activeElement;
      return el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent ?? '';
    });
    if (focused.trim() === label) return;
  }
  throw new Error(`could not reach "${label}" with Tab`);
}

describe.skipIf(!hasChromium)('hosted checkout in a real browser', () => {
  it("cart → redirect session → address, shipping, coupon → declined card → fixed with the keyboard → straight to the shop's thank-you URL with the order id", async () => {
    const { visitor, product, checkoutId } = await checkoutLink(1);
    const rs = await s.request<{ redirectSession: { fullUrl: string } }>(
      'POST',
      '/_api/redirects-api/v1/redirect-session',
      {
        auth: visitor,
        body: {
          ecomCheckout: { checkoutId },
          callbacks: {
            thankYouPageUrl: `${shopOrigin}/thanks`,
            postFlowUrl: `${shopOrigin}/`,
            cartPageUrl: `${shopOrigin}/cart`,
          },
        },
      },
    );
    expect(rs.status, JSON.stringify(rs.body)).toBe(200);
    expect(rs.body.redirectSession.fullUrl).toContain('checkoutToken=');

    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    // What the page asks the server for as it opens, in order, and when its entry script arrived.
    const asked: string[] = [];
    page.on('request', (r) => asked.push(`${r.method()} ${new URL(r.url()).pathname}`));
    page.on('requestfinished', (r) => {
      if (/\/auth\/assets\/index-[\w-]+\.js$/.test(r.url())) asked.push('entry arrived');
    });
    await page.goto(rs.body.redirectSession.fullUrl);
    await page.getByLabel('E-mail').waitFor();
    // The checkout's code is asked for with the page, before its entry script arrived (not once the
    // entry ran); the session's answer carries the checkout (no second read of it); the store's
    // countries are asked for beside the session, not after the checkout.
    const checkoutCode = asked.findIndex((a) => /\/auth\/assets\/checkout-page-[\w-]+\.js$/.test(a));
    expect(checkoutCode).toBeGreaterThan(-1);
    expect(checkoutCode).toBeLessThan(asked.indexOf('entry arrived'));
    expect(asked).not.toContain(`GET /ecom/v1/checkouts/${checkoutId}`);
    expect(asked.indexOf('GET /ecom/v1/shipping-destinations')).toBeLessThan(
      asked.indexOf('POST /_api/hosted-checkout/v1/session'),
    );
    // The single-use token left the address bar; what is left opens the checkout again in this
    // browser (another tab), and nowhere else.
    expect(new URL(page.url()).searchParams.has('checkoutToken')).toBe(false);
    expect(new URL(page.url()).searchParams.get('checkoutId')).toBe(checkoutId);
    const tab = await context.newPage();
    await tab.goto(page.url());
    await tab.getByLabel('E-mail').waitFor();
    await tab.close();
    const elsewhere = await browser.newContext();
    const reload = await elsewhere.newPage();
    await reload.goto(page.url());
    await reload.getByRole('heading', { name: 'This checkout link has expired' }).waitFor();
    expect(await reload.getByRole('link', { name: /Go back to the shop/ }).getAttribute('href')).toBe(
      shopOrigin,
    );
    await elsewhere.close();

    // The order summary shows the line; contact and US address.
    await expect
      .poll(() => page.getByRole('complementary', { name: 'Order summary' }).textContent())
      .toMatch(/\$/);
    await page.getByRole('button', { name: 'Continue to shipping' }).click();
    await expect.poll(() => page.getByText('Enter your e-mail address.').count()).toBe(1);
    await page.getByLabel('E-mail').fill('ada@example.test');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Country').selectOption('US');
    expect(await page.getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe(
      `${shopOrigin}/cart`,
    );
    await page.getByLabel('Street name').fill('Main St');
    await page.getByLabel('House number').fill('1');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State / province').selectOption('US-NY');
    await page.getByLabel('Postal code').fill('10001');
    await page.getByRole('button', { name: 'Continue to shipping' }).click();

    // Shipping options with live totals: the cheapest delivery is chosen; Express changes the total.
    const standard = page.getByRole('radio', { name: /Standard/ });
    await expect.poll(() => standard.isChecked()).toBe(true);
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    const totalText = async () => (await summary.locator('dl > div').last().textContent()) ?? '';
    const withStandard = await totalText();
    await page.getByRole('radio', { name: /Express/ }).check();
    await expect.poll(totalText).not.toBe(withStandard);
    await standard.check();
    await expect.poll(totalText).toBe(withStandard);
    expect(await summary.textContent()).toContain('$5.99');

    // A coupon that does not exist is explained; the demo coupon applies.
    await page.getByLabel('Coupon code').fill('NOPE-123');
    await page.getByLabel('Coupon code').press('Enter');
    await expect.poll(() => summary.getByRole('alert').textContent()).toContain('could not find a coupon');
    await page.getByLabel('Coupon code').fill('SAVE10');
    await page.getByLabel('Coupon code').press('Enter');
    await expect.poll(() => summary.textContent()).toContain('Coupon SAVE10');
    const payable = await totalText();
    expect(payable).not.toBe(withStandard);

    // The card step with the keyboard only: from the chosen shipping option, Tab into the card form.
    await standard.focus();
    await tabTo(page, 'Name on card');
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Tab');
    await page.keyboard.type('4000 0000 0000 0002');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12/34');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    const payment = page.getByRole('region', { name: /Payment/ });
    await expect
      .poll(() => payment.getByRole('alert').textContent(), { timeout: 15_000 })
      .toContain('declined');
    // The checkout is intact: still here, the card number focused and selected for correction.
    expect(page.url()).toContain('/checkout?');
    expect(await page.evaluate(() => (globalThis as unknown as Browser_).document.activeElement?.name)).toBe(
      'number',
    );
    await page.keyboard.type('4242 4242 4242 4242');
    await page.keyboard.press('Enter');

    // The shop named its thank-you page: the browser lands there with the order id, no page in between.
    await page.waitForURL((u) => u.toString().startsWith(`${shopOrigin}/thanks?`), { timeout: 15_000 });
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.getByRole('heading', { name: 'Thanks from the shop' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();

    const order = await s.admin<{
      order: {
        status: string;
        paymentStatus: string;
        number: string;
        checkoutId: string;
        priceSummary: { total: { formattedAmount: string } };
      };
    }>('GET', `/ecom/v1/orders/${orderId}`);
    expect(order.body.order).toMatchObject({
      status: 'APPROVED',
      paymentStatus: 'PAID',
      checkoutId,
      shippingInfo: {
        logistics: {
          shippingDestination: {
            address: { addressLine: '1 Main St', streetAddress: { number: '1', name: 'Main St' } },
          },
        },
      },
      // Billed to the delivery address, the buyer having said nothing else.
      billingInfo: {
        address: { addressLine: '1 Main St', city: 'New York', postalCode: '10001', country: 'US' },
        contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
      },
    });
    expect(payable).toContain(order.body.order.priceSummary.total.formattedAmount);
    expect(await stockOf(product.productId)).toBe(product.stock - 1);
  });

  it('checkout URL link: pickup instead of shipping, a gift card, insufficient funds, then paid; the hosted thank-you page shows both payments', async () => {
    const card = await s.admin<{ giftCard: { code: string } }>('POST', '/ecom/v1/gift-cards', {
      giftCard: { initialValue: { amount: '10' } },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const last4 = card.body.giftCard.code.slice(-4);
    const { product, link } = await checkoutLink(2);

    const page = await browser.newPage();
    await page.goto(link);
    await page.getByLabel('E-mail').fill('grace@example.test');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByRole('radio', { name: 'Pick up' }).check();
    expect(await page.getByLabel('Street name').count()).toBe(0);
    await page.getByRole('button', { name: 'Continue to pickup' }).click();
    await page.getByRole('heading', { name: /Pickup point/ }).waitFor();
    expect(await page.getByRole('radio').first().isChecked()).toBe(true);
    await page.getByLabel('Gift card code').fill(card.body.giftCard.code);
    await page.getByLabel('Gift card code').press('Enter');
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect.poll(() => summary.innerText()).toMatch(new RegExp(`Gift card \\*+${last4}`));
    await page.getByLabel('Name on card').fill('Grace Hopper');
    await page.getByLabel('Card number').fill('4000 0000 0000 9995');
    await page.getByLabel('Expiry date (MM/YY)').fill('01/40');
    await page.getByLabel('Security code (CVC)').fill('321');
    await page.getByRole('button', { name: /place order/ }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('region', { name: /Payment/ })
            .getByRole('alert')
            .textContent(),
        { timeout: 15_000 },
      )
      .toContain('insufficient funds');
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByRole('button', { name: /place order/ }).click();
    await page.waitForURL(/\/checkout\/thank-you\?/, { timeout: 15_000 });
    await page.getByTestId('order-number').waitFor();
    expect(await page.getByRole('link', { name: 'Continue to the shop' }).count()).toBe(0);
    // No callbacks: Vitrine's own thank-you page, with pickup, the gift card and what the card paid.
    const hosted = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    const [, total, paid] =
      new RegExp(
        `Order total \\$([\\d.]+) Gift card \\*+${last4} −\\$10\\.00 Paid by card \\$([\\d.]+)`,
      ).exec(hosted) ?? [];
    expect(total, hosted).toBeDefined();
    expect(hosted).toContain('Pick it up at');
    // A visitor's confirmation carries the way back to the order.
    expect(hosted).toContain('with a link to follow your order from any device.');
    expect(Number(paid)).toBeCloseTo(Number(total) - 10, 2);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    await page.close();
    const order = await s.admin<{
      order: {
        status: string;
        paymentStatus: string;
        shippingInfo: { logistics: { pickupDetails?: unknown } };
      };
    }>('GET', `/ecom/v1/orders/${orderId}`);
    expect(order.body.order).toMatchObject({
      status: 'APPROVED',
      paymentStatus: 'PAID',
      shippingInfo: { logistics: { pickupDetails: expect.anything() } },
    });
    expect(await stockOf(product.productId)).toBe(product.stock - 2);
  });
  it('a delivery is billed to its address unless the buyer gives another, which a reload keeps and the order carries', async () => {
    const { link } = await checkoutLink(1);
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(link);
    await page.getByLabel('E-mail').fill('ines@example.test');
    await page.getByLabel('First name').fill('Inès');
    await page.getByLabel('Last name').fill('Laurent');
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Street name').fill('Main St');
    await page.getByLabel('House number').fill('1');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State / province').selectOption('US-NY');
    await page.getByLabel('Postal code').fill('10001');
    const same = page.getByRole('checkbox', {
      name: 'My billing address is the same as the delivery address',
    });
    expect(await same.isChecked()).toBe(true);
    const billing = page.getByRole('group', { name: 'Billing address' });
    expect(await billing.count()).toBe(0);

    // Another billing address, in a country the store does not ship to: its own fields, checked apart.
    await same.uncheck();
    await billing.getByLabel('Country').selectOption('CH');
    await page.getByRole('button', { name: 'Continue to shipping' }).click();
    await billing.getByText('Enter the street name.').waitFor();
    expect(await page.getByText('Enter the street name.').count()).toBe(1);
    await billing.getByLabel('Street name').fill('Bahnhofstrasse');
    await billing.getByLabel('House number').fill('7');
    await billing.getByLabel('City').fill('Zürich');
    await billing.getByLabel('Postal code').fill('8001');
    await page.getByRole('button', { name: 'Continue to shipping' }).click();
    await page.getByRole('radio', { name: /Standard/ }).waitFor();
    const contact = page.getByRole('region', { name: /Contact and delivery/ });
    const billedTo = 'Billing address: Bahnhofstrasse 7, CH-8001 Zürich, Switzerland';
    await expect.poll(() => contact.textContent()).toContain(billedTo);
    expect(await contact.textContent()).toContain('1 Main St, New York, NY 10001, United States');

    // A reload keeps the choice: the step reads the same, and editing shows the billing fields filled.
    await page.reload();
    await expect.poll(() => contact.textContent()).toContain(billedTo);
    await contact.getByRole('button', { name: 'Edit' }).click();
    expect(await same.isChecked()).toBe(false);
    expect(await billing.getByLabel('City').inputValue()).toBe('Zürich');
    await page.getByRole('button', { name: 'Continue to shipping' }).click();
    await page.getByRole('radio', { name: /Standard/ }).waitFor();

    await page.getByLabel('Name on card').fill('Inès Laurent');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date (MM/YY)').fill('01/40');
    await page.getByLabel('Security code (CVC)').fill('321');
    await page.getByRole('button', { name: /place order/ }).click();
    await page.waitForURL(/\/checkout\/thank-you\?/);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    expect(problems).toEqual([]);
    await page.close();

    const order = await s.admin<{ order: Record<string, unknown> }>('GET', `/ecom/v1/orders/${orderId}`);
    expect(order.body.order).toMatchObject({
      billingInfo: {
        address: { country: 'CH', city: 'Zürich', postalCode: '8001', addressLine: 'Bahnhofstrasse 7' },
        contactDetails: { firstName: 'Inès', lastName: 'Laurent' },
      },
      shippingInfo: { logistics: { shippingDestination: { address: { country: 'US', city: 'New York' } } } },
    });
  });
});
