import type { CheckoutRow } from './store.ts';
import type { Priced } from '../lines/index.ts';
import type { ResolvedLine } from '../lines/index.ts';
import { ratePercentOf, relevantMessages } from '../lines/index.ts';
import {
  appliedDiscountsWire,
  calculationErrorsWire,
  checkoutLineItem,
  giftCardWire,
  priceSummaryWire,
  shippingInfoWire,
  violationsOf,
  type WireMoney,
} from '../lines/index.ts';

/** The checkout in REST form (cart-checkout.md §3), priced now. */
export function checkoutWire(row: CheckoutRow, resolved: readonly ResolvedLine[], p: Priced, m: WireMoney) {
  const rate = ratePercentOf(p);
  const messages = relevantMessages(p, true);
  const shipping = shippingInfoWire(p.output, m, rate);
  const address = row.shipping_destination as { address?: unknown; contactDetails?: unknown } | null;
  return {
    id: row.id,
    ...(row.cart_id ? { cartId: row.cart_id } : {}),
    lineItems: resolved.map((r) => checkoutLineItem(r, m, p.output, rate)),
    ...(row.billing_info ? { billingInfo: row.billing_info } : {}),
    shippingInfo: { ...(address ? { shippingDestination: address } : {}), ...shipping },
    ...(row.buyer_note ? { buyerNote: row.buyer_note } : {}),
    buyerInfo: row.buyer,
    conversionCurrency: m.currency,
    currency: m.currency,
    paymentCurrency: m.currency,
    ...priceSummaryWire(p.output, m),
    ...calculationErrorsWire(messages),
    ...giftCardWire(p.output, p.giftCardCode, m),
    appliedDiscounts: appliedDiscountsWire(p.output.appliedDiscounts, m),
    customFields: row.custom_fields,
    weightUnit: m.weightUnit,
    channelType: row.channel_type,
    siteLanguage: m.language,
    buyerLanguage: m.language,
    completed: row.completed,
    taxIncludedInPrice: p.output.tax.taxIncludedInPrice,
    createdBy: row.created_by,
    createdDate: row.created_at.toISOString(),
    updatedDate: row.updated_at.toISOString(),
    membershipOptions: {
      eligibleMemberships: [],
      invalidMemberships: [],
      selectedMemberships: { memberships: [] },
    },
    violations: violationsOf(resolved, messages),
    ...(row.purchase_flow_id ? { purchaseFlowId: row.purchase_flow_id } : {}),
    ...(row.business_location_id ? { businessLocationId: row.business_location_id } : {}),
    ...(row.override_checkout_url ? { overrideCheckoutUrl: row.override_checkout_url } : {}),
    revision: String(row.revision),
  };
}
export type WireCheckout = ReturnType<typeof checkoutWire>;
