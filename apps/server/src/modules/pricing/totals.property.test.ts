import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from './discounts.ts';
import { calculate } from './totals.ts';
import type { DiscountRule, LineInput, PricingInput } from './types.ts';

const now = new Date('2025-06-01T00:00:00Z');
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

const lineArb = fc.record({
  catalogItemId: fc.constantFrom('a', 'b', 'c'),
  quantity: fc.integer({ min: 1, max: 1000 }),
  unitPriceMinor: fc.integer({ min: 0, max: 1_000_000 }),
  weight: fc.option(
    fc.record({
      value: fc.double({ min: 0, max: 50, noNaN: true }),
      unit: fc.constantFrom('KG' as const, 'LB' as const),
    }),
    { nil: undefined },
  ),
  itemType: fc.constantFrom(
    'PHYSICAL' as const,
    'DIGITAL' as const,
    'GIFT_CARD' as const,
    'SERVICE' as const,
  ),
  taxable: fc.boolean(),
});
const ruleArb = fc
  .record({
    type: fc.constantFrom('PERCENTAGE' as const, 'FIXED_AMOUNT' as const, 'FIXED_PRICE' as const),
    scope: fc.constantFrom('GLOBAL' as const, 'SPECIFIC_ITEMS' as const, 'SHIPPING' as const),
    value: fc.integer({ min: 0, max: 100 }),
    catalogItemIds: fc.subarray(['a', 'b', 'c']),
  })
  .map((r): Omit<DiscountRule, 'id'> => ({
    ...r,
    name: 'rule',
    value: r.type === 'PERCENTAGE' ? r.value : r.value * 137,
  }));

const inputArb = fc
  .record({
    lines: fc.array(lineArb, { minLength: 1, maxLength: 6 }),
    rules: fc.array(ruleArb, { maxLength: 4 }),
    inclusive: fc.boolean(),
    shippingTaxable: fc.boolean(),
    ratePercent: fc.integer({ min: 0, max: 30_000 }).map((x) => x / 1000),
    shippingCost: fc.integer({ min: 0, max: 5000 }),
    feePercent: fc.option(
      fc.integer({ min: 0, max: 500 }).map((x) => x / 100),
      { nil: undefined },
    ),
    giftCard: fc.option(fc.integer({ min: 0, max: 100_000_000 }), { nil: undefined }),
  })
  .map(
    ({
      lines,
      rules,
      inclusive,
      shippingTaxable,
      ratePercent,
      shippingCost,
      feePercent,
      giftCard,
    }): PricingInput => ({
      lines: lines.map((l, i): LineInput => ({ ...l, id: `l${i}` })),
      discountRules: rules.map((r, i) => ({ ...r, id: `r${i}` })),
      shipping: {
        destination: { country: 'US' },
        regions: [
          {
            id: 'us',
            name: 'US',
            countries: [{ country: 'US' }],
            options: [{ code: 'flat', title: 'Flat', rule: { kind: 'FLAT', costMinor: shippingCost } }],
          },
        ],
      },
      taxRates: [{ name: 'US', rateType: 'MANUAL_RATE', country: 'US', ratePercent }],
      fees:
        feePercent === undefined
          ? []
          : [{ code: 'i', name: 'Insurance', type: 'INSURANCE', percentage: feePercent }],
      ...(giftCard === undefined ? {} : { giftCard: { id: 'g', code: 'G', balanceMinor: giftCard } }),
      store: { currency: 'USD', pricesIncludeTax: inclusive, shippingTaxable },
    }),
  );

describe('calculate (properties)', () => {
  it('total = subtotal − discount + shipping + tax(excl.) + fees, never negative; gift card ≤ total', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { totals: t } = calculate(input, now);
        const tax = input.store.pricesIncludeTax ? 0 : t.taxMinor;
        expect(t.totalMinor).toBe(
          t.subtotalMinor - t.discountMinor + t.shippingMinor + tax + t.additionalFeesMinor,
        );
        expect(t.totalMinor).toBeGreaterThanOrEqual(0);
        expect(t.amountToPayMinor).toBe(t.totalMinor - t.giftCardMinor);
        expect(t.giftCardMinor).toBeLessThanOrEqual(t.totalMinor);
        expect(Number.isSafeInteger(t.totalMinor)).toBe(true);
      }),
    );
  });

  it('discounts never exceed their base and allocations sum exactly', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const out = calculate(input, now);
        out.lines.forEach((l) => {
          expect(l.discountMinor).toBeGreaterThanOrEqual(0);
          expect(l.discountMinor).toBeLessThanOrEqual(l.fullPriceMinor);
        });
        const shippingDiscount = sum(
          out.appliedDiscounts.filter((d) => d.discountType === 'SHIPPING').map((d) => d.amountMinor),
        );
        expect(shippingDiscount).toBeLessThanOrEqual(out.totals.shippingMinor);
        for (const d of out.appliedDiscounts.filter((x) => x.discountType !== 'SHIPPING')) {
          expect(sum(d.allocations.map((a) => a.amountMinor))).toBe(d.amountMinor);
        }
        expect(sum(out.lines.map((l) => l.discountMinor)) + shippingDiscount).toBe(out.totals.discountMinor);
      }),
    );
  });

  it('allocate: exact sum, each share within its base', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 10 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (bases, f) => {
          const total = Math.floor(sum(bases) * f);
          const shares = allocate(total, bases);
          expect(sum(shares)).toBe(total);
          shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(bases[i] ?? 0));
        },
      ),
    );
  });

  it('a 100% GLOBAL discount makes the discountable items total exactly 0', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const out = calculate(
          {
            ...input,
            discountRules: [{ id: 'all', name: 'All', type: 'PERCENTAGE', scope: 'GLOBAL', value: 100 }],
          },
          now,
        );
        input.lines.forEach((l, i) => {
          const line = out.lines[i];
          if (l.itemType !== 'GIFT_CARD') expect(line && line.fullPriceMinor - line.discountMinor).toBe(0);
        });
      }),
    );
  });

  it('tax-inclusive: with no discounts, shipping or fees, total = Σ line gross prices', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const out = calculate(
          {
            ...input,
            discountRules: [],
            fees: [],
            shipping: { ...input.shipping, regions: [] },
            store: { ...input.store, pricesIncludeTax: true },
          },
          now,
        );
        expect(out.totals.totalMinor).toBe(sum(input.lines.map((l) => l.unitPriceMinor * l.quantity)));
        expect(sum(out.lines.map((l) => l.totalMinor))).toBe(out.totals.totalMinor);
      }),
    );
  });

  it('is idempotent: the same input gives the same output', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(calculate(structuredClone(input), now)).toEqual(calculate(input, now));
      }),
    );
  });
});
