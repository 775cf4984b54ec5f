/** A coupon in words: what it takes off, on what (the order, a product, a collection), and how often it may be used. */
import type { WireCoupon } from '@vitrine/contract';
import { money } from '../../../kit/format.ts';
import { collectionList, type CollectionName } from '../collection-words.ts';

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

export type CouponScope = WireCoupon['specification']['scope'];

/** The collection a coupon is limited to (its scope's `collection` group), if any. */
export const couponCollection = (scope: CouponScope): string | undefined =>
  scope?.group?.name === 'collection' ? scope.group.entityId : undefined;

/** What a limited coupon is for: "on one product", "on Summer collection", "on a deleted collection". */
export function scopeText(scope: CouponScope, collection: CollectionName): string | undefined {
  const id = couponCollection(scope);
  if (id) return `on ${collectionList([id], collection)}`;
  return scope?.group?.entityId ? 'on one product' : undefined;
}
