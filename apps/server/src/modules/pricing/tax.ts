/**
 * Manual tax: one rate per destination (subdivision over country over fallback), computed per
 * line and rounded half-up per line; inclusive prices extract tax, exclusive prices add it.
 */
import type { Destination, TaxBreakdownEntry, TaxRate } from './types.ts';
import { MICRO, assertMinor, mulDivHalfUp, percentToMicro, sumSafe } from './rounding.ts';

/** Subdivision-specific rate, else the country's rate, else the FALLBACK_RATE, else none. */
export function resolveTaxRate(
  rates: readonly TaxRate[],
  dest: Destination | undefined,
): TaxRate | undefined {
  const fallback = rates.find((r) => r.rateType === 'FALLBACK_RATE' && r.country === undefined);
  if (!dest) return fallback;
  const country = dest.country.toUpperCase();
  const sub = dest.subdivision?.toUpperCase();
  const inCountry = rates.filter((r) => r.country?.toUpperCase() === country);
  return (
    (sub !== undefined ? inCountry.find((r) => r.subdivision?.toUpperCase() === sub) : undefined) ??
    inCountry.find((r) => r.subdivision === undefined) ??
    fallback
  );
}

/** Millionths of the rate that actually applies (0 for NO_TAX_COLLECTED or no rate). */
export function effectiveRateMicro(rate: TaxRate | undefined): number {
  if (!rate || rate.rateType === 'NO_TAX_COLLECTED') return 0;
  return percentToMicro(rate.ratePercent);
}

/** Inclusive: round(gross·r/(1+r)); exclusive: round(net·r). Half-up. */
export function taxOn(amountMinor: number, rateMicro: number, inclusive: boolean): number {
  assertMinor(amountMinor, 'taxable amount');
  if (rateMicro === 0) return 0;
  return inclusive
    ? mulDivHalfUp(amountMinor, rateMicro, MICRO + rateMicro)
    : mulDivHalfUp(amountMinor, rateMicro, MICRO);
}

export interface TaxableLine {
  id: string;
  amountMinor: number;
  taxable: boolean;
}

export interface TaxResult {
  lineTax: number[];
  lineTaxable: number[];
  shippingTaxMinor: number;
  taxableAmountMinor: number;
  totalTaxMinor: number;
  breakdown: TaxBreakdownEntry[];
}

export function computeTax(
  lines: readonly TaxableLine[],
  shippingMinor: number,
  shippingTaxable: boolean,
  rate: TaxRate | undefined,
  inclusive: boolean,
): TaxResult {
  const micro = effectiveRateMicro(rate);
  const lineTaxable = lines.map((l) => (l.taxable ? l.amountMinor : 0));
  const lineTax = lineTaxable.map((a) => taxOn(a, micro, inclusive));
  const shippingTaxableMinor = shippingTaxable ? shippingMinor : 0;
  const shippingTaxMinor = taxOn(shippingTaxableMinor, micro, inclusive);
  const taxableAmountMinor = sumSafe([...lineTaxable, shippingTaxableMinor]);
  const totalTaxMinor = sumSafe([...lineTax, shippingTaxMinor]);
  const breakdown: TaxBreakdownEntry[] = rate
    ? [
        {
          name: rate.name,
          rateType: rate.rateType,
          ratePercent: micro / 10_000,
          taxableAmountMinor,
          taxMinor: totalTaxMinor,
        },
      ]
    : [];
  return { lineTax, lineTaxable, shippingTaxMinor, taxableAmountMinor, totalTaxMinor, breakdown };
}
