/**
 * Discounts limited to collections, the merchant's journey in real Chromium against a real server:
 * with two collections of products (made over the API), the owner opens Marketing → Discount rules
 * and creates "20% off Summer" for the products in the Summer collection (none chosen first: refused
 * beside the list), reads it in the list by the collection's name, and finds Summer still chosen
 * when the dialog opens again; a shopper's cart of a Summer hat and a mug gets 20% off the hat only.
 * A rule stored with products and a collection shows both lists and keeps both on save; a rule on
 * a collection since deleted says so; a condition counts the items of a collection (two Summer
 * items in the cart, not one); a coupon is
 * limited to the Sale collection through its dialog (stored as the `collection` group, and taking
 * its discount off the Sale line only). axe on the dialogs, 1280 and 375 px checks, screenshots in
 * test-artifacts/dashboard.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { WireCoupon, WireDiscountRule } from '@vitrine/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { advanceBoth, hasChromium, launchBrowser, staffContext } from '../test/browser.ts';
import type { TestServer } from '../test/server.ts';
import { shopCollection, shopLine, shopProduct, STORES_APP, visitorOf } from '../test/shop.ts';
import { setUpOwner, staffServer } from '../test/staff.ts';
import { checkBothWidths, checkNarrowDialog, expectAccessible, watchErrors } from '../test/storefront.ts';

const built = existsSync(join(appDist('dashboard'), 'index.html'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'dashboard');
if (!built) console.warn('Discount collections browser tests SKIPPED: run "npm run build" first.');

const NAME = '20% off Summer';
const DISCOUNTS = '/dashboard/marketing/discounts';

interface Made {
  productId: string;
  variantId: string;
}
let s: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let summer = '';
let sale = '';
/** In Summer at $40.00, in Sale at $10.00, in neither at $25.00. */
let hat: Made;
let scarf: Made;
let mug: Made;
let ruleId = '';
const errors: string[] = [];
const watch = (p: Page) => watchErrors(p, errors, { failedLoads: false });

const collection = (name: string) => shopCollection(s, name);
const product = (name: string, price: string, categoryIds: string[]): Promise<Made> =>
  shopProduct(s, { name, price, categoryIds });

const inCollections = (...ids: string[]) => ({
  type: 'CUSTOM_FILTER',
  customFilter: { appId: STORES_APP, params: { collectionIds: ids } },
});

async function apiRule(name: string, percentage: number, scopes: object[]) {
  const r = await s.admin<{ discountRule: WireDiscountRule }>('POST', '/ecom/v1/discount-rules', {
    discountRule: {
      name,
      discounts: {
        values: [
          {
            targetType: 'SPECIFIC_ITEMS',
            discountType: 'PERCENTAGE',
            percentage,
            specificItemsInfo: { scopes },
          },
        ],
      },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.discountRule;
}

const ruleOf = async (id: string) =>
  (await s.admin<{ discountRule: WireDiscountRule }>('GET', `/ecom/v1/discount-rules/${id}`)).body
    .discountRule;
const ruleNamed = async (name: string) => {
  const q = await s.admin<{ discountRules: WireDiscountRule[] }>('POST', '/ecom/v1/discount-rules/query', {
    query: { filter: { name } },
  });
  expect(q.body.discountRules, name).toHaveLength(1);
  return q.body.discountRules[0]!;
};
const setActive = async (r: WireDiscountRule, active: boolean) => {
  const u = await s.admin('PATCH', `/ecom/v1/discount-rules/${r.id}`, {
    discountRule: { active, revision: (await ruleOf(r.id)).revision },
  });
  expect(u.status, JSON.stringify(u.body)).toBe(200);
};

/** A new visitor's cart of these lines (and a coupon): what its estimate takes off each product, and in all. */
async function visitorCart(lines: [Made, number][], couponCode?: string) {
  const auth = await visitorOf(s);
  const added = await s.request('POST', '/ecom/v1/carts/current/add-to-cart', {
    auth,
    body: { lineItems: lines.map(([p, n]) => shopLine(p, n)) },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  if (couponCode) {
    const applied = await s.request('PATCH', '/ecom/v1/carts/current', { auth, body: { couponCode } });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  }
  const est = await s.request<{
    cart: { lineItems: { id: string; catalogReference: { catalogItemId: string } }[] };
    calculatedLineItems: { lineItemId: string; pricesBreakdown: { totalDiscount?: { amount: string } } }[];
    priceSummary: { subtotal: { amount: string }; discount?: { amount: string } };
  }>('POST', '/ecom/v1/carts/current/estimate-totals', { auth, body: {} });
  expect(est.status, JSON.stringify(est.body)).toBe(200);
  const off: Record<string, number> = {};
  for (const l of est.body.calculatedLineItems) {
    const item = est.body.cart.lineItems.find((x) => x.id === l.lineItemId);
    off[item?.catalogReference.catalogItemId ?? '?'] = Number(l.pricesBreakdown.totalDiscount?.amount ?? 0);
  }
  return {
    off,
    subtotal: Number(est.body.priceSummary.subtotal.amount),
    discount: Number(est.body.priceSummary.discount?.amount ?? 0),
  };
}

beforeAll(async () => {
  if (!hasChromium || !built) return;
  s = await staffServer();
  const owner = await setUpOwner(s);
  summer = await collection('Summer');
  sale = await collection('Sale');
  hat = await product('Straw hat', '40.00', [summer]);
  scarf = await product('Silk scarf', '10.00', [sale]);
  mug = await product('Mug', '25.00', []);

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

const checkPage = (p: Page, name: string) => checkBothWidths(browser, p, { name, dir: ARTIFACTS, watch });
const row = (name: string) => page.getByRole('row', { name: new RegExp(name.replace(/[$%]/g, '\\$&')) });
const appliesTo = (dialog: Locator) => dialog.getByRole('group', { name: 'Applies to', exact: true });
const checklist = (dialog: Locator, legend: string) =>
  dialog.getByRole('group', { name: legend, exact: true });

describe.skipIf(!hasChromium || !built)('discounts on collections: the merchant and a shopper', () => {
  it('creates "20% off Summer" for the products in the Summer collection, and reads it by the collection\'s name', async () => {
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Marketing' })
      .click();
    await page
      .getByRole('navigation', { name: 'Marketing' })
      .getByRole('link', { name: 'Discount rules' })
      .click();
    await page.getByRole('heading', { name: 'Discount rules', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New discount rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New discount rule' });
    await dialog.getByLabel('Name').fill(NAME);
    await appliesTo(dialog).getByRole('radio', { name: 'Products in collections' }).check();
    const collections = checklist(dialog, 'Collections');
    await collections.getByRole('checkbox', { name: 'Summer' }).waitFor();
    await dialog.getByLabel('Percent', { exact: true }).fill('20');

    // None chosen: refused beside the list.
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await collections.getByText('Choose at least one collection.').waitFor();
    await expectAccessible(page, 'rule dialog with no collection chosen');

    await collections.getByRole('checkbox', { name: 'Summer' }).check();
    expect(await collections.getByRole('checkbox', { name: 'Sale' }).isChecked()).toBe(false);
    await expectAccessible(page, 'rule dialog with a collection chosen');
    await page.screenshot({ path: join(ARTIFACTS, 'discount-collections-new-1280.png') });
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await dialog.waitFor({ state: 'detached' });

    await row(NAME).getByText('20% off Summer collection').waitFor();
    const stored = await ruleNamed(NAME);
    ruleId = stored.id;
    expect(stored.discounts.values[0]).toEqual({
      targetType: 'SPECIFIC_ITEMS',
      discountType: 'PERCENTAGE',
      percentage: 20,
      specificItemsInfo: { scopes: [{ id: expect.any(String), ...inCollections(summer) }] },
    });
    await checkPage(page, 'discount-collections-list');
  });

  it("gives a shopper's cart 20% off the Summer line only", async () => {
    const cart = await visitorCart([
      [hat, 1],
      [mug, 1],
    ]);
    expect(cart.subtotal).toBe(65);
    expect(cart.off).toEqual({ [hat.productId]: 8, [mug.productId]: 0 });
    expect(cart.discount).toBe(8);
  });

  it('shows Summer still chosen when the dialog opens again, at 1280 and 375 px', async () => {
    await row(NAME)
      .getByRole('link', { name: `Edit ${NAME}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit ${NAME}` });
    expect(await appliesTo(dialog).getByRole('radio', { name: 'Products in collections' }).isChecked()).toBe(
      true,
    );
    const collections = checklist(dialog, 'Collections');
    await expect.poll(() => collections.getByRole('checkbox', { name: 'Summer' }).isChecked()).toBe(true);
    expect(await collections.getByRole('checkbox', { name: 'Sale' }).isChecked()).toBe(false);
    expect(await dialog.getByLabel('Percent', { exact: true }).inputValue()).toBe('20');
    // Keyboard: Space ticks the focused collection, and again unticks it.
    const saleBox = collections.getByRole('checkbox', { name: 'Sale' });
    await saleBox.focus();
    await page.keyboard.press('Space');
    expect(await saleBox.isChecked()).toBe(true);
    await page.keyboard.press('Space');
    expect(await saleBox.isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await checkNarrowDialog(browser, context, {
      url: `${DISCOUNTS}?dialog=edit&id=${ruleId}`,
      dialog: `Edit ${NAME}`,
      name: 'discount-collections-dialog',
      ready: 'Summer',
      baseURL: s.url,
      dir: ARTIFACTS,
      watch,
    });
  });

  it('shows a rule of products and a collection with both lists, and keeps both on save', async () => {
    const mixed = await apiRule('Mugs and Sale', 10, [
      {
        type: 'CATALOG_ITEM',
        catalogItemFilter: { catalogAppId: STORES_APP, catalogItemIds: [mug.productId] },
      },
      inCollections(sale),
    ]);
    await page.goto(DISCOUNTS);
    await row('Mugs and Sale').getByText('10% off 1 product and Sale collection').waitFor();
    await row('Mugs and Sale').getByRole('link', { name: 'Edit Mugs and Sale' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Mugs and Sale' });
    const products = checklist(dialog, 'Products');
    const collections = checklist(dialog, 'And collections');
    await expect.poll(() => products.getByRole('checkbox', { name: 'Mug' }).isChecked()).toBe(true);
    await expect.poll(() => collections.getByRole('checkbox', { name: 'Sale' }).isChecked()).toBe(true);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'rule dialog with products and collections');
    await dialog.getByLabel('Percent', { exact: true }).fill('15');
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row('Mugs and Sale').getByText('15% off 1 product and Sale collection').waitFor();
    const saved = await ruleOf(mixed.id);
    expect(saved.discounts.values[0]?.percentage).toBe(15);
    expect(saved.discounts.values[0]?.specificItemsInfo?.scopes).toEqual([
      {
        id: expect.any(String),
        type: 'CATALOG_ITEM',
        catalogItemFilter: { catalogAppId: STORES_APP, catalogItemIds: [mug.productId] },
      },
      { id: expect.any(String), ...inCollections(sale) },
    ]);
    await setActive(saved, false);
  });

  it('says "a deleted collection" for a rule on a collection the catalog no longer has', async () => {
    const winter = await collection('Winter');
    const gone = await apiRule('Winter clearance', 30, [inCollections(winter)]);
    const removed = await s.admin('DELETE', `/categories/v1/categories/${winter}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await page.goto(DISCOUNTS);
    await row('Winter clearance').getByText('30% off a deleted collection').waitFor();
    await setActive(gone, false);
  });

  it('counts the items of a collection for a condition', async () => {
    const TWO = '$5 off with two Summer items';
    await page.goto(`${DISCOUNTS}?dialog=new`);
    const dialog = page.getByRole('dialog', { name: 'New discount rule' });
    await dialog.getByLabel('Name').fill(TWO);
    await dialog.getByRole('radio', { name: 'Amount off' }).check();
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('5');
    await dialog.getByRole('button', { name: 'Add a condition' }).click();
    const first = dialog.getByRole('group', { name: 'Condition 1', exact: true });
    await first.getByLabel('Checks').selectOption({ label: 'Number of items' });
    await first.getByLabel(/^Number of items at least/).fill('2');
    await first.getByRole('checkbox', { name: 'Only count some products' }).check();
    await first.getByRole('radio', { name: 'Products in collections' }).check();
    await checklist(first, 'Collections whose products count')
      .getByRole('checkbox', { name: 'Summer' })
      .check();
    await expectAccessible(page, 'rule dialog with a condition on a collection');
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(TWO).getByText('When 2 or more items from Summer collection are in the cart').waitFor();
    const stored = await ruleNamed(TWO);
    expect(stored.trigger).toEqual({
      triggerType: 'ITEM_QUANTITY_RANGE',
      itemQuantityRange: { from: 2, scopes: [{ id: expect.any(String), ...inCollections(summer) }] },
    });
    // With "20% off Summer" switched off: one hat and a Sale scarf get nothing, two hats $5.00.
    await setActive(await ruleOf(ruleId), false);
    expect(
      (
        await visitorCart([
          [hat, 1],
          [scarf, 3],
        ])
      ).discount,
    ).toBe(0);
    expect((await visitorCart([[hat, 2]])).discount).toBe(5);
    await setActive(stored, false);
  });

  it('limits a coupon to the Sale collection through its dialog', async () => {
    // The dialog starts the coupon at the browser's minute; the server's test clock stands at the
    // suite's start, so a minute turned since then would make the coupon "not active yet" there.
    await advanceBoth(s, context);
    await page.goto('/dashboard/marketing/coupons');
    await page.getByRole('link', { name: 'New coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'New coupon' });
    await dialog.getByLabel('Code').fill('SALE10');
    await dialog.getByLabel('Name').fill('Sale, 10% more');
    await dialog.getByLabel('Percent', { exact: true }).fill('10');
    await dialog.getByLabel('Applies to').selectOption({ label: 'Products in a collection' });
    const which = dialog.getByLabel('Collection', { exact: true });
    await which.locator('option', { hasText: 'Sale' }).waitFor({ state: 'attached' });
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await dialog.getByText('Choose a collection.').waitFor();
    expect(await which.getAttribute('aria-invalid')).toBe('true');
    await which.selectOption({ label: 'Sale' });
    await expectAccessible(page, 'coupon dialog with a collection');
    await page.screenshot({ path: join(ARTIFACTS, 'discount-collections-coupon-1280.png') });
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: /SALE10/ })
      .getByText('on Sale collection')
      .waitFor();

    const q = await s.admin<{ coupons: WireCoupon[] }>('POST', '/stores/v2/coupons/query', {
      query: { filter: { 'specification.code': 'SALE10' } },
    });
    const coupon = q.body.coupons[0]!;
    expect(coupon.specification.scope).toEqual({
      namespace: 'stores',
      group: { name: 'collection', entityId: sale },
    });
    // Off the Sale line only: 10% of the scarf.
    const cart = await visitorCart(
      [
        [scarf, 1],
        [mug, 1],
      ],
      'SALE10',
    );
    expect(cart.off).toEqual({ [scarf.productId]: 1, [mug.productId]: 0 });

    // Opened again: the collection is still chosen.
    await page
      .getByRole('row', { name: /SALE10/ })
      .getByRole('link', { name: 'Edit SALE10' })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit coupon SALE10' });
    expect(await edit.getByLabel('Applies to').inputValue()).toBe('collection');
    await expect.poll(() => edit.getByLabel('Collection', { exact: true }).inputValue()).toBe(sale);
    await checkNarrowDialog(browser, context, {
      url: `/dashboard/marketing/coupons?dialog=edit&id=${coupon.id}`,
      dialog: 'Edit coupon SALE10',
      name: 'discount-collections-coupon-dialog',
      ready: 'The coupon takes its discount off the products in this collection.',
      baseURL: s.url,
      dir: ARTIFACTS,
      watch,
    });
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await checkPage(page, 'discount-collections-coupons');
    expect(errors).toEqual([]);
  });
});
