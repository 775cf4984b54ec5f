import type { PaymentDelayedCaptureSettings, PaymentTransactionStatus } from '@vitrine/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/connect.ts';
import { expectOneRow, statement } from '../../platform/db/statement.ts';
import { writeUnanswered, type Executor } from '../../platform/db/tx.ts';

export interface StoredCapture {
  id: string;
  amount: number;
  createdAt: string;
}
export interface StoredVoid {
  voidedAt: string;
  reason: 'MANUAL' | 'SCHEDULED';
}
export interface StoredScheduledAction {
  actionType: 'VOID' | 'CAPTURE';
  executionDate: string;
  jobId: string;
}
export interface StoredRefundTransaction {
  paymentId: string;
  amount: number;
  gatewayRefundId?: string;
  externalRefund: boolean;
  status: 'SUCCEEDED' | 'FAILED';
}

export interface PaymentsTables {
  payment_gateway_order: {
    id: string;
    order_id: string;
    amount: number;
    currency: string;
    delayed_capture: boolean;
    delayed_capture_settings: PaymentDelayedCaptureSettings | null;
    capture_on_fulfillment: boolean;
    status: 'OPEN' | 'PAID';
    created_at: Date;
    updated_at: Date;
  };
  payment: {
    id: string;
    order_id: string;
    gateway_order_id: string | null;
    amount: number;
    currency: string;
    status: PaymentTransactionStatus;
    payment_method: string;
    offline: boolean;
    card_last4: string | null;
    card_brand: string | null;
    gateway_transaction_id: string | null;
    delayed_capture: boolean;
    authorized_at: Date | null;
    captured_amount: number;
    refunded_amount: number;
    captures: StoredCapture[];
    void: StoredVoid | null;
    scheduled_action: StoredScheduledAction | null;
    refund_disabled: boolean;
    /** A manual payment method's instructions, as the buyer was given them (offline payments chosen at checkout). */
    instructions: string | null;
    created_at: Date;
    updated_at: Date;
  };
  payment_refund: {
    id: string;
    order_id: string;
    transactions: StoredRefundTransaction[];
    amount: number;
    currency: string;
    reason: string | null;
    shipping_included: boolean;
    created_at: Date;
  };
}
export type GatewayOrderRow = PaymentsTables['payment_gateway_order'];
export type PaymentRow = PaymentsTables['payment'];
export type RefundRow = PaymentsTables['payment_refund'];

const json = (v: unknown) => JSON.stringify(v);

/** In the order's transaction, without waiting for the answer (a new id: nothing to learn from it). */
export async function insertGatewayOrder(db: Executor, row: GatewayOrderRow): Promise<void> {
  const settings = row.delayed_capture_settings;
  await writeUnanswered(
    db,
    insertGatewayOrderStatement(db, { ...row, delayed_capture_settings: settings ? json(settings) : null }),
  );
}

const insertGatewayOrderStatement = statement((db, row: Record<string, unknown>) =>
  db.insertInto('payment_gateway_order').values(row as never),
);

export async function updateGatewayOrder(
  db: Executor,
  id: string,
  set: Partial<Omit<GatewayOrderRow, 'id' | 'order_id'>>,
): Promise<void> {
  const { delayed_capture_settings, ...rest } = set;
  await db
    .updateTable('payment_gateway_order')
    .set({
      ...rest,
      ...(delayed_capture_settings !== undefined
        ? {
            delayed_capture_settings: delayed_capture_settings
              ? (json(delayed_capture_settings) as never)
              : null,
          }
        : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** A gateway order, locked for the rest of the transaction when `forUpdate`. */
export async function findGatewayOrder(
  db: Executor,
  id: string,
  forUpdate = false,
): Promise<GatewayOrderRow | undefined> {
  const q = db.selectFrom('payment_gateway_order').selectAll().where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
}

const keptGatewayOrderLock = statement(
  (_, k: { id: string; amount: number; delayedCapture: boolean; settings: string | null }) => sql<{
    ok: number;
  }>`
    select ${expectOneRow()} as ok from (select 1 from payment_gateway_order g
      where g.id = ${k.id} and g.status = 'OPEN' and g.amount = ${k.amount}
        and g.delayed_capture = ${k.delayedCapture}
        and g.delayed_capture_settings is not distinct from ${k.settings}::jsonb
      for update of g) as locked`,
);

/**
 * In a transaction `inTransaction` opened, without waiting for the answer: locks an open gateway
 * order kept from an earlier call (kept.ts) instead of reading it, if it is still open for the amount
 * and capture terms kept (a re-prepare changes them, not its order); otherwise the transaction fails
 * with ROW_CHANGED (statement.ts).
 */
export async function sendKeptGatewayOrderLock(db: Executor, g: GatewayOrderRow): Promise<void> {
  const settings = g.delayed_capture_settings;
  await writeUnanswered(
    db,
    keptGatewayOrderLock(db, {
      id: g.id,
      amount: g.amount,
      delayedCapture: g.delayed_capture,
      settings: settings ? json(settings) : null,
    }),
  );
}

const PAYMENT_COLUMNS = [
  'id',
  'order_id',
  'gateway_order_id',
  'amount',
  'currency',
  'status',
  'payment_method',
  'offline',
  'card_last4',
  'card_brand',
  'gateway_transaction_id',
  'delayed_capture',
  'authorized_at',
  'captured_amount',
  'refunded_amount',
  'captures',
  'void',
  'scheduled_action',
  'refund_disabled',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof PaymentRow)[];

/**
 * A gateway order, locked for the rest of the transaction, with its order's payments (in creation
 * order), in one statement: the payment's rows come joined beside the gateway order's (`p__…`).
 */
export async function lockGatewayOrderWithPayments(
  db: Executor,
  id: string,
): Promise<{ gatewayOrder: GatewayOrderRow; payments: PaymentRow[] } | undefined> {
  const { rows } = await sql<GatewayOrderRow & Record<string, unknown>>`
    select g.*, ${sql.raw(PAYMENT_COLUMNS.map((c) => `p.${c} as p__${c}`).join(', '))}
    from payment_gateway_order g left join payment p on p.order_id = g.order_id
    where g.id = ${id}
    order by p.created_at, p.id
    for update of g`.execute(db);
  const first = rows[0];
  if (!first) return undefined;
  const gatewayOrder = Object.fromEntries(
    Object.entries(first).filter(([k]) => !k.startsWith('p__')),
  ) as unknown as GatewayOrderRow;
  const payments = rows
    .filter((r) => r.p__id != null)
    .map((r) => Object.fromEntries(PAYMENT_COLUMNS.map((c) => [c, r[`p__${c}`]])) as unknown as PaymentRow);
  return { gatewayOrder, payments };
}

/** A payment row as the driver takes it (JSON columns as text). */
const paymentValues = (row: PaymentRow) => ({
  ...row,
  captures: json(row.captures) as never,
  void: row.void ? (json(row.void) as never) : null,
  scheduled_action: row.scheduled_action ? (json(row.scheduled_action) as never) : null,
});

/**
 * Records a payment and marks its gateway order paid, in one statement; in the payer's transaction,
 * without waiting for the answer (the gateway order is locked and was checked open, and the provider
 * was called before it: nothing outside the database happens until a later statement answers).
 */
export async function insertPaymentClosingGatewayOrder(
  db: Executor,
  row: PaymentRow,
  now: Date,
): Promise<void> {
  await writeUnanswered(
    db,
    insertPaymentClosingStatement(db, paymentValues(row), { id: row.gateway_order_id!, now }),
  );
}

const insertPaymentClosingStatement = statement(
  (db, payment: Record<string, unknown>, gatewayOrder: { id: string; now: Date }) =>
    db
      .with('paid', (q) =>
        q
          .updateTable('payment_gateway_order')
          .set({ status: 'PAID', updated_at: gatewayOrder.now })
          .where('id', '=', gatewayOrder.id),
      )
      .insertInto('payment')
      .values(payment as never),
);

export async function insertPayment(db: Executor, row: PaymentRow): Promise<void> {
  await db.insertInto('payment').values(paymentValues(row)).execute();
}

/**
 * Writes the changed fields of a payment (the caller holds its row lock). It waits for the answer
 * unless `last`: a capture, void or refund of the next payment calls the provider, which must not
 * run after a write that failed. The last write of a transaction, which no provider call follows,
 * is sent without waiting (`writeUnanswered`: the order's touch and COMMIT after it answer for it).
 */
export async function updatePayment(
  db: Executor,
  id: string,
  set: Partial<Omit<PaymentRow, 'id' | 'order_id'>>,
  last = false,
): Promise<void> {
  const { captures, void: voided, scheduled_action, ...rest } = set;
  const values = {
    ...rest,
    ...(captures !== undefined ? { captures: json(captures) } : {}),
    ...(voided !== undefined ? { void: voided ? json(voided) : null } : {}),
    ...(scheduled_action !== undefined
      ? { scheduled_action: scheduled_action ? json(scheduled_action) : null }
      : {}),
  };
  const write = updatePaymentStatement(db, values, { id });
  await (last ? writeUnanswered(db, write) : db.executeQuery(write));
}

const updatePaymentStatement = statement((db, set: Record<string, unknown>, key: { id: string }) =>
  db
    .updateTable('payment')
    .set(set as never)
    .where('id', '=', key.id),
);

/** The order's payments, oldest first; `forUpdate` locks them (in id order, so lockers never deadlock). */
export async function listPayments(db: Executor, orderId: string, forUpdate = false): Promise<PaymentRow[]> {
  const list = forUpdate ? lockedPaymentsStatement : paymentsStatement;
  return (await db.executeQuery(list(db, { orderId }))).rows;
}

const paymentsOf = (db: Db, orderId: string) =>
  db.selectFrom('payment').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id');
const paymentsStatement = statement((db, o: { orderId: string }) => paymentsOf(db, o.orderId));
const lockedPaymentsStatement = statement((db, o: { orderId: string }) =>
  paymentsOf(db, o.orderId).forUpdate(),
);

/** Some payments of one order, locked in id order. */
export async function lockPayments(
  db: Executor,
  orderId: string,
  ids: readonly string[],
): Promise<PaymentRow[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('payment')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function findPayment(
  db: Executor,
  id: string,
  forUpdate = false,
): Promise<PaymentRow | undefined> {
  const q = db.selectFrom('payment').selectAll().where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
}

export async function insertRefund(db: Executor, row: RefundRow): Promise<void> {
  await db
    .insertInto('payment_refund')
    .values({ ...row, transactions: json(row.transactions) as never })
    .execute();
}

export async function listRefunds(db: Executor, orderId: string): Promise<RefundRow[]> {
  return db
    .selectFrom('payment_refund')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Ids of the order's AUTHORIZED payments made under the store's "capture on fulfilment" (not locked). */
export async function heldForFulfillment(db: Executor, orderId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('payment')
    .innerJoin('payment_gateway_order', 'payment_gateway_order.id', 'payment.gateway_order_id')
    .select('payment.id')
    .where('payment.order_id', '=', orderId)
    .where('payment.status', '=', 'AUTHORIZED')
    .where('payment_gateway_order.capture_on_fulfillment', '=', true)
    .execute();
  return rows.map((r) => r.id);
}
