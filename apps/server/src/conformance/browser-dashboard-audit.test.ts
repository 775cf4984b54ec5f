/**
 * The dashboard audit's findings (.scratch/audit-dash.md), fixed, in real Chromium against a real
 * server, the owner signed in by cookie (`staffContext`): deleting a product lands on the list with
 * "… was deleted."; Home's "payments to capture" counts and lists the same orders (a canceled one
 * still holding money in, a voided one out); "Staff changes" shows the merchant's own action at
 * once, in plain words and the page's date format; the Timeline says what a capture took; a capture
 * refused because the payment was voided elsewhere leaves the page current; "#10001" finds order
 * 10001; the phone menu closes with Escape; the media library imports a file from a web address,
 * showing it importing, then ready, and a refused address's reason.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser, staffContext } from '../test/browser.ts';
import { collector, newOrder, pay, prepare } from '../test/payments.ts';
import type { TestServer } from '../test/server.ts';
import { shopProduct } from '../test/shop.ts';
import { setUpOwner, staffServer } from '../test/staff.ts';
import { expectAccessible, phoneLike } from '../test/storefront.ts';

const built = existsSync(join(appDist('dashboard'), 'index.html'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'dashboard');
if (!built) console.warn('Dashboard audit browser tests SKIPPED: run "npm run build" first.');

let s: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let fixture: Server;
let fixtureUrl = '';
let png: Buffer;
const errors: string[] = [];
/** Card authorizations only (delayed capture): one to void, one whose order is canceled, one left held. */
const orders = {} as Record<
  'voided' | 'canceled' | 'held',
  { id: string; number: string; paymentId: string }
>;

async function authorized(total: string) {
  const order = await newOrder(s, { total });
  const paid = await pay(s, await prepare(s, order.id, total, { delayedCapture: true }));
  expect(paid.body.status).toBe('AUTHORIZED');
  const o = await s.admin<{ order: { number: string } }>('GET', `/ecom/v1/orders/${order.id}`);
  return { id: order.id, number: o.body.order.number, paymentId: paid.body.paymentId };
}
const voidPayment = (o: { id: string; paymentId: string }) =>
  s.admin('POST', collector(o.id, 'void-authorized-payments'), {
    ecomOrderId: o.id,
    paymentIds: [o.paymentId],
  });

beforeAll(async () => {
  if (!hasChromium || !built) return;
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  fixture = createServer((req, res) => {
    if (req.url === '/pictures/boat.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      res.end(png);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => fixture.listen(0, '127.0.0.1', r));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  s = await staffServer({ env: { FETCH_GUARD_ALLOW: '127.0.0.1' } });
  const owner = await setUpOwner(s);
  orders.voided = await authorized('20.00');
  orders.canceled = await authorized('30.00');
  orders.held = await authorized('98.53');
  expect((await voidPayment(orders.voided)).status).toBe(200);
  const canceled = await s.admin('POST', `/ecom/v1/orders/${orders.canceled.id}/cancel`, {
    id: orders.canceled.id,
  });
  expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);

  browser = await launchBrowser();
  context = await staffContext(browser, s, owner);
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  mkdirSync(ARTIFACTS, { recursive: true });
}, 180_000);

afterEach(async (t) => {
  if (t.task.result?.state === 'fail' && page)
    await page.screenshot({
      path: join(ARTIFACTS, `failed-audit-${t.task.name.slice(0, 40).replace(/\W+/g, '-')}.png`),
      fullPage: true,
    });
});

afterAll(async () => {
  await browser?.close();
  await s?.stop();
  fixture?.close();
});

const dialog = (name: string) => page.getByRole('dialog', { name });
const staffChanges = () => page.getByRole('region', { name: 'Staff changes' });
/** "Dec 4, 2026, 4:27 PM": how the order page writes dates. */
const PAGE_DATE = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;

describe.skipIf(!hasChromium || !built)('the dashboard audit, fixed, in Chromium', () => {
  it('deletes a product and lands on the products list, which says so', async () => {
    const product = await shopProduct(s, { name: 'Throwaway', price: '5' });
    await page.goto(`/dashboard/catalog/products/${product.productId}`);
    await page.getByRole('heading', { name: 'Throwaway', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Delete product' }).click();
    await dialog('Delete product').getByRole('button', { name: 'Delete product' }).click();
    await page.waitForURL(/\/dashboard\/catalog$/);
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Throwaway was deleted.' }).waitFor();
    expect(await page.getByText('There is no such product').count()).toBe(0);
    const gone = await s.admin('GET', `/stores/v3/products/${product.productId}`);
    expect(gone.status).toBe(404);
  });

  it('counts on Home the orders holding money, and its link lists exactly those (a canceled one too)', async () => {
    await page.goto('/dashboard');
    const link = page.getByRole('region', { name: 'Needs attention' }).getByRole('link', {
      name: '2 payments to capture',
    });
    await link.click();
    await page.waitForURL(/\/dashboard\/orders\?authorization=held$/);
    await page.getByRole('status').filter({ hasText: 'Showing 2 orders matching the filters' }).waitFor();
    const table = page.getByRole('table', { name: 'Orders' });
    await table.getByRole('link', { name: `#${orders.held.number}` }).waitFor();
    await table.getByRole('link', { name: `#${orders.canceled.number}` }).waitFor();
    expect(await table.getByRole('link', { name: `#${orders.voided.number}` }).count()).toBe(0);
    // The filter is one of the list's own, shown checked.
    await page
      .getByRole('button', { name: /filters/ })
      .first()
      .waitFor();
    expect(await page.getByRole('checkbox', { name: 'Payment held, to capture or void' }).isChecked()).toBe(
      true,
    );
    await expectAccessible(page, 'orders holding payments');
  });

  it('finds an order by its number written with "#"', async () => {
    await page.goto('/dashboard/orders');
    await page.getByLabel('Search').fill(`#${orders.held.number}`);
    await page.getByLabel('Search').press('Enter');
    await page.getByRole('status').filter({ hasText: 'Showing 1 order matching the filters' }).waitFor();
    await page
      .getByRole('table', { name: 'Orders' })
      .getByRole('link', { name: `#${orders.held.number}` })
      .waitFor();
  });

  it('shows the amount of a capture in the Timeline, and its own change at once in Staff changes, in words', async () => {
    await page.goto(`/dashboard/orders/${orders.held.id}`);
    await page.getByRole('heading', { name: `Order #${orders.held.number}` }).waitFor();
    await staffChanges().getByText('No staff changes yet.').waitFor();
    await page.getByRole('link', { name: 'Capture payment' }).click();
    const capture = dialog('Capture payment');
    await capture.getByLabel(/^Amount to capture from/).fill('50.00');
    await capture.getByRole('button', { name: 'Capture' }).click();
    await capture.waitFor({ state: 'detached' });
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('Captured $50.00', { exact: true }).waitFor();

    // No reload: the log is read again after the change.
    const entry = staffChanges().getByRole('listitem').filter({ hasText: 'captured a payment' });
    await entry.waitFor();
    expect(await entry.innerText()).toMatch(/^Olive Owner captured a payment\n/);
    expect((await entry.locator('time').innerText()).trim()).toMatch(PAGE_DATE);
    expect(await staffChanges().innerText()).not.toMatch(/\bdid\b/);

    await page.getByRole('link', { name: 'Add note' }).click();
    const note = dialog('Add a note');
    await note.getByLabel('Note').fill('Called the buyer.');
    await note.getByRole('button', { name: 'Add note' }).click();
    await note.waitFor({ state: 'detached' });
    await staffChanges().getByText('Olive Owner added a note').waitFor();
  });

  it('after a capture refused because the payment was voided elsewhere, stops offering capture', async () => {
    await page.goto(`/dashboard/orders/${orders.held.id}`);
    await page.getByRole('link', { name: 'Void authorization' }).waitFor();
    await page.getByRole('link', { name: 'Capture payment' }).click();
    const capture = dialog('Capture payment');
    await capture.waitFor();
    // Another tab voids what the authorization still holds.
    expect((await voidPayment(orders.held)).status).toBe(200);
    await capture.getByRole('button', { name: 'Capture' }).click();
    await capture.getByRole('alert').waitFor();
    await capture.getByRole('button', { name: 'Cancel' }).click();
    await capture.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('link', { name: 'Capture payment' }).count(), { timeout: 10_000 })
      .toBe(0);
    expect(await page.getByRole('link', { name: 'Void authorization' }).count()).toBe(0);
  });

  it('closes the phone menu with Escape, back on the Menu button', async () => {
    const phone = await phoneLike(browser, context, s.url);
    try {
      const q = await phone.newPage();
      await q.goto('/dashboard');
      await q.getByRole('heading', { name: /^Hello/ }).waitFor();
      const menu = q.getByRole('button', { name: 'Menu' });
      await menu.focus();
      await q.keyboard.press('Enter');
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
      await q.keyboard.press('Tab');
      await q.keyboard.press('Escape');
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
      expect(await q.getByRole('navigation', { name: 'Dashboard' }).isVisible()).toBe(false);
      // In the page (this file is typed without the DOM library).
      const focused = await menu.evaluate(
        (el) =>
          el === (el as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement,
      );
      expect(focused).toBe(true);
    } finally {
      await phone.close();
    }
  });

  it('imports a file from a web address: importing, then ready; a refused address says why', async () => {
    await page.goto('/dashboard/media');
    await page.getByRole('heading', { name: 'Media library', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Import from URL' }).click();
    await page.waitForURL(/\/dashboard\/media\?dialog=import$/);
    const form = dialog('Import from URL');
    // Checked before asking.
    await form.getByLabel('Web address').fill('ftp://example.com/a.png');
    await form.getByRole('button', { name: 'Import' }).click();
    await form.getByText('Only addresses starting with http:// or https:// can be imported.').waitFor();
    await expectAccessible(page, 'import dialog');

    await form.getByLabel('Web address').fill(`${fixtureUrl}/pictures/boat.png`);
    await form.getByLabel('Name (optional)').fill('Boat');
    await form.getByRole('button', { name: 'Import' }).click();
    await form.waitFor({ state: 'detached' });
    const imports = page.getByRole('list', { name: 'Imports' });
    const boat = imports.getByRole('listitem').filter({ hasText: 'Boat' });
    await boat.getByText('Ready', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('status').filter({ hasText: '1 of 1 import ready.' }).waitFor();

    // An address on a private network: accepted, then refused by the server's fetch guard.
    await page.getByRole('link', { name: 'Import from URL' }).click();
    await dialog('Import from URL').getByLabel('Web address').fill('http://10.1.2.3/secret.png');
    await dialog('Import from URL').getByRole('button', { name: 'Import' }).click();
    await dialog('Import from URL').waitFor({ state: 'detached' });
    const refused = imports.getByRole('listitem').filter({ hasText: 'secret.png' });
    await refused.getByText('Failed', { exact: true }).waitFor({ timeout: 20_000 });
    await refused.getByText(/^Refused: The address is on a private or local network/).waitFor();
    await page.getByRole('status').filter({ hasText: '1 of 2 imports ready, 1 failed.' }).waitFor();
    await expectAccessible(page, 'imports');

    const files = await s.admin<{
      files: { displayName: string; operationStatus: string; failureReason?: string }[];
    }>('GET', '/site-media/v1/files');
    expect(files.body.files.find((f) => f.displayName === 'Boat')?.operationStatus).toBe('READY');
    expect(files.body.files.find((f) => f.displayName === 'secret.png')).toMatchObject({
      operationStatus: 'FAILED',
      failureReason: expect.stringMatching(/^import refused \(ADDRESS_REFUSED\)/),
    });
    expect(errors).toEqual([]);
  });
});
