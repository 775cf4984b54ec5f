import type { Order, OrderActivityType, StoreSettings } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { sql } from 'kysely';
import { checkWritten, expectOneRow, statement } from '../../platform/db/statement.ts';
import { writeUnanswered } from '../../platform/db/tx.ts';
import { notFound } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { getSettings } from '../settings/index.ts';
import { mailNewOrderNotice, mailOrderConfirmation, type PaidWith } from './mails.ts';
import {
  addActivityRow,
  readOrder,
  type ActivityRow,
  type OrderRow,
  type OrderWithActivities,
} from './store.ts';
import { ORDER_FQDN, toOrder } from './wire.ts';

/** Helpers the order services share (not exported from the module's service). */

export const orderNotFound = (id: string) => notFound('Order', { id }, 'ORDER_NOT_FOUND');

/** Locks and reads an order inside the caller's transaction; ORDER_NOT_FOUND when there is none. */
export async function lockOrder(ctx: Ctx, id: string): Promise<OrderWithActivities> {
  const row = isUuid(id) ? await readOrder(ctx.db, { id }, ctx.db.isTransaction) : undefined;
  if (!row) throw orderNotFound(id);
  return row;
}

export async function wireOf(ctx: Ctx, id: string, settings?: StoreSettings): Promise<Order> {
  const s = settings ?? (await getSettings(ctx));
  const row = await readOrder(ctx.db, { id });
  if (!row) throw orderNotFound(id);
  return toOrder(row, s.locale);
}

/** Who did it, for activities: the admin user's or app's e-mail is unknown here, so nothing for now. */
export const activityRow = (
  ctx: Pick<Ctx, 'clock'>,
  orderId: string,
  type: OrderActivityType | string,
  content: Record<string, unknown> | null = null,
): ActivityRow => ({
  id: newId(),
  order_id: orderId,
  type,
  author_email: null,
  content,
  created_at: ctx.clock.now(),
});

export async function addActivity(
  ctx: Ctx,
  orderId: string,
  type: OrderActivityType | string,
  content: Record<string, unknown> | null = null,
): Promise<ActivityRow> {
  const row = activityRow(ctx, orderId, type, content);
  await addActivityRow(ctx.db, row);
  return row;
}

/**
 * Like touch plus addActivity, in one statement, for an order the caller's transaction holds locked
 * as `row` (read with FOR UPDATE: `lockOrder`, getOrderForPayment): sent without waiting for its
 * answer (it travels with the transaction's next statement; `expectOneRow`), and answering the
 * row as written (without its activities: `row` with `set`, a raised revision and `updated_at`) and
 * the activity added. `set` holds plain columns (no JSON).
 */
export async function touchWithActivity(
  ctx: Ctx,
  row: OrderRow,
  set: Record<string, unknown>,
  type: OrderActivityType | string,
  content: Record<string, unknown> | null = null,
) {
  const activity = activityRow(ctx, row.id, type, content);
  const added = { ...activity, content: content === null ? null : JSON.stringify(content) };
  const key = { id: row.id, now: ctx.clock.now() };
  await writeUnanswered(ctx.db, touchWithActivityStatement(ctx.db, set, added, key));
  const { activities: _, ...stored } = row as OrderRow & { activities?: unknown };
  const written: OrderRow = { ...stored, ...set, updated_at: key.now, revision: Number(row.revision) + 1 };
  await checkWritten(ctx.db, 'ecom_order', written);
  return { row: written, activity };
}

const touchWithActivityStatement = statement(
  (db, set: Record<string, unknown>, added: Record<string, unknown>, key: { id: string; now: Date }) =>
    db
      .with('added', (q) => q.insertInto('ecom_order_activity').values(added as never))
      .with('w', (q) =>
        q
          .updateTable('ecom_order')
          .set((eb) => ({ ...set, updated_at: key.now, revision: eb('revision', '+', 1) }))
          .where('id', '=', key.id)
          .returning(sql<number>`1`.as('one')),
      )
      .selectFrom('w')
      .select(expectOneRow().as('ok')),
);

export async function touch(ctx: Ctx, orderId: string, set: Record<string, unknown> = {}) {
  await ctx.db
    .updateTable('ecom_order')
    .set((eb) => ({ ...set, updated_at: ctx.clock.now(), revision: eb('revision', '+', 1) }))
    .where('id', '=', orderId)
    .execute();
}

// Order events are written while the transaction holds the order's row lock (inserted, or taken
// with lockOrder / FOR UPDATE), which orders them: the outbox's advisory lock is not needed.
export const emitUpdated = (ctx: Ctx, o: Order, modifiedFields: Record<string, unknown>) =>
  emitEvent(
    ctx,
    {
      entityFqdn: ORDER_FQDN,
      slug: 'updated',
      entityId: o.id,
      updatedEvent: { currentEntity: o, modifiedFields },
    },
    { entityLocked: true },
  );
export const emitAction = (ctx: Ctx, slug: string, o: Order, extra: Record<string, unknown> = {}) =>
  emitEvent(
    ctx,
    { entityFqdn: ORDER_FQDN, slug, entityId: o.id, actionEvent: { body: { order: o, ...extra } } },
    { entityLocked: true },
  );

export interface Notify {
  buyer: boolean;
  business: boolean;
}

/**
 * The approval's effects: order_approved, the buyer's confirmation (with what paid it, when the
 * caller knows) and the merchant's notice.
 */
export async function afterApproval(
  ctx: Ctx,
  s: StoreSettings,
  o: Order,
  notify: Notify = { buyer: true, business: true },
  paidWith: readonly PaidWith[] = [],
) {
  await emitAction(ctx, 'approved', o);
  if (notify.buyer && o.buyerInfo.email) await mailOrderConfirmation(ctx, s, o, o.buyerInfo.email, paidWith);
  if (notify.business && s.contactEmail) await mailNewOrderNotice(ctx, s, o, s.contactEmail);
}
