/**
 * The storefront (apps/storefront) in real Chromium against a real server with the demo store:
 * server-rendered catalog and product pages, the keyboard-only buy flow through the hosted
 * checkout (a declined card, then the test card), sign-up with a cart that survives it, the
 * member's order history, an out-of-stock product, axe-core on every page, and screenshots at
 * phone and desktop widths (test-artifacts/storefront, git-ignored).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { inventoryItemOf, shopProduct } from '../test/shop.ts';
import { latestCode, mailsTo } from '../test/identity.ts';
import { fieldError, focused } from '../test/storefront.ts';

const built = existsSync(join(appDist('storefront'), 'server', 'entry-server.js'));
const hostedBuilt = existsSync(join(appDist('hosted'), 'index.html'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'storefront');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PASSWORD = 'Correct-Horse-42';

let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium || !built) return;
  s = await startTestServer({
    env: { DEMO_DATA: 'true', PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1' },
  });
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

if (!built) console.warn('Storefront browser tests SKIPPED: run "npm run build" first.');

/** A fresh visitor (own storage) at a viewport width; page errors and console errors are collected. */
async function visitor(width = 1280) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 800 : 900 },
    baseURL: s.url,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  // A new visitor's cart answers 404 (no cart yet): the browser logs every 4xx as "Failed to load resource".
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  return { page, errors, close: () => context.close() };
}

/** axe-core in the page: no serious or critical violations. */
async function expectAccessible(page: Page, what: string) {
  // Evaluated through the DevTools protocol: the page's CSP (no inline scripts) does not apply.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            o?: object,
          ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const r = await axe.run({ resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  });
  expect(violations, `axe on ${what}`).toEqual([]);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

/** Moves focus with Tab until the focused element's accessible text matches (keyboard-only navigation). */
async function tabTo(page: Page, text: RegExp, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    // A string, evaluated in the page (this file is compiled without the DOM types).
    const label = await page.evaluate<string>(`(() => {
      const el = document.activeElement;
      if (!el) return '';
      const labels = [...(el.labels ?? [])].map((l) => l.innerText).join(' ');
      return (el.getAttribute('aria-label') ?? labels) || el.innerText || '';
    })()`);
    if (text.test(label.trim())) return;
  }
  throw new Error(`nothing matching ${text} reached with Tab`);
}

/** Waits until the page has hydrated (React attached its listeners; the cart count is live). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = (
      globalThis as unknown as { document: { getElementById(id: string): object | null } }
    ).document.getElementById('root');
    return Object.keys(root ?? {}).some((k) => k.startsWith('__reactContainer'));
  });
}

async function cartCount(page: Page) {
  // includeHidden: while the cart drawer (a modal dialog) is open, the page behind it is aria-hidden.
  const label = await page.getByRole('button', { name: /^Cart/, includeHidden: true }).innerText();
  return Number(/(\d+)\s*$/.exec(label)?.[1] ?? NaN);
}

/** The hosted checkout page, with the keyboard: contact and address, shipping, then the card (a declined one first). */
async function payOnHostedCheckout(page: Page, email: string) {
  await page.waitForURL(/\/checkout\?/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Country').selectOption('US');
  await page.getByLabel('Street name').fill('Main Street');
  await page.getByLabel('House number').fill('1');
  await page.getByLabel('Apartment, suite, etc. (optional)').fill('Apt 4B');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State / province').selectOption('US-IL');
  await page.getByLabel('Postal code').fill('62701');
  await page.getByRole('button', { name: /^Continue/ }).press('Enter');
  const toPayment = page.getByRole('button', { name: /Continue to payment/ });
  await page.getByLabel('Card number').or(toPayment).first().waitFor();
  // The address as it will be used, the apartment and the state included.
  expect(await page.locator('main').innerText()).toContain(
    '1 Main Street, Apt 4B, Springfield, IL 62701, United States',
  );
  if (await toPayment.count()) await toPayment.press('Enter');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  const pay = page.getByRole('button', { name: /place order/i });
  await pay.press('Enter');
  await expect
    .poll(() => page.getByRole('alert').allInnerTexts(), { timeout: 20_000 })
    .toContainEqual(expect.stringMatching(/declined/i));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.press('Enter');
  // The storefront named its thank-you page: the browser goes straight there with the order id.
  await page.waitForURL(/\/thank-you\?orderId=/, { timeout: 30_000 });
  expect(page.url()).not.toContain('/checkout/');
  const number = (await page.getByTestId('order-number').innerText()).replace('#', '');
  expect(number).toMatch(/^\d+$/);
  return number;
}

describe.skipIf(!hasChromium || !built)('the storefront in a real browser', () => {
  it('server-renders catalog and product pages with title, description, Open Graph, canonical URL and JSON-LD; API paths keep the envelope', async () => {
    const product = await s.request<string>('GET', '/product-page/linen-button-down-shirt', {
      headers: { accept: 'text/html' },
    });
    expect(product.status).toBe(200);
    expect(product.headers.get('content-type')).toContain('text/html');
    const html = product.body;
    expect(html).toContain('<title>Linen Button-Down Shirt · Vitrine Demo Store</title>');
    expect(html).toContain('<meta name="description" content="Breathable washed linen, relaxed fit.">');
    expect(html).toContain(`<link rel="canonical" href="${s.url}/product-page/linen-button-down-shirt">`);
    expect(html).toContain('<meta property="og:type" content="product">');
    // The demo pictures are media library files.
    expect(html).toMatch(
      /<meta property="og:image" content="[^"]+\/media\/[0-9a-f]{6}_[0-9a-f]{26}~mv2\.webp">/,
    );
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as {
      '@type': string;
      name: string;
      offers: { price: string; priceCurrency: string; availability: string };
    };
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Linen Button-Down Shirt',
      offers: { price: '49.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    // The product is in the HTML itself, not only after JavaScript runs.
    expect(html).toMatch(/<h1[^>]*>Linen Button-Down Shirt<\/h1>/);
    expect(html).toContain('$65.00');
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/product-[\w-]+\.js">/);

    const catalog = await s.request<string>('GET', '/shop?category=apparel&sort=price-asc', {
      headers: { accept: 'text/html' },
    });
    expect(catalog.status).toBe(200);
    expect(catalog.body).toContain('<title>Apparel · Vitrine Demo Store</title>');
    expect(catalog.body).toContain(`<link rel="canonical" href="${s.url}/shop?category=apparel">`);
    const names = [...catalog.body.matchAll(/<h3 class="font-medium"><a [^>]*>([^<]+)<\/a>/g)].map(
      (m) => m[1],
    );
    expect(names[0]).toBe('Wool Beanie'); // the cheapest apparel, $19
    expect(names).not.toContain('Stoneware Coffee Mug');

    // Paging: 12 a page, the next page by cursor, server-rendered as well.
    const all = await s.request<string>('GET', '/shop', { headers: { accept: 'text/html' } });
    const first = [...all.body.matchAll(/<h3 class="font-medium"><a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(first).toHaveLength(12);
    const next = /<a [^>]*href="(\/shop\?cursor=[^"]+)"[^>]*>Next page/
      .exec(all.body)?.[1]
      ?.replace(/&amp;/g, '&');
    expect(next).toBeDefined();
    const second = await s.request<string>('GET', next!, { headers: { accept: 'text/html' } });
    const rest = [...second.body.matchAll(/<h3 class="font-medium"><a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    const { count } = (await s.request<{ count: number }>('POST', '/stores/v3/products/count', { body: {} }))
      .body;
    expect(rest).toHaveLength(Math.min(12, count - 12));
    expect(rest.filter((n) => first.includes(n))).toEqual([]);

    const missing = await s.request<string>('GET', '/product-page/no-such-thing', {
      headers: { accept: 'text/html' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('<meta name="robots" content="noindex">');
    const alias = await fetch(`${s.url}/products/wool-beanie`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(alias.status).toBe(301);
    expect(alias.headers.get('location')).toBe('/product-page/wool-beanie');

    for (const [path, accept] of [
      ['/ecom/v1/no-such-route', 'text/html'],
      ['/shop', 'application/json'],
      ['/assets/nope.js', 'text/html'],
    ] as const) {
      const r = await s.request<{ details: { applicationError: { code: string } } }>('GET', path, {
        headers: { accept },
      });
      expect(r.status, path).toBe(404);
      expect(r.body.details.applicationError.code, path).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('the header keeps the store name, Shop, account and cart on one row above the search, on phones from 320 px', async () => {
    for (const width of [320, 375, 1280]) {
      const v = await visitor(width);
      await v.page.goto('/');
      const header = v.page.locator('header');
      const top = async (el: ReturnType<typeof header.locator>) => (await el.boundingBox())!.y;
      const name = header.getByRole('link', { name: 'Vitrine Demo Store' });
      const row = [
        name,
        header.getByRole('link', { name: 'Shop', exact: true }),
        header.getByRole('link', { name: 'Sign in' }),
        header.getByRole('button', { name: /Cart|items?$/ }),
      ];
      const tops = await Promise.all(row.map(top));
      for (const t of tops) expect(Math.abs(t - tops[0]!), `${width} px`).toBeLessThan(12);
      const search = await top(header.getByRole('searchbox', { name: 'Search products' }));
      if (width < 640) expect(search, `${width} px`).toBeGreaterThan(tops[0]!);
      expect(await v.page.evaluate<number>('document.documentElement.scrollWidth'), `${width} px`).toBe(
        width,
      );
      // The whole name is still there for screen readers, even when the row cuts it short.
      expect(await name.textContent()).toBe('Vitrine Demo Store');
      expect(v.errors, `${width} px`).toEqual([]);
      await v.close();
    }
  });

  it('a visitor browses, filters and buys with the keyboard alone, through the hosted checkout (declined card, then the test card)', async () => {
    const v = await visitor(1280);
    const { page } = v;
    await page.goto('/');
    await hydrated(page);
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'Shop by category' }).count())
      .toBe(1);
    await expectAccessible(page, 'home');
    await shot(page, 'home-1280');

    await page.goto('/shop');
    await hydrated(page);
    await page.getByLabel('Sort by').selectOption('price-desc');
    await page.waitForURL(/sort=price-desc/);
    await expect
      .poll(async () => await page.locator('main li h3').first().innerText())
      .toBe('Everyday Canvas Jacket');
    await page.getByLabel('Search', { exact: true }).fill('mug');
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await page.waitForURL(/q=mug/);
    await expect
      .poll(async () => page.locator('main li h3').allInnerTexts())
      .toEqual(['Stoneware Coffee Mug']);
    await expectAccessible(page, 'catalog');

    await page.goto('/product-page/linen-button-down-shirt');
    await hydrated(page);
    await expect.poll(() => cartCount(page)).toBe(0);
    // Options by keyboard: move to size M with the arrow keys.
    await tabTo(page, /^S$/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('group', { name: /Size/ }).innerText()).toContain('Size: M');
    await expectAccessible(page, 'product');
    await shot(page, 'product-1280');
    await tabTo(page, /^Add to cart$/);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await drawer.waitFor();
    await expect
      .poll(() => drawer.getByRole('list', { name: 'Items in your cart' }).innerText())
      .toContain('Linen Button-Down Shirt');
    await expect.poll(() => cartCount(page)).toBe(1);
    // The estimate charges what the checkout will: standard delivery, not the free store pickup.
    await expect
      .poll(() => drawer.innerText())
      .toMatch(/Shipping \(Standard\)\s*\$5\.99[\s\S]*Estimated total\s*\$54\.99/);
    // The demo store ships free from $100 of goods: the cart says how far it is, with a bar.
    const toFree = (p: Page) => p.getByRole('progressbar', { name: /for free shipping|ships free/ });
    await expect.poll(() => toFree(page).count()).toBe(1);
    await expect.poll(() => drawer.innerText()).toContain('Add $51.00 more for free shipping.');
    expect(await toFree(page).getAttribute('value')).toBe('4900');
    await expectAccessible(page, 'cart drawer');
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);

    await page.goto('/cart');
    await hydrated(page);
    const quantity = page.getByLabel('Quantity');
    await quantity.waitFor();
    await quantity.selectOption('2');
    await expect.poll(() => page.locator('main').innerText()).toMatch(/Subtotal\s*\$98\.00/);
    await expect.poll(() => page.locator('main').innerText()).toContain('Add $2.00 more for free shipping.');
    // A third shirt passes it: the delivery costs nothing and the cart says so; back to two.
    await quantity.selectOption('3');
    await expect.poll(() => page.locator('main').innerText()).toContain('Your order ships free.');
    await expect.poll(() => page.locator('main').innerText()).toMatch(/Shipping \(Standard\)\s*Free/);
    expect(await toFree(page).getAttribute('value')).toBe('10000');
    await quantity.selectOption('2');
    await expect.poll(() => page.locator('main').innerText()).toContain('Add $2.00 more for free shipping.');
    await page.getByLabel('Coupon code').fill('NOT-A-CODE');
    await page.getByLabel('Coupon code').press('Enter');
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContainEqual('That coupon code does not exist.');
    // A coupon that applies is named in the totals with what it takes off, and can be taken back.
    await page.getByLabel('Coupon code').fill('save10');
    await page.getByLabel('Coupon code').press('Enter');
    await expect.poll(() => page.locator('main').innerText()).toMatch(/Coupon SAVE10\s*−\$9\.80/);
    // What a discount takes off counts against the free-shipping amount too ($98.00 − $9.80).
    await expect.poll(() => page.locator('main').innerText()).toContain('Add $11.80 more for free shipping.');
    await page.getByRole('button', { name: 'Remove coupon' }).click();
    await page.getByLabel('Coupon code').waitFor();
    await expect.poll(() => page.locator('main').innerText()).not.toMatch(/SAVE10|−\$/);
    await expectAccessible(page, 'cart page');
    await shot(page, 'cart-1280');
    await page.getByRole('button', { name: 'Check out' }).focus();
    await page.keyboard.press('Enter');
    if (!hostedBuilt) {
      await page.waitForURL(/\/checkout\?checkoutId=[\w-]+/);
      await v.close();
      return;
    }
    const buyer = `buyer-${Date.now()}@example.test`;
    const number = await payOnHostedCheckout(page, buyer);
    const order = (
      await s.admin<{
        orders: {
          id: string;
          number: string;
          paymentStatus: string;
          lineItems: { quantity: number }[];
          priceSummary: { total: { formattedAmount: string } };
        }[];
      }>('POST', '/ecom/v1/orders/search', { search: { filter: { number } } })
    ).body.orders[0];
    expect(order).toMatchObject({ number, paymentStatus: 'PAID', lineItems: [{ quantity: 2 }] });
    // The thank-you page says what was bought, where the confirmation went, and what it all cost.
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect
      .poll(async () => (await summary.innerText()).replace(/\s+/g, ' '))
      .toMatch(
        new RegExp(
          `Linen Button-Down Shirt Size: M · Color: Sand Qty 2 × \\$49\\.00 \\$98\\.00 Subtotal \\$98\\.00 Shipping \\$5\\.99 .*Total ${order!.priceSummary.total.formattedAmount.replace(/[$.]/g, '\\$&')}`,
        ),
      );
    expect(await page.locator('main').innerText()).toContain(
      `A confirmation is on its way to ${buyer}, with a link to follow your order from any device.`,
    );
    // Where it goes, as the address was given, while a mistake can still be put right.
    expect(await page.locator('main').innerText()).toContain(
      'We will e-mail you when it ships to 1 Main Street, Apt 4B, Springfield, IL 62701, United States.',
    );
    await expectAccessible(page, 'thank-you');
    await shot(page, 'thank-you-1280');
    expect(v.errors).toEqual([]);
    await v.close();

    // The confirmation e-mail's link shows the order on another device, without signing in.
    const mail = await s.until(async () =>
      (await mailsTo(s, buyer)).find((m) => m.subject.endsWith(`order #${number} confirmed`)),
    );
    // The e-mail names the choices bought, as the pages do.
    expect(mail.text).toContain('2 × Linen Button-Down Shirt (Size: M · Color: Sand)');
    const link = /View your order: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(link.startsWith(`${s.url}/order-status?token=`), link).toBe(true);
    const phone = await visitor(375);
    await phone.page.goto(link);
    await phone.page.getByRole('heading', { name: `Order #${number}` }).waitFor();
    const shown = (await phone.page.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const text of [
      'Payment Paid',
      'Delivery Not shipped yet',
      'Ship to Ada Lovelace 1 Main Street Apt 4B Springfield, IL 62701 United States',
      'Linen Button-Down Shirt',
    ])
      expect(shown).toContain(text);
    // Shipped with tracking: the same link now shows the parcel and where to follow it.
    const lines = (
      await s.admin<{ order: { lineItems: { id: string }[] } }>('GET', `/ecom/v1/orders/${order!.id}`)
    ).body.order.lineItems;
    const shipped = await s.admin('POST', `/ecom/v1/fulfillments/orders/${order!.id}/create-fulfillment`, {
      fulfillment: {
        lineItems: lines.map((l) => ({ id: l.id })),
        trackingInfo: { trackingNumber: '1Z999AA10123456784', shippingProvider: 'ups' },
      },
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    await phone.page.reload();
    const sent = phone.page.getByRole('region', { name: 'Shipments' });
    await expect
      .poll(async () => (await sent.innerText()).replace(/\s+/g, ' '))
      .toContain('2 × Linen Button-Down Shirt UPS tracking number 1Z999AA10123456784 · Track the parcel');
    expect(await sent.getByRole('link', { name: 'Track the parcel' }).getAttribute('href')).toContain(
      'ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect((await phone.page.locator('main').innerText()).replace(/\s+/g, ' ')).toContain('Delivery Shipped');
    await expectAccessible(phone.page, 'order status');
    await shot(phone.page, 'order-status-375');
    // A link that was tampered with (or has expired) says so, and where to go instead.
    await phone.page.goto(`${link.slice(0, -4)}AAAA`);
    await phone.page.getByText('This order link is not valid or has expired.').waitFor();
    await phone.page.getByRole('link', { name: 'Sign in to see your orders' }).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.close();
  });

  it('a visitor fills a cart, signs up in the storefront, keeps the cart, buys, and finds the order in the account', async () => {
    const v = await visitor(375);
    const { page } = v;
    await page.goto('/product-page/stoneware-coffee-mug');
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).press('Enter');
    await expect.poll(() => cartCount(page)).toBe(1);
    await page.keyboard.press('Escape');
    await shot(page, 'product-375');

    await page.goto('/signup?returnTo=%2Faccount');
    await hydrated(page);
    await expectAccessible(page, 'sign-up');
    const email = `member-${Date.now()}@example.test`;
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).press('Enter');
    // Said beside the field, which takes the focus.
    await expect.poll(() => fieldError(page.getByLabel('Password'))).toMatch(/password/i);
    expect(await focused(page)).toBe('Password');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).press('Enter');
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await expect.poll(() => page.locator('main').innerText()).toContain(`Signed in as ${email}`);
    // The cart the visitor filled is the member's now.
    await expect.poll(() => cartCount(page)).toBe(1);
    await page.getByLabel('First name').fill('Grace B.');
    await page.getByRole('button', { name: 'Save profile' }).press('Enter');
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContainEqual('Your profile is saved.');
    await expectAccessible(page, 'account');

    await page.getByRole('link', { name: 'Addresses' }).press('Enter');
    // The checkout's address form: the country and the state as lists, street name and house number.
    await page.getByLabel('Country', { exact: true }).selectOption('US');
    await page.getByLabel('Street name').fill('Harbour Road');
    await page.getByLabel('House number').fill('5');
    await page.getByLabel('City').fill('Arlington');
    await page.getByLabel('State / province').selectOption('US-VA');
    await page.getByLabel('Postal code').fill('22201');
    await page.getByRole('button', { name: 'Save address' }).press('Enter');
    await expect
      .poll(async () =>
        (await page.getByRole('list', { name: 'Saved addresses' }).innerText()).replace(/\s+/g, ' '),
      )
      .toContain('5 Harbour Road Arlington, VA 22201 United States');
    await expectAccessible(page, 'addresses');

    await page.goto('/cart');
    await hydrated(page);
    await expect.poll(() => page.locator('main').innerText()).toContain('Stoneware Coffee Mug');
    await shot(page, 'cart-375');
    if (hostedBuilt) {
      await page.getByRole('button', { name: 'Check out' }).press('Enter');
      // The hosted checkout knows the member: name and e-mail are filled in already.
      await page.waitForURL(/\/checkout\?/);
      await expect.poll(() => page.getByLabel('E-mail').inputValue(), { timeout: 15_000 }).toBe(email);
      expect([
        await page.getByLabel('First name').inputValue(),
        await page.getByLabel('Last name').inputValue(),
      ]).toEqual(['Grace B.', 'Hopper']);
      // …and the address saved in the account (the buyer types another one below).
      expect(await page.getByLabel('Street name').inputValue()).toBe('Harbour Road');
      const number = await payOnHostedCheckout(page, email);
      await page.getByRole('link', { name: 'Your orders' }).press('Enter');
      await page.waitForURL(/\/account\/orders$/);
      const link = page.getByRole('link', { name: `Order #${number}` });
      await link.waitFor();
      await expectAccessible(page, 'orders');
      await link.press('Enter');
      await page.waitForURL(/\/account\/orders\/[\w-]+$/);
      await expect
        .poll(() => page.locator('main').innerText())
        .toMatch(/Status\s*Confirmed[\s\S]*Payment\s*Paid[\s\S]*Stoneware Coffee Mug/);
      await expectAccessible(page, 'order details');
    }
    await page.goto('/account');
    await hydrated(page);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await shot(page, 'account-375');
    expect(v.errors).toEqual([]);

    // Sign out ends the session; the account page then asks to sign in.
    await page.getByRole('button', { name: 'Sign out' }).press('Enter');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/account');
    await page.waitForURL(/\/login\?returnTo=%2Faccount/);
    await v.close();
  });

  it('signs in with the storefront form and through the hosted login page; shows the account at desktop width', async () => {
    const email = `returning-${Date.now()}@example.test`;
    await s.request('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email }, password: PASSWORD },
    });
    const v = await visitor(1280);
    const { page } = v;
    await page.goto('/login');
    await hydrated(page);
    await expectAccessible(page, 'login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).press('Enter');
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContainEqual('That e-mail and password do not match.');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).press('Enter');
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await shot(page, 'account-1280');
    await page.getByRole('button', { name: 'Sign out' }).press('Enter');
    await page.waitForURL((u) => u.pathname === '/');

    // "Continue with hosted login": the platform's page, then back to /callback with a code.
    await page.goto('/login?returnTo=%2Faccount%2Forders');
    await hydrated(page);
    await page.getByRole('button', { name: 'Continue with hosted login' }).press('Enter');
    await page.waitForURL(/\/auth\/login\?/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL(/\/account\/orders$/, { timeout: 30_000 });
    await expect.poll(() => page.locator('main').innerText()).toContain('You have no orders yet.');

    await page.goto('/forgot-password');
    await hydrated(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).press('Enter');
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContainEqual(expect.stringContaining('we have e-mailed it a link'));
    await expectAccessible(page, 'forgot password');
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it('sign-up with e-mail verification: the code step in the storefront, then signed in', async () => {
    const verifying = await startTestServer({
      env: { EMAIL_VERIFICATION_REQUIRED: 'true', PASSWORD_HASH_MEMORY_KIB: '1024' },
    });
    const context = await browser.newContext({ baseURL: verifying.url });
    try {
      const page = await context.newPage();
      await page.goto('/signup');
      await hydrated(page);
      const email = `verify-${Date.now()}@example.test`;
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).press('Enter');
      await page.waitForURL(/\/verify-email/);
      await expectAccessible(page, 'verify e-mail');
      await page.getByLabel('Code').fill('000000');
      await page.getByRole('button', { name: 'Confirm' }).press('Enter');
      await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
      await page
        .getByLabel('Code')
        .fill(await verifying.until(async () => (await latestCode(verifying, email)) || undefined));
      await page.getByRole('button', { name: 'Confirm' }).press('Enter');
      await page.waitForURL(/\/account$/, { timeout: 30_000 });
      await expect.poll(() => page.locator('main').innerText()).toContain(`Signed in as ${email}`);
    } finally {
      await context.close();
      await verifying.stop();
    }
  });

  it('an out-of-stock product or choice cannot be added; the page offers "notify me"', async () => {
    const v = await visitor(375);
    const { page } = v;
    await page.goto('/product-page/wool-beanie');
    await hydrated(page);
    await expect.poll(() => page.getByRole('status').allInnerTexts()).toContainEqual('Out of stock');
    expect(await page.getByRole('button', { name: 'Add to cart' }).isDisabled()).toBe(true);
    expect(await page.getByRole('region', { name: 'Notify me when it’s back' }).count()).toBe(1);
    await expectAccessible(page, 'sold-out product');

    // A sold-out variant of a product in stock: Merino Crew Sweater in L.
    await page.goto('/product-page/merino-crew-sweater');
    await hydrated(page);
    await page.getByText('L', { exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Add to cart' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('status').allInnerTexts()).toContainEqual('Out of stock');
    await page.getByText('M', { exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Add to cart' }).isDisabled()).toBe(false);

    // And the server refuses it too.
    const token = (
      await s.request<{ access_token: string }>('POST', '/oauth2/token', {
        body: { clientId: s.app.oauth.instance!.oauthClientId, grantType: 'anonymous' },
      })
    ).body.access_token;
    const beanie = (
      await s.request<{ product: { id: string; variantsInfo: { variants: { id: string }[] } } }>(
        'GET',
        '/stores/v3/products/slug/wool-beanie',
      )
    ).body.product;
    const add = await s.request<{ details: { applicationError: { code: string } } }>(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      {
        auth: token,
        body: {
          lineItems: [
            {
              catalogReference: {
                catalogItemId: beanie.id,
                appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
                options: { variantId: beanie.variantsInfo.variants[0]!.id },
              },
              quantity: 1,
            },
          ],
        },
      },
    );
    expect(add.status).toBe(400);
    expect(add.body.details.applicationError.code).toBe('ITEM_NOT_AVAILABLE');
    await shot(page, 'home-375').catch(() => {});
    await page.goto('/');
    await hydrated(page);
    await shot(page, 'home-375');
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it('a quantity raised above the stock is set to what is left, and the cart says so (drawer and cart page)', async () => {
    const { productId, product } = await shopProduct(s, {
      name: 'Last Lantern',
      price: '12',
      quantity: 3,
      physical: true,
    });
    const slug = (await s.admin<{ product: { slug: string } }>('GET', `/stores/v3/products/${product.id}`))
      .body.product.slug;
    const sell = async (decrementBy: number) => {
      const item = await inventoryItemOf(s, productId);
      const r = await s.admin('POST', '/stores/v3/bulk/inventory-items/decrement', {
        decrementData: [{ inventoryItemId: item.id, decrementBy }],
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    const v = await visitor(375);
    const { page } = v;
    await page.goto(`/product-page/${slug}`);
    await hydrated(page);
    // Adding more than there is says how many are left.
    const quantity = page.locator('main').getByLabel('Quantity');
    await quantity.fill('5');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContainEqual('Sorry, only 3 left in stock.');
    await quantity.fill('1');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    const lineIn = (where: typeof drawer) =>
      where.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem').filter({
        hasText: 'Last Lantern',
      });
    const line = lineIn(drawer);
    await line.waitFor();
    // 5 asked for, 3 in stock: the store sets 3, and the line says it in its live region.
    await line.getByLabel('Quantity').selectOption('5');
    await expect.poll(() => line.getByRole('status').innerText()).toBe('Only 3 left — quantity set to 3.');
    expect(await line.getByLabel('Quantity').inputValue()).toBe('3');
    expect(await drawer.getByRole('alert').count()).toBe(0);
    await expect.poll(() => cartCount(page)).toBe(3);
    await expectAccessible(page, 'cart drawer, quantity set to the stock');
    await page.keyboard.press('Escape');
    // With the last ones in the cart, the product page says so rather than "not enough".
    await quantity.fill('1');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContainEqual('Your cart already holds the last 3.');

    // One sold meanwhile: on the cart page the line shows 2 left, and 4 asked for becomes 2.
    await sell(1);
    await page.goto('/cart');
    await hydrated(page);
    const onPage = lineIn(page.locator('main'));
    await expect.poll(() => onPage.innerText()).toContain('Only 2 left');
    await onPage.getByLabel('Quantity').selectOption('4');
    await expect.poll(() => onPage.getByRole('status').innerText()).toBe('Only 2 left — quantity set to 2.');
    expect(await onPage.getByLabel('Quantity').inputValue()).toBe('2');
    await shot(page, 'cart-quantity-set-to-stock-375');

    // None left: the quantity stays, the line is out of stock, and nothing is removed behind the shopper's back.
    await sell(2);
    await page.reload();
    await hydrated(page);
    await expect.poll(() => onPage.innerText()).toContain('No longer available');
    await onPage.getByLabel('Quantity').selectOption('3');
    await expect
      .poll(() => onPage.getByRole('status').innerText())
      .toBe('None left in stock — quantity stays at 2.');
    expect(await onPage.getByLabel('Quantity').inputValue()).toBe('2');
    await expectAccessible(page, 'cart page, none left');
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it('"← Back to cart" from the hosted checkout, a new quantity, "Check out" again: the same checkout, the e-mail and address still filled in', async () => {
    if (!hostedBuilt) return;
    const { product } = await shopProduct(s, {
      name: 'Return Mug',
      price: '10',
      quantity: 20,
      physical: true,
    });
    const slug = (await s.admin<{ product: { slug: string } }>('GET', `/stores/v3/products/${product.id}`))
      .body.product.slug;
    const v = await visitor(1280);
    const { page } = v;
    await page.goto(`/product-page/${slug}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await drawer.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\?/);
    const checkoutId = new URL(page.url()).searchParams.get('checkoutId');
    const email = `back-${Date.now()}@example.test`;
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Street name').fill('Main Street');
    await page.getByLabel('House number').fill('1');
    await page.getByLabel('City').fill('Springfield');
    await page.getByLabel('State / province').selectOption('US-IL');
    await page.getByLabel('Postal code').fill('62701');
    await page.getByRole('button', { name: /^Continue/ }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();

    await page.getByRole('link', { name: 'Back to cart' }).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await hydrated(page);
    const quantity = page.locator('main').getByLabel('Quantity');
    await quantity.selectOption('3');
    await expect.poll(() => page.locator('main').innerText()).toMatch(/Subtotal\s*\$30\.00/);
    await page.locator('main').getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\?/);
    expect(new URL(page.url()).searchParams.get('checkoutId')).toBe(checkoutId);
    // The contact step is done, as it was left; its form holds what was typed.
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect.poll(() => summary.innerText()).toContain('Return Mug');
    expect(await summary.textContent()).toContain('Quantity: 3');
    await expect.poll(() => page.locator('main').innerText()).toContain(email);
    await page.getByRole('button', { name: 'Edit' }).click();
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await page.getByLabel('Street name').inputValue()).toBe('Main Street');
    expect(await page.getByLabel('House number').inputValue()).toBe('1');
    expect(await page.getByLabel('City').inputValue()).toBe('Springfield');
    expect(await page.getByLabel('State / province').inputValue()).toBe('US-IL');
    expect(await page.getByLabel('Postal code').inputValue()).toBe('62701');
    await shot(page, 'checkout-back-again-1280');
    expect(v.errors).toEqual([]);
    await v.close();
  });
});
