/** The abandoned-checkouts module's SQL: the rows, the search for new ones, and the link key. */
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';
import type { WireAbandonedCheckout } from '@vitrine/contract';

export type AbandonedStatus = WireAbandonedCheckout['status'];
export type Activity = WireAbandonedCheckout['activities'][number];
/** What the row keeps of the checkout as it was left (the wire entity's parts that do not change). */
export type Snapshot = Pick<
  WireAbandonedCheckout,
  | 'buyerInfo'
  | 'contactDetails'
  | 'buyerLanguage'
  | 'conversionCurrency'
  | 'subtotalPrice'
  | 'totalPrice'
  | 'lineItems'
  | 'appliedDiscounts'
>;

export interface AbandonedCheckoutTables {
  abandoned_checkout: {
    id: string;
    checkout_id: string;
    cart_id: string | null;
    status: AbandonedStatus;
    email: string;
    first_name: string | null;
    last_name: string | null;
    currency: string;
    total: string;
    checkout_updated_at: Date;
    snapshot: Snapshot;
    activities: Activity[];
    recovered_at: Date | null;
    order_id: string | null;
    created_at: Date;
    updated_at: Date;
  };
  abandoned_checkout_key: { id: number; secret: string };
  abandoned_checkout_scan: { id: number; left_before: Date };
}
export type AbandonedRow = Selectable<AbandonedCheckoutTables['abandoned_checkout']>;
type NewRow = Omit<AbandonedRow, 'recovered_at' | 'order_id'>;

/** Records a left checkout; undefined when it was already recorded (by another process, too). */
export function insertAbandoned(db: Executor, row: NewRow): Promise<AbandonedRow | undefined> {
  return db
    .insertInto('abandoned_checkout')
    .values({
      ...row,
      snapshot: JSON.stringify(row.snapshot) as never,
      activities: JSON.stringify(row.activities) as never,
    })
    .onConflict((oc) => oc.column('checkout_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export const findAbandoned = (db: Executor, id: string, forUpdate = false) => {
  const q = db.selectFrom('abandoned_checkout').selectAll().where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

export const removeAbandoned = (db: Executor, ids: readonly string[]) =>
  db.deleteFrom('abandoned_checkout').where('id', 'in', ids).returningAll().execute();

/** Appends an activity (and moves `updated_at`); the row's new state. */
export const addActivity = (db: Executor, id: string, activity: Activity, now: Date) =>
  db
    .updateTable('abandoned_checkout')
    .set({
      activities: sql`activities || ${JSON.stringify([activity])}::jsonb`,
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

/** Where the search for left checkouts goes on from (undefined: it never looked). */
export async function scannedTo(db: Executor): Promise<Date | undefined> {
  const r = await db
    .selectFrom('abandoned_checkout_scan')
    .select('left_before')
    .where('id', '=', 1)
    .executeTakeFirst();
  return r?.left_before;
}

/** Moves where the search goes on from forward to `to` (never back: processes may race). */
export async function scanTo(db: Executor, to: Date): Promise<void> {
  await db
    .insertInto('abandoned_checkout_scan')
    .values({ id: 1, left_before: to })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        left_before: sql`greatest(abandoned_checkout_scan.left_before, excluded.left_before)`,
      }),
    )
    .execute();
}

/** The ABANDONED rows found since `since` (their checkout may still become an order), by checkout. */
export const openSince = (db: Executor, since: Date) =>
  db
    .selectFrom('abandoned_checkout')
    .select(['id', 'checkout_id'])
    .where('status', '=', 'ABANDONED')
    .where('created_at', '>=', since)
    .execute();

/** Marks a row RECOVERED by an order; the row, or undefined when it was not ABANDONED any more. */
export const markRecovered = (db: Executor, id: string, o: { orderId: string | null; at: Date; now: Date }) =>
  db
    .updateTable('abandoned_checkout')
    .set({ status: 'RECOVERED', recovered_at: o.at, order_id: o.orderId, updated_at: o.now })
    .where('id', '=', id)
    .where('status', '=', 'ABANDONED')
    .returningAll()
    .executeTakeFirst();

/** Per status, in [from, to]: how many, and their totals' sum (analytics). */
export async function totalsBetween(db: Executor, from: Date, to: Date) {
  const rows = await db
    .selectFrom('abandoned_checkout')
    .select(['status', sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(total), 0)`.as('sum')])
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.n), sum: r.sum }));
}

export async function linkSecret(db: Executor, fresh: string): Promise<string> {
  await db
    .insertInto('abandoned_checkout_key')
    .values({ id: 1, secret: fresh })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const r = await db
    .selectFrom('abandoned_checkout_key')
    .select('secret')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return r.secret;
}

export const abandonedBase = (db: Executor) => db.selectFrom('abandoned_checkout').selectAll();

const T = 'abandoned_checkout';
/** The query allowlist: the entity's fields as the wire names them. */
export const abandonedSpec: QuerySpec = {
  entity: 'abandoned-checkout',
  idSql: `${T}.id`,
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  fields: {
    id: { sql: `${T}.id`, type: 'uuid', sortable: true },
    checkoutId: { sql: `${T}.checkout_id`, type: 'uuid', sortable: true },
    cartId: { sql: `${T}.cart_id`, type: 'uuid' },
    status: { sql: `${T}.status`, type: 'string', values: ['ABANDONED', 'RECOVERED'], sortable: true },
    createdDate: { sql: `${T}.created_at`, type: 'date', sortable: true },
    updatedDate: { sql: `${T}.updated_at`, type: 'date', sortable: true },
    checkoutRecoveredDate: { sql: `${T}.recovered_at`, type: 'date' },
    currency: { sql: `${T}.currency`, type: 'string' },
    'totalPrice.amount': { sql: `${T}.total`, type: 'number', sortable: true },
    'buyerInfo.email': { sql: `${T}.email`, type: 'string', sortable: true },
    'buyerInfo.memberId': { sql: `(${T}.snapshot->'buyerInfo'->>'memberId')`, type: 'string' },
    'buyerInfo.visitorId': { sql: `(${T}.snapshot->'buyerInfo'->>'visitorId')`, type: 'string' },
    'buyerInfo.contactId': { sql: `(${T}.snapshot->'buyerInfo'->>'contactId')`, type: 'string' },
    'contactDetails.firstName': { sql: `coalesce(${T}.first_name, '')`, type: 'string' },
    'contactDetails.lastName': { sql: `coalesce(${T}.last_name, '')`, type: 'string' },
  },
};
