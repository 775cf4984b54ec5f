import type { Priced } from './calculate.ts';
import type { ResolvedLine } from './lines.ts';
import {
  appliedDiscountsWire,
  calculatedLineItem,
  calculationErrorsWire,
  giftCardWire,
  priceSummaryWire,
  shippingInfoWire,
  violationsOf,
  type WireMoney,
} from './wire.ts';

/** The tax rate line items show (the first of the breakdown). */
export const ratePercentOf = (p: Priced) => p.output.tax.breakdown[0]?.ratePercent ?? 0;

/** Messages that only say "no address yet" are noise once the caller asked not to calculate shipping. */
export function relevantMessages(p: Priced, calculateShipping: boolean) {
  return p.output.messages.filter(
    (m) =>
      calculateShipping ||
      !['NO_SHIPPING_DESTINATION', 'NO_SELECTED_CARRIER_SERVICE_OPTION', 'NO_SHIPPING_REGION'].includes(
        m.code,
      ),
  );
}

/** The answer of estimate-totals, without its `cart`. */
export function estimateWire(
  resolved: readonly ResolvedLine[],
  p: Priced,
  m: WireMoney,
  calculateShipping = true,
) {
  const rate = ratePercentOf(p);
  const messages = relevantMessages(p, calculateShipping);
  const priced = resolved.filter((r) => p.pricedIds.has(r.line.id));
  return {
    calculatedLineItems: priced.map((r) => calculatedLineItem(r, m, p.output, rate)),
    ...priceSummaryWire(p.output, m),
    ...giftCardWire(p.output, p.giftCardCode, m),
    shippingInfo: shippingInfoWire(p.output, m, rate),
    appliedDiscounts: appliedDiscountsWire(p.output.appliedDiscounts, m),
    ...calculationErrorsWire(messages),
    weightUnit: m.weightUnit,
    currency: m.currency,
    membershipOptions: {
      eligibleMemberships: [],
      invalidMemberships: [],
      selectedMemberships: { memberships: [] },
    },
    violations: violationsOf(resolved, messages),
  };
}
