import type { DiscountTriggerInput } from '@vitrine/contract';
import { STORES_APP_ID } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { namesUsed, ruleText, triggerText, type TriggerNames } from './describe.ts';

const names: TriggerNames = {
  currency: 'USD',
  product: (id) => ({ shirt: 'Linen shirt', mug: 'Mug', cap: 'Cap' })[id],
  member: (id) => ({ ada: 'Ada Lovelace' })[id],
};
const scope = (...ids: string[]) => [
  { type: 'CATALOG_ITEM' as const, catalogItemFilter: { catalogAppId: STORES_APP_ID, catalogItemIds: ids } },
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
    ).toEqual({ productIds: ['shirt'], memberIds: ['ada', 'c'] });
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
