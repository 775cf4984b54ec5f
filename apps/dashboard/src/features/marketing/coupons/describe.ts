/** A coupon in words: what it takes off, on what, and how often it may be used. */
import type { WireCoupon } from '@vitrine/contract';
import { money } from '../../../kit/format.ts';

export type CouponKind = 'percentOffRate' | 'moneyOffAmount' | 'fixedPriceAmount' | 'freeShipping';

export const kindOf = (s: WireCoupon['specification']): CouponKind =>
  s.freeShipping
    ? 'freeShipping'
    : s.percentOffRate !== undefined
      ? 'percentOffRate'
      : s.fixedPriceAmount !== undefined
        ? 'fixedPriceAmount'
        : 'moneyOffAmount';

/** "10% off", "$5.00 off", "Fixed price $20.00", "Free shipping". */
export function discountText(s: WireCoupon['specification'], currency: string | undefined): string {
  const m = (n: number | undefined) => (currency ? money(n ?? 0, currency) : String(n ?? 0));
  switch (kindOf(s)) {
    case 'freeShipping':
      return 'Free shipping';
    case 'percentOffRate':
      return `${s.percentOffRate}% off`;
    case 'fixedPriceAmount':
      return `Fixed price ${m(s.fixedPriceAmount)}`;
    default:
      return `${m(s.moneyOffAmount)} off`;
  }
}

/** "3 of 100 uses", "3 uses", plus "1 per customer". */
export function usageText(c: WireCoupon): string {
  const used = c.specification.usageLimit
    ? `${c.numberOfUsages} of ${c.specification.usageLimit} uses`
    : `${c.numberOfUsages} ${c.numberOfUsages === 1 ? 'use' : 'uses'}`;
  return c.specification.limitPerCustomer
    ? `${used} · ${c.specification.limitPerCustomer} per customer`
    : used;
}
