import { discountTrigger, TRIGGER_CHAIN, type DiscountTriggerInput } from '@vitrine/contract';
import { STORES_APP_ID } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import {
  checkConditions,
  controlId,
  controlOfViolation,
  draftOf,
  MAX_CONDITIONS,
  MAX_MEMBERS,
  newCondition,
  triggerOf,
  type ConditionsDraft,
} from './conditions.ts';

const M1 = '0190a000-0000-7000-8000-000000000001';
const M2 = '0190a000-0000-7000-8000-000000000002';
const products = (...ids: string[]) => [
  { type: 'CATALOG_ITEM' as const, catalogItemFilter: { catalogAppId: STORES_APP_ID, catalogItemIds: ids } },
];
const collections = (...ids: string[]) => [
  { type: 'CUSTOM_FILTER' as const, customFilter: { appId: STORES_APP_ID, params: { collectionIds: ids } } },
];
const subtotal = (from?: string, to?: string): DiscountTriggerInput => ({
  triggerType: 'SUBTOTAL_RANGE',
  subtotalRange: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
});
const members: DiscountTriggerInput = {
  triggerType: 'CUSTOMER_ELIGIBILITY',
  customerEligibility: {
    eligibilityType: 'INDIVIDUAL_MEMBERS',
    individualMembersInfo: { memberIds: [M1, M2] },
  },
};
const quantity: DiscountTriggerInput = {
  triggerType: 'ITEM_QUANTITY_RANGE',
  itemQuantityRange: { scopes: products('p1', 'p2'), from: 3 },
};
/** Keys aside (they are the dialog's own). */
const shape = (d: ConditionsDraft | undefined) =>
  d && { ...d, conditions: d.conditions.map(({ key: _key, ...c }) => c) };

describe('a rule trigger as the dialog edits it', () => {
  it("keeps the contract's bounds", () => {
    expect(MAX_CONDITIONS).toBe(TRIGGER_CHAIN.max);
    const ids = (n: number) => Array.from({ length: n }, () => M1);
    const eligible = (n: number) =>
      discountTrigger.safeParse({ customerEligibility: { individualMembersInfo: { memberIds: ids(n) } } })
        .success;
    expect([eligible(MAX_MEMBERS), eligible(MAX_MEMBERS + 1)]).toEqual([true, false]);
  });

  it('is no condition without a trigger, and no trigger without conditions', () => {
    expect(draftOf(undefined)).toEqual({ mode: 'AND', conditions: [] });
    expect(triggerOf({ mode: 'OR', conditions: [] })).toBeNull();
  });

  it('round-trips a single condition, a chain, and every kind of condition', () => {
    for (const t of [
      subtotal('100.00'),
      subtotal(undefined, '500.00'),
      quantity,
      members,
      { triggerType: 'AND' as const, and: { triggers: [subtotal('100.00', '500.00'), members] } },
      { triggerType: 'OR' as const, or: { triggers: [quantity, subtotal('20.00'), members] } },
      {
        triggerType: 'SUBTOTAL_RANGE' as const,
        subtotalRange: { scopes: collections('c1', 'c2'), from: '50.00' },
      },
      {
        triggerType: 'ITEM_QUANTITY_RANGE' as const,
        itemQuantityRange: { scopes: [...products('p1'), ...collections('c1')], from: 2 },
      },
    ]) {
      const d = draftOf(t);
      expect(d, JSON.stringify(t)).toBeDefined();
      const again = triggerOf(d!);
      expect(again).toEqual(t);
      expect(discountTrigger.safeParse(again).success).toBe(true);
    }
  });

  it('reads a condition from its field when the type is left out', () => {
    expect(shape(draftOf({ subtotalRange: { from: '10' } }))?.conditions[0]).toMatchObject({
      kind: 'subtotal',
      from: '10',
    });
  });

  it('flattens a chain nested in one of its own kind (two levels deep), the same meaning', () => {
    const nested: DiscountTriggerInput = {
      triggerType: 'AND',
      and: {
        triggers: [{ triggerType: 'AND', and: { triggers: [subtotal('100.00'), quantity] } }, members],
      },
    };
    const d = draftOf(nested);
    expect(d?.mode).toBe('AND');
    expect(d?.conditions.map((c) => c.kind)).toEqual(['subtotal', 'quantity', 'members']);
  });

  it('counts a scope covering every item as no scope', () => {
    const every = draftOf({
      triggerType: 'ITEM_QUANTITY_RANGE',
      itemQuantityRange: {
        scopes: [{ type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: STORES_APP_ID } }],
        from: 2,
      },
    });
    expect(every?.conditions[0]).toMatchObject({ scoped: false, products: [] });
  });

  it('holds a condition limited to collections, or to products and collections (both lists shown)', () => {
    const [byCollection] = draftOf({
      triggerType: 'ITEM_QUANTITY_RANGE',
      itemQuantityRange: { scopes: collections('c1'), from: 2 },
    })!.conditions;
    expect(byCollection).toMatchObject({ scoped: true, by: 'collections', collections: ['c1'], both: false });
    const [mixed] = draftOf({
      triggerType: 'SUBTOTAL_RANGE',
      subtotalRange: { scopes: [...products('p1'), ...collections('c1')], from: '10' },
    })!.conditions;
    expect(mixed).toMatchObject({ scoped: true, products: ['p1'], collections: ['c1'], both: true });
  });

  it('cannot hold an OR inside an AND, a custom trigger, other catalogs, or more than five', () => {
    const orInAnd: DiscountTriggerInput = {
      triggerType: 'AND',
      and: { triggers: [{ triggerType: 'OR', or: { triggers: [subtotal('1'), members] } }, quantity] },
    };
    expect(draftOf(orInAnd)).toBeUndefined();
    expect(draftOf({ triggerType: 'CUSTOM', customTrigger: { id: 'x' } })).toBeUndefined();
    expect(
      draftOf({
        triggerType: 'SUBTOTAL_RANGE',
        subtotalRange: {
          from: '1',
          scopes: [{ catalogItemFilter: { catalogAppId: 'other', catalogItemIds: ['a'] } }],
        },
      }),
    ).toBeUndefined();
    const six: DiscountTriggerInput = {
      triggerType: 'AND',
      and: {
        triggers: [
          { triggerType: 'AND', and: { triggers: [subtotal('1'), subtotal('2'), subtotal('3')] } },
          { triggerType: 'AND', and: { triggers: [subtotal('4'), subtotal('5'), subtotal('6')] } },
        ],
      },
    };
    expect(draftOf(six)).toBeUndefined();
    expect(
      draftOf({
        triggerType: 'SUBTOTAL_RANGE',
        subtotalRange: {
          from: '1',
          scopes: [
            { type: 'CUSTOM_FILTER', customFilter: { appId: 'other', params: { collectionIds: ['c'] } } },
          ],
        },
      }),
    ).toBeUndefined();
  });

  it('finds what to fix: an empty range, amounts, order, products, members', () => {
    const empty = newCondition('subtotal');
    const bad = { ...newCondition('quantity'), from: '0', to: '2.5' };
    const reversed = { ...newCondition('subtotal'), from: '100', to: '50', scoped: true };
    const nobody = newCondition('members');
    const fine = { ...newCondition('quantity'), from: '3', to: '3' };
    const noCollection = { ...newCondition('quantity'), from: '3', scoped: true, by: 'collections' as const };
    const e = checkConditions({
      mode: 'AND',
      conditions: [empty, bad, reversed, nobody, fine, noCollection],
    });
    expect(e).toEqual({
      [controlId(empty, 'from')]: 'Enter at least one amount.',
      [controlId(bad, 'from')]: 'Enter a whole number of 1 or more.',
      [controlId(bad, 'to')]: 'Enter a whole number of 1 or more.',
      [controlId(reversed, 'to')]: 'Must not be below “at least” (100).',
      [controlId(reversed, 'products')]: 'Choose at least one product.',
      [controlId(nobody, 'members')]: 'Choose at least one member.',
      [controlId(noCollection, 'collections')]: 'Choose at least one collection.',
    });
  });

  it("puts the server's violations on the condition's control", () => {
    const a = { ...newCondition('subtotal'), from: '1' };
    const b = { ...newCondition('members'), memberIds: [M1] };
    const chain: ConditionsDraft = { mode: 'OR', conditions: [a, b] };
    expect(controlOfViolation('discountRule.trigger.or.triggers.0.subtotalRange.to', chain)).toBe(
      controlId(a, 'to'),
    );
    expect(
      controlOfViolation(
        'discountRule.trigger.or.triggers.1.customerEligibility.individualMembersInfo.memberIds.0',
        chain,
      ),
    ).toBe(controlId(b, 'members'));
    expect(controlOfViolation('discountRule.trigger.or.triggers', chain)).toBe('conditions');
    expect(controlOfViolation('discountRule.name', chain)).toBeUndefined();
    const one: ConditionsDraft = { mode: 'AND', conditions: [a] };
    expect(controlOfViolation('discountRule.trigger.subtotalRange.scopes.0.type', one)).toBe(
      controlId(a, 'products'),
    );
    // Products are sent first, then collections.
    const both = { ...a, scoped: true, products: ['p1'], collections: ['c1'], both: true };
    const mixed: ConditionsDraft = { mode: 'AND', conditions: [both] };
    expect(controlOfViolation('discountRule.trigger.subtotalRange.scopes.0.catalogItemFilter', mixed)).toBe(
      controlId(both, 'products'),
    );
    expect(controlOfViolation('discountRule.trigger.subtotalRange.scopes.1.customFilter.params', mixed)).toBe(
      controlId(both, 'collections'),
    );
    const onlyCollections = { ...a, scoped: true, by: 'collections' as const, collections: ['c1'] };
    expect(
      controlOfViolation('discountRule.trigger.subtotalRange.scopes.0.customFilter.params', {
        mode: 'AND',
        conditions: [onlyCollections],
      }),
    ).toBe(controlId(onlyCollections, 'collections'));
  });
});
