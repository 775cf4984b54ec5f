import type { Fulfillment, Order } from '@vitrine/contract';

export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The buyer's name from the billing or shipping contact. */
export function buyerName(o: Order): string | undefined {
  const c = (o.billingInfo?.contactDetails ??
    o.shippingInfo?.logistics?.shippingDestination?.contactDetails) as
    { firstName?: string; lastName?: string } | undefined;
  return [c?.firstName, c?.lastName].filter(Boolean).join(' ') || undefined;
}

type Amount = { amount: string; formattedAmount?: string };
type Applied = {
  coupon?: { code?: string; amount?: Amount };
  discountRule?: { name?: { original?: string }; amount?: Amount };
  merchantDiscount?: { amount?: Amount; percentage?: number };
};

/**
 * Each discount an order or checkout got, by name with what it took off: "Coupon SAVE10", the
 * automatic discount's name, "Merchant discount (10%)". Those without an amount are left out.
 */
export function discountsByName(applied: readonly unknown[] | undefined): [string, Amount][] {
  return (applied ?? []).flatMap((raw): [string, Amount][] => {
    const d = raw as Applied;
    if (d.coupon?.amount) return [[`Coupon ${d.coupon.code ?? ''}`.trim(), d.coupon.amount]];
    if (d.discountRule?.amount)
      return [[d.discountRule.name?.original ?? 'Automatic discount', d.discountRule.amount]];
    if (d.merchantDiscount?.amount) {
      const pct = d.merchantDiscount.percentage;
      return [[pct ? `Merchant discount (${pct}%)` : 'Merchant discount', d.merchantDiscount.amount]];
    }
    return [];
  });
}

/** How many of each line were shipped. */
export const fulfilledByLine = (fulfillments: readonly Fulfillment[]) => {
  const m = new Map<string, number>();
  for (const f of fulfillments) for (const l of f.lineItems) m.set(l.id, (m.get(l.id) ?? 0) + l.quantity);
  return m;
};
