import { describe, expect, it } from 'vitest';
import { lineDiscounts, type DiscountLine } from './discounts.ts';
import { selector } from './selection.ts';
import { triggerMet } from './triggers.ts';

const line = (id: string, remainingMinor: number, collectionIds?: string[]): DiscountLine => ({
  id,
  catalogItemId: id,
  quantity: 1,
  remainingMinor,
  eligible: true,
  ...(collectionIds ? { collectionIds } : {}),
});

describe('item selections (products and collections)', () => {
  const lines = [
    line('hat', 4_000, ['summer']),
    line('scarf', 1_000, ['sale', 'summer']),
    line('mug', 2_500),
  ];

  it('covers every line without lists, and the listed products or collections with them', () => {
    expect(selector({})).toBeUndefined();
    const covered = (sel: Parameters<typeof selector>[0]) => lines.filter(selector(sel)!).map((l) => l.id);
    expect(covered({ collectionIds: ['summer'] })).toEqual(['hat', 'scarf']);
    expect(covered({ collectionIds: ['sale'], catalogItemIds: ['mug'] })).toEqual(['scarf', 'mug']);
    expect(covered({ collectionIds: [] })).toEqual([]);
    expect(covered({ collectionIds: ['winter'] })).toEqual([]);
  });

  it('takes a SPECIFIC_ITEMS discount off the collection’s lines only; GLOBAL ignores the lists', () => {
    const spec = { type: 'PERCENTAGE' as const, scope: 'SPECIFIC_ITEMS' as const, value: 10 };
    expect(lineDiscounts({ ...spec, collectionIds: ['summer'] }, lines)).toEqual([400, 100, 0]);
    expect(lineDiscounts({ ...spec, collectionIds: ['sale'], catalogItemIds: ['mug'] }, lines)).toEqual([
      0, 100, 250,
    ]);
    expect(lineDiscounts({ ...spec, scope: 'GLOBAL', collectionIds: ['sale'] }, lines)).toEqual([
      400, 100, 250,
    ]);
  });

  it('groups a quantity deal across the collection’s lines only', () => {
    const deal = {
      type: 'QUANTITY_BASED' as const,
      scope: 'SPECIFIC_ITEMS' as const,
      value: 3_000,
      quantity: 2,
    };
    // hat 40 + scarf 10 for 30: 20 off, shared 16 / 4; the mug is not in the collection.
    expect(lineDiscounts({ ...deal, collectionIds: ['summer'] }, lines)).toEqual([1_600, 400, 0]);
  });

  it('counts a collection for a trigger range', () => {
    const basis = {
      lines: lines.map((l) => ({
        ...l,
        unitPriceMinor: l.remainingMinor,
        itemType: 'PHYSICAL' as const,
        taxable: true,
      })),
      fullMinor: lines.map((l) => l.remainingMinor),
    };
    expect(triggerMet({ type: 'ITEM_QUANTITY_RANGE', collectionIds: ['summer'], from: 2 }, basis)).toBe(true);
    expect(triggerMet({ type: 'ITEM_QUANTITY_RANGE', collectionIds: ['sale'], from: 2 }, basis)).toBe(false);
    expect(triggerMet({ type: 'SUBTOTAL_RANGE', collectionIds: ['summer'], toMinor: 5_000 }, basis)).toBe(
      true,
    );
    expect(triggerMet({ type: 'SUBTOTAL_RANGE', collectionIds: ['summer'], toMinor: 4_999 }, basis)).toBe(
      false,
    );
    // A collection none of the lines is in: nothing counted, so "at most 5 items" is not met.
    expect(triggerMet({ type: 'ITEM_QUANTITY_RANGE', collectionIds: ['winter'], to: 5 }, basis)).toBe(false);
  });
});
