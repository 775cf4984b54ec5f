/**
 * An order taken by phone, the whole journey in real Chromium against a real server: the owner
 * creates the order in the dashboard (finds the product, picks its size and a quantity, adds an
 * engraving the catalog does not have, gives the buyer's e-mail and 10% off, then makes it $60 off) and
 * e-mails its payment link with a message; the buyer, on a phone, follows the
 * e-mail's link (through a real SMTP server) to the hosted checkout page, gives an address, chooses
 * the delivery and pays. The owner then finds the order, and the spent link says the order is
 * placed. axe and screenshots at 1280 and 375 px.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { received, smtpSink, type SmtpSink } from '../test/back-in-stock.ts';
import { hasChromium, launchBrowser, staffContext } from '../test/browser.ts';
import type { TestServer } from '../test/server.ts';
import { usFlatShipping } from '../test/shop.ts';
import { member } from '../test/oauth.ts';
import { setUpOwner, staffServer } from '../test/staff.ts';
import { checkBothWidths, expectAccessible, fillAddress, watchErrors } from '../test/storefront.ts';

const built = existsSync(join(appDist('dashboard'), 'index.html'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'dashboard');
if (!built) console.warn('Payment link browser tests SKIPPED: run "npm run build" first.');

const BUYER = 'phone.buyer@example.test';
const MESSAGE = 'As agreed on the phone: the large desk, delivered.';

let s: TestServer;
let sink: SmtpSink;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
const watch = (p: Page) => watchErrors(p, errors, { failedLoads: false });
/** The element with the focus, as "tag type" (evaluated in the page). */
const focusedField = (p: Page) =>
  p.evaluate<string>('`${document.activeElement?.tagName} ${document.activeElement?.getAttribute("type")}`');

beforeAll(async () => {
  if (!hasChromium || !built) return;
  sink = await smtpSink();
  s = await staffServer({ env: { SMTP_URL: sink.url, MAIL_FROM: 'shop@example.test' } });
  const owner = await setUpOwner(s);
  await usFlatShipping(s);
  const desk = await s.admin('POST', '/stores/v3/products', {
    product: {
      name: 'Walnut Desk',
      productType: 'PHYSICAL',
      options: [{ name: 'Size', choicesSettings: { choices: [{ name: 'Small' }, { name: 'Large' }] } }],
      variantsInfo: {
        variants: [
          ['Small', '240'],
          ['Large', '320'],
        ].map(([size, amount]) => ({
          price: { actualPrice: { amount } },
          choices: [{ optionChoiceNames: { optionName: 'Size', choiceName: size } }],
          inventoryItem: { quantity: 5 },
          physicalProperties: { weight: 20 },
        })),
      },
    },
  });
  expect(desk.status, JSON.stringify(desk.body)).toBe(200);
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

describe.skipIf(!hasChromium || !built)('an order taken by phone, paid from its link', () => {
  let createPage = '';
  let link = '';

  it('the owner puts the order together: the product found by name, its size, a quantity, the e-mail', async () => {
    await page.goto('/dashboard/orders');
    await page.getByRole('link', { name: 'Create order' }).click();
    await page.getByRole('heading', { name: 'Create order', level: 1 }).waitFor();

    // Nothing given yet: both problems said, the e-mail field focused.
    await page.getByRole('button', { name: 'Continue to the payment link' }).click();
    await page.getByText("Enter the buyer's e-mail: the payment link is sent there.").waitFor();
    await page.getByText('Add at least one item.').waitFor();
    expect(await focusedField(page)).toBe('INPUT email');

    await page.getByLabel("Buyer's e-mail").fill(BUYER);
    await page.getByLabel('Find a product').fill('walnut');
    const found = page.getByRole('list', { name: 'Products found' });
    await found.getByLabel('Choice of Walnut Desk').waitFor();
    const sizes = await found.getByLabel('Choice of Walnut Desk').locator('option').allTextContents();
    expect(sizes).toEqual(['Size: Small · $240.00', 'Size: Large · $320.00']);
    await found.getByLabel('Choice of Walnut Desk').selectOption({ label: 'Size: Large · $320.00' });
    await found.getByLabel('Quantity of Walnut Desk').fill('2');
    await found.getByRole('button', { name: 'Add Walnut Desk' }).click();
    const items = page.getByRole('table', { name: 'Items in this order' });
    await items.getByRole('rowheader', { name: 'Walnut Desk — Size: Large' }).waitFor();
    expect(await items.getByLabel('Quantity of Walnut Desk — Size: Large').inputValue()).toBe('2');

    // An item the catalog does not have: an engraving, not delivered.
    await page.getByText('Add an item not in the catalog').click();
    await page.getByRole('button', { name: 'Add custom item' }).click();
    await page.getByText('Name the item as the buyer will read it.').waitFor();
    await page.getByLabel('Item name').fill('Engraving "For Pat"');
    await page.getByLabel('Price each', { exact: true }).fill('20');
    await page.getByRole('checkbox', { name: /^Delivered/ }).uncheck();
    await page.getByRole('button', { name: 'Add custom item' }).click();
    await items.getByRole('rowheader', { name: /^Engraving "For Pat"/ }).waitFor();
    expect(await items.innerText()).toContain('Custom item · 20 each');
    // The merchant's own discount: a percentage past 100 is refused and focused, then 10% off.
    await page.getByLabel('Percent off').fill('150');
    await page.getByRole('button', { name: 'Continue to the payment link' }).click();
    await page.getByText('Enter a percentage from 0.01 to 100, like 10 or 12.5.').waitFor();
    expect(await page.evaluate('document.activeElement?.id')).toBe(
      await page.getByLabel('Percent off').getAttribute('id'),
    );
    await page.getByLabel('Percent off').fill('10');
    await expectAccessible(page, 'create order form');
    await checkBothWidths(browser, page, { name: 'create-order', dir: ARTIFACTS, watch });

    await page.getByRole('button', { name: 'Continue to the payment link' }).click();
    await page.waitForURL(/\/dashboard\/orders\/new\?checkout=/);
    createPage = page.url();
    const main = page.locator('main');
    await expect.poll(() => main.innerText()).toContain(`For ${BUYER}`);
    const priced = await main.innerText();
    expect(priced).toContain('$640.00');
    expect(priced).toContain('Engraving "For Pat"');
    expect(priced).toContain('$660.00');
    expect(priced).toMatch(/Merchant discount \(10%\)\s+−\$66\.00/);
    expect(priced).toMatch(/Total so far\s+\$594\.00/);
    expect(priced).toContain('Delivery and tax are added when the buyer gives their address.');

    // Changed before the link goes out: $60 off instead.
    await page.getByText('Change the discount').click();
    expect(await page.getByLabel('Percent off').inputValue()).toBe('10');
    await page.getByLabel('Discount', { exact: true }).selectOption({ label: 'Amount off' });
    await page.getByLabel('Amount off').fill('60');
    await page.getByRole('button', { name: 'Apply discount' }).click();
    await page.getByText('The discount is applied.').waitFor();
    await expect.poll(() => main.innerText()).toMatch(/Total so far\s+\$600\.00/);
    expect(await main.innerText()).toMatch(/Merchant discount\s+−\$60\.00/);
  });

  it('e-mails the payment link with a message, and a reload keeps the order', async () => {
    await page.getByLabel('Message to the buyer (optional)').fill(MESSAGE);
    await page.getByRole('button', { name: `E-mail the link to ${BUYER}` }).click();
    await page.getByText(`Sent to ${BUYER}. The link works until`).waitFor();
    link = (await page.locator('main p.font-mono').innerText()).trim();
    expect(link).toMatch(/\/ecom\/v1\/checkouts\/[0-9a-f-]{36}\/pay\?token=/);
    await expectAccessible(page, 'payment link sent');
    await checkBothWidths(browser, page, { name: 'create-order-link', dir: ARTIFACTS, watch });

    await s.until(async () => received(sink, BUYER).some((m) => m.includes('Pay now')), 20_000);
    const mail = received(sink, BUYER).find((m) => m.includes('Pay now'))!;
    expect(mail).toContain(MESSAGE);
    expect(mail).toContain('Walnut Desk (Size: Large)  $640.00');
    expect(mail).toMatch(/Discount: \S+\$60\.00/); // the minus sign is quoted-printable
    expect(/Pay now: (\S+)/.exec(mail)?.[1]).toBe(link);

    await page.reload();
    await expect.poll(() => page.locator('main').innerText()).toContain('Walnut Desk');
    expect(page.url()).toBe(createPage);

    // The Orders tab of links not yet paid lists it, and leads back to it.
    await page.goto('/dashboard/orders');
    await page.getByRole('link', { name: 'Payment links' }).click();
    await page.getByRole('status').filter({ hasText: '1 payment link waiting.' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: BUYER });
    expect(await row.innerText()).toContain('2 × Walnut Desk, Engraving "For Pat"');
    expect(await row.innerText()).toContain('$600.00');
    await expectAccessible(page, 'payment links list');
    await checkBothWidths(browser, page, { name: 'payment-links', dir: ARTIFACTS, watch });
    await row.getByRole('link', { name: BUYER }).click();
    await page.waitForURL(createPage);
  });

  it('the buyer, on a phone, follows the link, gives an address, chooses the delivery and pays', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
    try {
      const q = await phone.newPage();
      watch(q);
      await q.goto(link);
      await q.waitForURL(/\/checkout\?checkoutId=/);
      await q.getByLabel('E-mail').waitFor();
      expect(await q.getByLabel('E-mail').inputValue()).toBe(BUYER);
      // The order summary (folded away on a phone) holds what the merchant put together.
      await expect.poll(() => q.locator('body').textContent()).toContain('Walnut Desk');
      expect(await q.locator('body').textContent()).toMatch(/Discount\s*−\$60\.00/);
      await fillAddress(q, BUYER);
      await q.getByLabel('Name on card').fill('Pat Buyer');
      await q.getByLabel('Card number').fill('4242 4242 4242 4242');
      await q.getByLabel('Expiry date (MM/YY)').fill('12/34');
      await q.getByLabel('Security code (CVC)').fill('123');
      await expectAccessible(q, 'hosted checkout from a payment link');
      await q.getByRole('button', { name: /place order/i }).click();
      await q.waitForURL(/\/checkout\/thank-you\?/, { timeout: 15_000 });
      // 2 desks and the engraving, $60 off, and the delivery of the desks only.
      await expect.poll(() => q.locator('main').innerText()).toContain('$605.00');
      await q.screenshot({ path: join(ARTIFACTS, 'payment-link-paid-375.png'), fullPage: true });

      // The link is spent: opened again, it says the order is placed.
      await q.goto(link);
      await q.getByRole('heading', { name: 'This order has been placed' }).waitFor();
    } finally {
      await phone.close();
    }
  });

  it('the owner finds the paid order, from the list and from the order being put together', async () => {
    await page.reload();
    await page.getByText('The buyer has paid').waitFor();
    await page.getByRole('link', { name: 'their orders' }).click();
    await page.getByRole('status').filter({ hasText: 'Showing 1 order matching the filters' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: '$605.00' });
    await row.getByRole('link', { name: /^#\d+$/ }).click();
    await page.getByRole('heading', { name: /^Order #\d+$/, level: 1 }).waitFor();
    const main = page.locator('main');
    await expect.poll(() => main.innerText()).toContain('Walnut Desk');
    const order = await main.innerText();
    expect(order).toContain(BUYER);
    expect(order).toContain('Walnut Desk');
    expect(order).toContain('Engraving "For Pat"');
    expect(order).toContain('Paid');
    expect(order).toMatch(/Merchant discount\s+−\$60\.00/);
    // Paid, it has left the payment links.
    await page.goto('/dashboard/orders/payment-links');
    await page.getByRole('status').filter({ hasText: 'No payment link is waiting to be paid.' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('the owner makes an order for a member, then deletes it as they no longer want it: its link opens nothing', async () => {
    // The e-mail is a member's: the order is to be theirs, unless the owner unticks it.
    await member(s, 'changed.mind@example.test');
    await page.goto('/dashboard/orders/new');
    await page.getByLabel("Buyer's e-mail").fill('changed.mind@example.test');
    const join = page.getByRole('checkbox', {
      name: "Put the order in Ada Lovelace's account (they sign in to pay)",
    });
    await join.waitFor();
    expect(await join.isChecked()).toBe(true);
    await page.getByLabel('Find a product').fill('walnut');
    const found = page.getByRole('list', { name: 'Products found' });
    await found.getByRole('button', { name: 'Add Walnut Desk' }).click();
    // A price of the owner's own for this desk: refused until it is one.
    const items = page.getByRole('table', { name: 'Items in this order' });
    const price = items.getByLabel('Price each of Walnut Desk — Size: Small');
    expect(await price.getAttribute('placeholder')).toBe('240.00');
    await price.fill('two hundred');
    await page.getByRole('button', { name: 'Continue to the payment link' }).click();
    await page.getByText('A price each is not a price: correct it, or empty it for the catalog’s.').waitFor();
    await price.fill('220');
    await page.getByRole('button', { name: 'Continue to the payment link' }).click();
    await page.waitForURL(/\/dashboard\/orders\/new\?checkout=/);
    await page
      .getByText(
        'For changed.mind@example.test, a member: they sign in to pay, and the order is in their account',
      )
      .waitFor();
    await expect.poll(() => page.locator('main').innerText()).toMatch(/Total so far\s+\$220\.00/);
    // The buyer asks for two, then a gift wrap, then not the wrap after all.
    await page.getByText('Change the items').click();
    const changes = page.getByRole('table', { name: 'Items to change' });
    expect(await changes.getByRole('button', { name: 'Remove Walnut Desk' }).isDisabled()).toBe(true);
    await changes.getByLabel('Quantity of Walnut Desk').fill('2');
    await changes.getByRole('button', { name: 'Update the quantity of Walnut Desk' }).click();
    await page.getByText('Walnut Desk: 2 now.').waitFor();
    const main = page.locator('main');
    await expect.poll(() => main.innerText()).toMatch(/Total so far\s+\$440\.00/);
    await page.getByText('Add an item not in the catalog').click();
    await page.getByLabel('Item name').fill('Gift wrap');
    await page.getByLabel('Price each', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Add custom item' }).click();
    await page.getByText('Gift wrap added.').waitFor();
    await expect.poll(() => main.innerText()).toMatch(/Total so far\s+\$445\.00/);
    await expectAccessible(page, 'changing the items of an order for a buyer');
    await changes.getByRole('button', { name: 'Remove Gift wrap' }).click();
    await page.getByText('Gift wrap taken out.').waitFor();
    await expect.poll(() => main.innerText()).toMatch(/Total so far\s+\$440\.00/);

    await page.getByRole('button', { name: 'Show the link to copy' }).click();
    await page.getByText('The link works until').waitFor();
    const spare = (await page.locator('main p.font-mono').innerText()).trim();

    await page.getByRole('link', { name: 'Delete this order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this order?' });
    expect(await dialog.innerText()).toContain(
      'The order for changed.mind@example.test is deleted for good.',
    );
    await expectAccessible(page, 'delete order dialog');
    await dialog.getByRole('button', { name: 'Delete order' }).click();
    await page.waitForURL(/\/dashboard\/orders\/payment-links$/);
    await page
      .getByText('The order for changed.mind@example.test was deleted: its payment link opens nothing now.')
      .waitFor();
    await page.getByRole('status').filter({ hasText: 'No payment link is waiting to be paid.' }).waitFor();
    // Back leads to the deleted order's page, which says so.
    await page.goBack();
    await page.getByText('This order is not here: it was deleted, or the address is wrong.').waitFor();

    await page.goto(spare);
    await page.getByRole('heading', { name: 'This payment link no longer opens a checkout' }).waitFor();
    await expectAccessible(page, "a deleted order's payment link");
    expect(errors).toEqual([]);
  });
});
