/**
 * A discount rule's conditions (its trigger), the whole journey in real Chromium against a real
 * server: the owner creates "10% off orders of $100 or more" in the dashboard (a reversed range is
 * refused in words beside the field first) and reads it in words in the list; a visitor on the
 * storefront gets nothing with $40.00 in the cart and 10% once the quantity takes it past $100;
 * the owner adds a members-only condition (Ada, found by name) with "All conditions must be met":
 * the visitor loses the discount, Ada (over HTTP) keeps it; the owner removes the conditions and
 * every cart gets it again. A trigger the form cannot hold (an OR inside an AND) is shown in words
 * and kept on save. axe on the dialogs, 1280 and 375 px checks, screenshots in
 * test-artifacts/dashboard.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { WireDiscountRule } from '@vitrine/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser, staffContext } from '../test/browser.ts';
import { memberTokens, shopClient } from '../test/oauth.ts';
import type { TestServer } from '../test/server.ts';
import { placeShopOrder, shopLine, shopProduct, STORES_APP, visitorOf } from '../test/shop.ts';
import { setUpOwner, staffServer } from '../test/staff.ts';
import {
  checkBothWidths,
  checkNarrowDialog,
  expectAccessible,
  hydrated,
  type Shopper,
  shopper,
  watchErrors,
} from '../test/storefront.ts';

const built =
  existsSync(join(appDist('dashboard'), 'index.html')) &&
  existsSync(join(appDist('storefront'), 'server', 'entry-server.js'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'dashboard');
if (!built) console.warn('Discount conditions browser tests SKIPPED: run "npm run build" first.');

const NAME = '10% off orders of $100 or more';
const DISCOUNTS = '/dashboard/marketing/discounts';

let s: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let visitor: Shopper;
let shirt: { productId: string; variantId: string; slug: string };
let ada: { memberId: string; token: string };
let ruleId = '';
const errors: string[] = [];
const watch = (p: Page) => watchErrors(p, errors, { failedLoads: false });

beforeAll(async () => {
  if (!hasChromium || !built) return;
  s = await staffServer();
  const owner = await setUpOwner(s);
  const made = await shopProduct(s, { name: 'Linen shirt', price: '40.00' });
  const product = await s.admin<{ product: { slug: string } }>(
    'GET',
    `/stores/v3/products/${made.productId}`,
  );
  shirt = { productId: made.productId, variantId: made.variantId, slug: product.body.product.slug };
  // Ada Lovelace (the test members' name), signed in to the shop.
  const m = await memberTokens(s, await shopClient(s), { email: 'ada@example.test' });
  ada = { memberId: m.memberId, token: m.tokens.access_token };

  browser = await launchBrowser();
  context = await staffContext(browser, s, owner);
  page = await context.newPage();
  watch(page);
  visitor = await shopper(browser, s.url);
  mkdirSync(ARTIFACTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

const checkPage = (p: Page, name: string) => checkBothWidths(browser, p, { name, dir: ARTIFACTS, watch });
const ruleOf = async (id: string) =>
  (await s.admin<{ discountRule: WireDiscountRule }>('GET', `/ecom/v1/discount-rules/${id}`)).body
    .discountRule;
const row = (name: string) => page.getByRole('row', { name: new RegExp(name.replace(/[$%]/g, '\\$&')) });
/** Whether the element has the keyboard focus. */
const focused = (l: Locator) =>
  l.evaluate(
    (e) => e === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
  );
const condition = (dialog: Locator, n: number) =>
  dialog.getByRole('group', { name: `Condition ${n}`, exact: true });

/** The visitor's cart page once its totals are in: the summary's text. */
async function cartTotals() {
  await visitor.page.goto('/cart');
  await hydrated(visitor.page);
  const totals = visitor.page.getByRole('region', { name: 'Estimated totals' });
  await totals.getByText('Estimated total', { exact: true }).waitFor();
  return (await totals.innerText()).replace(/\s+/g, ' ');
}

describe.skipIf(!hasChromium || !built)('discount rule conditions: the merchant and the shoppers', () => {
  it('creates "10% off orders of $100 or more" with a subtotal condition, and reads it in words', async () => {
    await page.goto(DISCOUNTS);
    await page.getByRole('heading', { name: 'Discount rules', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New discount rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New discount rule' });
    await dialog.getByLabel('Name').fill(NAME);
    await dialog.getByLabel('Percent', { exact: true }).fill('10');
    const conditions = dialog.getByRole('group', { name: 'Conditions', exact: true });
    await conditions.getByText('Applies to every cart.').waitFor();

    await conditions.getByRole('button', { name: 'Add a condition' }).click();
    const first = condition(dialog, 1);
    // Focus moves to the new condition, which checks the subtotal unless told otherwise.
    await expect.poll(() => focused(first.getByLabel('Checks'))).toBe(true);
    expect(await first.getByLabel('Checks').inputValue()).toBe('subtotal');
    await first.getByLabel(/^Subtotal at least/).fill('100');
    await first.getByLabel(/^Subtotal at most/).fill('50');
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await dialog.getByText('Please check the highlighted fields.').waitFor();
    const atMost = first.getByLabel(/^Subtotal at most/);
    expect(await atMost.getAttribute('aria-invalid')).toBe('true');
    await first.getByText('Must not be below “at least” (100).').waitFor();
    await expectAccessible(page, 'rule dialog with a condition refused');
    await atMost.fill('');
    await page.screenshot({ path: join(ARTIFACTS, 'discount-conditions-new-1280.png') });

    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await dialog.waitFor({ state: 'detached' });
    const created = row(NAME);
    await created.getByText('10% off the order').waitFor();
    await created.getByText('When the subtotal is at least $100.00').waitFor();
    await checkPage(page, 'discount-conditions-list');

    const q = await s.admin<{ discountRules: WireDiscountRule[] }>('POST', '/ecom/v1/discount-rules/query', {
      query: { filter: { name: NAME } },
    });
    ruleId = q.body.discountRules[0]!.id;
    expect(q.body.discountRules[0]!.trigger).toEqual({
      triggerType: 'SUBTOTAL_RANGE',
      subtotalRange: { from: '100.00' },
    });
  });

  it('gives a visitor nothing under $100, and 10% once the quantity takes the cart past it', async () => {
    await visitor.page.goto(`/product-page/${shirt.slug}`);
    await hydrated(visitor.page);
    await visitor.page.getByRole('button', { name: 'Add to cart' }).click();
    await visitor.page.getByRole('dialog', { name: 'Your cart' }).waitFor();

    // A discount is a "−$…" line of the totals (labelled by the rule's name, or "Discount").
    const under = await cartTotals();
    expect(under).toMatch(/Subtotal \$40\.00/);
    expect(under).not.toMatch(/−\$/);

    await visitor.page.getByLabel('Quantity').selectOption('3');
    const totals = visitor.page.getByRole('region', { name: 'Estimated totals' });
    await expect
      .poll(async () => (await totals.innerText()).replace(/\s+/g, ' '))
      .toMatch(/Subtotal \$120\.00 .*−\$12\.00 .*Estimated total \$108\.00/);
    expect(visitor.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });

  it('adds a members-only condition (All conditions): the visitor loses the discount, the member keeps it', async () => {
    await page.goto(DISCOUNTS);
    await row(NAME)
      .getByRole('link', { name: `Edit ${NAME}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit ${NAME}` });
    // The stored trigger back in the form.
    const first = condition(dialog, 1);
    await expect.poll(() => first.getByLabel(/^Subtotal at least/).inputValue()).toBe('100.00');
    expect(await first.getByLabel(/^Subtotal at most/).inputValue()).toBe('');

    await dialog.getByRole('button', { name: 'Add a condition' }).click();
    const second = condition(dialog, 2);
    await second.getByLabel('Checks').selectOption({ label: 'Only these members' });
    await second.getByText('No member chosen yet.').waitFor();
    await second.getByLabel('Find a member').fill('Ada');
    await second.getByRole('list', { name: 'Members found' }).getByText('ada@example.test').waitFor();
    await second.getByRole('button', { name: 'Add Ada Lovelace' }).click();
    await second.getByRole('list', { name: 'Chosen members' }).getByText('Ada Lovelace').waitFor();
    // The search is cleared, and keeps the focus for the next name.
    const find = second.getByLabel('Find a member');
    expect(await find.inputValue()).toBe('');
    await expect.poll(() => focused(find)).toBe(true);

    const all = dialog.getByRole('radio', { name: 'All conditions must be met' });
    await dialog.getByRole('radio', { name: 'Any condition' }).check();
    await all.check();
    expect(await all.isChecked()).toBe(true);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'rule dialog with two conditions');
    await second.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'discount-conditions-edit-1280.png') });

    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(NAME)
      .getByText('When the subtotal is at least $100.00 and the shopper is a chosen member (Ada Lovelace)')
      .waitFor();
    expect((await ruleOf(ruleId)).trigger).toEqual({
      triggerType: 'AND',
      and: {
        triggers: [
          { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '100.00' } },
          {
            triggerType: 'CUSTOMER_ELIGIBILITY',
            customerEligibility: {
              eligibilityType: 'INDIVIDUAL_MEMBERS',
              individualMembersInfo: { memberIds: [ada.memberId] },
            },
          },
        ],
      },
    });
    await checkPage(page, 'discount-conditions-members-list');
    await checkNarrowDialog(browser, context, {
      url: `${DISCOUNTS}?dialog=edit&id=${ruleId}`,
      dialog: `Edit ${NAME}`,
      name: 'discount-conditions-dialog',
      ready: 'Ada Lovelace',
      baseURL: s.url,
      dir: ARTIFACTS,
      watch,
    });

    const visitorTotals = await cartTotals();
    expect(visitorTotals).toMatch(/Subtotal \$120\.00/);
    expect(visitorTotals).not.toMatch(/−\$/);

    // Ada, signed in, with the same cart: still 10%.
    const added = await s.request('POST', '/ecom/v1/carts/current/add-to-cart', {
      auth: ada.token,
      body: { lineItems: [shopLine(shirt, 3)] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const est = await s.request<{ priceSummary: { discount?: { amount: string } } }>(
      'POST',
      '/ecom/v1/carts/current/estimate-totals',
      { auth: ada.token, body: {} },
    );
    expect(est.status, JSON.stringify(est.body)).toBe(200);
    expect(Number(est.body.priceSummary.discount?.amount)).toBe(12);
  });

  it('removes the conditions: every cart gets the discount again', async () => {
    await page.goto(`${DISCOUNTS}?dialog=edit&id=${ruleId}`);
    const dialog = page.getByRole('dialog', { name: `Edit ${NAME}` });
    await condition(dialog, 2).getByText('Ada Lovelace').waitFor();
    await dialog.getByRole('button', { name: 'Remove condition 2' }).click();
    await dialog.getByRole('button', { name: 'Remove condition 1' }).click();
    await dialog.getByText('Applies to every cart.').waitFor();
    // Focus stays in the section, on "Add a condition".
    await expect.poll(() => focused(dialog.getByRole('button', { name: 'Add a condition' }))).toBe(true);
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(NAME).getByText('Every cart').waitFor();
    expect((await ruleOf(ruleId)).trigger).toBeUndefined();

    expect(await cartTotals()).toMatch(/Subtotal \$120\.00 .*−\$12\.00 .*Estimated total \$108\.00/);
  });

  it('shows a trigger the form cannot hold in words, keeps it on save, and removes it on request', async () => {
    const nested = {
      triggerType: 'AND',
      and: {
        triggers: [
          { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '50.00' } },
          {
            triggerType: 'OR',
            or: {
              triggers: [
                {
                  triggerType: 'ITEM_QUANTITY_RANGE',
                  itemQuantityRange: {
                    scopes: [
                      {
                        type: 'CATALOG_ITEM',
                        catalogItemFilter: { catalogAppId: STORES_APP, catalogItemIds: [shirt.productId] },
                      },
                    ],
                    from: 3,
                  },
                },
                {
                  triggerType: 'CUSTOMER_ELIGIBILITY',
                  customerEligibility: {
                    eligibilityType: 'INDIVIDUAL_MEMBERS',
                    individualMembersInfo: { memberIds: [ada.memberId] },
                  },
                },
              ],
            },
          },
        ],
      },
    };
    const made = await s.admin<{ discountRule: WireDiscountRule }>('POST', '/ecom/v1/discount-rules', {
      discountRule: {
        name: 'Shirt lovers',
        trigger: nested,
        discounts: { values: [{ targetType: 'GLOBAL', discountType: 'FIXED_AMOUNT', fixedAmount: '5' }] },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.discountRule.id;
    const words =
      'When the subtotal is at least $50.00 and (3 or more of Linen shirt are in the cart or the shopper is a chosen member (Ada Lovelace))';

    await page.goto(DISCOUNTS);
    await row('Shirt lovers').getByText(words).waitFor();
    await row('Shirt lovers').getByRole('link', { name: 'Edit Shirt lovers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Shirt lovers' });
    await dialog.getByText(`${words}.`).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'rule dialog with conditions kept');
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('6');
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await dialog.waitFor({ state: 'detached' });
    const kept = await ruleOf(id);
    expect(kept.discounts.values[0]!.fixedAmount).toBe('6.00');
    expect(kept.trigger).toMatchObject({
      triggerType: 'AND',
      and: { triggers: [{}, { triggerType: 'OR' }] },
    });

    await row('Shirt lovers').getByRole('link', { name: 'Edit Shirt lovers' }).click();
    await dialog.getByRole('button', { name: 'Remove conditions' }).click();
    await dialog.getByText('Applies to every cart.').waitFor();
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await ruleOf(id)).trigger).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('sells any 3 shirts for $100 ("Buy X for an amount"): told in words, edited back, and named in the cart', async () => {
    const DEAL = 'Any 3 shirts for $100';
    await page.goto(DISCOUNTS);
    await page.getByRole('link', { name: 'New discount rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New discount rule' });
    await dialog.getByLabel('Name').fill(DEAL);
    await dialog.getByRole('radio', { name: 'Some products' }).check();
    await dialog.getByRole('checkbox', { name: 'Linen shirt' }).check();
    await dialog.getByRole('radio', { name: 'Buy X for an amount' }).check();
    await dialog.getByLabel('Items', { exact: true }).fill('1');
    await dialog.getByLabel(/^Price for them/).fill('100');
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await dialog.getByText('Enter a whole number of items from 2 to 1000.').waitFor();
    await dialog.getByLabel('Items', { exact: true }).fill('3');
    await expectAccessible(page, 'rule dialog with a quantity deal');
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(DEAL).getByText('Any 3 of 1 product for $100.00').waitFor();
    const q = await s.admin<{ discountRules: WireDiscountRule[] }>('POST', '/ecom/v1/discount-rules/query', {
      query: { filter: { name: DEAL } },
    });
    expect(q.body.discountRules[0]!.discounts.values[0]).toMatchObject({
      targetType: 'SPECIFIC_ITEMS',
      discountType: 'QUANTITY_BASED',
      quantityBased: { configurations: [{ quantity: 3, price: '100.00' }] },
    });

    await row(DEAL)
      .getByRole('link', { name: `Edit ${DEAL}` })
      .click();
    const edit = page.getByRole('dialog', { name: `Edit ${DEAL}` });
    expect(await edit.getByLabel('Items', { exact: true }).inputValue()).toBe('3');
    expect(await edit.getByLabel(/^Price for them/).inputValue()).toBe('100.00');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // The visitor's three shirts ($120.00): the deal takes $20.00 off, named in the totals.
    expect(await cartTotals()).toContain(`${DEAL} −$20.00`);

    // The order's page tells the merchant which discounts it got, by name.
    const { orderId } = await placeShopOrder(s, {
      auth: await visitorOf(s),
      product: shirt,
      quantity: 3,
      address: true,
    });
    await page.goto(`/dashboard/orders/${orderId}`);
    await expect
      .poll(async () => (await page.locator('main').innerText()).replace(/\s+/g, ' '))
      .toContain(`${DEAL} −$20.00`);
    expect(errors).toEqual([]);
  });
});
