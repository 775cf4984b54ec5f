import type { NonRefundableReason } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, violation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { price } from '../../platform/money.ts';
import { amountOf } from './collector.ts';
import {
  balanceDue,
  lockOrderNamedPayments,
  lockOrder,
  providerFor,
  syncOrder,
  transactionsOf,
  type OrderForPayment,
} from './ledger.ts';
import { notifyPaymentReceived, notifyRefund } from '../orders/index.ts';
import { recordOfflinePayment } from './service.ts';
import {
  insertRefund,
  listPayments,
  updatePayment,
  type PaymentRow,
  type StoredRefundTransaction,
} from './store.ts';
import { nextPaymentStatus } from './transitions.ts';

export interface Refundability {
  paymentId: string;
  refundabilityStatus: 'NOT_REFUNDABLE' | 'MANUAL' | 'REFUNDABLE';
  nonRefundableReason?: NonRefundableReason;
  manuallyRefundableReason?: 'EXPIRED' | 'OFFLINE';
}

/** Card networks let a provider refund a charge for a limited time; later the merchant refunds by hand. */
export const REFUND_WINDOW_MS = 180 * 86_400_000;

/** Why a payment cannot be refunded now, or undefined when it can (spec §8 refund-unavailability reasons). */
export function nonRefundableReasonOf(
  order: Pick<OrderForPayment, 'status'>,
  p: PaymentRow,
): NonRefundableReason | undefined {
  if (order.status === 'PENDING') return 'ORDER_IS_PENDING';
  if (order.status === 'REJECTED') return 'ORDER_IS_REJECTED';
  if (p.refund_disabled) return 'DISABLED_BY_PROVIDER';
  if (p.status === 'REFUNDED') return 'ALREADY_REFUNDED';
  // An authorization is settled (captured or voided) before its captured part can be refunded.
  if (p.status !== 'APPROVED' && p.status !== 'PARTIALLY_REFUNDED') return 'NOT_PAID';
  if (p.captured_amount === 0) return 'ZERO_PRICE';
  if (!p.offline && !p.gateway_transaction_id) return 'TRANSACTION_NOT_FOUND';
  return undefined;
}

function refundabilityOf(order: OrderForPayment, p: PaymentRow, now: Date): Refundability {
  const reason = nonRefundableReasonOf(order, p);
  if (reason) return { paymentId: p.id, refundabilityStatus: 'NOT_REFUNDABLE', nonRefundableReason: reason };
  // Money paid offline goes back offline: the merchant refunds it and records it with externalRefund.
  if (p.offline)
    return { paymentId: p.id, refundabilityStatus: 'MANUAL', manuallyRefundableReason: 'OFFLINE' };
  if (now.getTime() - p.created_at.getTime() > REFUND_WINDOW_MS)
    return { paymentId: p.id, refundabilityStatus: 'MANUAL', manuallyRefundableReason: 'EXPIRED' };
  return { paymentId: p.id, refundabilityStatus: 'REFUNDABLE' };
}

export async function refundability(ctx: Ctx, orderId: string) {
  const order = await lockOrder(ctx, orderId); // a read: no lock outside a transaction
  const payments = await listPayments(ctx.db, orderId);
  return {
    refundabilities: payments.map((p) => refundabilityOf(order, p, ctx.clock.now())),
    refundablePerItem: false,
  };
}

/** trigger-refund: refunds each named payment by its amount (default: all it has left), in one refund. */
export async function triggerRefund(
  ctx: Ctx,
  orderId: string,
  body: {
    payments: { paymentId: string; amount?: { amount: string }; externalRefund?: boolean }[];
    details?: { reason?: string; shippingIncluded?: boolean };
  },
) {
  const ids = body.payments.map((p) => p.paymentId);
  const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (dup >= 0) throw violation(`payments[${dup}].paymentId`, 'is repeated', 'VALIDATION');
  return inTransaction(ctx, async (tx) => {
    const { order, named: payments } = await lockOrderNamedPayments(tx, orderId, ids, 'PAYMENTS_NOT_FOUND');
    const transactions: StoredRefundTransaction[] = [];
    const now = tx.clock.now();
    for (const [i, item] of body.payments.entries()) {
      const p = payments.get(item.paymentId)!;
      const r = refundabilityOf(order, p, now);
      const external = item.externalRefund ?? false;
      if (r.nonRefundableReason) {
        throw new AppError(
          428,
          'REFUND_NOT_AVAILABLE',
          `The payment cannot be refunded (${r.nonRefundableReason})`,
          { paymentId: p.id, nonRefundableReason: r.nonRefundableReason },
        );
      }
      if (r.manuallyRefundableReason && !external) {
        throw new AppError(
          428,
          'REFUND_NOT_AVAILABLE',
          `This payment is refunded by hand (${r.manuallyRefundableReason}): record the refund with externalRefund`,
          { paymentId: p.id, manuallyRefundableReason: r.manuallyRefundableReason },
        );
      }
      const left = p.captured_amount - p.refunded_amount;
      const amountMinor = item.amount
        ? amountOf(item.amount.amount, p.currency, `payments[${i}].amount.amount`)
        : left;
      if (amountMinor <= 0 || amountMinor > left) {
        throw new AppError(
          400,
          'INVALID_AMOUNT',
          `The refund must be more than 0 and at most ${price(left, p.currency).amount}`,
          { paymentId: p.id, refundable: price(left, p.currency).amount },
        );
      }
      const status = nextPaymentStatus(
        p.status,
        amountMinor === left ? 'REFUND_FULL' : 'REFUND_PARTIAL',
        p.id,
      );
      let gatewayRefundId: string | undefined;
      if (!external) {
        const result = await providerFor(p).refund({
          transactionId: p.gateway_transaction_id!,
          amountMinor,
          currency: p.currency,
        });
        if (result.outcome !== 'APPROVED')
          throw new AppError(502, result.reasonCode, result.description, { paymentId: p.id });
        gatewayRefundId = result.transactionId;
      }
      await updatePayment(tx.db, p.id, {
        status,
        refunded_amount: p.refunded_amount + amountMinor,
        updated_at: now,
      });
      transactions.push({
        paymentId: p.id,
        amount: amountMinor,
        externalRefund: external,
        status: 'SUCCEEDED',
        ...(gatewayRefundId ? { gatewayRefundId } : {}),
      });
    }
    const refundId = newId();
    await insertRefund(tx.db, {
      id: refundId,
      order_id: orderId,
      transactions,
      amount: transactions.reduce((s, t) => s + t.amount, 0),
      currency: order.currency,
      reason: body.details?.reason ?? null,
      shipping_included: body.details?.shippingIncluded ?? false,
      created_at: now,
    });
    const refunded = transactions.reduce((s, t) => s + t.amount, 0);
    await syncOrder(tx, order, {
      type: 'PAYMENT_REFUNDED',
      description: `Refunded ${price(refunded, order.currency).formattedAmount}`,
    });
    // The buyer is told, as for a shipment; "in full" when nothing collected is left unrefunded.
    const after = await listPayments(tx.db, orderId);
    const full = after.every((p) => p.captured_amount === p.refunded_amount);
    await notifyRefund(tx, orderId, {
      amountMinor: refunded,
      currency: order.currency,
      full,
      ...(body.details?.reason ? { reason: body.details.reason } : {}),
    });
    return { orderTransactions: await transactionsOf(tx, orderId), refundId, failedPaymentIds: [] };
  });
}

/**
 * mark-as-paid: the merchant received the money offline. Pending offline payments become APPROVED;
 * what is still due beyond them is recorded as one more offline payment. The order is approved.
 */
export async function markAsPaid(ctx: Ctx, orderId: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'CANCELED')
      throw new AppError(428, 'ORDER_CANCELED', 'The order is canceled', { orderId });
    const payments = await listPayments(tx.db, orderId, true);
    const now = tx.clock.now();
    let settled = 0;
    const pending = payments.filter((x) => x.status === 'PENDING_MERCHANT');
    for (const p of pending) {
      const status = nextPaymentStatus(p.status, 'MARK_PAID', p.id);
      await updatePayment(tx.db, p.id, { status, captured_amount: p.amount, updated_at: now });
      settled += p.amount;
    }
    const due = balanceDue(order, payments) - settled;
    if (settled === 0 && due <= 0)
      throw new AppError(428, 'ORDER_ALREADY_PAID', 'The order is already paid', { orderId });
    if (due > 0) {
      const { paymentId } = await recordOfflinePayment(tx, {
        orderId,
        amountMinor: due,
        currency: order.currency,
      });
      await updatePayment(tx.db, paymentId, {
        status: nextPaymentStatus('PENDING_MERCHANT', 'MARK_PAID', paymentId),
        captured_amount: due,
        updated_at: now,
      });
    }
    const methods = [...new Set(pending.map((p) => p.payment_method).filter((m) => m !== 'Offline'))];
    await syncOrder(
      tx,
      order,
      {
        type: 'ORDER_PAID',
        description: `Marked as paid${methods.length ? ` (${methods.join(', ')})` : ''}`,
      },
      true,
    );
    // The buyer who was told to pay outside the store hears that the money arrived.
    if (settled > 0)
      await notifyPaymentReceived(tx, orderId, {
        amountMinor: settled + Math.max(due, 0),
        currency: order.currency,
      });
  });
}
