import { restLabel, type Money, type Order, type OrderPayment } from '@vitrine/sdk';
import { placeText } from '@vitrine/ui';

/** "Harbour Shop, 1 Pier Road, Boston, MA 02110" for a pickup order; undefined for a delivered one. */
export function pickupPlace(o: Order): string | undefined {
  const details = o.shippingInfo?.logistics?.pickupDetails;
  if (!details) return undefined;
  return [o.shippingInfo?.title, placeText(details.address)].filter(Boolean).join(', ');
}

/**
 * What gift cards paid of the order, and what was left (formatted) for the card or a manual payment
 * method (`restLabel`: "Paid by card", "To pay by Bank transfer"), from its payments.
 */
export function giftCardPart(
  o: Order,
  payments: readonly OrderPayment[] | undefined,
): { cards: { code: string; amount: Money }[]; byCard: string; restLabel: string } | undefined {
  const cards = (payments ?? [])
    .filter((p) => p.giftcardPaymentDetails)
    .map((p) => ({ code: p.giftcardPaymentDetails?.obfuscatedCode ?? '', amount: p.amount }));
  if (!cards.length) return undefined;
  const rest =
    Number(o.priceSummary?.total?.amount ?? 0) - cards.reduce((s, c) => s + Number(c.amount.amount), 0);
  const byCard = new Intl.NumberFormat(navigator.language, {
    style: 'currency',
    currency: o.currency ?? 'USD',
  }).format(Math.max(0, rest));
  return { cards, byCard, restLabel: restLabel(payments) };
}
