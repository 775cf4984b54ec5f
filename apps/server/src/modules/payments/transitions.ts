import type { OrderPaymentStatusValue, PaymentTransactionStatus } from '@vitrine/contract';
import { AppError } from '../../platform/errors.ts';

/**
 * The payment state machine (`regularPaymentDetails.status`). Every change of a payment's status goes
 * through `nextPaymentStatus`; anything not in the table is refused with a precondition error.
 *
 *   (created) ──pay, capture now──▶ APPROVED ──refund part──▶ PARTIALLY_REFUNDED ──refund rest──▶ REFUNDED
 *   (created) ──pay, delayed────▶ AUTHORIZED ──capture part──▶ AUTHORIZED (captures[] grows)
 *                                  AUTHORIZED ──capture rest──▶ APPROVED
 *                                  AUTHORIZED ──void, nothing captured──▶ VOIDED
 *                                  AUTHORIZED ──void, part captured────▶ APPROVED (the rest released)
 *   (created) ──offline order───▶ PENDING_MERCHANT ──mark paid──▶ APPROVED;  ──cancel──▶ CANCELED
 *   (created) ──provider pending─▶ PENDING ──confirm──▶ APPROVED;  ──decline──▶ DECLINED;  ──cancel──▶ CANCELED
 */
export type PaymentStatus = PaymentTransactionStatus;
export type PaymentEvent =
  | 'CAPTURE_PARTIAL'
  | 'CAPTURE_FULL'
  | 'VOID'
  | 'VOID_REMAINDER'
  | 'MARK_PAID'
  | 'CONFIRM'
  | 'DECLINE'
  | 'CANCEL'
  | 'REFUND_PARTIAL'
  | 'REFUND_FULL';

export const PAYMENT_TRANSITIONS: Readonly<
  Record<PaymentStatus, Readonly<Partial<Record<PaymentEvent, PaymentStatus>>>>
> = {
  UNDEFINED: {},
  AUTHORIZED: {
    CAPTURE_PARTIAL: 'AUTHORIZED',
    CAPTURE_FULL: 'APPROVED',
    VOID: 'VOIDED',
    VOID_REMAINDER: 'APPROVED',
  },
  APPROVED: { REFUND_PARTIAL: 'PARTIALLY_REFUNDED', REFUND_FULL: 'REFUNDED' },
  PARTIALLY_REFUNDED: { REFUND_PARTIAL: 'PARTIALLY_REFUNDED', REFUND_FULL: 'REFUNDED' },
  PENDING_MERCHANT: { MARK_PAID: 'APPROVED', CANCEL: 'CANCELED' },
  PENDING: { CONFIRM: 'APPROVED', DECLINE: 'DECLINED', CANCEL: 'CANCELED' },
  REFUNDED: {},
  VOIDED: {},
  CANCELED: {},
  DECLINED: {},
};

/** The initial statuses a payment may be created in. */
export const INITIAL_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'APPROVED',
  'AUTHORIZED',
  'PENDING',
  'PENDING_MERCHANT',
];

const CAPTURED: readonly PaymentStatus[] = ['APPROVED', 'PARTIALLY_REFUNDED', 'REFUNDED'];

/** The precondition error for an event the table refuses, with the contract's codes where it has one. */
export function transitionError(from: PaymentStatus, event: PaymentEvent, paymentId?: string): AppError {
  const data = { ...(paymentId ? { paymentId } : {}), status: from, transition: event };
  if (event.startsWith('CAPTURE') || event.startsWith('VOID')) {
    if (from === 'VOIDED')
      return new AppError(428, 'PAYMENT_ALREADY_VOIDED', 'The payment authorization was voided', data);
    if (CAPTURED.includes(from))
      return new AppError(428, 'PAYMENT_ALREADY_CAPTURED', 'The payment is already captured', data);
    return new AppError(428, 'PAYMENT_NOT_AUTHORIZED', 'The payment is not an open authorization', data);
  }
  if (event.startsWith('REFUND')) {
    return new AppError(428, 'REFUND_NOT_AVAILABLE', `A ${from} payment cannot be refunded`, data);
  }
  if (event === 'MARK_PAID' && CAPTURED.includes(from)) {
    return new AppError(428, 'ORDER_ALREADY_PAID', 'The payment is already paid', data);
  }
  return new AppError(428, 'UNSUPPORTED_TRANSITION', `A ${from} payment cannot take ${event}`, data);
}

/** The status after `event`, or the precondition error when the table has no such transition. */
export function nextPaymentStatus(
  from: PaymentStatus,
  event: PaymentEvent,
  paymentId?: string,
): PaymentStatus {
  const to = PAYMENT_TRANSITIONS[from][event];
  if (!to) throw transitionError(from, event, paymentId);
  return to;
}

export interface PaymentFigures {
  status: PaymentStatus;
  amount: number;
  capturedAmount: number;
  refundedAmount: number;
}

/** Money a payment has actually collected (captured), whatever was refunded since. */
export function collectedOf(p: PaymentFigures): number {
  if (p.status === 'AUTHORIZED' || CAPTURED.includes(p.status)) return p.capturedAmount;
  return 0;
}

/** Sums over an order's payments. `authorized` is what open authorizations still hold uncaptured. */
export function paymentTotals(payments: readonly PaymentFigures[]) {
  let collected = 0;
  let refunded = 0;
  let authorized = 0;
  let pending = 0;
  let pendingMerchant = 0;
  for (const p of payments) {
    collected += collectedOf(p);
    refunded += p.refundedAmount;
    if (p.status === 'AUTHORIZED') authorized += p.amount - p.capturedAmount;
    if (p.status === 'PENDING') pending += p.amount;
    if (p.status === 'PENDING_MERCHANT') pendingMerchant += p.amount;
  }
  return { collected, refunded, authorized, pending, pendingMerchant };
}

/**
 * The order's payment status, derived from its payments (never stored apart from them):
 * refunds first, then money collected against the total, then what is still on its way.
 * An open authorization alone leaves the order NOT_PAID (the contract's order enum has no
 * AUTHORIZED); the authorization shows in the payments and the collectability status.
 */
export function orderPaymentStatusOf(
  totalMinor: number,
  payments: readonly PaymentFigures[],
): OrderPaymentStatusValue {
  const t = paymentTotals(payments);
  if (t.refunded > 0) return t.refunded >= t.collected ? 'FULLY_REFUNDED' : 'PARTIALLY_REFUNDED';
  if (t.collected > 0) return t.collected >= totalMinor ? 'PAID' : 'PARTIALLY_PAID';
  if (t.pending > 0) return 'PENDING';
  if (t.pendingMerchant > 0) return 'PENDING_MERCHANT';
  if (t.authorized > 0) return 'NOT_PAID';
  const last = payments[payments.length - 1];
  if (last?.status === 'DECLINED') return 'DECLINED';
  if (last?.status === 'CANCELED') return 'CANCELED';
  return 'NOT_PAID';
}
