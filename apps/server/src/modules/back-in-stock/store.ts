/** The back-in-stock module's SQL: requests, the notifier chains' holds and the link key. */
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';

/** What a request remembers of the item for its e-mail (given at create). */
export interface StoredItemDetails {
  name?: string;
  price?: string;
  imageUrl?: string;
}

export type RequestStatus = 'RECEIVED' | 'PROCESSING' | 'NOTIFICATION_SENT' | 'FAILED';

export interface BackInStockTables {
  back_in_stock_request: {
    id: string;
    product_id: string;
    variant_id: string;
    catalog_reference: { catalogItemId: string; appId: string; options?: Record<string, unknown> };
    email: string;
    contact_id: string | null;
    member_id: string | null;
    visitor_id: string | null;
    item_url: string | null;
    item_details: StoredItemDetails;
    status: RequestStatus;
    auto_notified: boolean;
    failure_reason: string | null;
    claim_id: string | null;
    claimed_at: Date | null;
    notified_at: Date | null;
    created_at: Date;
    updated_at: Date;
  };
  back_in_stock_run: {
    product_id: string;
    variant_id: string;
    held_until: Date;
  };
  back_in_stock_key: {
    id: number;
    secret: string;
  };
}
export type RequestRow = Selectable<BackInStockTables['back_in_stock_request']>;

const OPEN = ['RECEIVED', 'PROCESSING'] as const;

const json = <T extends Partial<RequestRow>>(r: T) => ({
  ...r,
  ...(r.catalog_reference ? { catalog_reference: JSON.stringify(r.catalog_reference) as never } : {}),
  ...(r.item_details ? { item_details: JSON.stringify(r.item_details) as never } : {}),
});

/** Inserts unless the e-mail already has an open request for the item (a concurrent one included): undefined then. */
export const insertRequest = (db: Executor, r: RequestRow) =>
  db
    .insertInto('back_in_stock_request')
    .values(json(r))
    .onConflict((oc) =>
      oc
        .columns(['email', 'product_id', 'variant_id'])
        .where('status', 'in', [...OPEN])
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();

export const findOpen = (db: Executor, email: string, productId: string, variantId: string) =>
  db
    .selectFrom('back_in_stock_request')
    .selectAll()
    .where('email', '=', email)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .where('status', 'in', [...OPEN])
    .executeTakeFirst();

export const findRequest = (db: Executor, id: string, lock = false) => {
  const q = db.selectFrom('back_in_stock_request').selectAll().where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

export const writeRequest = (db: Executor, id: string, patch: Partial<RequestRow>) =>
  db
    .updateTable('back_in_stock_request')
    .set(json(patch))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const removeRequest = (db: Executor, id: string) =>
  db.deleteFrom('back_in_stock_request').where('id', '=', id).returningAll().executeTakeFirst();

export const requestsBase = (db: Executor) => db.selectFrom('back_in_stock_request').selectAll();

/** Requests a shopper made since `since` (rate limit). */
export async function recentCount(db: Executor, by: { memberId?: string; visitorId?: string }, since: Date) {
  let q = db
    .selectFrom('back_in_stock_request')
    .select(sql<string>`count(*)`.as('n'))
    .where('created_at', '>=', since);
  q = by.memberId ? q.where('member_id', '=', by.memberId) : q.where('visitor_id', '=', by.visitorId ?? '');
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/**
 * Which requests a notifier run takes: those of one variant together with the product-level ones
 * (`item`), all of a product (`product`), or the given ids.
 */
export type Scope =
  | { kind: 'item'; productId: string; variantId: string }
  | { kind: 'product'; productId: string }
  | { kind: 'ids'; ids: string[] };

function scopeSql(s: Scope) {
  if (s.kind === 'item') return sql`product_id = ${s.productId} and variant_id in (${s.variantId}, '')`;
  if (s.kind === 'product') return sql`product_id = ${s.productId}`;
  return sql`id = any(${s.ids}::uuid[])`;
}

/** Whether the scope has requests a run would claim: RECEIVED ones, or claims gone stale. */
export async function hasClaimable(db: Executor, s: Scope, staleBefore: Date): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`
    select 1 as one from back_in_stock_request
    where ${scopeSql(s)} and status in ('RECEIVED', 'PROCESSING')
      and (status = 'RECEIVED' or claimed_at < ${staleBefore})
    limit 1`.execute(db);
  return rows.length > 0;
}

/** When the oldest PROCESSING claim of the scope was made (a run that died leaves them), if any. */
export async function oldestClaim(db: Executor, s: Scope): Promise<Date | undefined> {
  const { rows } = await sql<{ at: Date | null }>`
    select min(claimed_at) as at from back_in_stock_request where ${scopeSql(s)} and status = 'PROCESSING'`.execute(
    db,
  );
  const at = rows[0]?.at;
  return at ? new Date(at) : undefined;
}

/**
 * Claims up to `limit` requests of the scope for one notifier run, oldest first: RECEIVED ones, and
 * PROCESSING ones whose claim went stale (their run died). FOR UPDATE SKIP LOCKED: concurrent runs
 * (other processes) never take the same request; the CTE is evaluated once, so the rows it locked are
 * exactly the rows updated.
 */
export async function claimBatch(
  db: Executor,
  o: { scope: Scope; claimId: string; now: Date; staleBefore: Date; limit: number },
): Promise<RequestRow[]> {
  const { rows } = await sql<RequestRow>`
    with due as materialized (
      select id from back_in_stock_request
      where ${scopeSql(o.scope)} and status in ('RECEIVED', 'PROCESSING')
        and (status = 'RECEIVED' or claimed_at < ${o.staleBefore})
      order by created_at, id
      limit ${o.limit}
      for update skip locked)
    update back_in_stock_request r
    set status = 'PROCESSING', claim_id = ${o.claimId}, claimed_at = ${o.now}, updated_at = ${o.now}
    from due where r.id = due.id
    returning r.*`.execute(db);
  return rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at),
    updated_at: new Date(r.updated_at),
    claimed_at: r.claimed_at && new Date(r.claimed_at),
    notified_at: r.notified_at && new Date(r.notified_at),
  }));
}

/**
 * Waiting (RECEIVED or PROCESSING) requests per item: of a variant with the product-level ones (whom its
 * restock notifies), or all of a product (`variantId` null).
 */
export async function waitingCounts(
  db: Executor,
  items: readonly { productId: string; variantId: string | null }[],
): Promise<number[]> {
  if (items.length === 0) return [];
  const { rows } = await sql<{ i: number; n: string }>`
    select q.i, (select count(*) from back_in_stock_request r
      where r.product_id = q.product_id and (q.variant_id is null or r.variant_id in (q.variant_id, ''))
        and r.status in ('RECEIVED', 'PROCESSING')) as n
    from unnest(${items.map((x) => x.productId)}::uuid[], ${items.map((x) => x.variantId)}::text[])
      with ordinality as q(product_id, variant_id, i)`.execute(db);
  const out = items.map(() => 0);
  for (const r of rows) out[Number(r.i) - 1] = Number(r.n);
  return out;
}

/**
 * Takes the item's notifier hold until `until`, unless a live chain holds it: true when taken. A
 * chain that died (its hold passed) is replaced.
 */
export async function acquireRun(db: Executor, productId: string, variantId: string, now: Date, until: Date) {
  const r = await db
    .insertInto('back_in_stock_run')
    .values({ product_id: productId, variant_id: variantId, held_until: until })
    .onConflict((oc) =>
      oc
        .columns(['product_id', 'variant_id'])
        .doUpdateSet({ held_until: until })
        .where('back_in_stock_run.held_until', '<', now),
    )
    .returning('product_id')
    .executeTakeFirst();
  return r !== undefined;
}

export const renewRun = (db: Executor, productId: string, variantId: string, until: Date) =>
  db
    .insertInto('back_in_stock_run')
    .values({ product_id: productId, variant_id: variantId, held_until: until })
    .onConflict((oc) => oc.columns(['product_id', 'variant_id']).doUpdateSet({ held_until: until }))
    .execute();

export const releaseRun = (db: Executor, productId: string, variantId: string) =>
  db
    .deleteFrom('back_in_stock_run')
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .execute();

/** The link key: the stored one, or `fresh` stored now (the first writer wins). */
export async function linkSecret(db: Executor, fresh: string): Promise<string> {
  await db
    .insertInto('back_in_stock_key')
    .values({ id: 1, secret: fresh })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const r = await db
    .selectFrom('back_in_stock_key')
    .select('secret')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return r.secret;
}

const STATUS = ['RECEIVED', 'PROCESSING', 'NOTIFICATION_SENT', 'FAILED'] as const;
const T = 'back_in_stock_request';

/** The query allowlist: the entity's fields as the wire names them. */
export const requestSpec: QuerySpec = {
  entity: 'back-in-stock-request',
  idSql: `${T}.id`,
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  fields: {
    id: { sql: `${T}.id`, type: 'uuid', sortable: true },
    email: { sql: `${T}.email`, type: 'string', sortable: true },
    contactId: {
      sql: `${T}.contact_id`,
      type: 'string',
      sortable: true,
      sortSql: `coalesce(${T}.contact_id, '')`,
    },
    status: { sql: `${T}.status`, type: 'string', values: STATUS, sortable: true },
    autoNotified: { sql: `${T}.auto_notified`, type: 'boolean', sortable: true },
    createdDate: { sql: `${T}.created_at`, type: 'date', sortable: true },
    itemUrl: { sql: `${T}.item_url`, type: 'string', sortable: true, sortSql: `coalesce(${T}.item_url, '')` },
    'catalogReference.catalogItemId': { sql: `${T}.product_id::text`, type: 'string' },
    'catalogReference.appId': { sql: `(${T}.catalog_reference->>'appId')`, type: 'string' },
    'catalogReference.options.variantId': { sql: `nullif(${T}.variant_id, '')`, type: 'string' },
  },
};
