/**
 * Back in stock and recommendations in the storefront (apps/storefront), in real Chromium against a
 * real server with the demo store and a real SMTP test server: a visitor asks to be notified about a
 * sold-out product with the keyboard alone, the store restocks it over HTTP and the e-mail arrives
 * with a link to the product page (the request NOTIFICATION_SENT); a member finds their e-mail
 * filled in; a sold-out choice of a product with options offers the form for that variant; clear
 * errors (invalid e-mail, 429, no network). Items bought together are recommended first under a
 * product and in the cart; the home page shows best sellers; a failing recommendation call leaves
 * the page whole, without the rail and without an error. axe-core on every step; screenshots at
 * 375 and 1280 px in test-artifacts/shop-extras (git-ignored).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { WireBackInStockRequest } from '@vitrine/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { BIS, received, smtpSink, untilStatus, type SmtpSink } from '../test/back-in-stock.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { createOrder, ok, orderBody } from '../test/orders.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { shopProduct } from '../test/shop.ts';
import { expectAccessible, hydrated, shopper, type Shopper, focused } from '../test/storefront.ts';

const built = existsSync(join(appDist('storefront'), 'server', 'entry-server.js'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'shop-extras');
const PASSWORD = 'Correct-Horse-42';
const NOTIFY = /^Notify me when it.s back$/;

let s: TestServer;
let sink: SmtpSink;
let browser: Browser;
/** Products A, B (bought together twice) and C (bought with A once). */
const rail = { a: { id: '', slug: '' }, b: { id: '', slug: '' }, c: { id: '', slug: '' } };

async function productBySlug(slug: string) {
  const r = await s.request<{
    product: { id: string; name: string; variantsInfo: { variants: { id: string }[] } };
  }>('GET', `/stores/v3/products/slug/${slug}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.product;
}

beforeAll(async () => {
  if (!hasChromium || !built) return;
  sink = await smtpSink();
  s = await startTestServer({
    env: { DEMO_DATA: 'true', SMTP_URL: sink.url, PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1' },
  });
  // Two orders of A and B, one of A and C (admin-created: approved, so the recommendations count them).
  for (const [k, name, price] of [
    ['a', 'Rail Lantern', '30'],
    ['b', 'Rail Candle', '32'],
    ['c', 'Rail Wick Trimmer', '28'],
  ] as const) {
    const made = await shopProduct(s, { name, price });
    const got = ok(
      await s.admin<{ product: { slug: string } }>('GET', `/stores/v3/products/${made.productId}`),
    );
    rail[k] = { id: made.productId, slug: got.product.slug };
  }
  const bought = async (...keys: (keyof typeof rail)[]) => {
    const body = orderBody({ lines: keys.map((k) => [k, '30.00', 1] as [string, string, number]) });
    body.order.lineItems.forEach((l, i) => (l.catalogReference.catalogItemId = rail[keys[i]!].id));
    await createOrder(s, body);
  };
  await bought('a', 'b');
  await bought('b', 'a');
  await bought('a', 'c');
  // Order events reach the recommendations through the job runner.
  await s.until(async () => {
    const jobs = ok(
      await s.admin<{ jobs: unknown[] }>('POST', '/platform/v1/jobs/query', {
        query: { filter: { status: { $in: ['PENDING', 'RUNNING'] } } },
      }),
    );
    return jobs.jobs.length === 0;
  }, 30_000);
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await sink?.close();
});

if (!built) console.warn('Shop extras browser tests SKIPPED: run "npm run build" first.');

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

/** Moves focus with Tab until the focused element's accessible text matches (keyboard-only navigation). */
async function tabTo(page: Page, text: RegExp, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (text.test(await focused(page))) return;
  }
  throw new Error(`nothing matching ${text} reached with Tab`);
}

/** Waits until the back-in-stock form (a chunk of its own, hydrated after the page) is live. */
const notifyHydrated = (page: Page) =>
  page.waitForFunction(() => {
    const section = (
      globalThis as unknown as { document: { querySelector(s: string): object | null } }
    ).document.querySelector('[data-slot="back-in-stock"]');
    return Object.keys(section ?? {}).some((k) => k.startsWith('__reactFiber'));
  });

/** Console errors, but not the browser's "Failed to load resource" lines of expected 4xx/5xx answers. */
const realErrors = (v: Shopper) => v.errors.filter((e) => !e.includes('Failed to load resource'));

/** The requests of an e-mail address, as the admin sees them (newest first). */
async function requestsOf(email: string) {
  const r = await s.admin<{ requests: WireBackInStockRequest[] }>('POST', `${BIS}/query`, {
    query: { filter: { email } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.requests;
}

/** The names on the product cards of a rail. */
const cardNames = (region: ReturnType<Page['getByRole']>) =>
  region.getByRole('heading', { level: 3 }).allInnerTexts();

describe.skipIf(!hasChromium || !built)('back in stock in the storefront', () => {
  it('a visitor asks with the keyboard; the restock e-mails them a link to the product, once', async () => {
    const beanie = await productBySlug('wool-beanie');
    const email = `beanie-${Date.now()}@example.test`;
    const v = await shopper(browser, s.url, 1280);
    const { page } = v;
    await page.goto('/product-page/wool-beanie');
    await hydrated(page);
    // Server-rendered: the form is in the page's HTML.
    const notify = page.getByRole('region', { name: NOTIFY });
    expect(await notify.innerText()).toContain('This item is sold out for now.');
    await notifyHydrated(page);
    await expectAccessible(page, 'sold-out product');
    await shot(page, 'notify-1280');

    await tabTo(page, /^E-mail$/);
    await page.keyboard.type('ada@nowhere');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => notify.getByRole('alert').allInnerTexts())
      .toEqual(['Enter your e-mail address, like name@example.com.']);
    expect(await focused(page)).toBe('E-mail');
    expect(await notify.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'notify form with an error');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Notify me');
    await page.keyboard.press('Enter');
    const thanks = notify.getByRole('status');
    await thanks.waitFor();
    expect(await thanks.innerText()).toBe(`We’ll e-mail you at ${email} when it’s back.`);
    await expect.poll(() => focused(page)).toContain('We’ll e-mail you at');
    await expectAccessible(page, 'notify confirmation');
    await shot(page, 'notify-confirmed-1280');

    const [request] = await requestsOf(email);
    expect(request).toMatchObject({
      status: 'RECEIVED',
      catalogReference: {
        catalogItemId: beanie.id,
        appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
        options: { variantId: beanie.variantsInfo.variants[0]!.id },
      },
      itemUrl: `${s.url}/product-page/wool-beanie`,
    });
    expect(request!.contactId).toBeUndefined();

    // The store restocks it (admin API): the waiting request is e-mailed, once.
    const items = ok(
      await s.admin<{ inventoryItems: { id: string }[] }>('POST', '/stores/v3/inventory-items/query', {
        query: { filter: { productId: beanie.id } },
      }),
    );
    ok(
      await s.admin('POST', '/stores/v3/bulk/inventory-items/increment', {
        incrementData: [{ inventoryItemId: items.inventoryItems[0]!.id, incrementBy: 5 }],
      }),
    );
    await untilStatus(s, [request!.id], 'NOTIFICATION_SENT');
    const mail = await s.until(async () => received(sink, email)[0]);
    expect(mail).toContain('Subject: Back in stock: Wool Beanie');
    expect(mail).toContain(`${s.url}/product-page/wool-beanie`);
    expect(mail).toContain('$19.00');
    await new Promise((r) => setTimeout(r, 300));
    expect(received(sink, email)).toHaveLength(1);

    // Back in stock, the page sells it again.
    await page.reload();
    await hydrated(page);
    expect(await page.getByRole('button', { name: 'Add to cart' }).isDisabled()).toBe(false);
    expect(await page.getByRole('region', { name: NOTIFY }).count()).toBe(0);
    expect(realErrors(v)).toEqual([]);
    await v.close();
  });

  it('says clearly when the store refuses (429) or cannot be reached, and works again after (375 px)', async () => {
    const v = await shopper(browser, s.url, 375);
    const { page } = v;
    await page.goto('/product-page/merino-crew-sweater');
    await hydrated(page);
    // A sold-out choice: L (in either colour).
    await page.getByText('L', { exact: true }).click();
    const notify = page.getByRole('region', { name: NOTIFY });
    await notify.waitFor();
    expect(await notify.innerText()).toContain('This choice (L, Charcoal) is sold out for now.');
    const email = `merino-${Date.now()}@example.test`;
    await notify.getByLabel('E-mail').fill(email);

    await page.route('**/back-in-stock-notification-requests', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Too many back-in-stock requests; try again later',
          details: { applicationError: { code: 'TOO_MANY_REQUESTS', description: 'Too many', data: {} } },
        }),
      }),
    );
    await notify.getByRole('button', { name: 'Notify me' }).press('Enter');
    await expect
      .poll(() => notify.getByRole('alert').allInnerTexts())
      .toEqual([
        'You have asked to be notified about many items in a short time. Please try again in an hour.',
      ]);
    await expectAccessible(page, 'notify form, rate limited');
    await shot(page, 'notify-429-375');

    await page.unroute('**/back-in-stock-notification-requests');
    await page.route('**/back-in-stock-notification-requests', (route) =>
      route.abort('internetdisconnected'),
    );
    await notify.getByRole('button', { name: 'Notify me' }).press('Enter');
    await expect
      .poll(() => notify.getByRole('alert').allInnerTexts())
      .toEqual(['We could not reach the store. Check your connection and try again.']);

    await page.unroute('**/back-in-stock-notification-requests');
    await notify.getByRole('button', { name: 'Notify me' }).press('Enter');
    await notify.getByRole('status').waitFor();
    expect(await notify.getByRole('status').innerText()).toBe(`We’ll e-mail you at ${email} when it’s back.`);
    await shot(page, 'notify-variant-375');

    // The request names the variant chosen: L in Charcoal.
    const merino = (
      await s.request<{
        product: {
          id: string;
          variantsInfo: {
            variants: { id: string; choices: { optionChoiceNames?: { choiceName: string } }[] }[];
          };
        };
      }>('GET', '/stores/v3/products/slug/merino-crew-sweater?fields=VARIANT_OPTION_CHOICE_NAMES')
    ).body.product;
    const large = merino.variantsInfo.variants.find((x) =>
      ['L', 'Charcoal'].every((n) => x.choices.some((c) => c.optionChoiceNames?.choiceName === n)),
    );
    expect(large).toBeDefined();
    const [request] = await requestsOf(email);
    expect(request).toMatchObject({
      status: 'RECEIVED',
      catalogReference: { catalogItemId: merino.id, options: { variantId: large!.id } },
    });
    // Back to an available size: the form gives way to "Add to cart".
    await page.getByText('M', { exact: true }).click();
    await expect.poll(() => page.getByRole('region', { name: NOTIFY }).count()).toBe(0);
    expect(realErrors(v)).toEqual([]);
    await v.close();
  });

  it('a member finds their login e-mail filled in', async () => {
    const email = `member-${Date.now()}@example.test`;
    const registered = await s.request('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email }, password: PASSWORD, profile: { firstName: 'Grace', lastName: 'Hopper' } },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const v = await shopper(browser, s.url, 375);
    const { page } = v;
    const path = '/product-page/merino-crew-sweater';
    await page.goto(`/login?returnTo=${encodeURIComponent(path)}`);
    await hydrated(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).press('Enter');
    await page.waitForURL(new RegExp(`${path}$`), { timeout: 30_000 });
    await hydrated(page);
    await page.getByText('L', { exact: true }).click();
    const notify = page.getByRole('region', { name: NOTIFY });
    const field = notify.getByLabel('E-mail');
    await expect.poll(() => field.inputValue()).toBe(email);
    await expectAccessible(page, 'notify form of a member');
    await shot(page, 'notify-member-375');
    await notify.getByRole('button', { name: 'Notify me' }).press('Enter');
    await notify.getByRole('status').waitFor();
    expect(await notify.getByRole('status').innerText()).toBe(`We’ll e-mail you at ${email} when it’s back.`);
    const [request] = await requestsOf(email);
    expect(request?.contactId).toEqual(expect.any(String));
    expect(realErrors(v)).toEqual([]);
    await v.close();
  });
});

describe.skipIf(!hasChromium || !built)('recommendations in the storefront', () => {
  it('"You may also like" puts the item bought together first, under the product and in the cart', async () => {
    for (const width of [1280, 375]) {
      const v = await shopper(browser, s.url, width);
      const { page } = v;
      const calls: string[] = [];
      // The shop's one stylesheet is inlined into each page: no lazy part (the rail, the reviews,
      // the cart drawer) downloads it again.
      const stylesheets: string[] = [];
      page.on('request', (r) => {
        if (
          /\/v1\/recommendations\/get|\/stores\/v3\/products\/search|\/reviews\/v1\/summaries/.test(r.url())
        )
          calls.push(new URL(r.url()).pathname);
        if (r.resourceType() === 'stylesheet' || new URL(r.url()).pathname.endsWith('.css'))
          stylesheets.push(r.url());
      });
      await page.goto(`/product-page/${rail.a.slug}`);
      await hydrated(page);
      const related = page.getByRole('region', { name: 'You may also like' });
      await related.waitFor();
      const names = await cardNames(related);
      expect(names).toHaveLength(4);
      expect(names[0]).toBe('Rail Candle');
      expect(names).toContain('Rail Wick Trimmer');
      expect(names).not.toContain('Rail Lantern');
      // One recommendation, one catalog search by ids, one summaries request for the cards.
      expect(calls.filter((c) => c === '/v1/recommendations/get')).toHaveLength(1);
      expect(calls.filter((c) => c === '/stores/v3/products/search')).toHaveLength(1);
      await expectAccessible(page, 'product page with recommendations');
      await shot(page, `related-${width}`);
      // The card leads to B's page.
      if (width === 1280) {
        await related.getByRole('link', { name: 'Rail Candle' }).click();
        await page.waitForURL(new RegExp(`/product-page/${rail.b.slug}$`));
        await expect
          .poll(async () => (await cardNames(page.getByRole('region', { name: 'You may also like' })))[0])
          .toBe('Rail Lantern');
      }

      // In the cart drawer (A added): B first again.
      await page.goto(`/product-page/${rail.a.slug}`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const drawer = page.getByRole('dialog', { name: 'Your cart' });
      await drawer.waitFor();
      const inDrawer = drawer.getByRole('region', { name: 'You may also like' });
      await inDrawer.waitFor();
      expect((await cardNames(inDrawer))[0]).toBe('Rail Candle');
      await expectAccessible(page, 'cart drawer with recommendations');
      await shot(page, `cart-drawer-related-${width}`);
      await page.keyboard.press('Escape');
      await page.goto('/cart');
      await hydrated(page);
      const onCartPage = page.getByRole('region', { name: 'You may also like' });
      await onCartPage.waitFor();
      expect(await cardNames(onCartPage)).not.toContain('Rail Lantern');
      expect((await cardNames(onCartPage))[0]).toBe('Rail Candle');
      await expectAccessible(page, 'cart page with recommendations');
      await shot(page, `cart-related-${width}`);
      expect(stylesheets).toEqual([]);
      expect(realErrors(v)).toEqual([]);
      await v.close();
    }
  });

  it('the home page shows best sellers', async () => {
    for (const width of [1280, 375]) {
      const v = await shopper(browser, s.url, width);
      const { page } = v;
      await page.goto('/');
      await hydrated(page);
      const best = page.getByRole('region', { name: 'Best sellers' });
      await best.waitFor();
      const names = await cardNames(best);
      expect(names).toHaveLength(4);
      // A sold three, B two: the demo store has no other sales.
      expect(names.slice(0, 2)).toEqual(['Rail Lantern', 'Rail Candle']);
      await expectAccessible(page, 'home with best sellers');
      await shot(page, `home-best-sellers-${width}`);
      // Not one red line: the rail's calls make the new visitor's tokens, yet the cart (there is
      // none) is not asked for, so there is no 404 either.
      await page.goto('/shop');
      await hydrated(page);
      await page.getByRole('button', { name: /^Cart/ }).press('Enter');
      await page.getByRole('dialog', { name: 'Your cart' }).getByText('Your cart is empty.').waitFor();
      expect(v.errors).toEqual([]);
      await v.close();
    }
  });

  it('a failing recommendation call leaves the product page whole, without the rail or an error', async () => {
    const v = await shopper(browser, s.url, 1280);
    const { page } = v;
    let asked = 0;
    await page.route('**/v1/recommendations/get', (route) => {
      asked++;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Internal error', details: {} }),
      });
    });
    await page.goto(`/product-page/${rail.a.slug}`);
    await hydrated(page);
    await expect.poll(() => asked).toBe(1);
    await page.getByRole('region', { name: 'Customer reviews' }).waitFor();
    await new Promise((r) => setTimeout(r, 1500));
    // Asked once (a rail is optional: no retries), and simply not shown.
    expect(asked).toBe(1);
    expect(await page.getByRole('region', { name: 'You may also like' }).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Rail Lantern');
    expect(await page.getByRole('button', { name: 'Add to cart' }).isEnabled()).toBe(true);
    expect(realErrors(v)).toEqual([]);
    await shot(page, 'related-failed-1280');
    await v.close();
  });
});
