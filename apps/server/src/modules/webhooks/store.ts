/** The webhooks module's SQL: webhooks, their deliveries, the outbox cursor and the signing key. */
import { sql, type Selectable } from 'kysely';
import type { WebhookAttempt, WebhookDeliveryStatus, WebhookStatus } from '@vitrine/contract';
import type { Executor } from '../../platform/db/tx.ts';
import { ASYNC_COMMIT } from '../../platform/jobs.ts';

export interface WebhookTables {
  webhook: {
    id: string;
    url: string;
    description: string;
    event_types: string[];
    status: WebhookStatus;
    created_at: Date;
    updated_at: Date;
  };
  webhook_delivery: {
    id: string;
    webhook_id: string;
    event_id: string;
    event_type: string;
    entity_id: string;
    status: WebhookDeliveryStatus;
    attempts: number;
    max_attempts: number;
    next_attempt_at: Date | null;
    last_attempt: WebhookAttempt | null;
    created_at: Date;
    updated_at: Date;
    delivered_at: Date | null;
  };
  webhook_scan: { id: number; txid: string; event_id: string };
  webhook_key: { id: number; public_pem: string; private_pem: string; created_at: Date };
}
export type WebhookRow = Selectable<WebhookTables['webhook']>;
export type DeliveryRow = Selectable<WebhookTables['webhook_delivery']>;
export type Stats = { delivered: number; failed: number; pending: number };

export const listWebhookRows = (db: Executor) =>
  db.selectFrom('webhook').selectAll().orderBy('id', 'desc').execute();

export const activeWebhooks = (db: Executor) =>
  db.selectFrom('webhook').selectAll().where('status', '=', 'ACTIVE').execute();

export const countWebhooks = async (db: Executor) =>
  Number(
    (
      await db
        .selectFrom('webhook')
        .select((e) => e.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const findWebhook = (db: Executor, id: string, forUpdate = false) => {
  const q = db.selectFrom('webhook').selectAll().where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

export const insertWebhook = (db: Executor, row: WebhookRow) =>
  db.insertInto('webhook').values(row).returningAll().executeTakeFirstOrThrow();

export const updateWebhookRow = (
  db: Executor,
  id: string,
  patch: Partial<Pick<WebhookRow, 'url' | 'description' | 'event_types' | 'status'>>,
  now: Date,
) =>
  db
    .updateTable('webhook')
    .set({ ...patch, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

export const deleteWebhookRow = (db: Executor, id: string) =>
  db.deleteFrom('webhook').where('id', '=', id).returning('id').executeTakeFirst();

/** Each webhook's deliveries since `since`, by status. */
export async function deliveryStats(db: Executor, since: Date): Promise<Map<string, Stats>> {
  const rows = await db
    .selectFrom('webhook_delivery')
    .select(['webhook_id', 'status', (e) => e.fn.countAll<string>().as('n')])
    .where('created_at', '>=', since)
    .groupBy(['webhook_id', 'status'])
    .execute();
  const out = new Map<string, Stats>();
  for (const r of rows) {
    const s = out.get(r.webhook_id) ?? { delivered: 0, failed: 0, pending: 0 };
    s[r.status === 'DELIVERED' ? 'delivered' : r.status === 'FAILED' ? 'failed' : 'pending'] = Number(r.n);
    out.set(r.webhook_id, s);
  }
  return out;
}

/** Each webhook's newest delivery. */
export const lastDeliveries = (db: Executor, webhookIds: readonly string[]) =>
  webhookIds.length === 0
    ? Promise.resolve([] as DeliveryRow[])
    : db
        .selectFrom('webhook_delivery')
        .selectAll()
        .distinctOn('webhook_id')
        .where('webhook_id', 'in', webhookIds)
        .orderBy('webhook_id')
        .orderBy('id', 'desc')
        .execute();

export const findDelivery = (db: Executor, id: string, forUpdate = false) => {
  const q = db.selectFrom('webhook_delivery').selectAll().where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

/** Deliveries that failed for good and were last tried since `since`. */
export const countFailedSince = async (db: Executor, since: Date) =>
  Number(
    (
      await db
        .selectFrom('webhook_delivery')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('status', '=', 'FAILED')
        .where('updated_at', '>=', since)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Newest first, from before `beforeId` (the cursor), one more than `limit` to tell if more follow. */
export const deliveryPage = (
  db: Executor,
  o: { webhookId?: string; status?: WebhookDeliveryStatus; beforeId?: string; limit: number },
) => {
  let q = db.selectFrom('webhook_delivery').selectAll();
  if (o.webhookId) q = q.where('webhook_id', '=', o.webhookId);
  if (o.status) q = q.where('status', '=', o.status);
  if (o.beforeId) q = q.where('id', '<', o.beforeId);
  return q
    .orderBy('id', 'desc')
    .limit(o.limit + 1)
    .execute();
};

export const insertDeliveries = (db: Executor, rows: DeliveryRow[]) =>
  rows.length === 0
    ? Promise.resolve([])
    : db
        .insertInto('webhook_delivery')
        .values(rows.map((r) => ({ ...r, last_attempt: null })))
        .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
        .returning('id')
        .execute();

export const recordAttempt = (
  db: Executor,
  id: string,
  o: {
    status: WebhookDeliveryStatus;
    attempt: WebhookAttempt;
    nextAttemptAt: Date | null;
    now: Date;
    /** Redelivery by hand: the attempts that remain start again from here. */
    maxAttempts?: number;
    /**
     * An automatic attempt: recorded only while the delivery waits (PENDING). One paused or
     * delivered by hand meanwhile keeps that outcome.
     */
    onlyIfPending: boolean;
  },
) => {
  // Without waiting for the disk (platform/jobs.ts ASYNC_COMMIT): an outcome lost in a crash of
  // PostgreSQL leaves the delivery PENDING, and it is sent again (at least once, as the job is).
  const q = db
    .updateTable('webhook_delivery')
    .from(ASYNC_COMMIT.as('c'))
    .set({
      status: o.status,
      attempts: sql`attempts + 1`,
      ...(o.maxAttempts !== undefined ? { max_attempts: sql`attempts + 1` } : {}),
      last_attempt: JSON.stringify(o.attempt) as never,
      next_attempt_at: o.nextAttemptAt,
      updated_at: o.now,
      ...(o.status === 'DELIVERED' ? { delivered_at: o.now } : {}),
    })
    .where('id', '=', id);
  return (o.onlyIfPending ? q.where('status', '=', 'PENDING') : q).returningAll().executeTakeFirst();
};

/** A paused or deleted webhook's waiting deliveries end here (FAILED, with the reason). */
export const failPending = (db: Executor, webhookId: string, attempt: WebhookAttempt, now: Date) =>
  db
    .updateTable('webhook_delivery')
    .set({
      status: 'FAILED',
      next_attempt_at: null,
      last_attempt: JSON.stringify(attempt) as never,
      updated_at: now,
    })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'PENDING')
    .execute();

/** The outbox cursor, locked for this transaction; undefined when another process holds it. */
export async function lockScan(db: Executor): Promise<{ txid: string; eventId: string } | undefined> {
  const { rows } = await sql<{ txid: string; event_id: string }>`
    select txid::text, event_id::text from webhook_scan where id = 1 for update skip locked`.execute(db);
  return rows[0] && { txid: rows[0].txid, eventId: rows[0].event_id };
}

/**
 * Moves the cursor to the present (below every running transaction), for a webhook made or resumed
 * while none was active: the fan-out, idle meanwhile, need not read what happened before.
 */
export const restartScan = (db: Executor) =>
  sql`insert into webhook_scan (id, txid, event_id)
    values (1, pg_snapshot_xmin(pg_current_snapshot()), '00000000-0000-0000-0000-000000000000')
    on conflict (id) do update set txid = excluded.txid, event_id = excluded.event_id`.execute(db);

export const anyActive = async (db: Executor, except?: string) => {
  let q = db.selectFrom('webhook').select('id').where('status', '=', 'ACTIVE');
  if (except) q = q.where('id', '!=', except);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
};

/** Every transaction below this one has ended: its events are all there is. */
export async function scanHorizon(db: Executor): Promise<string> {
  const { rows } = await sql<{
    x: string;
  }>`select pg_snapshot_xmin(pg_current_snapshot())::text as x`.execute(db);
  return rows[0]!.x;
}

export const moveScan = (db: Executor, txid: string, eventId: string) =>
  sql`update webhook_scan set txid = ${txid}::xid8, event_id = ${eventId}::uuid where id = 1`.execute(db);

export type OutboxEvent = {
  id: string;
  event_type: string;
  entity_fqdn: string;
  entity_id: string;
  created_at: Date;
  txid: string;
};

/** The events after the cursor whose transactions ended before `horizon`, in (txid, id) order. */
export async function eventsAfter(
  db: Executor,
  from: { txid: string; eventId: string },
  horizon: string,
  limit: number,
): Promise<OutboxEvent[]> {
  const { rows } = await sql<OutboxEvent>`
    select id::text, event_type, entity_fqdn, entity_id, created_at, txid::text from event
    where (txid, id) > (${from.txid}::xid8, ${from.eventId}::uuid) and txid < ${horizon}::xid8
    order by txid, id limit ${limit}`.execute(db);
  return rows;
}

/**
 * A delivery with what sending it needs, in one statement: its webhook's URL and status, and its
 * event (as JSON: `created_at` is a string; null once purged). Undefined when it or its webhook is gone.
 */
export const deliveryToSend = (db: Executor, id: string) =>
  db
    .selectFrom('webhook_delivery as d')
    .innerJoin('webhook as w', 'w.id', 'd.webhook_id')
    .selectAll('d')
    .select([
      'w.url',
      'w.status as webhook_status',
      sql<Record<string, unknown> | null>`(select row_to_json(e) from event e where e.id = d.event_id)`.as(
        'event',
      ),
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
export type ToSend = NonNullable<Awaited<ReturnType<typeof deliveryToSend>>>;

/** The event types among the kept events, by name (a walk of the type index, one step a type). */
export async function keptEventTypes(db: Executor): Promise<string[]> {
  const { rows } = await sql<{ event_type: string }>`
    with recursive t(event_type) as (
      (select event_type from event order by event_type limit 1)
      union all
      select (select e.event_type from event e where e.event_type > t.event_type order by e.event_type limit 1)
      from t where t.event_type is not null)
    select event_type from t where event_type is not null limit 500`.execute(db);
  return rows.map((r) => r.event_type);
}

export const readKey = (db: Executor) =>
  db.selectFrom('webhook_key').selectAll().where('id', '=', 1).executeTakeFirst();

/** Keeps `row` unless another process stored its key first; the key that is kept. */
export async function storeKey(db: Executor, row: Selectable<WebhookTables['webhook_key']>) {
  await db
    .insertInto('webhook_key')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await readKey(db))!;
}

/** Replaces the key (`rotateSigningKey`): every delivery signed after this uses `row`. */
export async function replaceKey(db: Executor, row: Selectable<WebhookTables['webhook_key']>) {
  await db
    .insertInto('webhook_key')
    .values(row)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        public_pem: row.public_pem,
        private_pem: row.private_pem,
        created_at: row.created_at,
      }),
    )
    .execute();
  return row;
}

export const instanceIdOf = async (db: Executor) =>
  String(
    (
      await db
        .selectFrom('instance_setting')
        .select('value')
        .where('key', '=', 'instance_id')
        .executeTakeFirstOrThrow()
    ).value,
  );
