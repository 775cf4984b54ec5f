import { ENTITY_FQDN } from '@vitrine/contract';
import type { Fulfillment, Order } from '@vitrine/contract';
import { price } from '../../platform/money.ts';
import { toWirePrices } from './money-json.ts';
import { paidMinor } from './wire-text.ts';
import type { ActivityRow, FulfillmentRow, OrderWithActivities } from './store.ts';

export const ORDER_FQDN = ENTITY_FQDN.order;
export const FULFILLMENTS_FQDN = ENTITY_FQDN.fulfillments;

export interface Money {
  currency: string;
  locale: string;
}

export function toActivity(a: ActivityRow): Order['activities'][number] {
  const content = a.content ?? {};
  return {
    id: a.id,
    createdDate: a.created_at.toISOString(),
    type: a.type as Order['activities'][number]['type'],
    ...(a.author_email ? { authorEmail: a.author_email } : {}),
    ...content,
  };
}

/** A stored order in REST form (contract §3). */
export function toOrder(r: OrderWithActivities, locale: string): Order {
  // The order's fields are set on the fresh object toWirePrices made (in this order, after its own),
  // not spread into another: a copy of a whole order is work for the collector, and spread copies
  // are allocated where they outlive a young collection (`npm run bench:heap`).
  const wire = toWirePrices(r.data, r.currency, locale) as Record<string, unknown>;
  const paid = paidMinor(r.payment_status, r.total_minor);
  wire.id = r.id;
  wire.number = String(r.number);
  wire.createdDate = r.created_at.toISOString();
  wire.updatedDate = r.updated_at.toISOString();
  if (r.purchased_at) wire.purchasedDate = r.purchased_at.toISOString();
  wire.status = r.status;
  wire.paymentStatus = r.payment_status;
  wire.fulfillmentStatus = r.fulfillment_status;
  wire.currency = r.currency;
  wire.archived = r.archived;
  wire.seenByAHuman = r.seen_by_a_human;
  wire.tags = { tags: { tagIds: r.tags }, privateTags: { tagIds: r.private_tags } };
  wire.activities = r.activities.map(toActivity);
  wire.balanceSummary = {
    balance: price(r.total_minor - paid, r.currency, locale),
    paid: price(paid, r.currency, locale),
  };
  if (r.checkout_id) wire.checkoutId = r.checkout_id;
  if (r.cart_id) wire.cartId = r.cart_id;
  return wire as unknown as Order;
}

export function toFulfillment(f: FulfillmentRow): Fulfillment {
  const tracking = {
    ...(f.tracking_number ? { trackingNumber: f.tracking_number } : {}),
    ...(f.shipping_provider ? { shippingProvider: f.shipping_provider } : {}),
    ...(f.tracking_link ? { trackingLink: f.tracking_link } : {}),
  };
  return {
    id: f.id,
    createdDate: f.created_at.toISOString(),
    lineItems: f.line_items,
    ...(Object.keys(tracking).length ? { trackingInfo: tracking } : {}),
    ...(f.custom_info ? { customInfo: f.custom_info } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.completed !== null ? { completed: f.completed } : {}),
  };
}
