import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueJob, type JobHandler } from '../../platform/jobs.ts';
import { price } from '../../platform/money.ts';
import { ownsRecord } from '../../platform/ownership.ts';
import { captureLocked, voidLocked } from './collector.ts';
import type { CardInput } from './gateway.ts';
import {
  balanceDue,
  lockOrderNamedPayments,
  lockOrderWith,
  syncOrder,
  type OrderForPayment,
} from './ledger.ts';
import { rememberedOrderOf } from './order-of.ts';
import { delayMs } from './service.ts';
import {
  findGatewayOrder,
  findPayment,
  insertPaymentClosingGatewayOrder,
  lockGatewayOrderWithPayments,
  sendKeptGatewayOrderLock,
  type GatewayOrderRow,
  type PaymentRow,
} from './store.ts';
import { fromKeptOrRead, syncOrderKeeping, type KeptOrderPayments } from './kept.ts';
import { testGateway, validateCard } from './test-gateway.ts';

export const SCHEDULED_ACTION_JOB = 'payments.scheduled-action';

const gatewayOrderNotFound = (id: string) =>
  new AppError(404, 'PAYMENT_GATEWAY_ID_NOT_FOUND', 'Payment gateway order not found', {
    paymentGatewayOrderId: id,
  });

/** The buyer who placed the order or an admin (platform/ownership.ts); anyone else is told it does not exist. */
const mayPay = (ctx: Ctx, order: OrderForPayment): boolean => ownsRecord(ctx.caller, order);

/** A gateway order, locked with its order and the order's payments so far: what a payment of it settles. */
export interface LockedGatewayOrder {
  order: OrderForPayment;
  gatewayOrder: GatewayOrderRow;
  payments: PaymentRow[];
}

/**
 * Runs `settle` on a payment gateway order once it and its order are locked (from the rows this
 * process kept when `repeatable`, else read) and checked payable by the caller: the buyer who placed
 * the order or an admin, not paid, not canceled, for no more than the balance due.
 */
export async function payGatewayOrder<T>(
  ctx: Ctx,
  paymentGatewayOrderId: string,
  repeatable: boolean,
  settle: (tx: Ctx, locked: LockedGatewayOrder) => Promise<T>,
): Promise<T> {
  const orderId =
    rememberedOrderOf(paymentGatewayOrderId) ??
    (await findGatewayOrder(ctx.db, paymentGatewayOrderId))?.order_id;
  if (!orderId) throw gatewayOrderNotFound(paymentGatewayOrderId);
  const keptGateway = (k: KeptOrderPayments) =>
    k.openGatewayOrders.find((g) => g.id === paymentGatewayOrderId);
  const checked = (tx: Ctx, locked: LockedGatewayOrder) => {
    checkPayable(tx, locked);
    return settle(tx, locked);
  };
  return fromKeptOrRead(ctx, orderId, {
    use: (k) => repeatable && keptGateway(k) !== undefined,
    // The order's lock is sent (kept.ts), then the gateway order's, without reading either.
    fromKept: async (tx, k) => {
      const gatewayOrder = keptGateway(k)!;
      await sendKeptGatewayOrderLock(tx.db, gatewayOrder);
      return checked(tx, { order: k.order, gatewayOrder, payments: k.payments });
    },
    fromRead: async (tx) => {
      // The order (locked first), then the gateway order (locked) with the order's payments so far in
      // one statement: one round trip.
      const [order, locked] = await lockOrderWith(
        tx,
        orderId,
        () => lockGatewayOrderWithPayments(tx.db, paymentGatewayOrderId),
        'PAYMENT_GATEWAY_ID_NOT_FOUND',
      );
      if (!locked) throw gatewayOrderNotFound(paymentGatewayOrderId);
      return checked(tx, { order, ...locked });
    },
  });
}

function checkPayable(tx: Ctx, { order, gatewayOrder: pg, payments }: LockedGatewayOrder): void {
  if (!mayPay(tx, order)) throw gatewayOrderNotFound(pg.id);
  if (pg.status === 'PAID')
    throw new AppError(409, 'ORDER_ALREADY_PAID', 'This payment gateway order is already paid', {
      paymentGatewayOrderId: pg.id,
    });
  if (order.status === 'CANCELED')
    throw new AppError(428, 'ORDER_CANCELED', 'The order is canceled', { orderId: order.id });
  const due = balanceDue(order, payments);
  if (due <= 0)
    throw new AppError(409, 'ORDER_ALREADY_PAID', 'The order is already paid', { orderId: order.id });
  if (pg.amount > due)
    throw new AppError(428, 'INVALID_AMOUNT', 'The payment gateway order is for more than the balance due', {
      balanceDue: price(due, order.currency).amount,
    });
}

/**
 * Pays a payment gateway order with the test gateway. Approved: a payment is recorded (AUTHORIZED for
 * delayed capture, with its scheduled action queued; otherwise captured at once, APPROVED), the gateway
 * order is closed and the order approved. Declined or failed: a 402 with the reason code and nothing
 * written, so the buyer can try another card.
 */
export async function payWithTestGateway(ctx: Ctx, paymentGatewayOrderId: string, card: CardInput) {
  // Card details are checked before anything is locked; a bad card never reaches the gateway.
  validateCard(card, ctx.clock.now());
  return payGatewayOrder(ctx, paymentGatewayOrderId, testGateway.repeatable, (tx, locked) =>
    payLocked(tx, locked, card),
  );
}

/** payWithTestGateway once the order and the gateway order are locked and checked, with the order's payments so far. */
async function payLocked(tx: Ctx, locked: LockedGatewayOrder, card: CardInput) {
  const { order, gatewayOrder: pg, payments: before } = locked;
  const now = tx.clock.now();
  const result = await testGateway.authorize({
    amountMinor: pg.amount,
    currency: pg.currency,
    card,
    capture: !pg.delayed_capture,
    reference: pg.id,
    now,
  });
  if (result.outcome !== 'APPROVED') {
    throw new AppError(402, result.reasonCode, result.description, {
      paymentGatewayOrderId: pg.id,
      lastFourDigits: result.card.lastFourDigits,
    });
  }
  const id = newId();
  const settings = pg.delayed_capture_settings;
  let scheduled: PaymentRow['scheduled_action'] = null;
  if (pg.delayed_capture && settings) {
    const runAt = new Date(now.getTime() + delayMs(settings.delayDuration));
    const jobId = await enqueueJob(tx, SCHEDULED_ACTION_JOB, { paymentId: id }, { runAt });
    scheduled = { actionType: settings.scheduledAction, executionDate: runAt.toISOString(), jobId };
  }
  const payment: PaymentRow = {
    id,
    order_id: order.id,
    gateway_order_id: pg.id,
    amount: pg.amount,
    currency: pg.currency,
    status: pg.delayed_capture ? 'AUTHORIZED' : 'APPROVED',
    payment_method: testGateway.paymentMethod,
    offline: false,
    card_last4: result.card.lastFourDigits,
    card_brand: result.card.brand,
    gateway_transaction_id: result.transactionId,
    delayed_capture: pg.delayed_capture,
    authorized_at: pg.delayed_capture ? now : null,
    captured_amount: pg.delayed_capture ? 0 : pg.amount,
    refunded_amount: 0,
    captures: [],
    void: null,
    scheduled_action: scheduled,
    refund_disabled: false,
    instructions: null,
    created_at: now,
    updated_at: now,
  };
  await insertPaymentClosingGatewayOrder(tx.db, payment, now);
  const activity = pg.delayed_capture
    ? { type: 'AUTHORIZED_PAYMENT_CREATED' }
    : { type: pg.amount >= order.totalMinor ? 'ORDER_PAID' : 'ORDER_PARTIALLY_PAID' };
  await syncOrderKeeping(tx, order, activity, true, [...before, payment]);
  return {
    orderId: order.id,
    paymentId: id,
    status: payment.status,
    amount: price(payment.amount, payment.currency),
    creditCardDetails: { lastFourDigits: result.card.lastFourDigits, brand: result.card.brand },
  };
}

/**
 * Runs a payment's scheduled action when due: captures what the authorization still holds, or voids
 * it. A payment no longer AUTHORIZED (captured or voided by hand meanwhile), or whose scheduled action
 * was replaced, is left alone. Persisted as a job row, so it survives restarts.
 */
export const scheduledActionJob: JobHandler<{ paymentId: string }> = {
  name: SCHEDULED_ACTION_JOB,
  async run(ctx, { paymentId }) {
    const found = await findPayment(ctx.db, paymentId);
    if (!found) return;
    await inTransaction(ctx, async (tx) => {
      const { order, named } = await lockOrderNamedPayments(tx, found.order_id, [paymentId]);
      const p = named.get(paymentId)!;
      const action = p.scheduled_action;
      if (p.status !== 'AUTHORIZED' || !action || new Date(action.executionDate) > tx.clock.now()) return;
      if (action.actionType === 'CAPTURE') {
        const held = price(p.amount - p.captured_amount, p.currency).formattedAmount;
        await captureLocked(tx, p, p.amount - p.captured_amount, true);
        await syncOrder(tx, order, {
          type: 'AUTHORIZED_PAYMENT_CAPTURED',
          description: `Captured ${held} as scheduled`,
        });
      } else {
        const held = price(p.amount - p.captured_amount, p.currency).formattedAmount;
        await voidLocked(tx, p, 'SCHEDULED', true);
        await syncOrder(tx, order, {
          type: 'AUTHORIZED_PAYMENT_VOIDED',
          description: `Released ${held} as scheduled`,
        });
      }
    });
  },
};
