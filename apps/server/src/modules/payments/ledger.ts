import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { applyPaymentUpdate, getOrderForPayment } from '../orders/index.ts';
import type { PaymentProvider } from './gateway.ts';
import { listPayments, listRefunds, lockPayments, type PaymentRow } from './store.ts';
import { testGateway } from './test-gateway.ts';
import { orderPaymentStatusOf, paymentTotals, type PaymentFigures } from './transitions.ts';
import { toOrderTransactions } from './wire.ts';

export type OrderForPayment = NonNullable<Awaited<ReturnType<typeof getOrderForPayment>>>;

export const figures = (p: PaymentRow): PaymentFigures => ({
  status: p.status,
  amount: p.amount,
  capturedAmount: p.captured_amount,
  refundedAmount: p.refunded_amount,
});

/** The provider that handled an online payment (the built-in test gateway is the only one so far). */
export function providerFor(p: Pick<PaymentRow, 'offline'>): PaymentProvider {
  if (p.offline)
    throw new AppError(428, 'NOT_REGULAR_ONLINE_PAYMENT', 'An offline payment has no payment provider');
  return testGateway;
}

/**
 * The order, locked for the rest of the transaction (orders' getOrderForPayment takes FOR UPDATE;
 * outside a transaction it is a plain read). Every payments write locks the order first and its
 * payments second, always in that order, so two writers never deadlock and concurrent captures of
 * one payment run one after the other.
 */
export async function lockOrder(
  ctx: Ctx,
  orderId: string,
  code = 'ORDER_NOT_FOUND',
): Promise<OrderForPayment> {
  const order = await getOrderForPayment(ctx, orderId);
  if (!order) throw new AppError(404, code, 'Order not found', { orderId });
  return order;
}

/** What the order still lacks: its total less what was collected, refunds aside, and what open authorizations or pending payments hold. */
export function balanceDue(order: OrderForPayment, payments: readonly PaymentRow[]): number {
  const t = paymentTotals(payments.map(figures));
  return Math.max(0, order.totalMinor - t.collected - t.authorized - t.pending);
}

/**
 * Locks all the order's payments (the caller holds the order's lock) and picks the named ones; any
 * id that is not one of its payments is a 404. The list is what syncOrder and transactionsOf need,
 * so they need not read it again.
 */
export async function lockOrderPayments(
  ctx: Ctx,
  orderId: string,
  ids: readonly string[],
  code = 'PAYMENT_NOT_FOUND',
): Promise<{ all: PaymentRow[]; named: Map<string, PaymentRow> }> {
  const all = await listPayments(ctx.db, orderId, true);
  const named = new Map(all.filter((p) => ids.includes(p.id)).map((p) => [p.id, p]));
  const missing = ids.filter((id) => !named.has(id));
  if (missing.length) throw new AppError(404, code, 'Payment not found', { paymentIds: missing });
  return { all, named };
}

/** `all` with each changed payment in its place. */
export const withChanged = (all: readonly PaymentRow[], changed: readonly PaymentRow[]): PaymentRow[] =>
  all.map((p) => changed.find((c) => c.id === p.id) ?? p);

/** Locks the named payments of the order; any id that is not one of its payments is a 404. */
export async function lockNamedPayments(
  ctx: Ctx,
  orderId: string,
  ids: readonly string[],
  code = 'PAYMENT_NOT_FOUND',
): Promise<Map<string, PaymentRow>> {
  const rows = await lockPayments(ctx.db, orderId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw new AppError(404, code, 'Payment not found', { paymentIds: missing });
  return byId;
}

/**
 * Tells the orders module the order's payment status after a change (derived from all its
 * payments: `payments` when the caller has them as they now are, else read), with an activity;
 * `approve` moves an INITIALIZED order to APPROVED.
 */
export async function syncOrder(
  ctx: Ctx,
  order: OrderForPayment,
  activity: { type: string; description?: string },
  approve = false,
  payments?: readonly PaymentRow[],
): Promise<void> {
  const all = payments ?? (await listPayments(ctx.db, order.id));
  const paymentStatus = orderPaymentStatusOf(order.totalMinor, all.map(figures));
  await applyPaymentUpdate(
    ctx,
    order.id,
    { paymentStatus, activity, ...(approve ? { approve: true } : {}) },
    order.locked,
  );
}

/**
 * The order's transactions (`payments` when the caller has them as they now are, else read). Its
 * refunds are read only when a payment shows a refunded amount: a refund is written with the
 * refunded amounts it adds to its payments, in one transaction, and is never 0 (refunds.ts).
 */
export async function transactionsOf(ctx: Ctx, orderId: string, payments?: readonly PaymentRow[]) {
  const all = payments ?? (await listPayments(ctx.db, orderId));
  const refunds = all.some((p) => p.refunded_amount > 0) ? await listRefunds(ctx.db, orderId) : [];
  return toOrderTransactions(orderId, [...all], refunds);
}
