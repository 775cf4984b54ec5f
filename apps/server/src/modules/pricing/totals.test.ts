import { describe, expect, it } from 'vitest';
import { calculate } from './totals.ts';
import type { LineInput, PricingInput } from './types.ts';

const now = new Date('2025-06-01T00:00:00Z');
const shirt: LineInput = {
  id: 'l1',
  catalogItemId: 'shirt',
  quantity: 2,
  unitPriceMinor: 2000,
  weight: { value: 0.25, unit: 'KG' },
  itemType: 'PHYSICAL',
  taxable: true,
};
const ebook: LineInput = {
  id: 'l2',
  catalogItemId: 'ebook',
  quantity: 1,
  unitPriceMinor: 1000,
  itemType: 'DIGITAL',
  taxable: true,
};
const base = (over: Partial<PricingInput> = {}): PricingInput => ({
  lines: [shirt, ebook],
  shipping: {
    destination: { country: 'US', subdivision: 'US-NY' },
    regions: [
      {
        id: 'us',
        name: 'US',
        countries: [{ country: 'US' }],
        options: [
          {
            code: 'std',
            title: 'Standard',
            rule: { kind: 'BY_WEIGHT', unit: 'KG', brackets: [{ upTo: 1, costMinor: 500 }] },
          },
        ],
      },
    ],
  },
  taxRates: [{ name: 'NY', rateType: 'MANUAL_RATE', country: 'US', subdivision: 'US-NY', ratePercent: 10 }],
  store: { currency: 'USD', pricesIncludeTax: false, shippingTaxable: true },
  ...over,
});

describe('calculate', () => {
  it('composes discounts, shipping, tax, fees and gift card in order', () => {
    const out = calculate(
      base({
        discountRules: [
          {
            id: 'r1',
            name: 'Shirts -25%',
            type: 'PERCENTAGE',
            scope: 'SPECIFIC_ITEMS',
            value: 25,
            catalogItemIds: ['shirt'],
          },
          {
            id: 'r2',
            name: 'Old',
            type: 'PERCENTAGE',
            scope: 'GLOBAL',
            value: 50,
            activeTimeInfo: { end: '2025-01-01' },
          },
          { id: 'r3', name: 'Half shipping', type: 'PERCENTAGE', scope: 'SHIPPING', value: 50 },
        ],
        coupon: {
          code: 'take5',
          definition: {
            id: 'c',
            code: 'TAKE5',
            name: '5 off',
            discount: { type: 'FIXED_AMOUNT', scope: 'GLOBAL', value: 500 },
            usedTotal: 0,
            usedByCustomer: 0,
          },
        },
        fees: [{ code: 'h', name: 'Handling', type: 'HANDLING_FEE', amountMinor: 100 }],
        giftCard: { id: 'g', code: 'GC', balanceMinor: 2000 },
      }),
      now,
    );
    // shirt 4000 −1000 (25%) −375 (coupon share 3000/4000·500), ebook 1000 −125
    expect(out.lines.map((l) => [l.discountMinor, l.taxMinor])).toEqual([
      [1375, 263],
      [125, 88],
    ]);
    expect(out.appliedDiscounts.map((d) => [d.id, d.discountType, d.amountMinor])).toEqual([
      ['r1', 'SPECIFIC_ITEMS', 1000],
      ['c', 'GLOBAL', 500],
      ['r3', 'SHIPPING', 250],
    ]);
    expect(out.totals).toEqual({
      subtotalMinor: 5000,
      discountMinor: 1750,
      shippingMinor: 500,
      taxMinor: 376,
      additionalFeesMinor: 100,
      totalMinor: 4226,
      giftCardMinor: 2000,
      amountToPayMinor: 2226,
    });
    expect(out.tax.taxableAmountMinor).toBe(3750);
    expect(out.messages).toEqual([]);
  });
  it('reports a rejected coupon and a gift card for gift cards', () => {
    const out = calculate(
      base({
        lines: [{ ...ebook, itemType: 'GIFT_CARD', taxable: false }],
        coupon: { code: 'NOPE' },
        giftCard: { id: 'g', code: 'GC', balanceMinor: 2000 },
      }),
      now,
    );
    expect(out.messages.map((m) => m.code)).toEqual([
      'ERROR_COUPON_DOES_NOT_EXIST',
      'GIFT_CARD_CANNOT_BE_USED_TO_PURCHASE_GIFT_CARD',
    ]);
    expect(out.totals.amountToPayMinor).toBe(1000);
    expect(out.shipping.required).toBe(false);
  });
  it('rejects zero, negative and fractional quantities', () => {
    for (const quantity of [0, -1, 1.5])
      expect(() => calculate(base({ lines: [{ ...shirt, quantity }] }), now)).toThrow(RangeError);
  });
  it('handles huge quantities exactly and refuses overflow', () => {
    const out = calculate(
      base({ lines: [{ ...ebook, quantity: 1_000_000_000, unitPriceMinor: 999_999 }], taxRates: [] }),
      now,
    );
    expect(out.totals.totalMinor).toBe(999_999_000_000_000);
    expect(() =>
      calculate(base({ lines: [{ ...ebook, quantity: 2 ** 40, unitPriceMinor: 2 ** 20 }] }), now),
    ).toThrow(RangeError);
  });
  it('works in a zero-decimal currency (JPY minor units = yen)', () => {
    const out = calculate(
      base({
        lines: [{ ...ebook, unitPriceMinor: 1234 }],
        store: { currency: 'JPY', pricesIncludeTax: true, shippingTaxable: false },
      }),
      now,
    );
    expect(out.totals).toMatchObject({ subtotalMinor: 1234, taxMinor: 112, totalMinor: 1234 }); // 1234·0.1/1.1 = 112.18
  });
  it('uses the store origin for tax when nothing ships to a destination', () => {
    const out = calculate(
      base({
        lines: [ebook],
        shipping: { regions: [] },
        store: {
          currency: 'USD',
          pricesIncludeTax: false,
          shippingTaxable: false,
          origin: { country: 'US', subdivision: 'US-NY' },
        },
      }),
      now,
    );
    expect(out.totals.taxMinor).toBe(100);
    expect(out.messages).toEqual([]);
  });
});
