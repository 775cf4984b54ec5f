import { restLabel, type Order, type OrderPayment } from '@vitrine/sdk';
import { formatMoney, isZeroMoney, placeText } from '@vitrine/ui';

type Row = [string, string, boolean?];

/** "Harbour Shop, 1 Pier Road, Boston, MA 02110" for a pickup order; undefined for a delivered one. */
export function pickupPlace(order: Order): string | undefined {
  const details = order.shippingInfo?.logistics?.pickupDetails;
  if (!details) return undefined;
  return [order.shippingInfo?.title, placeText(details.address)].filter(Boolean).join(', ');
}

/**
 * An order's summary rows, as the checkout showed them: pickup called pickup, and what gift cards
 * paid, then what the card paid ("Paid by card", or "To pay by Bank transfer" for a manual payment
 * method) as the last, bold row; otherwise "Total".
 */
export function orderTotals(
  order: Order,
  payments: readonly OrderPayment[],
): { rows: Row[]; total: [string, string] } {
  const p = order.priceSummary ?? {};
  const rows: Row[] = [['Subtotal', formatMoney(p.subtotal)]];
  if (!isZeroMoney(p.discount) && p.discount) rows.push(['Discount', `−${formatMoney(p.discount)}`, true]);
  rows.push([
    pickupPlace(order) !== undefined ? 'Pickup' : 'Shipping',
    formatMoney(p.shipping, { zero: 'Free' }),
  ]);
  rows.push(['Tax', formatMoney(p.tax)]);
  const gifts = payments.filter((x) => x.giftcardPaymentDetails);
  if (!gifts.length) return { rows, total: ['Total', formatMoney(p.total)] };
  rows.push(['Order total', formatMoney(p.total)]);
  for (const g of gifts)
    rows.push([
      `Gift card ${g.giftcardPaymentDetails?.obfuscatedCode ?? ''}`.trim(),
      `−${formatMoney(g.amount)}`,
      true,
    ]);
  const rest = Number(p.total?.amount ?? 0) - gifts.reduce((sum, g) => sum + Number(g.amount.amount), 0);
  return {
    rows,
    total: [
      restLabel(payments),
      formatMoney({ amount: Math.max(0, rest).toFixed(2) }, { currency: order.currency ?? 'USD' }),
    ],
  };
}
