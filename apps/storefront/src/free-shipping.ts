/**
 * How far the cart is from free shipping: the goods total the store's regions count (shipped items
 * after their discounts: each line's price less what discounts took off it) against the amount from
 * which the chosen country ships free. In minor units, so no float sum is ever shown.
 */
import type { CartLineItem, EstimateTotals, Money } from '@vitrine/sdk';
import { needsShipping } from '@vitrine/sdk';

export interface FreeShipping {
  /** What is still to add, in the currency's minor units; 0 once reached. */
  remainingMinor: number;
  thresholdMinor: number;
}

const digits = new Map<string, number>();
function decimals(currency: string): number {
  let d = digits.get(currency);
  if (d === undefined) {
    d =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    digits.set(currency, d);
  }
  return d;
}

export const toMinor = (m: Money | null | undefined, currency: string) =>
  Math.round(Number(m?.amount ?? 0) * 10 ** decimals(currency));

export const minorMoney = (minor: number, currency: string): Money => {
  const amount = (minor / 10 ** decimals(currency)).toFixed(decimals(currency));
  return {
    amount,
    formattedAmount: new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount)),
  };
};

/** Undefined when nothing ships, or the country has no one amount that frees its delivery. */
export function freeShipping(
  lines: readonly CartLineItem[],
  estimate: EstimateTotals,
  threshold: Money | undefined,
): FreeShipping | undefined {
  if (!threshold) return undefined;
  const currency = estimate.currency;
  const shipped = new Set(lines.filter((l) => needsShipping([l])).map((l) => l.id));
  if (shipped.size === 0) return undefined;
  const goodsMinor = estimate.calculatedLineItems
    .filter((c) => shipped.has(c.lineItemId))
    .reduce((sum, { pricesBreakdown: p }) => {
      if (!p.lineItemPrice) return sum + toMinor(p.totalPriceBeforeTax, currency);
      return sum + toMinor(p.lineItemPrice, currency) - toMinor(p.totalDiscount, currency);
    }, 0);
  const thresholdMinor = toMinor(threshold, currency);
  const remainingMinor = Math.max(0, thresholdMinor - goodsMinor);
  return { remainingMinor, thresholdMinor };
}
