import type { OrderPayment, OrderTransactions } from '@vitrine/contract';
import { price } from '../../platform/money.ts';
import type { PaymentRow, RefundRow } from './store.ts';
import { GIFT_CARD_PAYMENT_METHOD } from './service.ts';
import { GIFT_CARD_APP_ID } from '../lines/index.ts';

/** A payment as the contract's `orderTransactions.payments[]` shows it. */
export function toWirePayment(p: PaymentRow): OrderPayment {
  const money = (minor: number) => price(minor, p.currency);
  const auth = p.delayed_capture
    ? {
        delayedCapture: true,
        ...(p.authorized_at ? { authorizedDate: p.authorized_at.toISOString() } : {}),
        captures: p.captures.map((c) => ({
          id: c.id,
          status: 'SUCCEEDED' as const,
          amount: money(c.amount),
          createdDate: c.createdAt,
        })),
        ...(p.void
          ? { void: { status: 'SUCCEEDED' as const, voidedDate: p.void.voidedAt, reason: p.void.reason } }
          : {}),
        ...(p.scheduled_action
          ? {
              scheduledAction: {
                actionType: p.scheduled_action.actionType,
                executionDate: p.scheduled_action.executionDate,
              },
            }
          : {}),
      }
    : undefined;
  const common = {
    id: p.id,
    createdDate: p.created_at.toISOString(),
    updatedDate: p.updated_at.toISOString(),
    amount: money(p.amount),
    refundDisabled: p.refund_disabled,
  };
  if (p.payment_method === GIFT_CARD_PAYMENT_METHOD) {
    return {
      ...common,
      giftcardPaymentDetails: {
        giftCardPaymentId: p.gateway_transaction_id ?? p.id,
        appId: GIFT_CARD_APP_ID,
        voided: false,
        obfuscatedCode: `****${p.card_last4 ?? ''}`,
      },
    };
  }
  return {
    ...common,
    regularPaymentDetails: {
      ...(p.gateway_order_id ? { paymentOrderId: p.gateway_order_id } : {}),
      ...(p.gateway_transaction_id ? { gatewayTransactionId: p.gateway_transaction_id } : {}),
      paymentMethod: p.payment_method,
      offlinePayment: p.offline,
      status: p.status,
      savedPaymentMethod: false,
      ...(p.card_last4 && p.card_brand
        ? { creditCardDetails: { lastFourDigits: p.card_last4, brand: p.card_brand } }
        : {}),
      ...(auth ? { authorizationDetails: auth } : {}),
      ...(p.instructions !== null ? { offlinePaymentInstructions: p.instructions } : {}),
    },
  };
}

export function toWireRefund(r: RefundRow) {
  const money = (minor: number) => price(minor, r.currency);
  const refunded = r.transactions.filter((t) => t.status === 'SUCCEEDED').reduce((s, t) => s + t.amount, 0);
  return {
    id: r.id,
    createdDate: r.created_at.toISOString(),
    transactions: r.transactions.map((t) => ({
      paymentId: t.paymentId,
      amount: money(t.amount),
      refundStatus: t.status,
      ...(t.gatewayRefundId ? { gatewayRefundId: t.gatewayRefundId } : {}),
      externalRefund: t.externalRefund,
    })),
    details: { ...(r.reason ? { reason: r.reason } : {}), shippingIncluded: r.shipping_included },
    summary: { requestedRefund: money(r.amount), refunded: money(refunded), pending: false },
  };
}

export function toOrderTransactions(
  orderId: string,
  payments: readonly PaymentRow[],
  refunds: readonly RefundRow[],
): OrderTransactions {
  return { orderId, payments: payments.map(toWirePayment), refunds: refunds.map(toWireRefund) };
}
