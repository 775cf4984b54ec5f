/**
 * What a shopper reads agrees everywhere, in real Chromium on the demo store: the store's name
 * from its settings on every storefront and hosted page and in its e-mails; no red console line
 * for a visitor without a cart; the cart's shipping estimate is what the checkout charges, with
 * the countries the store ships to, "Free" only for a free chosen option, and places it does not
 * ship to named in words.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../test/identity.ts';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import {
  cartCount,
  expectAccessible,
  fillAddress,
  hydrated,
  optionsOf,
  shopper,
} from '../test/storefront.ts';

const built =
  existsSync(join(appDist('storefront'), 'server', 'entry-server.js')) &&
  existsSync(join(appDist('hosted'), 'index.html'));
const NAME = 'Harbour & Pine';
const SHIPS_TO = ['Canada', 'France', 'Germany', 'Italy', 'Netherlands', 'Spain', 'United States'];

let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium || !built) return;
  s = await startTestServer({ env: { DEMO_DATA: 'true', PASSWORD_HASH_MEMORY_KIB: '1024' } });
  const renamed = await s.admin('PATCH', '/platform/v1/store-settings', { settings: { storeName: NAME } });
  expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

if (!built) console.warn('Shop consistency browser tests SKIPPED: run "npm run build" first.');

const summaryRow = async (page: Page, label: RegExp) => {
  const rows = await page
    .getByRole('complementary', { name: 'Order summary' })
    .locator('dl > div')
    .allInnerTexts();
  return rows
    .find((r) => label.test(r))
    ?.replace(/\s+/g, ' ')
    .trim();
};

/** Adds one of the product at `slug` from its page; the header then counts `count` items. */
async function addFromPage(page: Page, slug: string, count: number) {
  await page.goto(`/product-page/${slug}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to cart' }).press('Enter');
  await expect.poll(() => cartCount(page)).toBe(count);
}

/** The cart page's estimate, once it shows a total. */
async function cartEstimate(page: Page) {
  await page.goto('/cart');
  await hydrated(page);
  const estimate = page.getByRole('region', { name: 'Estimated totals' });
  await estimate.getByText('Estimated total', { exact: true }).waitFor();
  return estimate;
}

describe.skipIf(!hasChromium || !built)('one store, told the same way everywhere', () => {
  it("shows the store's name on every page and in its e-mails; a visitor without a cart sees no console error", async () => {
    const v = await shopper(browser, s.url, 1280);
    const { page } = v;
    const pages = [
      '/',
      '/shop',
      '/shop?category=apparel',
      '/product-page/linen-button-down-shirt',
      '/cart',
      '/login',
      '/signup',
      '/forgot-password',
      '/thank-you',
      '/no-such-page',
    ];
    for (const path of pages) {
      const html = await s.request<string>('GET', path, { headers: { accept: 'text/html' } });
      expect(html.body, path).toContain(NAME.replace('&', '&amp;'));
      expect(html.body, path).not.toMatch(/<title>[^<]*Vitrine[^<]*<\/title>/);
      await page.goto(path);
      await hydrated(page);
      await expect.poll(() => page.getByRole('banner').innerText(), { message: path }).toContain(NAME);
      expect(await page.title(), path).toContain(NAME);
      expect(await page.locator('footer').innerText(), path).toContain(NAME);
    }
    // The account page sends a visitor to sign in; the cart drawer opens empty.
    await page.goto('/account');
    await page.waitForURL(/\/login\?returnTo=/);
    await hydrated(page);
    await page.getByRole('button', { name: /^Cart/ }).press('Enter');
    await page.getByRole('dialog', { name: 'Your cart' }).getByText('Your cart is empty.').waitFor();
    expect(await cartCount(page)).toBe(0);

    // The hosted sign-in pages.
    await page.goto('/auth/login');
    await page.getByLabel('E-mail').waitFor();
    await expect.poll(() => page.title()).toContain(NAME);
    expect(await page.locator('body').innerText()).toContain(NAME);
    // The one red line: the unknown page's own answer is a 404, as it must be.
    expect(v.errors).toEqual([
      expect.stringMatching(
        /^console on \S+\/no-such-page: Failed to load resource: .*status of 404 .*\(\S+\/no-such-page\)$/,
      ),
    ]);

    // E-mails: sent in the store's name.
    const email = `named-${Date.now()}@example.test`;
    await s.request('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email }, password: 'Correct-Horse-42' },
    });
    await s.request('POST', '/_api/iam/recovery/v1/send-email', { body: { email } });
    const [mail] = await s.until(async () =>
      (await mailsTo(s, email)).length ? mailsTo(s, email) : undefined,
    );
    expect(mail!.subject).toContain(NAME);
    expect(mail!.from).toBe(`"${NAME}" <no-reply@localhost>`);
    await v.close();
  });

  it('a visitor without a cart signs up and browses on: still no console error (no cart asked for)', async () => {
    const v = await shopper(browser, s.url, 375);
    const { page } = v;
    await page.goto('/signup?returnTo=%2Faccount');
    await hydrated(page);
    const email = `new-${Date.now()}@example.test`;
    await page.getByLabel('First name').fill('Nell');
    await page.getByLabel('Last name').fill('New');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('Correct-Horse-42');
    await page.getByRole('button', { name: 'Create account' }).press('Enter');
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await expect.poll(() => page.locator('main').innerText()).toContain(`Signed in as ${email}`);
    for (const path of ['/', '/cart']) {
      await page.goto(path);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
    }
    await page.getByText('Your cart is empty.').first().waitFor();
    expect(await cartCount(page)).toBe(0);
    // The cart appears with the first item, as for anyone.
    await addFromPage(page, 'stoneware-coffee-mug', 1);
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it('hydrates every page without a mismatch on a slow device, with and without a cart', async () => {
    // A busy phone: every slice of React's work overruns its 5 ms (the clock jumps at each reading),
    // so React yields between the header's effects and hydrating the page's Suspense boundary, and
    // the header's cart query answers in between. Whatever reads the browser's own state (its
    // cart, its tokens) while hydrating must still render what the server did (else error #418).
    const v = await shopper(browser, s.url, 375);
    const { page } = v;
    await page.addInitScript(() => {
      const now = performance.now.bind(performance);
      let skew = 0;
      performance.now = () => now() + (skew += 1);
    });
    const visit = async (path: string) => {
      await page.goto(path);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
    };
    const pages = ['/account', '/', '/shop', '/product-page/linen-button-down-shirt', '/thank-you', '/cart'];
    for (const path of pages) await visit(path);
    await addFromPage(page, 'stoneware-coffee-mug', 1);
    for (const path of pages) await visit(path);
    await page.getByRole('list', { name: 'Items in your cart' }).waitFor();
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it('the cart estimates what the checkout charges, for the countries the store ships to; "Free" only for a free chosen option', async () => {
    const v = await shopper(browser, s.url, 1280);
    const { page } = v;
    await addFromPage(page, 'stoneware-coffee-mug', 1);
    const estimate = await cartEstimate(page);
    await expect.poll(() => optionsOf(page, 'Estimate shipping to')).toEqual(SHIPS_TO);
    expect(await page.getByLabel('Estimate shipping to', { exact: true }).inputValue()).toBe('US');
    await expect.poll(() => estimate.innerText()).toMatch(/Shipping \(Standard\)\s*\$5\.99/);
    const estimated = /Estimated total\s*(\$[\d.,]+)/.exec(await estimate.innerText())?.[1];
    await page.getByLabel('Estimate shipping to', { exact: true }).selectOption('CA');
    await expect.poll(() => estimate.innerText()).toMatch(/Shipping \(Standard\)\s*\$9\.99/);
    await expectAccessible(page, 'cart with estimate');

    await page.getByRole('button', { name: 'Check out' }).press('Enter');
    await page.waitForURL(/\/checkout\?/);
    await page.getByLabel('E-mail').waitFor();
    await expect.poll(() => page.locator('header').first().innerText()).toContain(NAME);
    await expect.poll(() => page.title()).toContain(NAME);
    // Before any address nothing is chosen, so nothing is "Free".
    expect(await summaryRow(page, /^Shipping/)).toBe('Shipping Calculated next');
    await expect.poll(() => optionsOf(page, 'Country')).toEqual(SHIPS_TO);
    await fillAddress(page, 'same@example.test', { state: 'US-IL', postalCode: '62701' });
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    await expect.poll(() => summaryRow(page, /^Shipping/)).toBe('Shipping $5.99');
    expect(await summaryRow(page, /^Total/)).toBe(`Total ${estimated}`);

    // Pickup, when chosen, is free and says so.
    await page.getByRole('button', { name: 'Edit' }).press('Enter');
    await page.getByRole('radio', { name: 'Pick up' }).check();
    await page.getByRole('button', { name: 'Continue to pickup' }).press('Enter');
    await page.getByRole('heading', { name: /Pickup point/ }).waitFor();
    await expect.poll(() => summaryRow(page, /^(Shipping|Pickup)/)).toBe('Pickup Free');
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it('a cart of digital items needs no shipping: the estimate says so instead of "We do not ship", until a shipped item joins it', async () => {
    const v = await shopper(browser, s.url, 375);
    const { page } = v;
    await addFromPage(page, 'printable-wall-art', 1);
    const estimate = await cartEstimate(page);
    await expect.poll(() => estimate.innerText()).toMatch(/Shipping\s*Not needed/);
    expect(await estimate.innerText()).not.toMatch(/do not ship|Not available|calculated at checkout/);
    expect(await optionsOf(page, 'Estimate tax for')).toEqual(SHIPS_TO);
    await expectAccessible(page, 'cart of a digital item');

    // A mug joins it: now the cart ships, and the estimate prices it.
    await addFromPage(page, 'stoneware-coffee-mug', 2);
    await cartEstimate(page);
    await expect.poll(() => estimate.innerText()).toMatch(/Shipping \(Standard\)\s*\$5\.99/);
    expect(await page.getByLabel('Estimate shipping to', { exact: true }).inputValue()).toBe('US');
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it('names the places the store does not ship to, in words, and never calls them "Free"', async () => {
    // The store starts shipping to New South Wales only, of all Australia.
    const region = await s.admin('POST', '/ecom/v1/shipping-regions', {
      shippingRegion: {
        name: 'New South Wales',
        destinations: [{ country: 'AU', subdivisions: ['NSW'] }],
        options: [{ code: 'courier', title: 'Courier', rule: { type: 'FLAT', cost: '19.00' } }],
      },
    });
    expect(region.status, JSON.stringify(region.body)).toBe(200);
    const v = await shopper(browser, s.url, 375);
    const { page } = v;
    await addFromPage(page, 'stoneware-coffee-mug', 1);
    await page.goto('/cart');
    await hydrated(page);
    await expect.poll(() => optionsOf(page, 'Estimate shipping to')).toEqual(['Australia', ...SHIPS_TO]);
    await page.getByLabel('Estimate shipping to', { exact: true }).selectOption('AU');
    const estimate = page.getByRole('region', { name: 'Estimated totals' });
    await expect
      .poll(() => estimate.innerText())
      .toContain('Shipping to Australia depends on the address: it is calculated at checkout.');
    expect(await estimate.innerText()).not.toContain('Free');

    await page.getByRole('button', { name: 'Check out' }).press('Enter');
    await page.waitForURL(/\/checkout\?/);
    await page.getByLabel('E-mail').fill('faraway@example.test');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Country').selectOption('AU');
    await page.getByLabel('Street name').fill('Collins Street');
    await page.getByLabel('House number').fill('1');
    await page.getByLabel('City').fill('Melbourne');
    await page.getByLabel('State / province').selectOption('AU-VIC');
    await page.getByLabel('Postal code').fill('3000');
    await page.getByRole('button', { name: 'Continue to shipping' }).press('Enter');
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContainEqual(expect.stringContaining('We do not ship to Victoria, Australia.'));
    expect(await summaryRow(page, /^Shipping/)).toBe('Shipping Not available');
    await expectAccessible(page, 'checkout, no shipping');
    expect(v.errors).toEqual([]);
    await v.close();
  });
});
