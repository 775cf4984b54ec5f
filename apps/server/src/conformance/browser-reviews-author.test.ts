/**
 * A review's author in the storefront (apps/storefront), in real Chromium at 375 px against a real
 * server with the demo store: a member's review holding a long unbroken word widens neither the
 * dashboard's moderation list and reply dialog, where the owner approves and answers it, nor the
 * product page; the product page then offers "Edit your review" instead of a second review; the
 * member chooses the name their reviews show (in the account: the review shows it), edits it (back
 * to the store for approval), reads "Not published" once the store rejects
 * it, and deletes it after confirming, with focus and announcements for keyboard and
 * screen-reader users. axe-core on every step.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { reviewsOf } from '../test/reviews.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { setUpOwner } from '../test/staff.ts';
import {
  expectAccessible,
  hydrated,
  shopper,
  focused,
  reviewsHydrated,
  signInAt,
} from '../test/storefront.ts';

const built =
  existsSync(join(appDist('storefront'), 'server', 'entry-server.js')) &&
  existsSync(join(appDist('dashboard'), 'index.html'));
const PASSWORD = 'Correct-Horse-42';
const MUG = 'stoneware-coffee-mug';
/** What shoppers paste: a link, a product code, "!!!!…": one word wider than any phone. */
const LONG_WORD = `https://example.test/${'a1b2c3d4'.repeat(40)}`;
/** A title as long as the form takes (100 characters), nearly all one word. */
const LONG_TITLE = `Look here ${'a1b2c3d4'.repeat(11)}`;

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

if (!built) console.warn('Reviews author browser tests SKIPPED: run "npm run build" first.');

const pageWidth = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');

describe.skipIf(!hasChromium || !built)('a review author in the storefront', () => {
  it('a long word wraps; the member edits their review, sees it rejected, and deletes it (375 px)', async () => {
    const mugId = (await s.request<{ product: { id: string } }>('GET', `/stores/v3/products/slug/${MUG}`))
      .body.product.id;
    const email = `author-${Date.now()}@example.test`;
    const registered = await s.request('POST', '/_api/iam/authentication/v2/register', {
      body: {
        loginId: { email },
        password: PASSWORD,
        profile: { firstName: 'Edsger', lastName: 'Dijkstra' },
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);

    const v = await shopper(browser, s.url, 375);
    const { page } = v;
    await signInAt(page, `/product-page/${MUG}`, email, PASSWORD);
    await reviewsHydrated(page);
    const reviews = page.getByRole('region', { name: 'Customer reviews' });

    // The member writes a review whose title and text are long words.
    await reviews.getByRole('button', { name: 'Write a review' }).press('Enter');
    let form = page.getByRole('form', { name: 'Write a review' });
    // The member is told the name the review will show, and where it changes.
    await expect.poll(() => form.innerText()).toContain('Shown as Edsger Dijkstra.');
    expect(await form.getByRole('link', { name: 'Change the name' }).getAttribute('href')).toBe('/account');
    await form.getByRole('radio', { name: /^3 stars/ }).press('Space');
    await form.getByLabel('Title (optional)').fill(LONG_TITLE);
    await form.getByLabel('Your review (optional)').fill(LONG_WORD);
    await form.getByRole('button', { name: 'Submit review' }).press('Enter');
    await reviews.getByRole('status').filter({ hasText: 'Thanks!' }).waitFor({ timeout: 15_000 });
    const written = (await reviewsOf(s, mugId))[0]!;
    expect(written.content.body).toBe(LONG_WORD);

    // The owner, on a phone, moderates it: the list and the reply dialog keep to the screen's width.
    const owner = await setUpOwner(s);
    const desk = await browser.newContext({ viewport: { width: 375, height: 800 }, baseURL: s.url });
    await desk.addCookies([
      { name: 'vitrine_staff', value: owner.cookie!, url: s.url, httpOnly: true, sameSite: 'Strict' },
    ]);
    const dash = await desk.newPage();
    await dash.goto('/dashboard/reviews');
    const approve = dash.getByRole('button', { name: 'Approve the review by Edsger Dijkstra' });
    await approve.waitFor();
    expect(await pageWidth(dash)).toBeLessThanOrEqual(375);
    await expectAccessible(dash, 'moderation list with a long word');
    await approve.click();
    await dash
      .getByRole('status')
      .filter({ hasText: 'The review by Edsger Dijkstra is approved.' })
      .waitFor();
    await dash.goto('/dashboard/reviews?status=APPROVED');
    await dash.getByRole('link', { name: 'Reply to the review by Edsger Dijkstra' }).click();
    const dialog = dash.getByRole('dialog', { name: 'Reply to the review' });
    await dialog.waitFor();
    expect(await pageWidth(dash)).toBeLessThanOrEqual(375);
    expect(
      await dialog.evaluate((d) => {
        const box = d as unknown as { scrollWidth: number; clientWidth: number };
        return box.scrollWidth <= box.clientWidth;
      }),
    ).toBe(true);
    await dialog.getByLabel('Reply').fill('Thank you, Edsger!');
    await dialog.getByRole('button', { name: 'Save reply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await desk.close();
    expect((await reviewsOf(s, mugId))[0]).toMatchObject({
      moderation: { moderationStatus: 'APPROVED' },
      reply: { message: 'Thank you, Edsger!' },
    });

    // Published, it wraps inside the page; the member is offered their review to edit, not a second one.
    await page.reload();
    await hydrated(page);
    await reviewsHydrated(page);
    await expect.poll(() => reviews.innerText()).toContain('Look here');
    expect(await reviews.innerText()).toContain('Thank you, Edsger!');
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    const editMine = reviews.getByRole('button', { name: 'Edit your review' });
    await editMine.waitFor();
    expect(await reviews.getByRole('button', { name: 'Write a review' }).count()).toBe(0);
    // The review itself carries Edit and Delete too.
    const mine = reviews.getByRole('article', { name: /Look here/ });
    expect(await mine.getByRole('button').allInnerTexts()).toEqual(['Edit', 'Delete']);
    await expectAccessible(page, 'own review');

    // In the account, the member chooses the name their reviews show: this one shows it too.
    await page.goto('/account');
    await hydrated(page);
    const shown = page.getByLabel('Name shown on your reviews');
    expect(await shown.inputValue()).toBe('');
    await shown.fill('E. W. Dijkstra');
    await page.getByRole('button', { name: 'Save profile' }).press('Enter');
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContainEqual('Your profile is saved.');
    await expectAccessible(page, 'profile with the name on reviews');
    await expect.poll(async () => (await reviewsOf(s, mugId))[0]?.author?.authorName).toBe('E. W. Dijkstra');
    await page.goto(`/product-page/${MUG}`);
    await hydrated(page);
    await reviewsHydrated(page);
    expect(await mine.innerText()).toContain('E. W. Dijkstra');
    expect(await mine.innerText()).not.toContain('Edsger Dijkstra');
    // A reload of the account shows the name kept.
    await page.goto('/account');
    await hydrated(page);
    await expect.poll(() => shown.inputValue()).toBe('E. W. Dijkstra');
    await page.goto(`/product-page/${MUG}`);
    await hydrated(page);
    await reviewsHydrated(page);

    // Editing by keyboard: the form opens on its heading, filled with the review.
    await editMine.press('Enter');
    form = page.getByRole('form', { name: 'Edit your review' });
    await form.waitFor();
    await expect.poll(() => focused(page)).toBe('Edit your review');
    expect(await form.getByRole('radio', { name: /^3 stars/ }).isChecked()).toBe(true);
    expect(await form.getByLabel('Your review (optional)').inputValue()).toBe(LONG_WORD);
    await form.getByRole('radio', { name: /^3 stars/ }).focus();
    await page.keyboard.press('ArrowRight');
    await form.getByLabel('Title (optional)').fill('Changed my mind');
    await form.getByLabel('Your review (optional)').fill('The glaze chipped after a week.');
    await expectAccessible(page, 'edit form');
    await form.getByRole('button', { name: 'Save changes' }).press('Enter');
    const saved = reviews.getByRole('status').filter({ hasText: 'Your changes are saved' });
    await saved.waitFor({ timeout: 15_000 });
    expect(await saved.innerText()).toBe(
      'Your changes are saved. They will appear once the store approves them.',
    );
    const edited = (await reviewsOf(s, mugId))[0]!;
    expect(edited).toMatchObject({
      id: written.id,
      content: { title: 'Changed my mind', body: 'The glaze chipped after a week.', rating: 4 },
      moderation: { moderationStatus: 'IN_MODERATION' },
    });
    await expect.poll(() => reviews.innerText()).toContain('Awaiting approval: only you can see it');

    // The store rejects it: its author reads that it is not published.
    expect(
      (await s.admin('PATCH', `/reviews/v1/reviews/${written.id}/moderate`, { status: 'REJECTED' })).status,
    ).toBe(200);
    await page.reload();
    await hydrated(page);
    await reviewsHydrated(page);
    await expect.poll(() => reviews.innerText()).toContain('Not published: only you can see it');
    expect(await reviews.innerText()).not.toContain('Awaiting approval');

    // Deleting asks first; "Keep it" changes nothing and gives focus back.
    await reviews.getByRole('button', { name: 'Delete', exact: true }).press('Enter');
    const ask = reviews.getByRole('group', { name: 'Delete your review? This cannot be undone.' });
    await ask.waitFor();
    await expect.poll(() => focused(page)).toBe('Delete review');
    await expectAccessible(page, 'delete question');
    await ask.getByRole('button', { name: 'Keep it' }).press('Enter');
    await expect.poll(() => focused(page)).toBe('Delete');
    expect(await reviewsOf(s, mugId)).toHaveLength(1);
    await reviews.getByRole('button', { name: 'Delete', exact: true }).press('Enter');
    await reviews.getByRole('button', { name: 'Delete review' }).press('Enter');
    await expect
      .poll(() => reviews.getByRole('status').allInnerTexts())
      .toContainEqual('Your review is deleted.');
    await expect.poll(() => focused(page)).toBe('Write a review');
    expect(await reviews.innerText()).not.toContain('Changed my mind');
    expect(await reviewsOf(s, mugId)).toHaveLength(0);
    await expectAccessible(page, 'review deleted');
    expect(v.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await v.close();
  });
});
