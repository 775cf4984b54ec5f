import type { Order } from '@vitrine/contract';

export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The buyer's name from the billing or shipping contact. */
export function buyerName(o: Order): string | undefined {
  const c = (o.billingInfo?.contactDetails ??
    o.shippingInfo?.logistics?.shippingDestination?.contactDetails) as
    { firstName?: string; lastName?: string } | undefined;
  return [c?.firstName, c?.lastName].filter(Boolean).join(' ') || undefined;
}
