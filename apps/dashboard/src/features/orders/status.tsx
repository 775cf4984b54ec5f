/** The words and colours of order, payment and fulfilment statuses. */
import type { FulfillmentStatusValue, OrderPaymentStatusValue, OrderStatusValue } from '@vitrine/contract';
import type { PaymentTransactionStatus } from '@vitrine/contract';
import { Badge, type BadgeTone } from '@vitrine/ui';
import type { PaymentView } from './money.ts';

export const paymentLabels: Record<OrderPaymentStatusValue, [string, BadgeTone]> = {
  UNSPECIFIED: ['Unknown', 'neutral'],
  NOT_PAID: ['Not paid', 'warning'],
  PAID: ['Paid', 'success'],
  PARTIALLY_REFUNDED: ['Partly refunded', 'info'],
  FULLY_REFUNDED: ['Refunded', 'neutral'],
  PENDING: ['Payment pending', 'warning'],
  PARTIALLY_PAID: ['Partly paid', 'warning'],
  PENDING_MERCHANT: ['Awaiting offline payment', 'warning'],
  CANCELED: ['Payment canceled', 'neutral'],
  DECLINED: ['Declined', 'danger'],
};
export const fulfilmentLabels: Record<FulfillmentStatusValue, [string, BadgeTone]> = {
  NOT_FULFILLED: ['Not fulfilled', 'warning'],
  PARTIALLY_FULFILLED: ['Partly fulfilled', 'info'],
  FULFILLED: ['Fulfilled', 'success'],
};
export const orderLabels: Record<OrderStatusValue, [string, BadgeTone]> = {
  INITIALIZED: ['Awaiting payment', 'neutral'],
  APPROVED: ['Open', 'info'],
  CANCELED: ['Canceled', 'danger'],
  PENDING: ['Pending approval', 'warning'],
  REJECTED: ['Rejected', 'danger'],
};
export const transactionLabels: Record<PaymentTransactionStatus, [string, BadgeTone]> = {
  UNDEFINED: ['Unknown', 'neutral'],
  APPROVED: ['Captured', 'success'],
  PENDING: ['Pending', 'warning'],
  PENDING_MERCHANT: ['Awaiting payment', 'warning'],
  CANCELED: ['Canceled', 'neutral'],
  DECLINED: ['Declined', 'danger'],
  REFUNDED: ['Refunded', 'neutral'],
  PARTIALLY_REFUNDED: ['Partly refunded', 'info'],
  AUTHORIZED: ['Authorized', 'warning'],
  VOIDED: ['Voided', 'neutral'],
};

/** A payment's status on the order page: a gift card's, and an offline payment received ("Received", not "Captured"). */
export function paymentViewLabel(v: Pick<PaymentView, 'status' | 'offline'>): [string, BadgeTone] {
  if (v.status === 'GIFT_CARD') return ['Gift card', 'success'];
  if (v.offline && v.status === 'APPROVED') return ['Received', 'success'];
  return transactionLabels[v.status];
}

export function StatusBadge({ entry }: { entry: [string, BadgeTone] }) {
  return <Badge tone={entry[1]}>{entry[0]}</Badge>;
}
