/**
 * Discount rules with triggers through the official packages, unchanged: `@wix/ecom`'s
 * `discountRules` as an app or dashboard writes them, and `currentCart` / `checkout` as a headless
 * storefront prices with them, for a visitor and for a member (the demo store's catalog).
 */
import { checkout, currentCart, discountRules } from '@wix/ecom';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { productsV3 } from '@wix/stores';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memberTokens, shopClient } from '../test/oauth.ts';
import { startTestServer, violations, type TestServer } from '../test/server.ts';
import { adminAuth, redirectWixFetch } from '../test/wix.ts';

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
let s: TestServer;
let undo: () => void;
let clientId: string;
const shopper = () =>
  createClient({ auth: OAuthStrategy({ clientId }), modules: { currentCart, checkout, productsV3 } });
const memberShop = (accessToken: string) =>
  createClient({
    auth: { getAuthHeaders: async () => ({ headers: { Authorization: accessToken } }) },
    modules: { currentCart, checkout },
  });
const admin = () => createClient({ auth: adminAuth, modules: { discountRules } });
const num = (m: { amount?: string | null } | undefined | null) => Number(m?.amount ?? 'NaN');

/** Two visible in-stock products with one variant each, and their unit prices. */
let a: { productId: string; variantId: string; price: number };
let b: { productId: string; variantId: string; price: number };
const made: string[] = [];

const ref = (p: { productId: string; variantId: string }) => ({
  catalogItemId: p.productId,
  appId: APP,
  options: { variantId: p.variantId },
});
const scope = (...ids: string[]) => [
  { type: 'CATALOG_ITEM' as const, catalogItemFilter: { catalogAppId: APP, catalogItemIds: ids } },
];
const tenPercent = {
  values: [{ targetType: 'GLOBAL' as never, discountType: 'PERCENTAGE' as const, percentage: 10 }],
};

async function rule(name: string, trigger: unknown) {
  const r = await admin().discountRules.createDiscountRule({
    name,
    active: true,
    trigger: trigger as never,
    discounts: tenPercent,
  });
  made.push(r._id!);
  return r;
}

/** What the cart's estimate applied: each rule's name and amount. */
async function applied(c: ReturnType<typeof shopper> | ReturnType<typeof memberShop>) {
  const est = await c.currentCart.estimateCurrentCartTotals({
    calculateShipping: false,
    calculateTax: false,
  });
  return {
    rules: (est.appliedDiscounts ?? []).flatMap((d) =>
      d.discountRule ? [{ name: d.discountRule.name?.original, amount: num(d.discountRule.amount) }] : [],
    ),
    discount: num(est.priceSummary?.discount),
    subtotal: num(est.priceSummary?.subtotal),
  };
}

beforeAll(async () => {
  s = await startTestServer({ env: { DEMO_DATA: 'true' } });
  undo = redirectWixFetch(s.url);
  clientId = await shopClient(s);
  const { items } = await shopper().productsV3.queryProducts().limit(100).find();
  const ones = items.filter(
    (p) =>
      p.inventory?.availabilityStatus === 'IN_STOCK' &&
      p.productType === 'PHYSICAL' &&
      p.variantSummary?.variantCount === 1,
  );
  const pick = async (id: string) => {
    const p = await shopper().productsV3.getProduct(id, { fields: ['VARIANT_OPTION_CHOICE_NAMES'] });
    const v = p.variantsInfo!.variants!.find((x) => x.inventoryStatus?.inStock)!;
    return { productId: id, variantId: v._id!, price: Number(v.price!.actualPrice!.amount) };
  };
  a = await pick(ones[0]!._id!);
  b = await pick(ones[1]!._id!);
});
afterEach(async () => {
  for (const id of made.splice(0)) await admin().discountRules.deleteDiscountRule(id);
});
afterAll(async () => {
  undo?.();
  await s?.stop();
});

describe('discount rule triggers through @wix/ecom', () => {
  it('writes and reads a chained trigger unchanged, naming each trigger type', async () => {
    const trigger = {
      triggerType: 'AND',
      and: {
        triggers: [
          { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '100.00', to: '500.00' } },
          {
            triggerType: 'OR',
            or: {
              triggers: [
                {
                  triggerType: 'ITEM_QUANTITY_RANGE',
                  itemQuantityRange: { from: 3, scopes: scope(a.productId) },
                },
                {
                  triggerType: 'CUSTOMER_ELIGIBILITY',
                  customerEligibility: {
                    eligibilityType: 'INDIVIDUAL_MEMBERS',
                    individualMembersInfo: { memberIds: ['0b7c1a8e-5f0e-4c38-9d0c-2a2f3b4c5d6e'] },
                  },
                },
              ],
            },
          },
        ],
      },
    };
    const created = await rule('chained', trigger);
    const scopeOut = { ...scope(a.productId)[0], _id: expect.any(String) };
    const expected = {
      ...trigger,
      and: {
        triggers: [
          trigger.and.triggers[0],
          {
            triggerType: 'OR',
            or: {
              triggers: [
                { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { from: 3, scopes: [scopeOut] } },
                trigger.and.triggers[1]!.or!.triggers[1],
              ],
            },
          },
        ],
      },
    };
    expect(created.trigger).toEqual(expected);
    const got = await admin().discountRules.getDiscountRule(created._id!);
    expect(got.trigger).toEqual(created.trigger);
    // Left out, the type is the one condition given.
    const inferred = await rule('inferred', { subtotalRange: { from: '5' } });
    expect(inferred.trigger).toEqual({ triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '5.00' } });
  });

  it('applies a subtotal trigger only once the cart reaches it, and keeps applying it through the checkout', async () => {
    const c = shopper();
    await rule('10% from two', {
      triggerType: 'SUBTOTAL_RANGE',
      subtotalRange: { from: (a.price * 2).toFixed(2) },
    });
    await c.currentCart.addToCurrentCart({ lineItems: [{ catalogReference: ref(a), quantity: 1 }] });
    expect(await applied(c)).toMatchObject({ rules: [], discount: 0 });
    const cart = await c.currentCart.getCurrentCart();
    await c.currentCart.updateCurrentCartLineItemQuantity([{ _id: cart.lineItems![0]!._id!, quantity: 2 }]);
    const two = await applied(c);
    expect(two.rules).toEqual([{ name: '10% from two', amount: Math.round(a.price * 2 * 10) / 100 }]);
    expect(two.discount).toBeCloseTo(a.price * 0.2, 2);

    const { checkoutId } = await c.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    const co = await c.checkout.getCheckout(checkoutId!);
    expect(co.appliedDiscounts?.map((d) => d.discountRule?.name?.original)).toEqual(['10% from two']);
    // Back under the threshold, the checkout loses it.
    const less = await c.checkout.updateLineItemsQuantity(checkoutId!, [
      { _id: co.lineItems![0]!._id!, quantity: 1 },
    ]);
    expect(less.checkout?.appliedDiscounts ?? []).toEqual([]);
  });

  it('takes subtotal ends with up to 4 decimals, as the platform does: answered as given, met inward', async () => {
    const cents = Math.round(a.price * 100);
    const dollars = (c: number, extra: string) =>
      `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}${extra}`;
    // From the price plus 0.0001: one unit is under it, two reach it.
    const from = dollars(cents, '01');
    const reaches = await rule('from a fraction', { subtotalRange: { from } });
    expect(reaches.trigger).toEqual({ triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from } });
    expect((await admin().discountRules.getDiscountRule(reaches._id!)).trigger).toEqual(reaches.trigger);
    // Up to the price less 0.0001: the price is past it.
    const to = dollars(cents - 1, '99');
    await rule('to a fraction', { subtotalRange: { to } });
    const c = shopper();
    await c.currentCart.addToCurrentCart({ lineItems: [{ catalogReference: ref(a), quantity: 1 }] });
    expect((await applied(c)).rules).toEqual([]);
    await c.currentCart.addToCurrentCart({ lineItems: [{ catalogReference: ref(a), quantity: 1 }] });
    expect((await applied(c)).rules.map((r) => r.name)).toEqual(['from a fraction']);

    // Five decimals, a negative amount, and ends out of order as given are still refused.
    const bad: [unknown, string, string][] = [
      [
        { subtotalRange: { from: '1.00001' } },
        'discountRule.trigger.subtotalRange.from',
        'DECIMAL_MAX_SCALE',
      ],
      [{ subtotalRange: { to: '-1' } }, 'discountRule.trigger.subtotalRange.to', 'DECIMAL_GTE'],
      [
        { subtotalRange: { from: '1.0051', to: '1.005' } },
        'discountRule.trigger.subtotalRange.to',
        'VALIDATION',
      ],
    ];
    for (const [trigger, field, violated] of bad) {
      const res = await s.admin('POST', '/ecom/v1/discount-rules', {
        discountRule: { name: 'bad', trigger, discounts: tenPercent },
      });
      expect(res.status, JSON.stringify(trigger)).toBe(400);
      expect(violations(res.body), JSON.stringify(trigger)).toContainEqual(
        expect.objectContaining({ field, violatedRule: violated }),
      );
    }
    // Both ends inside one cent (1.001–1.009): nothing meets it, and that is no error.
    await rule('within a cent', { subtotalRange: { from: '1.001', to: '1.009' } });
    expect((await applied(c)).rules.map((r) => r.name)).toEqual(['from a fraction']);
  });

  it('counts only the scoped items for a quantity trigger', async () => {
    const c = shopper();
    await rule('three of a', {
      triggerType: 'ITEM_QUANTITY_RANGE',
      itemQuantityRange: { from: 3, scopes: scope(a.productId) },
    });
    await c.currentCart.addToCurrentCart({
      lineItems: [
        { catalogReference: ref(a), quantity: 2 },
        { catalogReference: ref(b), quantity: 5 },
      ],
    });
    expect((await applied(c)).rules).toEqual([]);
    await c.currentCart.addToCurrentCart({ lineItems: [{ catalogReference: ref(a), quantity: 1 }] });
    expect((await applied(c)).rules.map((r) => r.name)).toEqual(['three of a']);
  });

  it('gives a members-only rule to the listed member and to nobody else; OR needs one condition, AND all', async () => {
    const m = await memberTokens(s, clientId);
    const mine = memberShop(m.tokens.access_token);
    const visitor = shopper();
    await mine.currentCart.addToCurrentCart({ lineItems: [{ catalogReference: ref(a), quantity: 1 }] });
    await visitor.currentCart.addToCurrentCart({ lineItems: [{ catalogReference: ref(a), quantity: 1 }] });
    const members = {
      triggerType: 'CUSTOMER_ELIGIBILITY',
      customerEligibility: {
        eligibilityType: 'INDIVIDUAL_MEMBERS',
        individualMembersInfo: { memberIds: [m.memberId] },
      },
    };
    const big = { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: (a.price * 10).toFixed(2) } };
    const only = await rule('members', members);
    expect((await applied(mine)).rules.map((r) => r.name)).toEqual(['members']);
    expect((await applied(visitor)).rules).toEqual([]);
    await admin().discountRules.deleteDiscountRule(only._id!);
    made.splice(made.indexOf(only._id!), 1);

    await rule('either', { triggerType: 'OR', or: { triggers: [members, big] } });
    await rule('both', { triggerType: 'AND', and: { triggers: [members, big] } });
    expect((await applied(mine)).rules.map((r) => r.name)).toEqual(['either']);
    expect((await applied(visitor)).rules).toEqual([]);
  });

  it('sells any X of the scoped items for an amount (QUANTITY_BASED), with a trigger too', async () => {
    const c = shopper();
    const deal = (a.price * 2).toFixed(2);
    const created = await admin().discountRules.createDiscountRule({
      name: `3 for ${deal}`,
      active: true,
      trigger: { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { from: 3 } } as never,
      discounts: {
        values: [
          {
            targetType: 'SPECIFIC_ITEMS' as never,
            discountType: 'QUANTITY_BASED',
            specificItemsInfo: { scopes: scope(a.productId) },
            quantityBased: { configurations: [{ quantity: 3, price: deal }] },
          },
        ],
      },
    });
    made.push(created._id!);
    expect(created.discounts?.values?.[0]).toMatchObject({
      discountType: 'QUANTITY_BASED',
      quantityBased: { configurations: [{ quantity: 3, price: deal }] },
    });
    await c.currentCart.addToCurrentCart({ lineItems: [{ catalogReference: ref(a), quantity: 2 }] });
    expect((await applied(c)).rules).toEqual([]);
    await c.currentCart.addToCurrentCart({ lineItems: [{ catalogReference: ref(a), quantity: 2 }] });
    // Four units: one group of three for the deal's price, one at its own.
    const four = await applied(c);
    expect(four.rules).toEqual([{ name: `3 for ${deal}`, amount: Number(a.price.toFixed(2)) }]);
    expect(four.subtotal - four.discount).toBeCloseTo(a.price * 3, 2);
  });

  it('clears a trigger with null, and refuses what cannot be met or named with field violations', async () => {
    const r = await rule('cleared', { subtotalRange: { from: '1000000' } });
    const patched = await s.admin<{ discountRule: { trigger?: unknown; revision: string } }>(
      'PATCH',
      `/ecom/v1/discount-rules/${r._id}`,
      { discountRule: { revision: r.revision, trigger: null } },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.discountRule.trigger).toBeUndefined();

    const cases: [unknown, string, string][] = [
      [
        { triggerType: 'CUSTOM', customTrigger: { id: 'happy-hour' } },
        'discountRule.trigger.customTrigger',
        'FIELD_NOT_ALLOWED',
      ],
      [{ triggerType: 'SUBTOTAL_RANGE' }, 'discountRule.trigger.subtotalRange', 'REQUIRED_FIELD'],
      [{}, 'discountRule.trigger.triggerType', 'REQUIRED_FIELD'],
      [
        { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '1' }, itemQuantityRange: { from: 1 } },
        'discountRule.trigger.itemQuantityRange',
        'FIELD_NOT_ALLOWED',
      ],
      [{ subtotalRange: { from: '10', to: '5' } }, 'discountRule.trigger.subtotalRange.to', 'VALIDATION'],
      [{ itemQuantityRange: { from: 0 } }, 'discountRule.trigger.itemQuantityRange.from', 'MIN'],
      [
        { triggerType: 'AND', and: { triggers: [{ subtotalRange: { from: '1' } }] } },
        'discountRule.trigger.and.triggers',
        'MIN_SIZE',
      ],
      [
        { customerEligibility: { individualMembersInfo: { memberIds: ['not-a-member-id'] } } },
        'discountRule.trigger.customerEligibility.individualMembersInfo.memberIds.0',
        'FORMAT',
      ],
      [
        { itemQuantityRange: { from: 1, scopes: [{ type: 'CUSTOM_FILTER', customFilter: { params: {} } }] } },
        'discountRule.trigger.itemQuantityRange.scopes.0.customFilter.params',
        'VALIDATION',
      ],
      [{ subtotalRange: { from: '1' }, colour: 'red' }, 'discountRule.trigger.colour', 'FIELD_NOT_ALLOWED'],
    ];
    for (const [trigger, field, violated] of cases) {
      const res = await s.admin('POST', '/ecom/v1/discount-rules', {
        discountRule: { name: 'bad', trigger, discounts: tenPercent },
      });
      expect(res.status, JSON.stringify(trigger)).toBe(400);
      expect(violations(res.body), JSON.stringify(trigger)).toContainEqual(
        expect.objectContaining({ field, violatedRule: violated }),
      );
    }
  });
});
