/**
 * Discounts limited to collections through the official packages, unchanged: `@wix/ecom`'s
 * `discountRules` with a `CUSTOM_FILTER` scope (the stores catalog's collections), a trigger whose
 * range counts a collection, and a coupon of the `collection` group; `currentCart` prices them for
 * a visitor. Collection membership is read when pricing, so a product moved into a collection gets
 * the discount on the cart's next pricing.
 */
import { currentCart, discountRules } from '@wix/ecom';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shopClient } from '../test/oauth.ts';
import { startTestServer, violations, type TestServer } from '../test/server.ts';
import { adminAuth, redirectWixFetch } from '../test/wix.ts';
import { shopCollection, shopProduct } from '../test/shop.ts';

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const ALL_PRODUCTS = '00000000-000000-000000-000000000001';
let s: TestServer;
let undo: () => void;
let clientId: string;
const shopper = () => createClient({ auth: OAuthStrategy({ clientId }), modules: { currentCart } });
const admin = () => createClient({ auth: adminAuth, modules: { discountRules } });
const made: string[] = [];

interface Made {
  productId: string;
  variantId: string;
}
let summer: string;
let sale: string;
/** In Summer (price 40), in Sale (price 10), in neither (price 25). */
let hat: Made;
let scarf: Made;
let mug: Made;

const collection = (name: string) => shopCollection(s, name);
const product = (name: string, price: string, categoryIds: string[]): Promise<Made> =>
  shopProduct(s, { name, price, categoryIds });
const ref = (p: Made) => ({ catalogItemId: p.productId, appId: APP, options: { variantId: p.variantId } });
const collections = (...ids: string[]) => [
  { type: 'CUSTOM_FILTER' as const, customFilter: { appId: APP, params: { collectionIds: ids } } },
];
const percentOff = (percentage: number, scopes: unknown) => ({
  values: [
    {
      targetType: 'SPECIFIC_ITEMS' as const,
      specificItemsInfo: { scopes: scopes as never },
      discountType: 'PERCENTAGE' as const,
      percentage,
    },
  ],
});
async function rule(name: string, discounts: unknown, trigger?: unknown) {
  const r = await admin().discountRules.createDiscountRule({
    name,
    active: true,
    ...(trigger ? { trigger: trigger as never } : {}),
    discounts: discounts as never,
  });
  made.push(r._id!);
  return r;
}
/** A visitor's cart of these lines, and what its estimate takes off each line (by product). */
async function offByProduct(lines: [Made, number][]) {
  const c = shopper();
  await c.currentCart.addToCurrentCart({
    lineItems: lines.map(([p, quantity]) => ({ catalogReference: ref(p), quantity })),
  });
  return estimate(c);
}
async function estimate(c: ReturnType<typeof shopper>) {
  const est = await c.currentCart.estimateCurrentCartTotals({
    calculateShipping: false,
    calculateTax: false,
  });
  const off: Record<string, number> = {};
  for (const l of est.calculatedLineItems ?? []) {
    const amount = Number(l.pricesBreakdown?.totalDiscount?.amount ?? 0);
    const item = est.cart?.lineItems?.find((x) => x._id === l.lineItemId);
    if (amount) off[item?.catalogReference?.catalogItemId ?? '?'] = amount;
  }
  return { off, discount: Number(est.priceSummary?.discount?.amount ?? 'NaN') };
}

beforeAll(async () => {
  s = await startTestServer();
  undo = redirectWixFetch(s.url);
  clientId = await shopClient(s);
  summer = await collection('Summer');
  sale = await collection('Sale');
  hat = await product('Straw hat', '40.00', [summer]);
  scarf = await product('Silk scarf', '10.00', [sale]);
  mug = await product('Mug', '25.00', []);
});
afterEach(async () => {
  for (const id of made.splice(0)) await admin().discountRules.deleteDiscountRule(id);
});
afterAll(async () => {
  undo?.();
  await s?.stop();
});

describe('discounts limited to collections, through @wix/ecom', () => {
  it('writes and reads a collection scope unchanged, and takes the discount off that collection only', async () => {
    const created = await rule('20% off Summer', percentOff(20, collections(summer)));
    const scopes = created.discounts?.values?.[0]?.specificItemsInfo?.scopes;
    expect(scopes).toEqual([{ ...collections(summer)[0], _id: expect.any(String) }]);
    const got = await admin().discountRules.getDiscountRule(created._id!);
    expect(got.discounts).toEqual(created.discounts);

    const priced = await offByProduct([
      [hat, 2],
      [mug, 1],
    ]);
    expect(priced.off).toEqual({ [hat.productId]: 16 });
    expect(priced.discount).toBe(16);
  });

  it('covers the listed products and the products of the listed collections together', async () => {
    await rule(
      '10% off Sale and the mug',
      percentOff(10, [
        ...collections(sale),
        { type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: APP, catalogItemIds: [mug.productId] } },
      ]),
    );
    const priced = await offByProduct([
      [hat, 1],
      [scarf, 1],
      [mug, 2],
    ]);
    expect(priced.off).toEqual({ [scarf.productId]: 1, [mug.productId]: 5 });
  });

  it('reads membership when pricing: a product moved into the collection gets the discount on the next estimate', async () => {
    await rule('20% off Summer', percentOff(20, collections(summer)));
    const c = shopper();
    await c.currentCart.addToCurrentCart({ lineItems: [{ catalogReference: ref(mug), quantity: 1 }] });
    expect((await estimate(c)).discount).toBe(0);
    const p = await s.admin<{ product: { revision: string } }>('GET', `/stores/v3/products/${mug.productId}`);
    const moved = await s.admin('PATCH', `/stores/v3/products/${mug.productId}`, {
      product: { revision: p.body.product.revision, directCategoriesInfo: { categories: [{ id: summer }] } },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await estimate(c)).off).toEqual({ [mug.productId]: 5 });
    // Back out of it, back to full price.
    const q = await s.admin<{ product: { revision: string } }>('GET', `/stores/v3/products/${mug.productId}`);
    await s.admin('PATCH', `/stores/v3/products/${mug.productId}`, {
      product: { revision: q.body.product.revision, directCategoriesInfo: { categories: [] } },
    });
    expect((await estimate(c)).discount).toBe(0);
  });

  it("counts a collection's items for a trigger's range", async () => {
    await rule(
      '5 off the order from two Summer items',
      {
        values: [{ targetType: 'GLOBAL', discountType: 'FIXED_AMOUNT', fixedAmount: '5' }],
      },
      { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { from: 2, scopes: collections(summer) } },
    );
    const one = await offByProduct([
      [hat, 1],
      [mug, 3],
    ]);
    expect(one.discount).toBe(0);
    const two = await offByProduct([
      [hat, 2],
      [mug, 1],
    ]);
    expect(two.discount).toBe(5);
  });

  it('takes the "All Products" collection as every product', async () => {
    await rule('10% off everything', percentOff(10, collections(ALL_PRODUCTS)));
    const priced = await offByProduct([
      [hat, 1],
      [mug, 1],
    ]);
    expect(priced.off).toEqual({ [hat.productId]: 4, [mug.productId]: 2.5 });
  });

  it('refuses a custom filter it cannot evaluate, naming the field; an unknown collection id covers nothing', async () => {
    const bad = (scopes: unknown) =>
      s.admin('POST', '/ecom/v1/discount-rules', {
        discountRule: { name: 'bad', active: true, discounts: percentOff(10, scopes) },
      });
    const other = await bad([{ type: 'CUSTOM_FILTER', customFilter: { appId: APP, params: { tag: 'x' } } }]);
    expect(other.status).toBe(400);
    expect(violations(other.body).map((v) => v.field)).toEqual([
      'discountRule.discounts.values.0.specificItemsInfo.scopes.0.customFilter.params',
    ]);
    const app = await bad([
      {
        type: 'CUSTOM_FILTER',
        customFilter: { appId: '13d21c63-b5ec-5912-8397-c3a5ddb27a97', params: { collectionIds: [summer] } },
      },
    ]);
    expect(app.status).toBe(400);
    expect(violations(app.body).map((v) => v.field)).toEqual([
      'discountRule.discounts.values.0.specificItemsInfo.scopes.0.customFilter.appId',
    ]);
    // Not a collection of this store (not even a UUID): accepted, and it takes nothing off.
    await rule('nothing', percentOff(50, collections('no-such-collection')));
    expect((await offByProduct([[hat, 1]])).discount).toBe(0);
  });

  it('limits a coupon of the collection group to that collection', async () => {
    const made = await s.admin<{ id: string }>('POST', '/stores/v2/coupons', {
      specification: {
        name: 'Sale 50',
        code: 'SALE50',
        startTime: new Date(Date.now() - 60_000).toISOString(),
        percentOffRate: 50,
        scope: { namespace: 'stores', group: { name: 'collection', entityId: sale } },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const stored = await s.admin<{ coupon: { specification: { scope: unknown } } }>(
      'GET',
      `/stores/v2/coupons/${made.body.id}`,
    );
    expect(stored.body.coupon.specification.scope).toEqual({
      namespace: 'stores',
      group: { name: 'collection', entityId: sale },
    });
    const c = shopper();
    await c.currentCart.addToCurrentCart({
      lineItems: [
        { catalogReference: ref(scarf), quantity: 2 },
        { catalogReference: ref(hat), quantity: 1 },
      ],
    });
    await c.currentCart.updateCurrentCart({ couponCode: 'SALE50' });
    expect((await estimate(c)).off).toEqual({ [scarf.productId]: 10 });
    const missing = await s.admin('POST', '/stores/v2/coupons', {
      specification: {
        name: 'No id',
        code: 'NOID',
        startTime: new Date().toISOString(),
        percentOffRate: 5,
        scope: { namespace: 'stores', group: { name: 'collection' } },
      },
    });
    expect(violations(missing.body).map((v) => v.field)).toEqual(['specification.scope.group.entityId']);
  });
});
