import { describe, expect, it } from 'vitest';
import { computeTax, resolveTaxRate, taxOn } from './tax.ts';
import type { TaxRate } from './types.ts';

const rates: TaxRate[] = [
  { name: 'US', rateType: 'MANUAL_RATE', country: 'US', ratePercent: 5 },
  { name: 'NY', rateType: 'MANUAL_RATE', country: 'US', subdivision: 'US-NY', ratePercent: 8.875 },
  { name: 'OR', rateType: 'NO_TAX_COLLECTED', country: 'US', subdivision: 'US-OR', ratePercent: 0 },
  { name: 'Fallback', rateType: 'FALLBACK_RATE', ratePercent: 10 },
];

describe('tax', () => {
  it('resolves subdivision over country over fallback', () => {
    expect(resolveTaxRate(rates, { country: 'US', subdivision: 'US-NY' })?.name).toBe('NY');
    expect(resolveTaxRate(rates, { country: 'us', subdivision: 'US-TX' })?.name).toBe('US');
    expect(resolveTaxRate(rates, { country: 'DE' })?.name).toBe('Fallback');
    expect(resolveTaxRate(rates, undefined)?.name).toBe('Fallback');
    expect(resolveTaxRate([], { country: 'DE' })).toBeUndefined();
  });
  it('adds exclusive tax and extracts inclusive tax, half-up', () => {
    expect(taxOn(1000, 88_750, false)).toBe(89); // 88.75
    expect(taxOn(1190, 190_000, true)).toBe(190);
    expect(taxOn(10, 50_000, false)).toBe(1); // 0.5 → 1
    expect(taxOn(1000, 0, true)).toBe(0);
  });
  it('taxes per line, skips untaxable lines and NO_TAX_COLLECTED, taxes shipping when flagged', () => {
    const lines = [
      { id: 'a', amountMinor: 1000, taxable: true },
      { id: 'b', amountMinor: 1000, taxable: false },
    ];
    const r = computeTax(lines, 500, true, rates[0], false);
    expect(r.lineTax).toEqual([50, 0]);
    expect(r.shippingTaxMinor).toBe(25);
    expect(r).toMatchObject({ taxableAmountMinor: 1500, totalTaxMinor: 75 });
    expect(r.breakdown).toEqual([
      { name: 'US', rateType: 'MANUAL_RATE', ratePercent: 5, taxableAmountMinor: 1500, taxMinor: 75 },
    ]);
    expect(computeTax(lines, 500, false, rates[0], false).shippingTaxMinor).toBe(0);
    expect(computeTax(lines, 500, true, rates[2], false).totalTaxMinor).toBe(0);
  });
});
