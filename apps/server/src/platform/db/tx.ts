import { CompiledQuery, sql, type Compilable, type Transaction } from 'kysely';
import type { Database } from '../../database.ts';
import { UNANSWERED, aheadMarker, takeAhead, type Db } from './connect.ts';

export type Executor = Db | Transaction<Database>;

/**
 * Rows a transaction writes but never reads back (events, jobs, mail), kept until just before
 * COMMIT and written then in one statement, sent without waiting for its answer: COMMIT travels in
 * the same round trip and answers for it (UNANSWERED in connect.ts).
 */
interface Pending {
  rows: Map<DeferredTable, Record<string, unknown>[]>;
  /** Advisory lock keys to take (sorted, in one statement) before the rows are written. */
  locks: Set<string>;
  afterCommit: (() => void)[];
  /** The transaction changed the merchant's configuration (platform/config-cache.ts). */
  configChanged?: boolean;
  /** Texts in the deferred rows to replace, as they are written, by an SQL expression's value (`deferValue`). */
  values?: Map<string, string>;
}

/**
 * The tables whose rows may be deferred, with their columns; a column may be computed in SQL from
 * the row (`r`), e.g. an event's sequence number from the ones already stored.
 */
const DEFERRED = {
  event: {
    id: 'r.id',
    event_type: 'r.event_type',
    entity_fqdn: 'r.entity_fqdn',
    slug: 'r.slug',
    entity_id: 'r.entity_id',
    // The row carries its rank among this transaction's events of the entity (1, 2, …); an entity
    // whose stored events were all purged goes on from the last number they had (event_sequence).
    entity_event_sequence: `coalesce((select max(x.entity_event_sequence) from event x
      where x.entity_fqdn = r.entity_fqdn and x.entity_id = r.entity_id),
      (select s.last from event_sequence s where s.entity_fqdn = r.entity_fqdn and s.entity_id = r.entity_id),
      0) + r.entity_event_sequence`,
    body: 'r.body',
    identity: 'r.identity',
    originated_from: 'r.originated_from',
    created_at: 'r.created_at',
  },
  job: {
    id: 'r.id',
    name: 'r.name',
    payload: 'r.payload',
    status: 'r.status',
    max_attempts: 'r.max_attempts',
    run_at: 'r.run_at',
    created_at: 'r.created_at',
    updated_at: 'r.updated_at',
  },
  mail_message: {
    id: 'r.id',
    to_address: 'r.to_address',
    from_address: 'r.from_address',
    subject: 'r.subject',
    text_body: 'r.text_body',
    html_body: 'r.html_body',
    status: 'r.status',
    created_at: 'r.created_at',
  },
} as const;
export type DeferredTable = keyof typeof DEFERRED;

const pending = new WeakMap<object, Pending>();

/**
 * Runs `fn` in a transaction on `ctx.db`, or inside the one `ctx` already carries.
 * The callback gets a context whose `db` is the transaction: pass it on, never the global handle.
 */
export async function inTransaction<C extends { db: Executor }, T>(
  ctx: C,
  fn: (tx: C) => Promise<T>,
): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx);
  let done: Pending | undefined;
  const result = await (ctx.db as Db).transaction().execute(async (trx) => {
    const p: Pending = { rows: new Map(), locks: new Set(), afterCommit: [] };
    pending.set(trx, p);
    const r = await fn({ ...ctx, db: trx });
    await flush(trx, p);
    done = p;
    return r;
  });
  for (const f of done?.afterCommit ?? []) f();
  return result;
}

/**
 * Adds a row to write at the end of the current transaction; false when `db` is not a
 * transaction opened by `inTransaction` (the caller writes the row itself).
 * JSON columns take the value itself (not a JSON string); dates are written as ISO strings.
 */
export function deferInsert(db: Executor, table: DeferredTable, row: Record<string, unknown>): boolean {
  const p = pending.get(db);
  if (!p) return false;
  const rows = p.rows.get(table) ?? [];
  rows.push(row);
  p.rows.set(table, rows);
  return true;
}

/** An advisory lock to take (with the others, in key order) just before the deferred rows are written. */
export function deferAdvisoryLock(db: Executor, key: string): boolean {
  const p = pending.get(db);
  if (!p) return false;
  p.locks.add(key);
  return true;
}

/** Notes that the transaction changed the configuration: values it reads must not be cached. */
export function markConfigChanged(db: Executor): void {
  const p = pending.get(db);
  if (p) p.configChanged = true;
}

/**
 * Whether what `db` reads of the configuration is committed data: outside a transaction, or in one
 * opened by `inTransaction` that has not changed the configuration itself.
 */
export function readsCommittedConfig(db: Executor): boolean {
  if (!db.isTransaction) return true;
  const p = pending.get(db);
  return p !== undefined && !p.configChanged;
}

/**
 * Has the deferred rows' text `token` replaced, as they are written, by the text of the SQL
 * expression `expr`'s value: for a value PostgreSQL makes in the transaction, known to the rows
 * before it is (an order's number in its event, from the sequence's `currval`). `token` must be a
 * text no row can hold otherwise (a random one). False when `db` is not a transaction opened by
 * `inTransaction`.
 */
export function deferValue(db: Executor, token: string, expr: string): boolean {
  const p = pending.get(db);
  if (!p) return false;
  (p.values ??= new Map()).set(token, expr);
  return true;
}

/** Runs `fn` once the current transaction has committed (at once when there is none). */
export function afterCommit(db: Executor, fn: () => void): void {
  const p = pending.get(db);
  if (p) p.afterCommit.push(fn);
  else fn();
}

/**
 * Sends a write whose answer nobody reads without waiting for it, in a transaction `inTransaction`
 * opened: the statements after it (COMMIT at the latest) answer for its errors (UNANSWERED in
 * connect.ts), so a failed write still fails the transaction. Elsewhere it waits for its answer.
 */
export async function writeUnanswered(db: Executor, q: Compilable): Promise<void> {
  const c = q.compile();
  await db.executeQuery(pending.has(db) ? { ...c, sql: UNANSWERED + c.sql } : c);
}

let aheadTokens = 0;

/**
 * Sends a read in a transaction `inTransaction` opened without waiting for its answer, so that it
 * travels with the next statement on the connection (one round trip for both; PostgreSQL still runs
 * them in order, so a lock it takes is taken first), and answers a function that gives its answer.
 * The next statement answers for its errors, as after `writeUnanswered`; the caller takes the answer
 * after sending it (with none, the read leaves on its own once the event loop turns). Elsewhere,
 * and on PGlite, the read is made at once.
 */
export async function sendAhead<R>(db: Executor, q: Compilable<R>): Promise<() => Promise<R[]>> {
  if (!pending.has(db)) {
    const { rows } = await db.executeQuery(q);
    return () => Promise.resolve(rows);
  }
  const c = q.compile();
  const token = String(++aheadTokens % 1_000_000_000);
  const { rows } = await db.executeQuery({ ...c, sql: aheadMarker(token) + c.sql } as CompiledQuery<R>);
  // The driver's answer (pg's result: its rows are the read's rows).
  const sent = takeAhead(token) as Promise<{ rows: R[] }> | undefined;
  return sent ? () => sent.then((r) => r.rows) : () => Promise.resolve(rows);
}

/** How many of this transaction's deferred rows are for `table` (e.g. to rank an entity's events). */
export function deferredRows(db: Executor, table: DeferredTable): readonly Record<string, unknown>[] {
  return pending.get(db)?.rows.get(table) ?? [];
}

async function flush(trx: Transaction<Database>, p: Pending): Promise<void> {
  if (p.locks.size > 0) {
    await sql`${sql.raw(UNANSWERED)}select pg_advisory_xact_lock(h) from (
        select hashtextextended(k, 0) as h from unnest(${[...p.locks]}::text[]) as k order by 1) as keys`.execute(
      trx,
    );
  }
  const written = [...p.rows].filter(([, rows]) => rows.length > 0);
  if (written.length > 0) await trx.executeQuery(rowsInsert(written, UNANSWERED, p.values));
}

/**
 * Writes rows of a deferred table at once, computed columns included (a caller in a transaction
 * `inTransaction` did not open, which cannot defer them).
 */
export async function insertRows(db: Executor, table: DeferredTable, rows: Record<string, unknown>[]) {
  if (rows.length > 0) await db.executeQuery(rowsInsert([[table, rows]]));
}

/** The text of the statement writing rows of these tables (names joined by commas), with `prefix`. */
const rowsInsertTexts = new Map<string, string>();

/**
 * Rows of deferred tables in one statement, each table's as a data-modifying WITH item. A table's
 * rows travel as one jsonb parameter: PostgreSQL parses the text once, and the jsonb columns (event
 * bodies) take their values from it as they are (json_populate_recordset parsed each body a second
 * time: 18 KB of create-order's events took 450–700 µs of the backend against 350). The text
 * depends only on the tables (and `values`' tokens and expressions, `deferValue`), so it is made
 * once for each set of them.
 */
function rowsInsert(
  tables: [DeferredTable, Record<string, unknown>[]][],
  prefix = '',
  values?: ReadonlyMap<string, string>,
): CompiledQuery<unknown> {
  const replaced = [...(values ?? [])];
  const key = `${prefix}${tables.map(([t]) => t).join(',')}${replaced.map(([t, e]) => `|${t}=${e}`).join('')}`;
  let text = rowsInsertTexts.get(key);
  if (text === undefined) {
    const items = tables.map(([table], i) => {
      const columns = DEFERRED[table] as Record<string, string>;
      const names = Object.keys(columns);
      const param = replaced.reduce(
        (t, [token, expr]) => `replace(${t}, '${token.replaceAll("'", "''")}', (${expr})::text)`,
        `$${i + 1}::text`,
      );
      return `w_${table} as (insert into "${table}" (${names.join(', ')})
    select ${names.map((n) => columns[n]).join(', ')}
    from jsonb_populate_recordset(null::"${table}", ${replaced.length ? `${param}::jsonb` : `$${i + 1}::jsonb`}) as r)`;
    });
    text = `${prefix}with ${items.join(', ')} select 1`;
    rowsInsertTexts.set(key, text);
  }
  return CompiledQuery.raw(
    text,
    tables.map(([, rows]) => JSON.stringify(rows)),
  );
}
