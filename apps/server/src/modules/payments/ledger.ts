import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { price } from '../../platform/money.ts';
import {
  applyPaymentUpdate,
  getOrderForPayment,
  sendOrderForPayment,
  type PaidWith,
} from '../orders/index.ts';
import type { PaymentProvider } from './gateway.ts';
import { listPayments, listRefunds, lockPayments, type PaymentRow } from './store.ts';
import { GIFT_CARD_PAYMENT_METHOD } from './service.ts';
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
 * lockOrder with `also` (a lock or read of the order's payments), in one round trip: the order's
 * lock is sent ahead (orders' sendOrderForPayment) and `also`'s statement follows it; PostgreSQL runs
 * them in that order, so the order is still locked before its payments. `also` must not throw for
 * an order that does not exist: the order's 404 comes first.
 */
export async function lockOrderWith<T>(
  ctx: Ctx,
  orderId: string,
  also: () => Promise<T>,
  code = 'ORDER_NOT_FOUND',
): Promise<[OrderForPayment, T]> {
  const order = await sendOrderForPayment(ctx, orderId);
  const got = await also();
  const found = await order();
  if (!found) throw new AppError(404, code, 'Order not found', { orderId });
  return [found, got];
}

/**
 * The order and all its payments, locked in one round trip (lockOrderWith), with the named ones; any
 * id that is not one of its payments is a 404. The list is what syncOrder and transactionsOf need, so
 * they need not read it again.
 */
export async function lockOrderPayments(
  ctx: Ctx,
  orderId: string,
  ids: readonly string[],
  code = 'PAYMENT_NOT_FOUND',
): Promise<{ order: OrderForPayment; all: PaymentRow[]; named: Map<string, PaymentRow> }> {
  const [order, all] = await lockOrderWith(ctx, orderId, () => listPayments(ctx.db, orderId, true));
  return { order, all, named: namedOf(all, ids, code) };
}

/** `all` with each changed payment in its place. */
export const withChanged = (all: readonly PaymentRow[], changed: readonly PaymentRow[]): PaymentRow[] =>
  all.map((p) => changed.find((c) => c.id === p.id) ?? p);

/**
 * The order and the named payments of it, locked in one round trip (lockOrderWith); any id that is
 * not one of its payments is a 404.
 */
export async function lockOrderNamedPayments(
  ctx: Ctx,
  orderId: string,
  ids: readonly string[],
  code = 'PAYMENT_NOT_FOUND',
): Promise<{ order: OrderForPayment; named: Map<string, PaymentRow> }> {
  const [order, rows] = await lockOrderWith(ctx, orderId, () => lockPayments(ctx.db, orderId, ids));
  return { order, named: namedOf(rows, ids, code) };
}

/** Locks the named payments of the order (the caller holds its lock); any id that is not one of its payments is a 404. */
export async function lockNamedPayments(
  ctx: Ctx,
  orderId: string,
  ids: readonly string[],
  code = 'PAYMENT_NOT_FOUND',
): Promise<Map<string, PaymentRow>> {
  return namedOf(await lockPayments(ctx.db, orderId, ids), ids, code);
}

/** The payments of `rows` named by `ids`; any id that is not one of them is a 404 (`code`). */
export function namedOf(
  rows: readonly PaymentRow[],
  ids: readonly string[],
  code = 'PAYMENT_NOT_FOUND',
): Map<string, PaymentRow> {
  const byId = new Map(rows.filter((p) => ids.includes(p.id)).map((p) => [p.id, p]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw new AppError(404, code, 'Payment not found', { paymentIds: missing });
  return byId;
}

/**
 * Tells the orders module the order's payment status after a change (derived from all its
 * payments: `payments` when the caller has them as they now are, else read), with an activity;
 * `approve` moves an INITIALIZED order to APPROVED; `keep` has it keep the order as written for the
 * payment call that follows (kept.ts).
 */
export async function syncOrder(
  ctx: Ctx,
  order: OrderForPayment,
  activity: { type: string; description?: string },
  approve = false,
  payments?: readonly PaymentRow[],
  keep = false,
): Promise<void> {
  const all = payments ?? (await listPayments(ctx.db, order.id));
  const paymentStatus = orderPaymentStatusOf(order.totalMinor, all.map(figures));
  await applyPaymentUpdate(
    ctx,
    order.id,
    {
      paymentStatus,
      activity,
      ...(approve ? { approve: true, paidWith: paidWith(all) } : {}),
      ...(keep ? { keep: true } : {}),
    },
    order.locked,
  );
}

const BRANDS: Record<string, string> = { AMEX: 'American Express', MASTERCARD: 'Mastercard' };
/** "Visa" for `VISA`, as people write it. */
const brandName = (b: string) =>
  BRANDS[b.toUpperCase()] ?? b.charAt(0).toUpperCase() + b.slice(1).toLowerCase();

const PAID_OR_PROMISED = new Set(['APPROVED', 'AUTHORIZED', 'PENDING', 'PENDING_MERCHANT']);

/**
 * What paid the order, for its buyer's confirmation: each payment that went through, by what; a
 * manual payment method's payment still to be made is `due`, with how to make it.
 */
export function paidWith(payments: readonly PaymentRow[]): PaidWith[] {
  return payments
    .filter((p) => PAID_OR_PROMISED.has(p.status))
    .map((p) => {
      const amount = price(p.amount, p.currency);
      if (p.status === 'PENDING_MERCHANT' && p.instructions !== null)
        return { label: p.payment_method, amount, due: { instructions: p.instructions } };
      return {
        label:
          p.payment_method === GIFT_CARD_PAYMENT_METHOD
            ? `gift card ****${p.card_last4 ?? ''}`
            : p.card_brand && p.card_last4
              ? `${brandName(p.card_brand)} ****${p.card_last4}`
              : p.offline
                ? `${p.payment_method} (paid to the store directly)`
                : p.payment_method,
        amount,
      };
    });
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
