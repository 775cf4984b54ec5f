import { describe, expect, it } from 'vitest';
import { allocate, lineDiscounts, ruleStatus, shippingDiscount } from './discounts.ts';
import type { DiscountLine } from './discounts.ts';

const line = (
  id: string,
  remainingMinor: number,
  quantity = 1,
  catalogItemId = id,
  eligible = true,
): DiscountLine => ({ id, catalogItemId, quantity, remainingMinor, eligible });

describe('ruleStatus', () => {
  const rule = { activeTimeInfo: { start: '2025-01-01T00:00:00Z', end: '2025-02-01T00:00:00Z' } };
  it('is PENDING before start, LIVE inside, EXPIRED from end on', () => {
    expect(ruleStatus(rule, new Date('2024-12-31T23:59:59Z'))).toBe('PENDING');
    expect(ruleStatus(rule, new Date('2025-01-01T00:00:00Z'))).toBe('LIVE');
    expect(ruleStatus(rule, new Date('2025-02-01T00:00:00Z'))).toBe('EXPIRED');
    expect(ruleStatus({}, new Date())).toBe('LIVE');
  });
});

describe('allocate', () => {
  it('splits proportionally and puts the remainder on the largest line', () => {
    expect(allocate(100, [1000, 2000, 3000])).toEqual([16, 33, 51]);
  });
  it('never exceeds a base: spills the remainder past a full line', () => {
    const shares = allocate(2, [1, 1, 1]);
    expect(shares.reduce((a, b) => a + b)).toBe(2);
    shares.forEach((s) => expect(s).toBeLessThanOrEqual(1));
  });
  it('allocates the whole base exactly', () =>
    expect(allocate(6000, [1000, 2000, 3000])).toEqual([1000, 2000, 3000]));
  it('rejects more than the bases', () => expect(() => allocate(7, [3, 3])).toThrow(RangeError));
});

describe('lineDiscounts', () => {
  const lines = [line('a', 1000, 2), line('b', 333, 1), line('gc', 500, 1, 'gc', false)];
  it('PERCENTAGE on specific items rounds half-up per line', () => {
    expect(
      lineDiscounts({ type: 'PERCENTAGE', scope: 'SPECIFIC_ITEMS', value: 15, catalogItemIds: ['b'] }, lines),
    ).toEqual([0, 50, 0]);
  });
  it('FIXED_AMOUNT on specific items is per unit and capped at the line', () => {
    expect(
      lineDiscounts(
        { type: 'FIXED_AMOUNT', scope: 'SPECIFIC_ITEMS', value: 200, catalogItemIds: ['a', 'b'] },
        lines,
      ),
    ).toEqual([400, 200, 0]);
    expect(
      lineDiscounts(
        { type: 'FIXED_AMOUNT', scope: 'SPECIFIC_ITEMS', value: 9999, catalogItemIds: ['b'] },
        lines,
      ),
    ).toEqual([0, 333, 0]);
  });
  it('FIXED_PRICE sets the unit price, never raising it', () => {
    expect(lineDiscounts({ type: 'FIXED_PRICE', scope: 'GLOBAL', value: 400 }, lines)).toEqual([200, 0, 0]);
  });
  it('GLOBAL 100% leaves exactly zero and skips gift cards', () => {
    expect(lineDiscounts({ type: 'PERCENTAGE', scope: 'GLOBAL', value: 100 }, lines)).toEqual([1000, 333, 0]);
  });
  it('GLOBAL FIXED_AMOUNT is allocated and capped at the order', () => {
    const a = lineDiscounts({ type: 'FIXED_AMOUNT', scope: 'GLOBAL', value: 100 }, lines);
    expect(a.reduce((x, y) => x + y)).toBe(100);
    expect(lineDiscounts({ type: 'FIXED_AMOUNT', scope: 'GLOBAL', value: 10_000 }, lines)).toEqual([
      1000, 333, 0,
    ]);
  });
  it('rejects percentages above 100', () => {
    expect(() => lineDiscounts({ type: 'PERCENTAGE', scope: 'GLOBAL', value: 101 }, lines)).toThrow(
      RangeError,
    );
  });
});

describe('shippingDiscount', () => {
  it('handles each type and never exceeds the cost', () => {
    expect(shippingDiscount({ type: 'PERCENTAGE', scope: 'SHIPPING', value: 50 }, 999)).toBe(500);
    expect(shippingDiscount({ type: 'FIXED_AMOUNT', scope: 'SHIPPING', value: 2000 }, 999)).toBe(999);
    expect(shippingDiscount({ type: 'FIXED_PRICE', scope: 'SHIPPING', value: 100 }, 999)).toBe(899);
    expect(shippingDiscount({ type: 'PERCENTAGE', scope: 'GLOBAL', value: 50 }, 999)).toBe(0);
  });
});
