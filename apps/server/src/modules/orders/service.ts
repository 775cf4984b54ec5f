import type { CursorQuery, OrderInput, OrderPaymentStatusValue, OrderStatusValue } from '@vitrine/contract';
import { sql, type Compilable } from 'kysely';
import type { z } from 'zod';
import type { order } from '@vitrine/contract';
import { createdByOf, type Ctx } from '../../platform/context.ts';
import { expectOneRow, statement } from '../../platform/db/statement.ts';
import { inTransaction, sendAhead, writeUnanswered, type Executor } from '../../platform/db/tx.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { price } from '../../platform/money.ts';
import { ownerScope, ownsRecord } from '../../platform/ownership.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
import { configRevisionSql } from '../../platform/config-cache.ts';
import { getSettings, settingsAt } from '../settings/index.ts';
import { buildOrder } from './build.ts';
import { canTransition, transitionOrder } from './transitions.ts';
import {
  activityRow,
  afterApproval,
  emitAction,
  emitUpdated,
  lockOrder,
  orderNotFound,
  touchWithActivity,
  wireOf,
  type Notify,
} from './core.ts';
import { mailPaymentReceived, mailRefund, type PaidWith } from './mails.ts';
import {
  fixActivities,
  orderSpec,
  readOrder,
  selectOrders,
  type OrderRow,
  type OrderWithActivities,
} from './store.ts';
import { ORDER_FQDN, toOrder } from './wire.ts';
import { dataTextSql, orderText, ownTextSql } from './wire-text.ts';
import { refreshEmailSample } from './email-sample.ts';
import { keepOrder, takeKeptOrder } from './kept.ts';
import { mentionsStatus } from './search-fields.ts';
import { ORDER_NUMBER_TOKEN, placeOrder, sendOrder, sendOrderNumbered, type OrderInsert } from './place.ts';
import { rawJson } from '../../platform/http/raw-json.ts';

export type OrderStatus = OrderStatusValue;
export type OrderPaymentStatus = OrderPaymentStatusValue;
/** The order in wire (REST) form, as the contract's `order` object, i.e. what GET returns. */
export type WireOrder = z.infer<typeof order>;
/** A new order, in wire form (decimal strings, as createOrder's body `order`), plus what only the server sets. */
export type OrderDraft = OrderInput & {
  status: 'INITIALIZED' | 'APPROVED';
  paymentStatus: OrderPaymentStatus;
  checkoutId?: string;
  cartId?: string;
  buyerInfo: { visitorId?: string; memberId?: string; email?: string; contactId?: string };
};

/** An online order nobody paid for is canceled (and restocked) after this long. */
export const UNPAID_ORDER_TTL_MS = 24 * 60 * 60 * 1000;
export const CANCEL_UNPAID_JOB = 'orders.cancel-unpaid';

const defined = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(
    Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Partial<T>;

/**
 * Inside the caller's transaction: validates amounts add up (the import checks of spec §8), assigns
 * the next sequential human number (a counter row updated in the transaction; numbers start at
 * 10001), writes the order with price snapshots, the ORDER_PLACED activity and order_created; when
 * APPROVED also order_approved, the buyer's confirmation and the merchant's notice
 * (settings.contactEmail). An INITIALIZED order gets a job that cancels it when still unpaid after 24 h.
 */
export async function insertOrder(
  ctx: Ctx,
  draft: OrderDraft,
  o: {
    notify?: Notify;
    /** What paid an order approved as it is written (a gift card that covered it), for its confirmation. */
    paidWith?: readonly PaidWith[];
    configRevision?: number;
    /**
     * The order's number, taken before (`sendOrderNumber`). With `send` too, the order is written
     * without waiting for it, and answered as written; when another order holds the checkout, the
     * transaction fails with ROW_CHANGED instead of ORDER_ALREADY_EXISTS_FOR_CHECKOUT.
     */
    number?: () => Promise<number>;
    send?: boolean;
    /**
     * With `send` and no `number`: the order's insert takes its number itself (`sendOrderNumbered`),
     * so nothing waits for it before COMMIT. The order answered has ORDER_NUMBER_TOKEN for its
     * number (its events, jobs and mail are written with the number), so the caller must not show it.
     */
    numberLater?: boolean;
    /**
     * Keep the order as written (kept.ts) for the payment that follows: an INITIALIZED order with
     * no payment yet, `configRevision` given.
     */
    keep?: boolean;
  } = {},
): Promise<WireOrder> {
  const settings =
    o.configRevision !== undefined ? await settingsAt(ctx, o.configRevision) : await getSettings(ctx);
  const built = buildOrder(draft, { currency: settings.currency, weightUnit: settings.weightUnit });
  const now = ctx.clock.now();
  const purchased = draft.purchasedDate ? new Date(draft.purchasedDate) : undefined;
  if (purchased && purchased.getTime() > now.getTime()) {
    throw new AppError(
      400,
      'PURCHASED_DATE_CANNOT_BE_IN_FUTURE',
      'The purchase date cannot be in the future',
      { purchasedDate: draft.purchasedDate },
    );
  }
  const buyerInfo = defined(draft.buyerInfo ?? {});
  return inTransaction(ctx, async (tx) => {
    const id = newId();
    const approved = draft.status === 'APPROVED';
    const activity = activityRow(tx, id, 'ORDER_PLACED');
    const row: OrderInsert = {
      id,
      status: draft.status,
      payment_status: draft.paymentStatus,
      fulfillment_status: draft.fulfillmentStatus ?? 'NOT_FULFILLED',
      buyer_email: buyerInfo.email?.toLowerCase() ?? null,
      member_id: buyerInfo.memberId ?? null,
      visitor_id: buyerInfo.visitorId ?? null,
      contact_id: buyerInfo.contactId ?? null,
      checkout_id: draft.checkoutId ?? null,
      cart_id: draft.cartId ?? null,
      channel_type: built.channelType,
      currency: built.currency,
      subtotal_minor: built.subtotalMinor,
      total_minor: built.totalMinor,
      tags: [...new Set(draft.tags?.tags?.tagIds ?? [])],
      private_tags: [...new Set(draft.tags?.privateTags?.tagIds ?? [])],
      archived: draft.archived ?? false,
      seen_by_a_human: draft.seenByAHuman ?? false,
      data: JSON.stringify({ ...built.data, buyerInfo, createdBy: createdByOf(tx.caller) }),
      revision: 1,
      purchased_at: purchased ?? (approved ? now : null),
      created_at: now,
      updated_at: now,
    };
    const placed = { id: activity.id, type: activity.type, createdAt: now };
    const later =
      o.send && o.numberLater && !o.number ? await sendOrderNumbered(tx.db, row, placed) : undefined;
    const number = o.number ? await o.number() : undefined;
    const inserted =
      later?.written ??
      (number !== undefined && o.send
        ? await sendOrder(tx.db, { ...row, number }, placed)
        : (
            await tx.db.executeQuery(
              placeOrder(tx.db, number === undefined ? row : { ...row, number }, placed),
            )
          ).rows[0]);
    if (!inserted) {
      const existing = await tx.db
        .selectFrom('ecom_order')
        .select('id')
        .where('checkout_id', '=', draft.checkoutId!)
        .executeTakeFirst();
      throw conflict('ORDER_ALREADY_EXISTS_FOR_CHECKOUT', 'An order was already created from this checkout', {
        checkoutId: draft.checkoutId,
        orderId: existing?.id,
      });
    }
    const written = { ...inserted, activities: [activity] };
    if (o.keep && o.configRevision !== undefined)
      keepOrder(
        tx.db,
        { row: written, configRevision: o.configRevision },
        later && !later.numbered ? later.number : undefined,
      );
    const wire = toOrder(written, settings.locale);
    if (later && !later.numbered) wire.number = ORDER_NUMBER_TOKEN;
    await emitEvent(
      tx,
      { entityFqdn: ORDER_FQDN, slug: 'created', entityId: id, createdEvent: { entity: wire } },
      { entityLocked: true },
    );
    if (approved) await afterApproval(tx, settings, wire, o.notify, o.paidWith);
    else if (draft.status === 'INITIALIZED') {
      await enqueueJob(
        tx,
        CANCEL_UNPAID_JOB,
        { orderId: id },
        { runAt: new Date(now.getTime() + UNPAID_ORDER_TTL_MS) },
      );
    }
    return wire;
  });
}

export async function getOrderByCheckoutId(db: Executor, checkoutId: string): Promise<WireOrder | undefined> {
  const row = await readOrder(db, { checkoutId });
  if (!row) return undefined;
  // getSettings reads through ctx.db only.
  const { locale } = await getSettings({ db } as Pick<Ctx, 'db'> as Ctx);
  return toOrder(row, locale);
}

/**
 * What payments holds of an order between reading it and telling orders what changed: the whole row
 * as read (locked in a transaction) and the configuration revision read with it, so the update needs
 * neither a second read of the order nor one of the settings.
 */
export interface LockedOrder {
  readonly row: OrderWithActivities;
  readonly configRevision: number;
}

const usedLocks = new WeakSet<LockedOrder>();

const orderWithConfig = (db: Executor, orderId: string) =>
  selectOrders(db).select(configRevisionSql.as('config_rev')).where('ecom_order.id', '=', orderId);
const orderForPayment = statement((db, o: { orderId: string }) => orderWithConfig(db, o.orderId));
const lockedOrderForPayment = statement((db, o: { orderId: string }) =>
  orderWithConfig(db, o.orderId).forUpdate(),
);

/** An order as payments work with it. */
export interface OrderForPayment {
  id: string;
  number: string;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  currency: string;
  totalMinor: number;
  buyerEmail?: string;
  memberId?: string;
  visitorId?: string;
  locked: LockedOrder;
}

/** For payments: locks the row (FOR UPDATE) when ctx.db is a transaction. */
export async function getOrderForPayment(ctx: Ctx, orderId: string): Promise<OrderForPayment | undefined> {
  if (!isUuid(orderId)) return undefined;
  const read = ctx.db.isTransaction ? lockedOrderForPayment : orderForPayment;
  return forPayment((await ctx.db.executeQuery(read(ctx.db, { orderId }))).rows[0]);
}

/**
 * getOrderForPayment in a transaction, its lock sent ahead (`sendAhead`): it travels with the
 * caller's next statement (which PostgreSQL runs after it, so the order is locked first), and the
 * function answered gives the order after that.
 */
export async function sendOrderForPayment(
  ctx: Ctx,
  orderId: string,
): Promise<() => Promise<OrderForPayment | undefined>> {
  if (!isUuid(orderId)) return () => Promise.resolve(undefined);
  const read = ctx.db.isTransaction ? lockedOrderForPayment : orderForPayment;
  const rows = await sendAhead(ctx.db, read(ctx.db, { orderId }));
  return async () => forPayment((await rows())[0]);
}

type ForPaymentRow = typeof orderForPayment extends (...a: never[]) => Compilable<infer R> ? R : never;

function forPayment(found: ForPaymentRow | undefined): OrderForPayment | undefined {
  if (!found) return undefined;
  const { config_rev, ...rest } = found;
  const row: OrderWithActivities = { ...rest, activities: fixActivities(rest.activities) };
  return orderForPaymentOf({ row, configRevision: Number(config_rev) });
}

function orderForPaymentOf(locked: LockedOrder): OrderForPayment {
  const r = locked.row;
  const email = (r.data.buyerInfo as { email?: string } | undefined)?.email;
  return {
    id: r.id,
    number: String(r.number),
    status: r.status as OrderStatus,
    paymentStatus: r.payment_status as OrderPaymentStatus,
    currency: r.currency,
    totalMinor: Number(r.total_minor),
    ...(email ? { buyerEmail: email } : {}),
    ...(r.member_id ? { memberId: r.member_id } : {}),
    ...(r.visitor_id ? { visitorId: r.visitor_id } : {}),
    locked,
  };
}

/**
 * The order as this process last wrote it for payments (kept.ts), taken out, or undefined; the
 * caller's transaction locks it with sendKeptOrderLock instead of reading it.
 */
export function keptOrderForPayment(orderId: string): OrderForPayment | undefined {
  const kept = takeKeptOrder(orderId);
  return kept && orderForPaymentOf(kept);
}

const keptOrderLock = statement(
  (_, k: { id: string; revision: string; configRevision: string }) => sql<{ ok: number }>`
    select ${expectOneRow()} as ok from (select 1 from ecom_order o
      where o.id = ${k.id} and o.revision = ${k.revision} and ${configRevisionSql} = ${k.configRevision}
      for update of o) as locked`,
);

/**
 * In a transaction `inTransaction` opened, without waiting for the answer: locks an order taken with
 * keptOrderForPayment instead of reading it, if it still has the revision it was kept with and the
 * configuration the revision it was kept at; otherwise the transaction fails with ROW_CHANGED
 * (statement.ts) and the caller locks it from a read (getOrderForPayment).
 */
export async function sendKeptOrderLock(ctx: Pick<Ctx, 'db'>, order: OrderForPayment): Promise<void> {
  const { row, configRevision } = order.locked;
  await writeUnanswered(
    ctx.db,
    keptOrderLock(ctx.db, {
      id: row.id,
      revision: String(row.revision),
      configRevision: String(configRevision),
    }),
  );
}

/**
 * For payments: sets the payment status, adds an activity, emits order_updated and
 * order_payment_status_updated; with approve: true an INITIALIZED or PENDING order becomes APPROVED
 * (order_approved, the confirmation and the merchant's notice). `locked` is the row the caller's
 * transaction read with getOrderForPayment: the update then starts from it instead of reading again.
 */
export async function applyPaymentUpdate(
  ctx: Ctx,
  orderId: string,
  update: {
    paymentStatus: OrderPaymentStatus;
    activity: { type: string; description?: string };
    approve?: boolean;
    /** Keep the order as written (kept.ts) for the payment call that follows; only with `locked`. */
    keep?: boolean;
    /** What paid it, for the buyer's confirmation when this approves the order. */
    paidWith?: readonly PaidWith[];
  },
  locked?: LockedOrder,
): Promise<void> {
  // A locked row is used once: after this update it is no longer the row as stored.
  const fresh = locked?.row.id === orderId && !usedLocks.has(locked) ? locked : undefined;
  if (fresh) usedLocks.add(fresh);
  await inTransaction(ctx, async (tx) => {
    const row = fresh ? fresh.row : await lockOrder(tx, orderId);
    const settings = fresh ? await settingsAt(tx, fresh.configRevision) : await getSettings(tx);
    // A payment approves an order the table lets become APPROVED (INITIALIZED, PENDING); on any other
    // (a canceled one) it records the payment status and leaves the status alone.
    const approve = update.approve === true && canTransition(row.status as OrderStatusValue, 'APPROVED');
    const now = tx.clock.now();
    const { row: updated, activity } = await touchWithActivity(
      tx,
      row,
      {
        payment_status: update.paymentStatus,
        ...(approve
          ? { status: transitionOrder(row, 'APPROVED'), purchased_at: row.purchased_at ?? now }
          : {}),
      },
      update.activity.type,
      update.activity.description ? { description: update.activity.description } : null,
    );
    const written = { ...updated, activities: [...row.activities, activity] };
    if (fresh && update.keep) keepOrder(tx.db, { row: written, configRevision: fresh.configRevision });
    const wire = toOrder(written, settings.locale);
    const modified: Record<string, unknown> = { activities: null };
    if (row.payment_status !== update.paymentStatus) modified.paymentStatus = row.payment_status;
    if (approve) modified.status = row.status;
    await emitUpdated(tx, wire, modified);
    if (row.payment_status !== update.paymentStatus)
      await emitAction(tx, 'payment_status_updated', wire, { previousPaymentStatus: row.payment_status });
    if (approve) await afterApproval(tx, settings, wire, undefined, update.paidWith);
  });
}

/**
 * E-mails the buyer that money was refunded (payments calls it in its refund's transaction, so a
 * rolled-back refund sends nothing), as fulfilments do for shipping.
 */
export async function notifyRefund(
  ctx: Ctx,
  orderId: string,
  r: { amountMinor: number; currency: string; full: boolean; reason?: string },
): Promise<void> {
  const settings = await getSettings(ctx);
  const wire = await wireOf(ctx, orderId, settings);
  if (!wire.buyerInfo.email) return;
  await mailRefund(ctx, settings, wire, wire.buyerInfo.email, {
    amount: price(r.amountMinor, r.currency, settings.locale).formattedAmount,
    full: r.full,
    ...(r.reason ? { reason: r.reason } : {}),
  });
}

/**
 * E-mails the buyer that the payment the merchant marked received arrived (payments calls it in its
 * transaction): an order that waited for a manual payment method's money goes on.
 */
export async function notifyPaymentReceived(
  ctx: Ctx,
  orderId: string,
  r: { amountMinor: number; currency: string },
): Promise<void> {
  const settings = await getSettings(ctx);
  const wire = await wireOf(ctx, orderId, settings);
  if (!wire.buyerInfo.email) return;
  const amount = price(r.amountMinor, r.currency, settings.locale).formattedAmount;
  await mailPaymentReceived(ctx, settings, wire, wire.buyerInfo.email, amount);
}

/** Whether the caller may see the order (platform/ownership.ts: the one rule for orders and payments). */
export const ownedBy = (ctx: Ctx, r: Pick<OrderRow, 'visitor_id' | 'member_id'>): boolean =>
  ownsRecord(ctx.caller, { memberId: r.member_id, visitorId: r.visitor_id });

export async function getOrder(ctx: Ctx, id: string): Promise<WireOrder> {
  const row = isUuid(id) ? await readOrder(ctx.db, { id }) : undefined;
  if (!row || !ownedBy(ctx, row)) throw orderNotFound(id);
  return toOrder(row, (await getSettings(ctx)).locale);
}

/** The filter a cursor carries (its validity is checked by cursorPage). */
function cursorFilter(cursor: string): unknown {
  try {
    return (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { f?: unknown }).f;
  } catch {
    return undefined;
  }
}

export const SEARCH_DEFAULT_LIMIT = 100;

/** Search (contract §1): INITIALIZED never; PENDING/REJECTED only when the filter names status; buyers see their own. */
export async function searchOrders(ctx: Ctx, search: CursorQuery | null | undefined) {
  const q = search ?? {};
  const cursor = q.cursorPaging?.cursor ?? undefined;
  const filter = cursor ? cursorFilter(cursor) : q.filter;
  // The page's ids first (with a filter on date, tags or status, from the created-at index alone),
  // then each order's JSON as PostgreSQL writes it (wire-text.ts), with the configuration revision,
  // so the store's locale comes from the settings cache.
  let base = ctx.db
    .selectFrom('ecom_order')
    .select('ecom_order.id')
    .where('ecom_order.status', '!=', 'INITIALIZED');
  if (!mentionsStatus(filter)) base = base.where('ecom_order.status', 'in', ['APPROVED', 'CANCELED']);
  const scope = ownerScope(ctx.caller);
  if (scope === 'none') base = base.where(sql<boolean>`false`);
  else if (scope !== 'all') {
    const { memberId, visitorId } = scope;
    base = base.where((eb) =>
      eb.or([
        ...(memberId !== undefined ? [eb('ecom_order.member_id', '=', memberId)] : []),
        ...(visitorId !== undefined
          ? [eb.and([eb('ecom_order.visitor_id', '=', visitorId), eb('ecom_order.member_id', 'is', null)])]
          : []),
      ]),
    );
  }
  const paging = cursor
    ? q.cursorPaging
    : { ...q.cursorPaging, limit: q.cursorPaging?.limit ?? SEARCH_DEFAULT_LIMIT };
  // In the background (never in a caller's transaction): this search goes on with the sample it has.
  if (!ctx.db.isTransaction) void refreshEmailSample(ctx.db);
  const page = await cursorPage(base, orderSpec, { ...q, cursorPaging: paging }, 'search');
  const rows = page.items.length
    ? await ctx.db
        .selectFrom('ecom_order')
        .select([
          'ecom_order.id',
          dataTextSql.as('data_text'),
          ownTextSql.as('own_text'),
          'ecom_order.currency',
          'ecom_order.total_minor',
          'ecom_order.payment_status',
          configRevisionSql.as('config_rev'),
        ])
        .where(sql<boolean>`ecom_order.id = any(${page.items.map((r) => r.id)}::uuid[])`)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const first = rows[0];
  const locale = first ? (await settingsAt(ctx, Number(first.config_rev))).locale : '';
  // An order deleted between the two reads is left out (orders are never deleted today).
  const orders = page.items.flatMap((r) => {
    const row = byId.get(r.id);
    return row ? [orderText(row, locale)] : [];
  });
  return rawJson(`{"orders":[${orders.join(',')}],"metadata":${JSON.stringify(metadata.cursor(page))}}`);
}
