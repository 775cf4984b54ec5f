/**
 * Paying by bank transfer, the whole journey in real Chromium against a real server: the owner adds
 * a "Bank transfer" method in Settings → Payments; a shopper on a phone chooses it on the hosted
 * checkout page, reads how to pay there and in the confirmation e-mail (through a real SMTP server),
 * and follows the e-mail's link to the order's page on another device, which says the order waits
 * for the money. The owner marks the order paid from its page; the shopper is e-mailed that the
 * money arrived and, reloading the order's page, finds it paid. axe and screenshots at 1280 and 375 px.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { received, smtpSink, type SmtpSink } from '../test/back-in-stock.ts';
import { hasChromium, launchBrowser, staffContext } from '../test/browser.ts';
import type { TestServer } from '../test/server.ts';
import { shopperKit } from '../test/shop.ts';
import { setUpOwner, staffServer } from '../test/staff.ts';
import { checkBothWidths, expectAccessible, watchErrors } from '../test/storefront.ts';

const built = existsSync(join(appDist('dashboard'), 'index.html'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'dashboard');
if (!built) console.warn('Manual payment browser tests SKIPPED: run "npm run build" first.');

const IBAN = 'IBAN DE89 3704 0044 0532 0130 00';
const INSTRUCTIONS = `${IBAN}\nReference: your order number`;
const BUYER = 'grace@example.test';

let s: TestServer;
let sink: SmtpSink;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let kit: Awaited<ReturnType<typeof shopperKit>>;
const errors: string[] = [];
const watch = (p: Page) => watchErrors(p, errors, { failedLoads: false });
/** The e-mails to the buyer so far, decoded. */
const mails = () => received(sink, BUYER);

beforeAll(async () => {
  if (!hasChromium || !built) return;
  sink = await smtpSink();
  s = await staffServer({ env: { SMTP_URL: sink.url, MAIL_FROM: 'shop@example.test' } });
  const owner = await setUpOwner(s);
  kit = await shopperKit(s, '14.00');
  browser = await launchBrowser();
  context = await staffContext(browser, s, owner);
  page = await context.newPage();
  watch(page);
  mkdirSync(ARTIFACTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await sink?.close();
});

/** A visitor's checkout of two notebooks with the buyer's e-mail and name, and its hosted checkout link. */
async function checkoutLink() {
  const auth = await kit.visitor();
  const made = await s.request<{ checkout: { id: string } }>('POST', '/ecom/v1/checkouts', {
    auth,
    body: { channelType: 'WEB', lineItems: [{ ...kit.line, quantity: 2 }] },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const id = made.body.checkout.id;
  const patched = await s.request('PATCH', `/ecom/v1/checkouts/${id}`, {
    auth,
    body: {
      checkout: {
        buyerInfo: { email: BUYER },
        shippingInfo: { shippingDestination: { contactDetails: { firstName: 'Grace', lastName: 'Hopper' } } },
      },
    },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const link = await s.request<{ checkoutUrl: string }>('GET', `/ecom/v1/checkouts/${id}/checkout-url`, {
    auth,
  });
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  return link.body.checkoutUrl;
}

describe.skipIf(!hasChromium || !built)('paying by bank transfer, shopper and merchant', () => {
  let orderId = '';
  let orderNumber = '';
  let orderPage = '';

  it('the owner adds a bank transfer in Settings → Payments', async () => {
    await page.goto('/dashboard/settings');
    await page.getByRole('link', { name: 'Payments' }).click();
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add method' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Bank transfer');
    await dialog.getByLabel('Instructions').fill(INSTRUCTIONS);
    await expectAccessible(page, 'add payment method dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.locator('main').innerText()).toContain('Bank transfer');
    const stored = await s.admin<{
      settings: { manualPaymentMethods: { name: string; instructions: string }[] };
    }>('GET', '/platform/v1/store-settings');
    expect(stored.body.settings.manualPaymentMethods).toEqual([
      { id: expect.any(String), name: 'Bank transfer', instructions: INSTRUCTIONS },
    ]);

    // Days to pay: orders whose money has not arrived by then are canceled.
    await page
      .getByRole('checkbox', { name: 'Cancel an order when its payment has not arrived in time' })
      .check();
    await page.getByLabel('Days to pay').fill('0');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Enter a number of days from 1 to 90.').waitFor();
    await page.getByLabel('Days to pay').fill('5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved: an order not paid within 5 days is canceled.').waitFor();
    const days = await s.admin<{ settings: { manualPaymentCancelDays: number | null } }>(
      'GET',
      '/platform/v1/store-settings',
    );
    expect(days.body.settings.manualPaymentCancelDays).toBe(5);
    await page.reload();
    expect(await page.getByLabel('Days to pay').inputValue()).toBe('5');
    await expectAccessible(page, 'payments settings with days to pay');
    await checkBothWidths(browser, page, { name: 'settings-payments', dir: ARTIFACTS, watch });
  });

  it('a shopper on a phone chooses it at checkout, and reads how to pay on the page and in the e-mail', async () => {
    const link = await checkoutLink();
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
    try {
      const q = await phone.newPage();
      watch(q);
      await q.goto(link);
      const methods = q.getByRole('group', { name: 'Payment method' });
      await methods.waitFor();
      // The card comes first, as before.
      expect(await methods.getByRole('radio', { name: 'Card' }).isChecked()).toBe(true);
      await q.getByLabel('Name on card').waitFor();
      await methods.getByRole('radio', { name: 'Bank transfer' }).check();
      await expect.poll(() => q.getByLabel('Name on card').count()).toBe(0);
      await expect.poll(() => q.locator('main').innerText()).toContain(IBAN);
      await expectAccessible(q, 'checkout with bank transfer chosen');
      await q.screenshot({ path: join(ARTIFACTS, 'checkout-bank-transfer-375.png'), fullPage: true });
      await q.getByRole('button', { name: 'Place order' }).click();
      await q.waitForURL(/\/checkout\/thank-you\?/, { timeout: 15_000 });
      orderId = new URL(q.url()).searchParams.get('orderId')!;
      await q.getByRole('heading', { name: 'How to pay: Bank transfer' }).waitFor();
      const thanks = await q.locator('main').innerText();
      expect(thanks).toContain(IBAN);
      expect(thanks).toContain('Reference: your order number');
      expect(thanks).toContain('$28.00');
      await expectAccessible(q, 'thank-you page awaiting a bank transfer');
      await q.screenshot({ path: join(ARTIFACTS, 'thank-you-bank-transfer-375.png'), fullPage: true });
    } finally {
      await phone.close();
    }

    const order = await s.admin<{ order: { number: string; status: string; paymentStatus: string } }>(
      'GET',
      `/ecom/v1/orders/${orderId}`,
    );
    expect(order.body.order).toMatchObject({ status: 'APPROVED', paymentStatus: 'PENDING_MERCHANT' });
    orderNumber = order.body.order.number;

    await s.until(async () => mails().some((m) => m.includes('confirmed')), 20_000);
    const confirmation = mails().find((m) => m.includes('confirmed'))!;
    expect(confirmation).toContain('To pay by Bank transfer: $28.00');
    expect(confirmation).toContain(IBAN);
    expect(confirmation).not.toContain('Paid with');
    orderPage = /View your order: (\S+)/.exec(confirmation)?.[1] ?? '';
    expect(orderPage).toMatch(/\/order-status\?token=/);

    // Another device, with nothing but the e-mail's link: the order waits for the money, and says how.
    const other = await browser.newContext({ viewport: { width: 375, height: 812 } });
    try {
      const q = await other.newPage();
      watch(q);
      await q.goto(orderPage);
      await q.getByRole('heading', { name: 'How to pay: Bank transfer' }).waitFor();
      const main = await q.locator('main').innerText();
      expect(main).toContain('Awaiting payment');
      expect(main).toContain(IBAN);
      await expectAccessible(q, 'order status awaiting a bank transfer');
      await q.screenshot({ path: join(ARTIFACTS, 'order-status-bank-transfer-375.png'), fullPage: true });
    } finally {
      await other.close();
    }
  });

  it('the owner marks it paid; the shopper is told, and the order page says paid', async () => {
    // Home says an order waits for its money, and leads to it.
    await page.goto('/dashboard');
    await page
      .getByRole('region', { name: 'Needs attention' })
      .getByRole('link', { name: '1 order awaiting payment' })
      .click();
    await page.getByRole('status').filter({ hasText: 'Showing 1 order matching the filters' }).waitFor();
    await page.getByRole('link', { name: `#${orderNumber}` }).click();
    await page.getByRole('heading', { name: `Order #${orderNumber}`, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/dashboard/orders/${orderId}`);
    const main = page.locator('main');
    await expect.poll(() => main.innerText()).toContain('Awaiting offline payment');
    // The payments section says what the buyer was told.
    await expect.poll(() => main.innerText()).toContain('Buyer was told:');
    expect(await main.innerText()).toContain(IBAN);
    await page.getByRole('link', { name: 'Mark as paid' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('$28.00');
    await expect.poll(() => dialog.innerText()).toContain('Bank transfer');
    await expectAccessible(page, 'mark as paid dialog');
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByText('Order marked as paid.').waitFor();
    await expect.poll(() => main.innerText()).not.toContain('Awaiting offline payment');
    expect(await page.getByRole('link', { name: 'Mark as paid' }).count()).toBe(0);
    // Nothing waits any more.
    const overview = await s.admin<{ attention: { paymentsAwaited: number } }>(
      'GET',
      '/platform/v1/analytics/overview?days=7',
    );
    expect(overview.body.attention.paymentsAwaited).toBe(0);
    await checkBothWidths(browser, page, { name: 'order-marked-paid', dir: ARTIFACTS, watch });

    await s.until(async () => mails().some((m) => m.includes('payment received')), 20_000);
    expect(mails().find((m) => m.includes('payment received'))).toContain('$28.00 arrived');

    const other = await browser.newContext({ viewport: { width: 375, height: 812 } });
    try {
      const q = await other.newPage();
      watch(q);
      await q.goto(orderPage);
      await q.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => q.locator('main').innerText()).toMatch(/Paid/);
      expect(await q.getByRole('heading', { name: 'How to pay: Bank transfer' }).count()).toBe(0);
      expect(await q.locator('main').innerText()).not.toContain('Awaiting payment');
    } finally {
      await other.close();
    }
    expect(errors).toEqual([]);
  });
});
