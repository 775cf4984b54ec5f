import type { DiscountTriggerInput, DiscountValue } from '@vitrine/contract';
import { STORES_APP_ID } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { namesUsed, ruleText, triggerText, type TriggerNames } from './describe.ts';

const names: TriggerNames = {
  currency: 'USD',
  product: (id) => ({ shirt: 'Linen shirt', mug: 'Mug', cap: 'Cap' })[id],
  member: (id) => ({ ada: 'Ada Lovelace' })[id],
  collection: (id) => ({ summer: 'Summer', sale: 'Sale', gone: null })[id],
};
const scope = (...ids: string[]) => [
  { type: 'CATALOG_ITEM' as const, catalogItemFilter: { catalogAppId: STORES_APP_ID, catalogItemIds: ids } },
];
const inCollections = (...ids: string[]) => [
  {
    type: 'CUSTOM_FILTER' as const,
    customFilter: { appId: STORES_APP_ID, params: { collectionIds: ids } },
  },
];
const atLeast100: DiscountTriggerInput = { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '100.00' } };
const threeShirts: DiscountTriggerInput = {
  triggerType: 'ITEM_QUANTITY_RANGE',
  itemQuantityRange: { scopes: scope('shirt'), from: 3 },
};
const members = (...memberIds: string[]): DiscountTriggerInput => ({
  triggerType: 'CUSTOMER_ELIGIBILITY',
  customerEligibility: { eligibilityType: 'INDIVIDUAL_MEMBERS', individualMembersInfo: { memberIds } },
});

describe('a rule in words', () => {
  it('tells each condition', () => {
    expect(triggerText(undefined, names)).toBe('Every cart');
    expect(triggerText(atLeast100, names)).toBe('When the subtotal is at least $100.00');
    // Past the currency's decimals (the API takes 4), the amount as given, not rounded to a cent.
    expect(triggerText({ subtotalRange: { from: '49.9999', to: '100.0001' } }, names)).toBe(
      'When the subtotal is between $49.9999 and $100.0001',
    );
    expect(triggerText(threeShirts, names)).toBe('When 3 or more of Linen shirt are in the cart');
    expect(triggerText(members('ada', 'b', 'c'), names)).toBe('Members: Ada Lovelace and 2 more');
    expect(triggerText(members('ada'), names)).toBe('Members: Ada Lovelace');
    expect(
      triggerText(
        {
          triggerType: 'SUBTOTAL_RANGE',
          subtotalRange: { scopes: scope('shirt', 'mug', 'cap'), from: '10', to: '50' },
        },
        names,
      ),
    ).toBe('When the subtotal of Linen shirt and 2 more products is between $10.00 and $50.00');
    expect(triggerText({ triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { to: 1 } }, names)).toBe(
      'When at most 1 item is in the cart',
    );
    expect(
      triggerText({ triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { from: 2, to: 5 } }, names),
    ).toBe('When 2 to 5 items are in the cart');
  });

  it('counts what it cannot name yet', () => {
    expect(triggerText(members('b', 'c'), names)).toBe('Members: 2 members');
    expect(
      triggerText(
        { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { scopes: scope('x', 'y'), from: 2 } },
        names,
      ),
    ).toBe('When 2 or more of 2 chosen products are in the cart');
  });

  it('joins chains with "and" / "or", brackets a chain of the other kind', () => {
    expect(
      triggerText({ triggerType: 'AND', and: { triggers: [atLeast100, members('ada', 'b', 'c')] } }, names),
    ).toBe(
      'When the subtotal is at least $100.00 and the shopper is a chosen member (Ada Lovelace and 2 more)',
    );
    expect(
      triggerText(
        {
          triggerType: 'AND',
          and: {
            triggers: [atLeast100, { triggerType: 'OR', or: { triggers: [threeShirts, members('ada')] } }],
          },
        },
        names,
      ),
    ).toBe(
      'When the subtotal is at least $100.00 and (3 or more of Linen shirt are in the cart or the shopper is a chosen member (Ada Lovelace))',
    );
  });

  it('names the ids its words use', () => {
    expect(
      namesUsed({ triggerType: 'OR', or: { triggers: [threeShirts, members('ada', 'b'), members('c')] } }),
    ).toEqual({ productIds: ['shirt'], collectionIds: [], memberIds: ['ada', 'c'] });
    expect(
      namesUsed({
        triggerType: 'SUBTOTAL_RANGE',
        subtotalRange: { scopes: [...scope('mug'), ...inCollections('summer', 'gone')], from: '1' },
      }),
    ).toEqual({ productIds: ['mug'], collectionIds: ['summer', 'gone'], memberIds: [] });
  });

  it('tells a condition limited to collections by their names', () => {
    expect(
      triggerText(
        {
          triggerType: 'ITEM_QUANTITY_RANGE',
          itemQuantityRange: { scopes: inCollections('summer'), from: 3 },
        },
        names,
      ),
    ).toBe('When 3 or more items from Summer collection are in the cart');
    expect(
      triggerText(
        {
          triggerType: 'SUBTOTAL_RANGE',
          subtotalRange: { scopes: inCollections('summer', 'sale'), from: '50' },
        },
        names,
      ),
    ).toBe('When the subtotal of items from Summer and Sale collections is at least $50.00');
    expect(
      triggerText(
        {
          triggerType: 'ITEM_QUANTITY_RANGE',
          itemQuantityRange: { scopes: [...scope('shirt'), ...inCollections('gone')], to: 2 },
        },
        names,
      ),
    ).toBe('When at most 2 of Linen shirt or items from a deleted collection are in the cart');
  });

  it('tells a discount on collections by their names: "20% off Summer and Sale collections"', () => {
    const on = (ids: string[], more: Omit<DiscountValue, 'targetType'>): DiscountValue => ({
      targetType: 'SPECIFIC_ITEMS',
      specificItemsInfo: { scopes: inCollections(...ids) },
      ...more,
    });
    const named = names.collection;
    expect(
      ruleText(on(['summer', 'sale'], { discountType: 'PERCENTAGE', percentage: 20 }), 'USD', named),
    ).toBe('20% off Summer and Sale collections');
    expect(ruleText(on(['gone'], { discountType: 'PERCENTAGE', percentage: 20 }), 'USD', named)).toBe(
      '20% off a deleted collection',
    );
    expect(ruleText(on(['summer'], { discountType: 'FIXED_AMOUNT', fixedAmount: '5' }), 'USD', named)).toBe(
      '$5.00 off each item of Summer collection',
    );
    expect(
      ruleText(
        on(['summer'], {
          discountType: 'QUANTITY_BASED',
          quantityBased: { configurations: [{ quantity: 3, price: '10' }] },
        }),
        'USD',
        named,
      ),
    ).toBe('Any 3 from Summer collection for $10.00');
    expect(ruleText(on(['summer'], { discountType: 'FIXED_PRICE', fixedPrice: '9' }), 'USD', named)).toBe(
      'items of Summer collection at $9.00 each',
    );
    // Before the names come: counted.
    expect(ruleText(on(['summer', 'sale'], { discountType: 'PERCENTAGE', percentage: 20 }), 'USD')).toBe(
      '20% off 2 collections',
    );
    // Products and collections together: both told.
    expect(
      ruleText(
        {
          targetType: 'SPECIFIC_ITEMS',
          discountType: 'PERCENTAGE',
          percentage: 10,
          specificItemsInfo: { scopes: [...scope('shirt', 'mug'), ...inCollections('summer')] },
        },
        'USD',
        named,
      ),
    ).toBe('10% off 2 products and Summer collection');
  });

  it('says "every product" for a scope naming no products', () => {
    expect(
      ruleText(
        {
          targetType: 'SPECIFIC_ITEMS',
          discountType: 'FIXED_AMOUNT',
          fixedAmount: '5',
          specificItemsInfo: {
            scopes: [{ type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: STORES_APP_ID } }],
          },
        },
        'USD',
      ),
    ).toBe('$5.00 off every product');
  });

  it('tells a quantity deal: "Any 3 for $10.00", "Any 3 of 2 products for $10.00"', () => {
    const deal = { configurations: [{ quantity: 3, price: '10' }] };
    expect(
      ruleText({ targetType: 'GLOBAL', discountType: 'QUANTITY_BASED', quantityBased: deal }, 'USD'),
    ).toBe('Any 3 for $10.00');
    expect(
      ruleText(
        {
          targetType: 'SPECIFIC_ITEMS',
          discountType: 'QUANTITY_BASED',
          quantityBased: deal,
          specificItemsInfo: {
            scopes: [
              {
                type: 'CATALOG_ITEM',
                catalogItemFilter: { catalogAppId: STORES_APP_ID, catalogItemIds: ['a', 'b'] },
              },
            ],
          },
        },
        'USD',
      ),
    ).toBe('Any 3 of 2 products for $10.00');
  });
});
