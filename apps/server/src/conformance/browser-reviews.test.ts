/**
 * Reviews in the storefront (apps/storefront), in real Chromium against a real server with the demo
 * store: a member writes a review with a photo using the keyboard alone (stars with the arrow keys,
 * a real upload progress bar), the store approves it over HTTP, and the product page then shows it
 * (server-rendered, with JSON-LD), its photo in a lightbox that Escape closes, the summary, and the
 * stars on the product card; a visitor's second review of the same product is refused clearly; the
 * e-mailed review-request link opens a form for the order's products without signing in. axe-core
 * on every step; screenshots at 375 and 1280 px in test-artifacts/reviews (git-ignored).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MailMessage, RatingSummary, WireReview } from '@vitrine/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { heic } from '../test/heic.ts';
import { png } from '../test/media.ts';
import { reviewsOf } from '../test/reviews.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { payAsBuyer, placeShopOrder, shopProduct, visitorOf } from '../test/shop.ts';
import {
  expectAccessible,
  hydrated,
  shopper,
  type Shopper,
  focused,
  reviewsHydrated,
  signInAt,
} from '../test/storefront.ts';

const built = existsSync(join(appDist('storefront'), 'server', 'entry-server.js'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'reviews');
const PASSWORD = 'Correct-Horse-42';
const MUG = 'stoneware-coffee-mug';
const DAY = 86_400_000;

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

if (!built) console.warn('Reviews browser tests SKIPPED: run "npm run build" first.');

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

/** Moves focus with Tab until the focused element's accessible text matches (keyboard-only navigation). */
async function tabTo(page: Page, text: RegExp, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (text.test(await focused(page))) return;
  }
  throw new Error(`nothing matching ${text} reached with Tab`);
}

/** In the page: has this <img> loaded a picture? */
const loadedImage = (img: unknown) => {
  const i = img as { complete: boolean; naturalWidth: number };
  return i.complete && i.naturalWidth > 0;
};

/** Console errors, but not the browser's "Failed to load resource" lines of expected 4xx answers. */
const realErrors = (v: Shopper) => v.errors.filter((e) => !e.includes('Failed to load resource'));

const productHtml = async (slug: string) =>
  (await s.request<string>('GET', `/product-page/${slug}`, { headers: { accept: 'text/html' } })).body;
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as Record<
    string,
    unknown
  >;

describe.skipIf(!hasChromium || !built)('reviews in the storefront', () => {
  let mugId = '';

  it('a member writes a review with a photo by keyboard; once approved it shows with its photo, summary, JSON-LD and card stars', async () => {
    const mug = await s.request<{ product: { id: string } }>('GET', `/stores/v3/products/slug/${MUG}`);
    mugId = mug.body.product.id;
    // No reviews yet: the page says so, and its JSON-LD has no rating.
    const before = await productHtml(MUG);
    expect(before).toContain('No reviews yet.');
    expect(jsonLd(before)).not.toHaveProperty('aggregateRating');

    const email = `reviewer-${Date.now()}@example.test`;
    const registered = await s.request('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email }, password: PASSWORD, profile: { firstName: 'Grace', lastName: 'Hopper' } },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);

    const v = await shopper(browser, s.url, 1280);
    const { page } = v;
    // Playwright starts intercepting file choosers when the first 'filechooser' listener is added,
    // without waiting for the browser to confirm. Added by the waitForEvent just before the key
    // press, that can race the press on a loaded machine (once, the wait timed out), so the page
    // intercepts them from the start.
    page.on('filechooser', () => {});
    await signInAt(page, `/product-page/${MUG}`, email, PASSWORD);
    await reviewsHydrated(page);
    const reviews = page.getByRole('region', { name: 'Customer reviews' });
    await reviews.getByText('No reviews yet.').waitFor();

    // "Write a review" with the keyboard: the form opens with focus on its heading.
    await tabTo(page, /^Write a review$/);
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Write a review' });
    await form.waitFor();
    await expect.poll(() => focused(page)).toBe('Write a review');
    // Sending without stars: the rating is asked for, and focus goes to it.
    await tabTo(page, /^Submit review$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => form.innerText()).toContain('Choose a rating from 1 to 5 stars.');
    await expect.poll(() => focused(page)).toMatch(/^1 star/);
    // The stars are a radio group: the arrow keys move from 1 to 4.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => form.getByRole('radio', { name: /^4 stars/ }).isChecked()).toBe(true);
    await expect.poll(() => focused(page)).toMatch(/^4 stars/);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Title (optional)');
    await page.keyboard.type('Holds heat well');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Your review (optional)');
    await page.keyboard.type('My morning coffee stays warm. The glaze is lovely.');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Photos (optional)');
    // The file chooser opens from the keyboard; the photo uploads at once, with a progress bar.
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (
      await chooser
    ).setFiles({
      name: 'mug.png',
      mimeType: 'image/png',
      buffer: await png(640, 480, { r: 40, g: 90, b: 160 }),
    });
    const progress = form.getByRole('progressbar', { name: 'mug.png' });
    await progress.waitFor();
    await expect
      .poll(() =>
        progress.evaluate((p) => {
          const bar = p as unknown as { value: number; max: number };
          return `${bar.value}/${bar.max}`;
        }),
      )
      .toMatch(/^(\d+)\/\1$/);
    await expect.poll(() => form.innerText()).toContain('Uploaded');
    await expectAccessible(page, 'review form with a photo');
    await shot(page, 'write-review-1280');
    await tabTo(page, /^Submit review$/);
    await page.keyboard.press('Enter');
    const thanks = reviews.getByRole('status').filter({ hasText: 'Thanks!' });
    await thanks.waitFor({ timeout: 15_000 });
    expect(await thanks.innerText()).toBe('Thanks! Your review will appear once the store approves it.');
    await expect.poll(() => focused(page)).toContain('Thanks!');

    // The author sees their review at once, marked as waiting; nobody else does yet.
    const mine = (await reviewsOf(s, mugId))[0]!;
    expect(mine).toMatchObject({
      content: { title: 'Holds heat well', rating: 4, media: [{ image: { id: expect.any(String) } }] },
      author: { authorName: expect.stringMatching(/Grace/), authorType: 'MEMBER' },
      moderation: { moderationStatus: 'IN_MODERATION' },
    });
    await expect.poll(() => reviews.innerText()).toContain('Awaiting approval');
    expect(await productHtml(MUG)).not.toContain('Holds heat well');

    // The store approves it (admin API).
    const approved = await s.admin('PATCH', `/reviews/v1/reviews/${mine.id}/moderate`, {
      status: 'APPROVED',
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const summary = await s.request<{ summaries: RatingSummary[] }>(
      'GET',
      `/reviews/v1/summaries?namespace=stores&entityIds=${mugId}`,
    );
    expect(summary.body.summaries[0]).toMatchObject({ count: 1, averageRating: 4 });

    // The server-rendered page carries it, and its JSON-LD the rating and the review.
    const html = await productHtml(MUG);
    expect(html).toContain('Holds heat well');
    expect(html.replace(/<!-- -->/g, '')).toContain('Based on 1 review');
    expect(jsonLd(html)).toMatchObject({
      '@type': 'Product',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1 },
      review: [
        {
          '@type': 'Review',
          reviewRating: { '@type': 'Rating', ratingValue: 4 },
          author: { '@type': 'Person', name: expect.stringMatching(/Grace/) },
          name: 'Holds heat well',
        },
      ],
    });

    await page.reload();
    await hydrated(page);
    await reviewsHydrated(page);
    await expect.poll(() => reviews.innerText()).toContain('Holds heat well');
    expect(await reviews.innerText()).not.toContain('Awaiting approval');
    expect(await reviews.getByTestId('rating-summary').innerText()).toContain('Based on 1 review');
    expect(
      await reviews.getByRole('list', { name: 'Ratings by stars' }).getByRole('listitem').nth(1).innerText(),
    ).toMatch(/4 stars\s*1/);
    // The photo: a thumbnail that opens the lightbox; Escape closes it and focus returns.
    const thumb = reviews.getByRole('button', { name: /^Open photo 1 from Grace/ });
    await expect.poll(() => thumb.locator('img').evaluate(loadedImage)).toBe(true);
    await tabTo(page, /^Open photo 1/);
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: 'Photo' });
    await lightbox.waitFor();
    await expect.poll(() => lightbox.locator('img').evaluate(loadedImage)).toBe(true);
    await expectAccessible(page, 'lightbox');
    await shot(page, 'lightbox-1280');
    await page.keyboard.press('Escape');
    await expect.poll(() => lightbox.count()).toBe(0);
    await expect.poll(() => focused(page)).toMatch(/^Open photo 1/);
    await expectAccessible(page, 'product page with a review');
    await shot(page, 'product-reviews-1280');

    // The product card shows the stars: one summaries request for the whole page of cards.
    const summaryCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/reviews/v1/summaries')) summaryCalls.push(r.url());
    });
    await page.goto('/');
    await hydrated(page);
    // The home page's best sellers (read in the browser) ask for their own cards' summaries first.
    await page.getByRole('region', { name: 'Best sellers' }).waitFor();
    await expect.poll(() => summaryCalls.length).toBe(1);
    summaryCalls.length = 0;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).press('Enter');
    await page.waitForURL(/\/shop$/);
    await expect.poll(() => summaryCalls.length).toBe(1);
    await expect.poll(() => page.locator('main li h3').count()).toBe(12);
    expect(new URL(summaryCalls[0]!).searchParams.getAll('entityIds')).toHaveLength(12);
    await page.getByLabel('Search', { exact: true }).fill('mug');
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await page.waitForURL(/q=mug/);
    const card = page.locator('main li').filter({ hasText: 'Stoneware Coffee Mug' });
    await expect.poll(() => card.innerText()).toContain('4.0');
    expect(await card.innerText()).toContain('Rated 4.0 out of 5, 1 review');
    await shot(page, 'catalog-ratings-1280');
    await expectAccessible(page, 'catalog with ratings');
    expect(realErrors(v)).toEqual([]);
    await v.close();
  });

  it('an iPhone photo (HEIC) is taken: its kind stands in for the preview Chromium cannot draw, and once approved it shows as a picture', async () => {
    const slug = 'linen-button-down-shirt';
    const email = `heic-${Date.now()}@example.test`;
    const registered = await s.request('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email }, password: PASSWORD, profile: { firstName: 'Hedy', lastName: 'Lamarr' } },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const v = await shopper(browser, s.url, 375);
    const { page } = v;
    await signInAt(page, `/product-page/${slug}`, email, PASSWORD);
    await reviewsHydrated(page);
    const reviews = page.getByRole('region', { name: 'Customer reviews' });
    await reviews.getByRole('button', { name: 'Write a review' }).press('Enter');
    const form = page.getByRole('form', { name: 'Write a review' });
    await form.waitFor();
    await form.getByRole('radio', { name: /^5 stars/ }).press('Space');
    expect(await form.innerText()).toContain('JPEG, PNG, WebP, GIF, AVIF or HEIC');
    await form.getByLabel('Photos (optional)').setInputFiles({
      name: 'IMG_0042.HEIC',
      mimeType: 'image/heic',
      buffer: await heic({ width: 320, height: 240, colour: 'green' }),
    });
    await expect.poll(() => form.innerText()).toContain('Uploaded');
    expect(await form.getByRole('listitem').filter({ hasText: 'IMG_0042.HEIC' }).innerText()).toMatch(
      /^HEIC/,
    );
    await expectAccessible(page, 'review form with a HEIC photo');
    await form.getByRole('button', { name: 'Submit review' }).press('Enter');
    await reviews.getByRole('status').filter({ hasText: 'Thanks!' }).waitFor({ timeout: 15_000 });

    const product = await s.request<{ product: { id: string } }>('GET', `/stores/v3/products/slug/${slug}`);
    const mine = (await reviewsOf(s, product.body.product.id)).find((r) =>
      r.author?.authorName?.includes('Hedy'),
    )!;
    const approved = await s.admin('PATCH', `/reviews/v1/reviews/${mine.id}/moderate`, {
      status: 'APPROVED',
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    // Approved at once, the photo may still be in the making: the server answers 409 FILE_NOT_READY
    // (here its first answer, always) and the thumbnail asks again rather than staying empty.
    let asked = 0;
    await page.route(/\/v1\/fill\/w_160,h_160,/, (route) =>
      asked++ === 0
        ? route.fulfill({ status: 409, contentType: 'application/json', body: '{"message":"not ready"}' })
        : route.fallback(),
    );
    await page.reload();
    await hydrated(page);
    await reviewsHydrated(page);
    const thumb = reviews.getByRole('button', { name: /^Open photo 1 from Hedy/ });
    await expect.poll(() => thumb.locator('img').evaluate(loadedImage), { timeout: 60_000 }).toBe(true);
    expect(asked).toBeGreaterThan(1);
    await page.unroute(/\/v1\/fill\/w_160,h_160,/);
    expect(realErrors(v)).toEqual([]);
    await v.close();
  });

  it('a visitor reviews with name and e-mail; a second review by the same e-mail is refused clearly (375 px)', async () => {
    const v = await shopper(browser, s.url, 375);
    const { page } = v;
    await page.goto(`/product-page/${MUG}`);
    await hydrated(page);
    await reviewsHydrated(page);
    const reviews = page.getByRole('region', { name: 'Customer reviews' });
    const write = async () => {
      await reviews.getByRole('button', { name: 'Write a review' }).press('Enter');
      const form = page.getByRole('form', { name: 'Write a review' });
      await form.waitFor();
      await form.getByRole('radio', { name: /^5 stars/ }).press('Space');
      await form.getByLabel('Your name').fill('Ada');
      await form.getByLabel('E-mail').fill('ada.visitor@example.test');
      await form.getByLabel('Your review (optional)').fill('Great mug.');
      return form;
    };
    let form = await write();
    // Visitors cannot upload: the form offers signing in instead.
    expect(await form.getByLabel('Photos (optional)').count()).toBe(0);
    await expectAccessible(page, 'visitor review form');
    await shot(page, 'write-review-375');
    await form.getByRole('button', { name: 'Submit review' }).press('Enter');
    await reviews.getByRole('status').filter({ hasText: 'Thanks!' }).waitFor({ timeout: 15_000 });

    // Another visit with the same e-mail address: one review per author and product.
    await page.reload();
    await hydrated(page);
    await reviewsHydrated(page);
    form = await write();
    await form.getByRole('button', { name: 'Submit review' }).press('Enter');
    await expect
      .poll(() => form.getByRole('alert').allInnerTexts(), { timeout: 15_000 })
      .toContainEqual('You already reviewed this product.');
    expect(realErrors(v)).toEqual([]);
    await v.close();
  });

  it('pages reviews with "show more", sorts them, shows the store\'s reply and the verified badge', async () => {
    const beanie = (
      await s.request<{ product: { id: string } }>('GET', '/stores/v3/products/slug/wool-beanie')
    ).body.product.id;
    const ratings = [5, 3, 4, 1, 5, 2, 4];
    const bulk = await s.admin<{ results: { review?: WireReview }[] }>(
      'POST',
      '/reviews/v1/bulk/reviews/create',
      {
        returnEntity: true,
        reviews: ratings.map((rating, i) => ({
          namespace: 'stores',
          entityId: beanie,
          content: { rating, title: `Beanie review ${i + 1}`, body: 'Warm and soft. '.repeat(i + 1) },
          author: { authorName: `Shopper ${i + 1}` },
          verified: i === 0,
        })),
      },
    );
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    const created = bulk.body.results.map((r) => r.review);
    expect(
      created.map((r) => r?.content.rating),
      JSON.stringify(bulk.body),
    ).toEqual(ratings);
    const first = created[0]!;
    const replied = await s.admin('PATCH', `/reviews/v1/reviews/${first.id}/reply`, {
      message: 'Thank you, Shopper 1!',
    });
    expect(replied.status, JSON.stringify(replied.body)).toBe(200);

    const v = await shopper(browser, s.url, 1280);
    const { page } = v;
    await page.goto('/product-page/wool-beanie');
    await hydrated(page);
    await reviewsHydrated(page);
    const reviews = page.getByRole('region', { name: 'Customer reviews' });
    const list = reviews.getByRole('list', { name: 'Reviews' });
    const titles = () => list.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(await titles()).toHaveLength(5);
    expect(await reviews.getByTestId('rating-summary').innerText()).toContain('Based on 7 reviews');
    // The verified one with the most text ranks first (most relevant), with the store's reply.
    const top = list.getByRole('article').first();
    expect(await top.innerText()).toMatch(
      /Beanie review 1[\s\S]*Verified purchase[\s\S]*Reply from Vitrine Demo Store\s*Thank you, Shopper 1!/,
    );
    await tabTo(page, /^Show more reviews$/);
    await page.keyboard.press('Enter');
    await expect.poll(titles).toHaveLength(7);
    // Focus moves to the first review it added.
    await expect.poll(() => focused(page)).toMatch(/^Beanie review|out of 5 stars/);
    expect(await reviews.getByRole('button', { name: 'Show more reviews' }).count()).toBe(0);
    await reviews.getByLabel('Sort reviews').selectOption('lowest');
    await expect.poll(async () => (await titles())[0]).toMatch(/^1 out of 5 stars:\s*Beanie review 4$/);
    expect(await titles()).toHaveLength(5);
    await reviews.getByLabel('Sort reviews').selectOption('highest');
    await expect
      .poll(async () => (await titles()).slice(0, 2).map((t) => t.slice(0, 16)))
      .toEqual(['5 out of 5 stars', '5 out of 5 stars']);
    await expectAccessible(page, 'paged reviews');
    await shot(page, 'paged-reviews-1280');
    expect(realErrors(v)).toEqual([]);
    await v.close();
  });

  it('the review-request link opens a form for the order without signing in; a bad link says so', async () => {
    const product = await shopProduct(s, { name: 'Linen Tea Towel', price: '12' });
    const buyer = await visitorOf(s);
    const email = `towel-${Date.now()}@example.test`;
    const placed = await placeShopOrder(s, { auth: buyer, product, email });
    await payAsBuyer(s, buyer, placed.paymentGatewayOrderId!);
    const order = (
      await s.admin<{ order: { lineItems: { id: string }[] } }>('GET', `/ecom/v1/orders/${placed.orderId}`)
    ).body.order;
    const fulfilled = await s.admin(
      'POST',
      `/ecom/v1/fulfillments/orders/${placed.orderId}/create-fulfillment`,
      {
        fulfillment: { lineItems: order.lineItems.map((l) => ({ id: l.id })) },
      },
    );
    expect(fulfilled.status, JSON.stringify(fulfilled.body)).toBe(200);
    // The request is sent `requestDelayDays` (7) after fulfilment.
    await s.until(async () => {
      const r = await s.admin<{ reviewRequests: unknown[] }>('POST', '/reviews/v2/review-requests/query', {
        query: { filter: { 'order.id': placed.orderId } },
      });
      return r.body.reviewRequests.length > 0;
    });
    s.clock.advance(7 * DAY + 60_000);
    await s.app.jobs.runDue();
    const link = await s.until(async () => {
      const r = await s.admin<{ messages: MailMessage[] }>('POST', '/platform/v1/mail/messages/query', {
        query: { filter: { to: email } },
      });
      for (const m of r.body.messages) {
        const found = /https?:\/\/\S+\/review\?token=[\w.-]+/.exec(m.text ?? '')?.[0];
        if (found) return found;
      }
      return undefined;
    }, 15_000);

    const v = await shopper(browser, s.url, 375);
    const { page } = v;
    await page.goto(new URL(link).pathname + new URL(link).search);
    await hydrated(page);
    const item = page.getByRole('form', { name: 'Review Linen Tea Towel' });
    await item.waitFor();
    // The buyer's short name ("Ada L.") ends the sentence with one full stop.
    expect(await page.locator('main').innerText()).toMatch(/Thank you for your order, Ada L\. How do/);
    await expectAccessible(page, 'review link');
    await shot(page, 'review-link-375');
    await item.getByRole('radio', { name: /^1 star/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => item.getByRole('radio', { name: /^5 stars/ }).isChecked()).toBe(true);
    await item.getByLabel('Title (optional)').fill('Soaks up everything');
    await item.getByRole('button', { name: 'Submit review' }).press('Enter');
    // The store moderates by hand (the default): the buyer learns the review waits for it.
    await page
      .getByRole('status')
      .filter({ hasText: 'Thanks! Your review will appear once the store approves it.' })
      .waitFor({ timeout: 15_000 });
    const sent = (await reviewsOf(s, product.productId))[0]!;
    expect(sent).toMatchObject({ content: { title: 'Soaks up everything', rating: 5 }, verified: true });

    // Opened again: the item is reviewed already.
    await page.reload();
    await hydrated(page);
    await page.getByText('Already reviewed. Thank you!').waitFor();
    expect(await page.getByRole('form').count()).toBe(0);

    // A tampered link.
    await page.goto(`/review?token=${'x'.repeat(40)}`);
    await hydrated(page);
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContainEqual('This review link has expired or is not valid.');
    await expectAccessible(page, 'invalid review link');
    await shot(page, 'review-link-invalid-375');
    expect(realErrors(v)).toEqual([]);
    await v.close();
  });
});
