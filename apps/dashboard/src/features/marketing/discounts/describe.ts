/** A discount rule in words: "10% off the order", "$5.00 off each of 2 products", "Shipping costs $0.00". */
import type { DiscountValue, WireDiscountRule } from '@vitrine/contract';
import type { BadgeTone } from '@vitrine/ui';
import { money } from '../../../kit/format.ts';

export function ruleText(d: DiscountValue | undefined, currency: string | undefined): string {
  if (!d) return '—';
  const m = (a: string | undefined) => (currency ? money(a ?? '0', currency) : (a ?? '0'));
  const items =
    d.specificItemsInfo?.scopes.flatMap((s) => s.catalogItemFilter?.catalogItemIds ?? []).length ?? 0;
  const what =
    d.targetType === 'SHIPPING'
      ? 'shipping'
      : d.targetType === 'SPECIFIC_ITEMS'
        ? `${items} product${items === 1 ? '' : 's'}`
        : 'the order';
  switch (d.discountType) {
    case 'PERCENTAGE':
      return `${d.percentage}% off ${what}`;
    case 'FIXED_AMOUNT':
      return d.targetType === 'SPECIFIC_ITEMS'
        ? `${m(d.fixedAmount)} off each of ${what}`
        : `${m(d.fixedAmount)} off ${what}`;
    default:
      return d.targetType === 'SHIPPING'
        ? `Shipping costs ${m(d.fixedPrice)}`
        : d.targetType === 'SPECIFIC_ITEMS'
          ? `${what} at ${m(d.fixedPrice)} each`
          : `The order at ${m(d.fixedPrice)}`;
  }
}

/** Whether shoppers get it now: switched off, waiting for its start, running, or over. */
export function ruleState(r: WireDiscountRule): [string, BadgeTone] {
  if (!r.active) return ['Off', 'neutral'];
  if (r.status === 'PENDING') return ['Scheduled', 'info'];
  if (r.status === 'EXPIRED') return ['Ended', 'neutral'];
  return ['Live', 'success'];
}
