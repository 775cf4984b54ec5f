import { describe, expect, it } from 'vitest';
import { calculate } from './totals.ts';
import { triggerMet } from './triggers.ts';
import type { LineInput, PricingInput } from './types.ts';

const line = (
  id: string,
  unitPriceMinor: number,
  quantity: number,
  itemType: LineInput['itemType'] = 'PHYSICAL',
) => ({
  id,
  catalogItemId: id,
  quantity,
  unitPriceMinor,
  itemType,
  taxable: true,
});
const basis = (lines: LineInput[], memberId?: string) => ({
  lines,
  fullMinor: lines.map((l) => l.unitPriceMinor * l.quantity),
  ...(memberId ? { buyer: { memberId } } : {}),
});

describe('discount rule triggers', () => {
  const cart = basis([line('shirt', 2_500, 2), line('hat', 1_000, 1), line('card', 5_000, 1, 'GIFT_CARD')]);

  it('is met without a trigger', () => {
    expect(triggerMet(undefined, cart)).toBe(true);
  });

  it('compares the subtotal before discounts, both ends inclusive, leaving gift cards out', () => {
    expect(triggerMet({ type: 'SUBTOTAL_RANGE', fromMinor: 6_000 }, cart)).toBe(true);
    expect(triggerMet({ type: 'SUBTOTAL_RANGE', fromMinor: 6_001 }, cart)).toBe(false);
    expect(triggerMet({ type: 'SUBTOTAL_RANGE', toMinor: 6_000 }, cart)).toBe(true);
    expect(triggerMet({ type: 'SUBTOTAL_RANGE', toMinor: 5_999 }, cart)).toBe(false);
    expect(
      triggerMet(
        { type: 'SUBTOTAL_RANGE', catalogItemIds: ['shirt'], fromMinor: 5_000, toMinor: 5_000 },
        cart,
      ),
    ).toBe(true);
  });

  it('counts the quantity of the scoped items, and is not met when none is in the cart', () => {
    expect(triggerMet({ type: 'ITEM_QUANTITY_RANGE', from: 3 }, cart)).toBe(true);
    expect(triggerMet({ type: 'ITEM_QUANTITY_RANGE', from: 4 }, cart)).toBe(false);
    expect(triggerMet({ type: 'ITEM_QUANTITY_RANGE', catalogItemIds: ['shirt'], from: 2, to: 2 }, cart)).toBe(
      true,
    );
    expect(triggerMet({ type: 'ITEM_QUANTITY_RANGE', catalogItemIds: ['card'], to: 5 }, cart)).toBe(false);
    expect(triggerMet({ type: 'ITEM_QUANTITY_RANGE', catalogItemIds: ['sock'], to: 5 }, cart)).toBe(false);
  });

  it('lets only the listed members in', () => {
    const t = { type: 'CUSTOMER_ELIGIBILITY' as const, memberIds: ['m-1', 'm-2'] };
    expect(triggerMet(t, cart)).toBe(false);
    expect(triggerMet(t, basis(cart.lines, 'm-2'))).toBe(true);
    expect(triggerMet(t, basis(cart.lines, 'm-3'))).toBe(false);
  });

  it('chains with AND and OR, nested', () => {
    const yes = { type: 'SUBTOTAL_RANGE' as const, fromMinor: 1 };
    const no = { type: 'SUBTOTAL_RANGE' as const, fromMinor: 1_000_000 };
    expect(triggerMet({ type: 'AND', triggers: [yes, no] }, cart)).toBe(false);
    expect(triggerMet({ type: 'OR', triggers: [no, yes] }, cart)).toBe(true);
    expect(triggerMet({ type: 'AND', triggers: [yes, { type: 'OR', triggers: [no, yes] }] }, cart)).toBe(
      true,
    );
    expect(triggerMet({ type: 'OR', triggers: [no, { type: 'AND', triggers: [no, yes] }] }, cart)).toBe(
      false,
    );
  });

  it('leaves a rule whose trigger is not met out of the totals, and applies it once met', () => {
    const input = (quantity: number): PricingInput => ({
      lines: [line('shirt', 2_500, quantity)],
      discountRules: [
        {
          id: 'r',
          name: '10% from 50',
          type: 'PERCENTAGE',
          scope: 'GLOBAL',
          value: 10,
          trigger: { type: 'SUBTOTAL_RANGE', fromMinor: 5_000 },
        },
      ],
      shipping: { regions: [], pickupOptions: [] },
      store: { currency: 'USD', pricesIncludeTax: false, shippingTaxable: false },
    });
    const now = new Date('2026-12-03T00:00:00Z');
    expect(calculate(input(1), now).appliedDiscounts).toEqual([]);
    const two = calculate(input(2), now);
    expect(two.appliedDiscounts.map((d) => [d.id, d.amountMinor])).toEqual([['r', 500]]);
  });
});

describe('quantity deals ("X for an amount")', () => {
  const deal = (quantity: number, price: number, catalogItemIds?: string[]) => ({
    id: 'deal',
    name: `${quantity} for ${price}`,
    type: 'QUANTITY_BASED' as const,
    scope: catalogItemIds ? ('SPECIFIC_ITEMS' as const) : ('GLOBAL' as const),
    value: price,
    quantity,
    ...(catalogItemIds ? { catalogItemIds } : {}),
  });
  const price = (lines: LineInput[], rule: ReturnType<typeof deal>) =>
    calculate(
      {
        lines,
        discountRules: [rule],
        shipping: { regions: [], pickupOptions: [] },
        store: { currency: 'USD', pricesIncludeTax: false, shippingTaxable: false },
      },
      new Date('2026-12-03T00:00:00Z'),
    );

  it('prices each full group at the deal and the units left over at their price', () => {
    const out = price([line('sock', 400, 7)], deal(3, 1_000));
    // Two groups of 3 at 10.00 and one sock at 4.00: 24.00 instead of 28.00.
    expect(out.appliedDiscounts.map((d) => d.amountMinor)).toEqual([400]);
    expect(price([line('sock', 400, 2)], deal(3, 1_000)).appliedDiscounts).toEqual([]);
  });

  it('mixes the items it applies to, grouping the dearest units first, and shares the saving by value', () => {
    const out = price(
      [line('sock', 400, 2), line('tie', 900, 2), line('hat', 2_000, 1)],
      deal(3, 1_500, ['sock', 'tie']),
    );
    // Four units in scope make one group: the two ties and a sock (22.00) for 15.00.
    const [d] = out.appliedDiscounts;
    expect(d!.amountMinor).toBe(700);
    expect(d!.allocations.map((a) => a.amountMinor)).toEqual([127, 573, 0]);
  });

  it('never raises a price: a deal dearer than its units is not applied', () => {
    expect(price([line('sock', 100, 3)], deal(3, 1_000)).appliedDiscounts).toEqual([]);
  });
});
