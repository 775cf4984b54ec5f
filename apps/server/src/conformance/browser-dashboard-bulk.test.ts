/**
 * Selecting beyond the page in the orders list, in real Chromium against a real server: 25 orders
 * match a search and the list shows 20; the owner ticks the page, selects all matching orders, and
 * tags the 25 in one go (the 3 orders the search does not find stay as they were); unticking one
 * order goes back to the page's ticks; "Clear selection" clears them. axe at 1280 and 375 px.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser, staffContext } from '../test/browser.ts';
import { orderBody } from '../test/orders.ts';
import type { TestServer } from '../test/server.ts';
import { setUpOwner, staffServer } from '../test/staff.ts';
import { checkBothWidths, watchErrors } from '../test/storefront.ts';

const built = existsSync(join(appDist('dashboard'), 'index.html'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'dashboard');
if (!built) console.warn('Orders bulk selection browser tests SKIPPED: run "npm run build" first.');

let s: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
const watch = (p: Page) => watchErrors(p, errors, { failedLoads: false });

/** The orders carrying `tag`, as the API finds them (their buyers' e-mails, sorted). */
async function taggedWith(tag: string): Promise<string[]> {
  const r = await s.admin<{ orders: { buyerInfo: { email: string } }[] }>('POST', '/ecom/v1/orders/search', {
    search: { filter: { 'tags.tags.tagIds': { $hasAll: [tag] } }, cursorPaging: { limit: 100 } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.orders.map((o) => o.buyerInfo.email).sort();
}

beforeAll(async () => {
  if (!hasChromium || !built) return;
  s = await staffServer();
  const owner = await setUpOwner(s);
  const place = async (email: string) => {
    const r = await s.admin(
      'POST',
      '/ecom/v1/orders',
      orderBody({ email, settings: { orderApprovalStrategy: 'DEFAULT' } }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  for (let i = 0; i < 3; i++) await place(`other-${i}@example.test`);
  for (let i = 0; i < 25; i++) await place(`wave-${String(i).padStart(2, '0')}@example.test`);
  browser = await launchBrowser();
  context = await staffContext(browser, s, owner);
  page = await context.newPage();
  watch(page);
  mkdirSync(ARTIFACTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

describe.skipIf(!hasChromium || !built)('selecting every matching order', () => {
  it('selects the 25 orders a search finds across pages, tags them in one go, and clears', async () => {
    await page.goto('/dashboard/orders?q=wave-');
    await page.getByRole('status').filter({ hasText: 'Showing 20 orders matching the filters' }).waitFor();
    const bar = page.getByRole('group', { name: 'Selected orders' });
    // Nothing beyond the page is offered until the page is ticked.
    expect(await bar.getByRole('button', { name: /Select all matching orders/ }).count()).toBe(0);
    await bar.getByLabel('Select all on this page').check();
    await bar.getByText('All orders on this page are selected.').waitFor();
    await bar.getByRole('button', { name: 'Select all matching orders (up to 100)' }).click();
    await bar.getByText('All 25 matching orders are selected.').waitFor();
    await bar.getByRole('button', { name: 'Tag selected (25)' }).waitFor();
    await checkBothWidths(browser, page, { name: 'orders-all-matching', dir: ARTIFACTS, watch });

    await bar.getByRole('button', { name: 'Tag selected (25)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tag selected orders' });
    await dialog.getByLabel('Tag').fill('wave-1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Tagged 25 orders “wave-1”.').waitFor();
    const tagged = await taggedWith('wave-1');
    expect(tagged).toHaveLength(25);
    expect(tagged.every((e) => e.startsWith('wave-'))).toBe(true);

    // Unticking one order goes back to this page's ticks: the other 19.
    await page
      .getByLabel(/^Select order #/)
      .first()
      .uncheck();
    await bar.getByRole('button', { name: 'Tag selected (19)' }).waitFor();
    expect(await bar.getByText(/matching orders are selected/).count()).toBe(0);
    expect(await bar.getByLabel('Select all on this page').isChecked()).toBe(false);

    // All again, then cleared.
    await bar.getByLabel('Select all on this page').check();
    await bar.getByRole('button', { name: 'Select all matching orders (up to 100)' }).click();
    await bar.getByText('All 25 matching orders are selected.').waitFor();
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    await bar.getByRole('button', { name: 'Tag selected (0)' }).waitFor();
    expect(
      await page
        .getByLabel(/^Select order #/)
        .evaluateAll((boxes) => boxes.filter((b) => (b as unknown as { checked: boolean }).checked).length),
    ).toBe(0);

    // Another search: a selection made for the one before does not carry over.
    await bar.getByLabel('Select all on this page').check();
    await bar.getByRole('button', { name: 'Select all matching orders (up to 100)' }).click();
    await bar.getByText('All 25 matching orders are selected.').waitFor();
    await page.goto('/dashboard/orders?q=other-');
    await page.getByRole('status').filter({ hasText: 'Showing 3 orders matching the filters' }).waitFor();
    await page
      .getByRole('group', { name: 'Selected orders' })
      .getByRole('button', { name: 'Tag selected (0)' })
      .waitFor();
    expect(errors).toEqual([]);
  });
});
