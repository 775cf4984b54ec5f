/**
 * The merchant dashboard (apps/dashboard) in real Chromium against a real server: the first owner
 * sets up their account from the printed set-up link with TOTP and lands on Home; finds the order
 * whose payment waits for capture from Home's "needs attention" and captures it; refunds part of
 * another order; fulfils a third with tracking (the buyer's shipping e-mail arrives through a real
 * SMTP server), tags it (optimistically) and notes it; signs out and in again. axe-core on every
 * page and dialog; screenshots at 1280 and 768 px in test-artifacts/dashboard (git-ignored).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { mailsTo, smtpSink } from '../test/identity.ts';
import { transactions } from '../test/payments.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { checkNarrow, expectAccessible, phoneLike } from '../test/storefront.ts';
import { NY_ADDRESS, payAsBuyer, shopProduct, STORES_APP, visitorOf } from '../test/shop.ts';
import { STAFF_PASSWORD, totpCode } from '../test/staff.ts';

const built = existsSync(join(appDist('dashboard'), 'index.html'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'dashboard');
const OWNER = { name: 'Olive Owner', email: 'olive@example.test' };

if (!built) console.warn('Dashboard browser tests SKIPPED: run "npm run build" first.');

let s: TestServer;
let smtp: Awaited<ReturnType<typeof smtpSink>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
let secret = '';
/** Three shop orders: card authorized only (delayed capture), paid, paid. */
const orders = {} as Record<
  'authorized' | 'toRefund' | 'toFulfil',
  { id: string; number: string; email: string }
>;

/** A shop order delivered to a US address, placed as a visitor and paid with the test card. */
async function paidOrder(product: { productId: string; variantId: string }, email: string) {
  const auth = await visitorOf(s);
  const made = await s.request<{ checkout: { id: string } }>('POST', '/ecom/v1/checkouts', {
    auth,
    body: {
      channelType: 'WEB',
      lineItems: [
        {
          catalogReference: {
            catalogItemId: product.productId,
            appId: STORES_APP,
            options: { variantId: product.variantId },
          },
          quantity: 2,
        },
      ],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const id = made.body.checkout.id;
  const contactDetails = { firstName: 'Ada', lastName: 'Lovelace', phone: '+1 555 0100' };
  const patched = await s.request('PATCH', `/ecom/v1/checkouts/${id}`, {
    auth,
    body: {
      checkout: {
        buyerInfo: { email },
        shippingInfo: {
          shippingDestination: {
            address: NY_ADDRESS,
            contactDetails,
          },
          selectedCarrierServiceOption: { code: 'standard' },
        },
        // Billed where it is delivered, as the hosted checkout does by default.
        billingInfo: {
          address: NY_ADDRESS,
          contactDetails,
        },
      },
    },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const placed = await s.request<{ orderId: string; paymentGatewayOrderId: string }>(
    'POST',
    `/ecom/v1/checkouts/${id}/create-order`,
    { auth, body: { id } },
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  await payAsBuyer(s, auth, placed.body.paymentGatewayOrderId);
  const order = await s.admin<{ order: { number: string } }>('GET', `/ecom/v1/orders/${placed.body.orderId}`);
  return { id: placed.body.orderId, number: order.body.order.number, email };
}

const settings = (patch: Record<string, unknown>) =>
  s.admin('PATCH', '/platform/v1/store-settings', { settings: patch }).then((r) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

beforeAll(async () => {
  if (!hasChromium || !built) return;
  smtp = await smtpSink();
  s = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      PASSWORD_HASH_MEMORY_KIB: '1024',
      CAPTCHA_COST: '1',
      MAIL_FROM: 'shop@example.test',
    },
  });
  const region = await s.admin('POST', '/ecom/v1/shipping-regions', {
    shippingRegion: {
      name: 'United States',
      destinations: [{ country: 'US' }],
      options: [
        {
          code: 'standard',
          title: 'Standard',
          deliveryTime: '3–5 business days',
          rule: { type: 'FLAT', cost: '5.99' },
        },
      ],
    },
  });
  expect(region.status, JSON.stringify(region.body)).toBe(200);
  const product = await shopProduct(s, { name: 'Linen shirt', price: '30', physical: true });
  await settings({ captureOnFulfillment: true });
  orders.authorized = await paidOrder(product, 'held@example.test');
  await settings({ captureOnFulfillment: false });
  orders.toRefund = await paidOrder(product, 'refund@example.test');
  orders.toFulfil = await paidOrder(product, 'ship@example.test');

  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: s.url });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  // 4xx answers the page expects (no session yet: 401) are logged by Chromium as failed loads.
  // Warnings count too (React Router's, for one, when the first page has nothing to show while its code loads).
  page.on('console', (m) => {
    const problem = m.type() === 'error' || m.type() === 'warning';
    if (problem && !m.text().startsWith('Failed to load resource')) errors.push(`${m.type()}: ${m.text()}`);
  });
  mkdirSync(ARTIFACTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await smtp?.close();
});

/** Full-page screenshots at 1280 px (this page) and at a phone's width (a second window with the same session). */
async function shots(p: Page, name: string) {
  await p.screenshot({ path: join(ARTIFACTS, `${name}-1280.png`), fullPage: true });
  await checkNarrow(browser, p, { name, dir: ARTIFACTS });
}

/** The order page's payment badge, and waiting for the dialog to close. */
const dialog = (p: Page, name: string) => p.getByRole('dialog', { name });

describe.skipIf(!hasChromium || !built)('the merchant dashboard in Chromium', () => {
  it('sets up the first owner from the set-up link with TOTP, and lands on Home', async () => {
    // Signed out, the dashboard sends the browser to sign in.
    await page.goto('/dashboard/orders');
    await page.waitForURL(/\/dashboard\/login\?next=%2Forders$/);
    await page.getByRole('heading', { name: 'Sign in to your store' }).waitFor();
    await expectAccessible(page, 'sign-in');

    expect(s.setupLink).toMatch(/\/dashboard\/setup\?token=/);
    await page.goto(s.setupLink!);
    await page.getByLabel('Your name').fill(OWNER.name);
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Password').fill(STAFF_PASSWORD);
    await expectAccessible(page, 'set-up, account');
    await page.getByRole('button', { name: 'Continue' }).click();

    const key = page.getByTestId('totp-secret');
    await key.waitFor();
    secret = (await key.innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByRole('img', { name: 'QR code of your sign-in key' }).waitFor();
    expect(await page.getByTestId('totp-uri').textContent()).toContain(`secret=${secret}`);
    await expectAccessible(page, 'set-up, authenticator');
    await page.screenshot({ path: join(ARTIFACTS, 'setup-totp-1280.png'), fullPage: true });

    // A wrong code is refused with the server's words; the right one signs in.
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.getByRole('alert').filter({ hasText: /code/i }).waitFor();
    await page.getByLabel('Code from the app').fill(await totpCode(s, secret));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Hello, Olive' }).waitFor();
    await page.getByRole('region', { name: 'Your account' }).getByText(OWNER.email).waitFor();
  });

  it('shows the figures of the period and what needs attention on Home', async () => {
    const attention = page.getByRole('region', { name: 'Needs attention' });
    await attention.getByRole('link', { name: '1 payment to capture' }).waitFor();
    await attention.getByRole('link', { name: '3 orders to fulfil' }).waitFor();
    // Three orders of 2 × $30 and $5.99 shipping (plus tax, if any) today.
    await page.getByRole('heading', { name: 'Orders', level: 3 }).waitFor();
    await page.getByRole('img', { name: /^Orders per day over the last 30 days; 3 in all$/ }).waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    // The period lives in the URL.
    await page.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: '7 days' }).click();
    await page.waitForURL(/\/dashboard\?days=7$/);
    await page.getByRole('heading', { name: 'Last 7 days' }).waitFor();
    await expect(
      page
        .getByRole('navigation', { name: 'Period' })
        .getByRole('link', { name: '7 days' })
        .getAttribute('aria-current'),
    ).resolves.toBe('page');
    await page.waitForLoadState('networkidle');
    // The figures as a table, newest day first: a day without orders has no average order value
    // (not $0.00), and none to convert from either.
    await page.getByText('The figures per day, as a table').click();
    const days = page.getByRole('table', { name: 'Figures per day, last 7 days' }).locator('tbody tr');
    await expect.poll(() => days.count()).toBe(7);
    const cells = async (i: number) => (await days.nth(i).locator('th, td').allInnerTexts()).slice(1);
    const [sales, count, average] = await cells(0);
    expect(count).toBe('3');
    expect(average).toBe(`$${(Number(sales!.replace(/[$,]/g, '')) / 3).toFixed(2)}`);
    expect(await cells(6)).toEqual(['$0.00', '0', '—', '—']);
    await page
      .getByRole('img', {
        name: /^Average order value per day over the last 7 days; \$[\d.]+ over the period$/,
      })
      .waitFor();
    await expectAccessible(page, 'Home');
    await shots(page, 'home');
  });

  it("captures the payment waiting for capture, found from Home's attention list", async () => {
    await page
      .getByRole('region', { name: 'Needs attention' })
      .getByRole('link', { name: '1 payment to capture' })
      .click();
    await page.waitForURL(/\/dashboard\/orders\?authorization=held$/);
    const rows = page.getByRole('table', { name: 'Orders' }).getByRole('row');
    await page.getByRole('status').filter({ hasText: 'Showing 1 order matching the filters' }).waitFor();
    await expect(rows.count()).resolves.toBe(2);
    await expectAccessible(page, 'orders, filtered');
    await shots(page, 'orders-filtered');

    await page.getByRole('link', { name: `#${orders.authorized.number}` }).click();
    await page.getByRole('heading', { name: `Order #${orders.authorized.number}` }).waitFor();
    await page.getByText('Authorized', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Capture payment' }).click();
    await page.waitForURL(/\?dialog=capture$/);
    const capture = dialog(page, 'Capture payment');
    const amount = capture.getByLabel(/^Amount to capture from/);
    const held = await amount.inputValue();
    expect(Number(held)).toBeGreaterThanOrEqual(65.99);
    await expectAccessible(page, 'capture dialog');
    await page.screenshot({ path: join(ARTIFACTS, 'capture-dialog-1280.png') });
    // More than is held is refused in the dialog; then capture it all.
    await amount.fill('9999');
    await capture.getByRole('button', { name: 'Capture' }).click();
    await capture.getByText(/^At most/).waitFor();
    await amount.fill(held);
    await capture.getByRole('button', { name: 'Capture' }).click();
    await capture.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: /^Captured \$/ })
      .waitFor();
    await page.getByText('Paid', { exact: true }).first().waitFor();
    expect(page.url()).not.toContain('dialog=');

    const txns = await transactions(s, orders.authorized.id);
    expect(txns.payments[0]?.regularPaymentDetails?.status).toBe('APPROVED');
  });

  it('refunds part of another order, with a reason', async () => {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await page.getByLabel('Search').fill(orders.toRefund.number);
    await page.getByLabel('Search').press('Enter');
    await page.waitForURL(new RegExp(`\\?q=${orders.toRefund.number}$`));
    await page.getByRole('status').filter({ hasText: 'Showing 1 order matching the filters' }).waitFor();
    await page.getByRole('link', { name: `#${orders.toRefund.number}` }).click();
    await page.getByRole('heading', { name: `Order #${orders.toRefund.number}` }).waitFor();

    await page.getByRole('link', { name: 'Refund', exact: true }).click();
    const refund = page.getByRole('dialog', { name: 'Refund', exact: true });
    await refund.getByLabel(/^Amount to refund from/).fill('10.00');
    await refund.getByLabel('Reason').fill('One shirt arrived damaged');
    await expectAccessible(page, 'refund dialog');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await refund.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Refunded $10.00.' }).waitFor();
    await page.getByText('Partly refunded', { exact: true }).first().waitFor();

    const order = await s.admin<{ order: { paymentStatus: string } }>(
      'GET',
      `/ecom/v1/orders/${orders.toRefund.id}`,
    );
    expect(order.body.order.paymentStatus).toBe('PARTIALLY_REFUNDED');
    const txns = await transactions(s, orders.toRefund.id);
    expect(txns.refunds).toHaveLength(1);
    expect(txns.refunds[0]).toMatchObject({ details: { reason: 'One shirt arrived damaged' } });
    expect(txns.refunds[0]!.transactions[0]!.amount.amount).toBe('10.00');
  });

  it("fulfils an order with tracking (the buyer's e-mail arrives over SMTP), tags it and notes it", async () => {
    await page.goto(`/dashboard/orders/${orders.toFulfil.id}`);
    await page.getByRole('heading', { name: `Order #${orders.toFulfil.number}` }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'order');
    await shots(page, 'order');
    // The address as the US post writes it (the city, the state and the ZIP on one line).
    const shipTo = page.locator('address').first();
    expect((await shipTo.innerText()).split('\n')).toEqual([
      'Ada Lovelace',
      '1 Main St',
      'New York, NY 10001',
      'United States',
      '+1 555 0100',
    ]);
    // Billed there too: said once, not written twice.
    const billing = page.getByRole('heading', { name: 'Billing address' }).locator('xpath=..');
    expect((await billing.innerText()).replace(/\s+/g, ' ')).toBe(
      'Billing address Same as the shipping address',
    );

    // The dialog is in the URL: opening the link directly opens it.
    await page.goto(`/dashboard/orders/${orders.toFulfil.id}?dialog=fulfil`);
    const fulfil = dialog(page, 'Fulfil items');
    await fulfil.waitFor();
    await fulfil.getByLabel('Carrier').selectOption('ups');
    await fulfil.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await expectAccessible(page, 'fulfil dialog');
    await fulfil.getByRole('button', { name: 'Fulfil' }).click();
    await fulfil.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: 'Fulfilled 2 items with tracking 1Z999AA10123456784.' })
      .waitFor();
    await page.getByText('Fulfilled', { exact: true }).first().waitFor();
    await page.getByRole('link', { name: '1Z999AA10123456784' }).waitFor();

    const mail = await s.until(
      async () =>
        smtp.received.find(
          (m) => m.to.includes(orders.toFulfil.email) && m.raw.includes('1Z999AA10123456784'),
        ),
      15_000,
    );
    expect(mail.raw).toContain(`Subject: My Vitrine store: order #${orders.toFulfil.number} shipped`);
    expect(mail.raw).toContain('Carrier: ups');

    // Tags: shown at once (optimistic), kept by the server.
    await page.getByRole('link', { name: 'Edit tags' }).click();
    const tags = dialog(page, 'Edit tags');
    await tags.getByLabel('New tag').fill('gift');
    await tags.getByRole('button', { name: 'Add' }).click();
    await tags.getByRole('button', { name: 'Remove tag gift' }).waitFor();
    await expectAccessible(page, 'tags dialog');
    await tags.getByRole('button', { name: 'Save tags' }).click();
    await page.getByRole('list', { name: 'Tags of this order' }).getByText('gift').waitFor();
    await page.getByRole('status').filter({ hasText: 'Tags saved.' }).waitFor();
    const tagged = await s.admin<{ order: { tags: { tags: { tagIds: string[] } } } }>(
      'GET',
      `/ecom/v1/orders/${orders.toFulfil.id}`,
    );
    expect(tagged.body.order.tags.tags.tagIds).toEqual(['gift']);

    // A note on the timeline.
    await page.getByRole('link', { name: 'Add note' }).click();
    const note = dialog(page, 'Add a note');
    await note.getByLabel('Note').fill('Gift wrap requested by phone.');
    await note.getByRole('button', { name: 'Add note' }).click();
    await note.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Timeline' }).getByText('Gift wrap requested by phone.').waitFor();

    // The list filters by the tag.
    await page.goto('/dashboard/orders?tag=gift');
    await page.getByRole('status').filter({ hasText: 'Showing 1 order matching the filters' }).waitFor();
    await page.getByRole('link', { name: `#${orders.toFulfil.number}` }).waitFor();
  });

  it('exports the orders the filters find as a CSV file a spreadsheet opens', async () => {
    const download = async (name: string) => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name }).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = readFileSync(await file.path(), 'utf8');
      const [head, ...rows] = parse(text, { bom: true }) as string[][];
      return rows.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i]!])));
    };
    // The tag filter of the test before: one order, its one line.
    await page.goto('/dashboard/orders?tag=gift');
    const tagged = await download('Export matching orders (CSV)');
    expect(tagged).toHaveLength(1);
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const order = await s.admin<{ order: { createdDate: string } }>(
      'GET',
      `/ecom/v1/orders/${orders.toFulfil.id}`,
    );
    const placed = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(order.body.order.createdDate));
    expect(tagged[0]).toMatchObject({
      Order: orders.toFulfil.number,
      Placed: placed,
      Payment: 'PAID',
      Fulfilment: 'FULFILLED',
      Customer: 'Ada Lovelace',
      'E-mail': orders.toFulfil.email,
      Item: 'Linen shirt',
      Quantity: '2',
      'Item price': '30.00',
      Delivery: 'Standard',
      Address: '1 Main St',
      City: 'New York',
      Region: 'NY',
      'Postal code': '10001',
      Country: 'United States',
      'Billing address': 'Same as shipping',
      Tags: 'gift',
    });
    // Without filters: every order, not only the page's, the newest first.
    await page.goto('/dashboard/orders');
    const all = await download('Export all orders (CSV)');
    expect(all.map((r) => r.Order)).toEqual([
      orders.toFulfil.number,
      orders.toRefund.number,
      orders.authorized.number,
    ]);
    expect(all.find((r) => r.Order === orders.toRefund.number)!.Payment).toBe('PARTIALLY_REFUNDED');
  });

  it("prints packing slips, one a page, with the store's business address given in the settings", async () => {
    // The return address, given once in the settings.
    await page.goto('/dashboard/settings');
    const form = page.getByRole('form', { name: 'Store settings' });
    await form.getByLabel('Street name').waitFor();
    await form.getByLabel('Country').selectOption('US');
    await form.getByLabel('Street name').fill('Market St');
    await form.getByLabel('House number').fill('500');
    await form.getByLabel('City').fill('San Francisco');
    await form.getByRole('button', { name: 'Save settings' }).click();
    // A US address needs its state: said beside the field, nothing saved.
    await form.getByText('Choose the state or province.').waitFor();
    await form.getByLabel('State').selectOption('US-CA');
    await form.getByLabel('Postal code').fill('94105');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Store settings saved.' }).waitFor();
    const saved = await s.admin<{ settings: { businessAddress: Record<string, unknown> } }>(
      'GET',
      '/platform/v1/store-settings',
    );
    expect(saved.body.settings.businessAddress).toEqual({
      country: 'US',
      subdivision: 'US-CA',
      city: 'San Francisco',
      postalCode: '94105',
      addressLine: '500 Market St',
      streetAddress: { name: 'Market St', number: '500' },
    });
    await page.reload();
    await expect.poll(() => page.getByLabel('Street name').inputValue()).toBe('Market St');
    expect(await page.getByLabel('State').inputValue()).toBe('US-CA');

    // Every order of the list, in its order; what was shipped already is not to pack again.
    await page.goto('/dashboard/orders');
    await page.getByRole('link', { name: 'Packing slips', exact: true }).click();
    await page.waitForURL('**/dashboard/orders/packing-slips');
    await page.getByRole('status').filter({ hasText: '3 packing slips, one a page when printed.' }).waitFor();
    const slips = page.getByRole('article');
    expect(await slips.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(
      [orders.toFulfil, orders.toRefund, orders.authorized].map((o) => `Packing slip · Order #${o.number}`),
    );
    const slip = (o: { number: string }) =>
      page.getByRole('article', { name: `Packing slip · Order #${o.number}` });
    const sender = slip(orders.toFulfil).locator('header address');
    expect((await sender.innerText()).split('\n')).toEqual([
      '500 Market St',
      'San Francisco, CA 94105',
      'United States',
    ]);
    const shipTo = slip(orders.toFulfil).getByRole('region', { name: 'Ship to' });
    expect((await shipTo.innerText()).split('\n').filter(Boolean)).toEqual([
      'Ship to',
      'Ada Lovelace',
      '1 Main St',
      'New York, NY 10001',
      'United States',
      '+1 555 0100',
      orders.toFulfil.email,
    ]);
    const row = (o: { number: string }) => slip(o).getByRole('row', { name: /Linen shirt/ });
    expect(await row(orders.toFulfil).getByRole('cell').allInnerTexts()).toEqual(['—', '2', '0']);
    await row(orders.toFulfil).getByText('2 shipped earlier').waitFor();
    expect(await row(orders.toRefund).getByRole('cell').allInnerTexts()).toEqual(['—', '2', '2']);
    await expectAccessible(page, 'packing slips');
    await shots(page, 'packing-slips');

    // On paper: a page per slip, without the dashboard's navigation or the page's buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Dashboard' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await page.screenshot({ path: join(ARTIFACTS, 'packing-slips-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(3);

    // One order's slip, from its page; Back returns there.
    await page.goto(`/dashboard/orders/${orders.toRefund.id}`);
    await page.getByRole('link', { name: 'Packing slip', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '1 packing slip, one a page when printed.' }).waitFor();
    expect(await slips.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      `Packing slip · Order #${orders.toRefund.number}`,
    ]);
    await page.getByRole('link', { name: 'Back to the order' }).click();
    await page.getByRole('heading', { name: `Order #${orders.toRefund.number}` }).waitFor();

    // The list's filters carry over: the tagged order only.
    await page.goto('/dashboard/orders?tag=gift');
    await page.getByRole('link', { name: 'Packing slips of matching orders' }).click();
    await page.getByRole('status').filter({ hasText: '1 packing slip, one a page when printed.' }).waitFor();
    expect(await slips.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      `Packing slip · Order #${orders.toFulfil.number}`,
    ]);

    // A pickup order's slip: who picks it up and where, and the buyer's note.
    const pickup = await s.admin<{ order: { id: string; number: string } }>('POST', '/ecom/v1/orders', {
      order: {
        channelInfo: { type: 'WEB' },
        lineItems: [
          {
            productName: { original: 'Linen shirt' },
            catalogReference: { catalogItemId: 'pickup-item', appId: STORES_APP },
            quantity: 1,
            price: { amount: '30.00' },
            itemType: { preset: 'PHYSICAL' },
          },
        ],
        priceSummary: { subtotal: { amount: '30.00' }, total: { amount: '30.00' } },
        currency: 'USD',
        buyerInfo: { email: 'pick@example.test' },
        billingInfo: { contactDetails: { firstName: 'Pia', lastName: 'Picker' } },
        shippingInfo: {
          title: 'Pickup at the shop',
          logistics: {
            pickupDetails: {
              pickupMethod: 'STORE_PICKUP',
              address: {
                country: 'US',
                subdivision: 'US-CA',
                city: 'San Francisco',
                postalCode: '94105',
                addressLine: '500 Market St',
              },
            },
          },
        },
        buyerNote: 'Please wrap it as a gift.',
      },
    });
    expect(pickup.status, JSON.stringify(pickup.body)).toBe(200);
    await page.goto(`/dashboard/orders/packing-slips?order=${pickup.body.order.id}`);
    const pickupSlip = slip(pickup.body.order);
    await pickupSlip.waitFor();
    expect(await pickupSlip.getByRole('region', { name: 'Ship to' }).count()).toBe(0);
    expect(
      (await pickupSlip.getByRole('region', { name: 'Picked up by' }).innerText())
        .split('\n')
        .filter(Boolean),
    ).toEqual(['Picked up by', 'Pia Picker', 'pick@example.test']);
    expect(
      (await pickupSlip.getByRole('region', { name: 'Pickup point' }).innerText())
        .split('\n')
        .filter(Boolean),
    ).toEqual(['Pickup point', '500 Market St', 'San Francisco, CA 94105', 'United States']);
    await pickupSlip.getByText('Pickup at the shop').waitFor();
    await pickupSlip
      .getByRole('region', { name: 'Note from the buyer' })
      .getByText('Please wrap it as a gift.')
      .waitFor();
    await page.getByRole('link', { name: 'Back to the order' }).click();
    await page.getByRole('heading', { name: `Order #${pickup.body.order.number}` }).waitFor();
    expect(errors).toEqual([]);
  });

  it("corrects a shipment's tracking (the buyer gets the new number) and deletes a shipment recorded by mistake", async () => {
    const o = orders.toRefund;
    const order = await s.admin<{ order: { lineItems: { id: string }[] } }>('GET', `/ecom/v1/orders/${o.id}`);
    const made = await s.admin('POST', `/ecom/v1/fulfillments/orders/${o.id}/create-fulfillment`, {
      fulfillment: {
        lineItems: [{ id: order.body.order.lineItems[0]!.id, quantity: 1 }],
        trackingInfo: { trackingNumber: '1Z000WRONG', shippingProvider: 'ups' },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);

    await page.goto(`/dashboard/orders/${o.id}`);
    const shipments = page.getByRole('region', { name: 'Shipments' });
    await shipments.getByRole('link', { name: '1Z000WRONG' }).waitFor();
    await shipments.getByRole('link', { name: /^Edit tracking of the shipment of / }).click();
    const edit = dialog(page, 'Edit tracking');
    await edit.waitFor();
    expect(await edit.getByLabel('Carrier').inputValue()).toBe('ups');
    expect(await edit.getByLabel('Tracking number').inputValue()).toBe('1Z000WRONG');
    await expectAccessible(page, 'edit tracking dialog');
    await edit.getByLabel('Tracking number').fill('1Z000RIGHT');
    await edit.getByRole('button', { name: 'Save tracking' }).click();
    await edit.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: 'Tracking changed to 1Z000RIGHT; the buyer was e-mailed.' })
      .waitFor();
    const right = shipments.getByRole('link', { name: '1Z000RIGHT' });
    expect(await right.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z000RIGHT');
    await page.getByRole('region', { name: 'Timeline' }).getByText('Tracking number edited').waitFor();
    const mail = await s.until(
      async () => smtp.received.find((m) => m.to.includes(o.email) && m.raw.includes('1Z000RIGHT')),
      15_000,
    );
    expect(mail.raw).toContain(`new tracking number for order #${o.number}`);
    // The buyer follows the mail's link, on another device: the order shows the new number.
    const sent = (await mailsTo(s, o.email)).find((m) => m.text.includes('1Z000RIGHT'));
    const link = /View your order: (\S+)/.exec(sent?.text ?? '')?.[1] ?? '';
    expect(link.startsWith(`${s.url}/order-status?token=`), link).toBe(true);
    const buyer = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const status = await buyer.newPage();
    await status.goto(link);
    const parcels = status.getByRole('region', { name: 'Shipments' });
    await expect.poll(async () => (await parcels.innerText()).replace(/\s+/g, ' ')).toContain('1Z000RIGHT');
    expect(await parcels.innerText()).not.toContain('1Z000WRONG');
    expect(await parcels.getByRole('link', { name: 'Track the parcel' }).getAttribute('href')).toBe(
      'https://www.ups.com/track?tracknum=1Z000RIGHT',
    );
    await page
      .getByRole('region', { name: 'Staff changes' })
      .getByText("edited a shipment's tracking")
      .waitFor();

    // A link to a shipment that is not there says so.
    await page.goto(`/dashboard/orders/${o.id}?dialog=delete-shipment&shipment=nope`);
    await dialog(page, 'Delete shipment').getByText('This shipment is not on the order any more').waitFor();
    await dialog(page, 'Delete shipment').getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog(page, 'Delete shipment').waitFor({ state: 'detached' });

    await shipments.getByRole('link', { name: /^Delete the shipment of / }).click();
    const remove = dialog(page, 'Delete shipment');
    await remove.getByText('1 × Linen shirt, tracking 1Z000RIGHT').waitFor();
    await remove.getByRole('button', { name: 'Delete shipment' }).click();
    await remove.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: 'Shipment deleted: its items are to fulfil again.' })
      .waitFor();
    await shipments.getByText('Nothing shipped yet.').waitFor();
    const after = await s.admin<{ order: { fulfillmentStatus: string } }>('GET', `/ecom/v1/orders/${o.id}`);
    expect(after.body.order.fulfillmentStatus).toBe('NOT_FULFILLED');
    // The buyer's page, reloaded, no longer shows the parcel.
    await status.reload();
    await expect
      .poll(async () => (await status.locator('main').innerText()).replace(/\s+/g, ' '))
      .toContain('Delivery Not shipped yet');
    expect(await status.locator('main').innerText()).not.toContain('1Z000RIGHT');
    await buyer.close();
    expect(errors).toEqual([]);
  });

  it('fulfils and tags the ticked orders together, saying which had nothing left, and prints their packing slips', async () => {
    await page.goto('/dashboard/orders');
    const bar = page.getByRole('group', { name: 'Selected orders' });
    await bar.getByRole('button', { name: 'Fulfil selected (0)' }).waitFor();
    expect(await bar.getByRole('button', { name: 'Fulfil selected (0)' }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: `Select order #${orders.toRefund.number}` }).check();
    await page.getByRole('checkbox', { name: `Select order #${orders.toFulfil.number}` }).check();
    await bar.getByRole('button', { name: 'Fulfil selected (2)' }).click();
    const fulfil = dialog(page, 'Fulfil selected orders');
    await fulfil.getByText('Mark 2 items of 1 order as shipped').waitFor();
    await fulfil.getByText(`#${orders.toFulfil.number}: everything in it has shipped`).waitFor();
    await expectAccessible(page, 'bulk fulfil dialog');
    // The order to ship gets its tracking number; none for the one left as it is.
    expect(await fulfil.getByLabel(`Tracking number of #${orders.toFulfil.number}`).count()).toBe(0);
    await fulfil.getByLabel('Carrier').selectOption('ups');
    await fulfil.getByLabel(`Tracking number of #${orders.toRefund.number}`).fill('1Z000BULK');
    await fulfil.getByRole('button', { name: 'Fulfil 1 order' }).click();
    await fulfil.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Fulfilled 1 order.' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(`#${orders.toRefund.number}`) });
    await row.getByText('Fulfilled', { exact: true }).waitFor();
    expect(await bar.getByRole('button', { name: 'Fulfil selected (0)' }).isVisible()).toBe(true);
    const order = await s.admin<{ order: { fulfillmentStatus: string } }>(
      'GET',
      `/ecom/v1/orders/${orders.toRefund.id}`,
    );
    expect(order.body.order.fulfillmentStatus).toBe('FULFILLED');
    const parcels = await s.admin<{
      orderWithFulfillments: {
        fulfillments: { trackingInfo?: { trackingNumber: string; shippingProvider: string } }[];
      };
    }>('GET', `/ecom/v1/fulfillments/orders/${orders.toRefund.id}`);
    expect(parcels.body.orderWithFulfillments.fulfillments.at(-1)?.trackingInfo).toMatchObject({
      trackingNumber: '1Z000BULK',
      shippingProvider: 'ups',
    });
    await s.until(
      async () =>
        smtp.received.filter((m) => m.to.includes(orders.toRefund.email) && m.raw.includes(' shipped'))
          .length >= 2 || undefined,
      15_000,
    );
    // The buyer's shipping confirmation carries the number.
    expect(
      smtp.received.some((m) => m.to.includes(orders.toRefund.email) && m.raw.includes('1Z000BULK')),
    ).toBe(true);

    // Tagged together; the ticks stay for what comes next.
    await page.getByRole('checkbox', { name: `Select order #${orders.toRefund.number}` }).check();
    await page.getByRole('checkbox', { name: `Select order #${orders.authorized.number}` }).check();
    await bar.getByRole('button', { name: 'Tag selected (2)' }).click();
    const tag = dialog(page, 'Tag selected orders');
    await tag.getByRole('button', { name: 'Save' }).click();
    await tag.getByText('Enter the tag.').waitFor();
    await tag.getByLabel('Tag').fill('batch-7');
    await expectAccessible(page, 'bulk tags dialog');
    await tag.getByRole('button', { name: 'Save' }).click();
    await tag.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Tagged 2 orders “batch-7”.' }).waitFor();
    for (const o of [orders.toRefund, orders.authorized]) {
      await page
        .getByRole('row', { name: new RegExp(`#${o.number}`) })
        .getByText('batch-7')
        .waitFor();
      const tagged = await s.admin<{ order: { tags: { tags: { tagIds: string[] } } } }>(
        'GET',
        `/ecom/v1/orders/${o.id}`,
      );
      expect(tagged.body.order.tags.tags.tagIds).toContain('batch-7');
    }

    // The packing slips of the ticked orders only.
    await bar.getByRole('link', { name: 'Packing slips of selected (2)' }).click();
    await page.getByRole('status').filter({ hasText: '2 packing slips, one a page when printed.' }).waitFor();
    expect(await page.getByRole('article').getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      `Packing slip · Order #${orders.toRefund.number}`,
      `Packing slip · Order #${orders.authorized.number}`,
    ]);
    await page.getByRole('link', { name: 'Back to the orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    expect(errors).toEqual([]);
  });

  it('on a phone, lists the orders (products, reviews, members) before the filters past the search, which open on demand', async () => {
    const phone = await phoneLike(browser, context, s.url);
    try {
      const q = await phone.newPage();
      await q.goto('/dashboard/orders');
      await q.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      const more = q.getByRole('button', { name: 'More filters' });
      await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
      const payment = q.getByRole('search', { name: 'Orders' }).locator('summary', { hasText: 'Payment' });
      expect(await payment.isVisible()).toBe(false);
      // The first order is on the first screen.
      const first = q.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1);
      await first.waitFor();
      expect((await first.boundingBox())!.y).toBeLessThan(812);
      await more.click();
      await payment.click();
      await q.getByRole('checkbox', { name: 'Paid', exact: true }).check();
      await q.getByRole('button', { name: 'Apply filters' }).click();
      await q.waitForURL(/payment=PAID/);
      // A filter set stays in sight, on this page and when it opens again from the URL.
      await q.reload();
      await q.getByRole('button', { name: 'Fewer filters' }).waitFor();
      expect(await q.getByRole('checkbox', { name: 'Paid', exact: true }).isChecked()).toBe(true);
      await expectAccessible(q, 'orders on a phone');

      // The other lists fold the same way; a filter in the URL opens them, counted.
      for (const list of [
        { path: '/dashboard/catalog', name: 'Products', folded: 'Visibility', set: '?visible=true' },
        { path: '/dashboard/reviews', name: 'Reviews', folded: 'Reply', set: '?replied=false' },
        { path: '/dashboard/customers', name: 'Members', folded: 'Status', set: '?muted=true' },
      ]) {
        await q.goto(list.path);
        const form = q.getByRole('search', { name: list.name });
        const toggle = form.getByRole('button', { name: 'More filters' });
        await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await form.getByLabel(list.folded).isVisible(), list.path).toBe(false);
        // The list begins on the first screen.
        const box = (await form.boundingBox())!;
        expect(box.y + box.height, list.path).toBeLessThan(812 - 100);
        await toggle.click();
        await form.getByLabel(list.folded).waitFor();
        await expectAccessible(q, `${list.name} on a phone`);
        await q.goto(list.path + list.set);
        await form.getByRole('button', { name: 'Fewer filters' }).waitFor();
        expect(await form.getByLabel(list.folded).isVisible(), list.path).toBe(true);
      }
    } finally {
      await phone.close();
    }
  });

  it('lets an invited contributor join from the invitation link', async () => {
    const invite = await s.admin<{ inviteUrl: string }>('POST', '/staff/v1/staff', {
      email: 'casey@example.test',
      name: 'Casey Contributor',
      role: 'CONTRIBUTOR',
    });
    expect(invite.status, JSON.stringify(invite.body)).toBe(200);
    const other = await browser.newContext({ viewport: { width: 768, height: 1024 }, baseURL: s.url });
    try {
      const q = await other.newPage();
      await q.goto(invite.body.inviteUrl);
      await q.getByRole('heading', { name: 'Join the store' }).waitFor();
      await expectAccessible(q, 'invitation');
      await q.getByLabel('Password').fill(STAFF_PASSWORD);
      await q.getByRole('button', { name: 'Join' }).click();
      await q.getByRole('heading', { name: 'Hello, Casey' }).waitFor();
      // Below 1024 px the navigation is behind the menu button.
      const menu = q.getByRole('button', { name: 'Menu' });
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
      await menu.click();
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
      await q
        .getByRole('region', { name: 'Your account' })
        .getByText('casey@example.test · Contributor')
        .waitFor();
      await q.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Orders' }).click();
      await q.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    } finally {
      await other.close();
    }
  });

  it('signs out, and in again with the password and a TOTP code', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/dashboard\/login$/);
    const me = await page.evaluate<number>("fetch('/staff/v1/me').then((r) => r.status)");
    expect(me).toBe(401);

    s.clock.advance(30_000);
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Password').fill(STAFF_PASSWORD);
    await page.getByLabel('Authenticator code').fill(await totpCode(s, secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Hello, Olive' }).waitFor();
    expect(errors).toEqual([]);
  });
});
