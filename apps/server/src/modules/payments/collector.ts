import type { PaymentCollectabilityStatus } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, violation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { price, toMinor } from '../../platform/money.ts';
import {
  balanceDue,
  lockOrder,
  lockOrderPayments,
  namedOf,
  providerFor,
  transactionsOf,
  withChanged,
  type OrderForPayment,
} from './ledger.ts';
import { preparePaymentCollection, type DelayedCaptureSettingsInput } from './service.ts';
import {
  findGatewayOrder,
  listPayments,
  updateGatewayOrder,
  updatePayment,
  type PaymentRow,
} from './store.ts';
import { nextPaymentStatus } from './transitions.ts';
import { fromKeptOrRead, syncOrderKeeping } from './kept.ts';

/** A decimal amount of the order's currency in minor units; too many decimals is INVALID_AMOUNT. */
export function amountOf(amount: string, currency: string, field: string): number {
  try {
    return toMinor(amount, currency);
  } catch {
    throw violation(field, `is not a valid ${currency} amount`, 'DECIMAL_MAX_SCALE');
  }
}

const invalidAmount = (description: string, data: Record<string, unknown> = {}) =>
  new AppError(400, 'INVALID_AMOUNT', description, data);

function refuseClosedOrder(order: OrderForPayment) {
  if (order.status === 'CANCELED')
    throw new AppError(428, 'ORDER_CANCELED', 'The order is canceled', { orderId: order.id });
}

/** prepare-payment-collection over HTTP: checks the order, then opens (or re-opens) a gateway order. */
export async function prepareForOrder(
  ctx: Ctx,
  orderId: string,
  body: {
    amount: string;
    paymentGatewayOrderId?: string;
    delayedCapture?: boolean;
    delayedCaptureSettings?: DelayedCaptureSettingsInput;
  },
): Promise<{ paymentGatewayOrderId: string }> {
  return inTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, orderId, 'NO_ASSOCIATED_ECOM_ORDER');
    refuseClosedOrder(order);
    const amountMinor = amountOf(body.amount, order.currency, 'amount.amount');
    const due = balanceDue(order, await listPayments(tx.db, order.id));
    if (due <= 0) throw new AppError(428, 'ORDER_ALREADY_PAID', 'The order is already paid', { orderId });
    if (amountMinor <= 0 || amountMinor > due) {
      throw invalidAmount(
        `The amount must be more than 0 and at most the balance due (${price(due, order.currency).amount})`,
        { balanceDue: price(due, order.currency).amount },
      );
    }
    const delayedCapture = body.delayedCapture ?? false;
    if (!body.paymentGatewayOrderId) {
      return preparePaymentCollection(tx, {
        orderId,
        amountMinor,
        currency: order.currency,
        delayedCapture,
        ...(body.delayedCaptureSettings ? { delayedCaptureSettings: body.delayedCaptureSettings } : {}),
      });
    }
    // Re-preparing a known gateway order (the buyer changed the amount or the capture mode before paying).
    const pg = await findGatewayOrder(tx.db, body.paymentGatewayOrderId, true);
    if (!pg || pg.order_id !== orderId)
      throw new AppError(404, 'PAYMENT_GATEWAY_ID_NOT_FOUND', 'Payment gateway order not found', {
        paymentGatewayOrderId: body.paymentGatewayOrderId,
      });
    if (pg.status === 'PAID')
      throw new AppError(428, 'ORDER_ALREADY_PAID', 'This payment gateway order is already paid', {
        paymentGatewayOrderId: pg.id,
      });
    if (body.delayedCaptureSettings && !delayedCapture)
      throw violation('delayedCaptureSettings', 'is allowed only with delayedCapture', 'FIELD_NOT_ALLOWED');
    await updateGatewayOrder(tx.db, pg.id, {
      amount: amountMinor,
      delayed_capture: delayedCapture,
      delayed_capture_settings: delayedCapture ? (body.delayedCaptureSettings ?? null) : null,
      updated_at: tx.clock.now(),
    });
    return { paymentGatewayOrderId: pg.id };
  });
}

/** payment-collectability-status: whether (and how much) can still be collected online. */
export async function collectability(
  ctx: Ctx,
  orderId: string,
): Promise<{ status: PaymentCollectabilityStatus; amount: ReturnType<typeof price> }> {
  // A read: outside a transaction getOrderForPayment takes no lock.
  const order = await lockOrder(ctx, orderId);
  const due = balanceDue(order, await listPayments(ctx.db, order.id));
  const amount = price(due, order.currency);
  const byStatus: Partial<Record<string, PaymentCollectabilityStatus>> = {
    CANCELED: 'NONCOLLECTABLE_ORDER_IS_CANCELLED',
    PENDING: 'NONCOLLECTABLE_ORDER_IS_PENDING',
    REJECTED: 'NONCOLLECTABLE_ORDER_IS_REJECTED',
  };
  const closed = byStatus[order.status];
  if (closed) return { status: closed, amount };
  if (due <= 0) return { status: 'NONCOLLECTABLE_ORDER_IS_PAID', amount };
  return { status: 'COLLECTABLE', amount };
}

/**
 * Captures `amountMinor` of an authorization (the caller holds the order and payment locks); `last`
 * when no other provider call follows in the transaction (updatePayment).
 */
export async function captureLocked(
  ctx: Ctx,
  p: PaymentRow,
  amountMinor: number,
  last = false,
): Promise<PaymentRow> {
  if (p.offline) {
    throw new AppError(428, 'NOT_REGULAR_ONLINE_PAYMENT', 'Only online card payments can be captured', {
      paymentId: p.id,
    });
  }
  const remaining = p.amount - p.captured_amount;
  // The state machine first: a VOIDED or already captured payment is refused before any amount check.
  nextPaymentStatus(p.status, 'CAPTURE_PARTIAL', p.id);
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > remaining) {
    throw invalidAmount(
      `The capture amount must be more than 0 and at most the uncaptured ${price(remaining, p.currency).amount}`,
      { paymentId: p.id, uncaptured: price(remaining, p.currency).amount },
    );
  }
  const status = nextPaymentStatus(
    p.status,
    amountMinor === remaining ? 'CAPTURE_FULL' : 'CAPTURE_PARTIAL',
    p.id,
  );
  const result = await providerFor(p).capture({
    transactionId: p.gateway_transaction_id ?? '',
    amountMinor,
    currency: p.currency,
  });
  if (result.outcome !== 'APPROVED')
    throw new AppError(402, result.reasonCode, result.description, { paymentId: p.id });
  const now = ctx.clock.now();
  const next: PaymentRow = {
    ...p,
    status,
    captured_amount: p.captured_amount + amountMinor,
    updated_at: now,
    captures: [...p.captures, { id: newId(), amount: amountMinor, createdAt: now.toISOString() }],
    scheduled_action: status === 'AUTHORIZED' ? p.scheduled_action : null,
  };
  await updatePayment(
    ctx.db,
    p.id,
    {
      status,
      captured_amount: next.captured_amount,
      captures: next.captures,
      scheduled_action: next.scheduled_action,
      updated_at: now,
    },
    last,
  );
  return next;
}

/** Voids what an authorization still holds (the caller holds the order and payment locks; `last` as for captureLocked). */
export async function voidLocked(
  ctx: Ctx,
  p: PaymentRow,
  reason: 'MANUAL' | 'SCHEDULED',
  last = false,
): Promise<PaymentRow> {
  if (p.offline)
    throw new AppError(428, 'NOT_REGULAR_ONLINE_PAYMENT', 'Only online card payments can be voided', {
      paymentId: p.id,
    });
  const status = nextPaymentStatus(p.status, p.captured_amount > 0 ? 'VOID_REMAINDER' : 'VOID', p.id);
  const result = await providerFor(p).void({ transactionId: p.gateway_transaction_id ?? '' });
  if (result.outcome !== 'APPROVED')
    throw new AppError(502, result.reasonCode, result.description, { paymentId: p.id });
  const now = ctx.clock.now();
  const voided = { voidedAt: now.toISOString(), reason };
  await updatePayment(ctx.db, p.id, { status, void: voided, scheduled_action: null, updated_at: now }, last);
  return { ...p, status, void: voided, scheduled_action: null, updated_at: now };
}

/** capture-authorized-payments: each payment captured by its amount (default: all it still holds). */
export async function captureAuthorized(
  ctx: Ctx,
  orderId: string,
  items: readonly { paymentId: string; amount?: string }[],
) {
  const ids = items.map((i) => i.paymentId);
  const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (dup >= 0) throw violation(`payments[${dup}].paymentId`, 'is repeated', 'VALIDATION');
  let capturedMinor = 0;
  let currency = '';
  return changePayments(
    ctx,
    orderId,
    ids,
    () => ({
      type: 'AUTHORIZED_PAYMENT_CAPTURED',
      description: `Captured ${price(capturedMinor, currency).formattedAmount}`,
    }),
    async (tx, named) => {
      const changed: PaymentRow[] = [];
      // A run again from a read (kept.ts) starts over.
      capturedMinor = 0;
      for (const [i, item] of items.entries()) {
        const p = named.get(item.paymentId)!;
        const amountMinor =
          item.amount === undefined
            ? p.amount - p.captured_amount
            : amountOf(item.amount, p.currency, `payments[${i}].amount.amount`);
        changed.push(await captureLocked(tx, p, amountMinor, i === items.length - 1));
        capturedMinor += amountMinor;
        currency = p.currency;
      }
      return changed;
    },
  );
}

/** void-authorized-payments. */
export async function voidAuthorized(ctx: Ctx, orderId: string, paymentIds: readonly string[]) {
  const dup = paymentIds.findIndex((id, i) => paymentIds.indexOf(id) !== i);
  if (dup >= 0) throw violation(`paymentIds[${dup}]`, 'is repeated', 'VALIDATION');
  let releasedMinor = 0;
  let currency = '';
  return changePayments(
    ctx,
    orderId,
    paymentIds,
    () => ({
      type: 'AUTHORIZED_PAYMENT_VOIDED',
      description: `Released ${price(releasedMinor, currency).formattedAmount}`,
    }),
    async (tx, named) => {
      const changed: PaymentRow[] = [];
      releasedMinor = 0;
      for (const [i, id] of paymentIds.entries()) {
        const p = named.get(id)!;
        changed.push(await voidLocked(tx, p, 'MANUAL', i === paymentIds.length - 1));
        releasedMinor += p.amount - p.captured_amount;
        currency = p.currency;
      }
      return changed;
    },
  );
}

/**
 * Changes the named payments of an order with the provider (`change`, given them locked, answering
 * them changed), tells the order (the activity `activity()` gives once the change is made: its
 * description says the amount) and answers the order's transactions: from the order and payments
 * this process kept (kept.ts), else locked from a read.
 */
function changePayments(
  ctx: Ctx,
  orderId: string,
  ids: readonly string[],
  activity: () => { type: string; description: string },
  change: (tx: Ctx, named: Map<string, PaymentRow>) => Promise<PaymentRow[]>,
) {
  const apply = async (
    tx: Ctx,
    order: OrderForPayment,
    all: PaymentRow[],
    named: Map<string, PaymentRow>,
  ) => {
    const now = withChanged(all, await change(tx, named));
    await syncOrderKeeping(tx, order, activity(), false, now);
    return transactionsOf(tx, orderId, now);
  };
  return fromKeptOrRead(ctx, orderId, {
    // Only the order is locked: every payment write locks it first, so its payments stay as kept.
    use: (k) =>
      ids.every((id) => k.payments.some((p) => p.id === id && !p.offline && providerFor(p).repeatable)),
    fromKept: (tx, k) => apply(tx, k.order, k.payments, namedOf(k.payments, ids)),
    fromRead: async (tx) => {
      const { order, all, named } = await lockOrderPayments(tx, orderId, ids);
      return apply(tx, order, all, named);
    },
  });
}
