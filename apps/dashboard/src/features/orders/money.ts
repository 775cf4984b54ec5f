/**
 * Amounts in minor units for the payment dialogs' arithmetic (what is still held, what can still
 * be refunded): decimal strings in, decimal strings out, never floating point.
 */
import type { OrderPayment, OrderTransactions } from '@vitrine/contract';
import { formatMoney } from '@vitrine/ui';

/** The currency's number of decimals (2 for USD and EUR, 0 for JPY). */
export const scaleOf = (currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
  2;

/** "12.5" → 1250 at scale 2; `NaN` for anything that is not a plain non-negative decimal. */
export function toMinor(amount: string, scale: number): number {
  const m = /^(\d{1,13})(?:\.(\d*))?$/.exec(amount.trim());
  if (!m) return NaN;
  const fraction = m[2] ?? '';
  if (fraction.length > scale) return NaN;
  return Number(m[1]) * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0');
}

export const fromMinor = (minor: number, scale: number) =>
  scale === 0
    ? String(minor)
    : `${Math.trunc(minor / 10 ** scale)}.${String(minor % 10 ** scale).padStart(scale, '0')}`;

export const showMinor = (minor: number, currency: string) =>
  formatMoney({ amount: fromMinor(minor, scaleOf(currency)) }, { currency });

export interface PaymentView {
  payment: OrderPayment;
  /** Card brand and last digits, gift card, or the method ("Bank transfer"; `paymentLabel`). */
  label: string;
  /** Paid outside the store: with one of its manual payment methods, or marked as paid. */
  offline: boolean;
  /** What the buyer was told to do to pay, for a manual payment method's payment (may be empty). */
  instructions?: string;
  status: NonNullable<OrderPayment['regularPaymentDetails']>['status'] | 'GIFT_CARD';
  amount: number;
  captured: number;
  /** Authorized and not yet captured (nor voided). */
  held: number;
  refunded: number;
  /** Captured minus refunded. */
  refundable: number;
}

/** Each payment of an order with what it holds, what was captured and refunded (minor units). */
export function paymentViews(t: OrderTransactions, currency: string): PaymentView[] {
  const scale = scaleOf(currency);
  const minor = (a: string) => toMinor(a, scale) || 0;
  return t.payments.map((p) => {
    const regular = p.regularPaymentDetails;
    const amount = minor(p.amount.amount);
    const auth = regular?.authorizationDetails;
    const capturedByCaptures = (auth?.captures ?? [])
      .filter((c) => c.status === 'SUCCEEDED')
      .reduce((s, c) => s + minor(c.amount.amount), 0);
    const status = regular?.status ?? 'GIFT_CARD';
    const settled = ['APPROVED', 'REFUNDED', 'PARTIALLY_REFUNDED'].includes(status);
    // Captured: what the captures took when there were any (a partial capture, then a void), else all of a settled payment.
    const captured =
      status === 'AUTHORIZED' || (auth?.captures.length ?? 0) > 0 ? capturedByCaptures : settled ? amount : 0;
    const refunded = t.refunds
      .flatMap((r) => r.transactions)
      .filter((x) => x.paymentId === p.id && x.refundStatus !== 'FAILED')
      .reduce((s, x) => s + minor(x.amount.amount), 0);
    return {
      payment: p,
      label: paymentLabel(p),
      offline: regular?.offlinePayment === true,
      ...(regular?.offlinePaymentInstructions !== undefined
        ? { instructions: regular.offlinePaymentInstructions }
        : {}),
      status,
      amount,
      captured,
      held: status === 'AUTHORIZED' ? Math.max(0, amount - capturedByCaptures) : 0,
      refunded,
      refundable: settled ? Math.max(0, captured - refunded) : 0,
    };
  });
}

/**
 * How a payment is named on the order page: "Visa •••• 4242", "Gift card ****1234", the store's
 * manual payment method ("Bank transfer"), "Offline payment" for money recorded as received outside
 * the store (mark as paid), "Card" for a card payment without its details.
 */
export function paymentLabel(p: OrderPayment): string {
  const gift = p.giftcardPaymentDetails;
  if (gift) return `Gift card${gift.obfuscatedCode ? ` ${gift.obfuscatedCode}` : ''}`;
  const regular = p.regularPaymentDetails;
  const card = regular?.creditCardDetails;
  if (card) return `${card.brand} •••• ${card.lastFourDigits}`;
  const method = regular?.paymentMethod.trim();
  if (!regular || !method) return 'Payment';
  // A manual payment method's payment carries its instructions; one recorded by mark-as-paid is named 'Offline'.
  if (regular.offlinePayment && regular.offlinePaymentInstructions === undefined && method === 'Offline')
    return 'Offline payment';
  if (!regular.offlinePayment && method === 'CreditCard') return 'Card';
  return method;
}
