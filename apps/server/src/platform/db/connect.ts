import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../database.ts';
import { PGliteDialect } from './pglite-dialect.ts';

export type Db = Kysely<Database>;
export type DbDialect = 'pglite' | 'postgres';

export interface DbHandle {
  db: Db;
  dialect: DbDialect;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (not compressed: it loads in half the time). */
  dump?(): Promise<Blob>;
}

// int8 (counts, sums, bigserial) as JS numbers on both engines: every value we keep in int8 is < 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
const pgliteParsers = { 20: (v: string) => Number(v) };

export interface PostgresOptions {
  url: string;
  schema?: string;
  poolSize?: number;
  /** Called with every statement sent to the server, BEGIN and COMMIT included (benchmarks count them). */
  onStatement?: (sql: string) => void;
}

type QueryClient = { query: (...a: unknown[]) => unknown };
/** Distinct statements one connection keeps prepared; past this, new texts are sent unprepared. */
const MAX_PREPARED = 1000;
const ON_CONFLICT = /\bon conflict\b/i;
/**
 * A pattern or word match's best plan depends on its pattern: a word most names hold is best read
 * along the sort order, a rare one through a trigram or word index. A generic plan cannot tell them
 * apart (it chose the index for both, 55 ms instead of 1.3 ms for a common word at 100,000 products),
 * so such statements (LIKE, ILIKE, full-text @@) are planned for their values every time.
 */
const PATTERN = /\bi?like\b|@@/i;

/** A single read (no `;`: never a script of several statements, which cannot be prepared). */
const ONE_READ = /^\s*(select|with)\b[^;]*$/i;
/**
 * Statement names by text (a hash of it), or null for a text sent unprepared (ON CONFLICT, a
 * pattern): decided once per text, so a hot statement is neither hashed nor searched on every call
 * (the two searches alone took 0.9% of the server's main thread under the buy flow, whose reads
 * run to several kilobytes of text).
 */
const namesByText = new Map<string, string | null>();
function nameOf(text: string): string | null {
  let name = namesByText.get(text);
  if (name === undefined) {
    // ON CONFLICT infers its arbiter index while planning; a generic plan (which PostgreSQL tries
    // after five executions of a prepared statement) cannot match a partial index whose predicate
    // holds a parameter, so those statements stay unprepared.
    name =
      ON_CONFLICT.test(text) || PATTERN.test(text)
        ? null
        : `k${createHash('sha1').update(text).digest('base64url')}`;
    if (namesByText.size >= MAX_PREPARED) namesByText.clear();
    namesByText.set(text, name);
  }
  return name;
}

/**
 * Sends parameterised statements, and reads without parameters, as named prepared statements, so
 * PostgreSQL parses and plans each distinct text once per connection instead of on every call
 * (planning alone cost more than executing the cart's queries; the catalog revision check that
 * every kept product list makes cost PostgreSQL 95 µs a call, planned each time). The name is a
 * hash of the text, so it never names two texts. Other statements without parameters (BEGIN,
 * COMMIT, migrations) go as they are. BEGIN, and the statements marked UNANSWERED, are sent
 * without waiting for their answers (see UNANSWERED).
 */
function preparedStatements(client: QueryClient, onStatement?: (sql: string) => void) {
  const query = client.query.bind(client);
  const names = new Set<string>();
  /** What the statements sent without waiting answered, not yet handed to a later statement. */
  let unanswered: Promise<unknown> | undefined;
  const held = holdWrites(client);
  client.query = (...a: unknown[]) => {
    const [first] = a;
    const text = typeof first === 'string' ? first : ((first as { text?: string }).text ?? '');
    onStatement?.(text);
    const ahead = AHEAD.exec(text);
    if (ahead || text === 'begin' || text.startsWith(UNANSWERED)) {
      held.hold();
      // A read sent ahead goes without its marker (so it stays prepared under its text's name).
      const plain = ahead ? text.slice(ahead[0].length) : text;
      const sent = send(ahead ? [plain, ...a.slice(1)] : a, plain) as Promise<unknown>;
      unanswered = unanswered ? after(unanswered, sent) : sent;
      unanswered.catch(() => {});
      if (ahead) aheadSent.set(ahead[1]!, unanswered);
      return Promise.resolve(NO_ROWS);
    }
    const sent = send(a, text) as Promise<unknown>;
    held.release();
    if (unanswered === undefined) return sent;
    const earlier = unanswered;
    unanswered = undefined;
    return after(earlier, sent);
  };

  function send(a: unknown[], text: string): unknown {
    const [first, values] = a;
    const parameterless = !Array.isArray(values) || values.length === 0;
    if (
      typeof first !== 'string' ||
      a.length > 2 || // a callback: `pg`'s own way
      (parameterless && !ONE_READ.test(text))
    )
      return query(...a);
    const name = nameOf(text);
    if (name === null) return query(...a);
    if (!names.has(name)) {
      if (names.size >= MAX_PREPARED) return query(...a);
      names.add(name);
    }
    return prepared(query, name, text, parameterless ? [] : (values as unknown[]));
  }
}

type Corkable = { cork?(): void; uncork?(): void };

/**
 * Holds a connection's writes from a statement sent without waiting for its answer until the
 * statement that follows it has been written too, so both leave in one write (one system call and
 * one packet where there were two: BEGIN with the transaction's first statement, the deferred rows
 * with COMMIT). `pg` writes each statement as soon as it is queued (pipeline mode). Released at the
 * latest once the event loop has run what is ready (setImmediate), so a statement nothing follows
 * at once is not kept back.
 */
function holdWrites(client: QueryClient) {
  const stream = (client as { connection?: { stream?: Corkable } }).connection?.stream;
  let holding = false;
  const release = () => {
    if (!holding) return;
    holding = false;
    stream?.uncork?.();
  };
  return {
    hold() {
      if (holding || !stream?.cork || !stream.uncork) return;
      holding = true;
      stream.cork();
      setImmediate(release);
    },
    release,
  };
}

/**
 * A named statement as `pg`'s own Query, built from its text: `pg` copies a config object through
 * its property descriptors, 2.7–3.0 µs a statement against 0.1–0.13 (and 3% of the server's time
 * under get-cart). Answers as `client.query` does without a callback.
 */
function prepared(
  query: QueryClient['query'],
  name: string,
  text: string,
  values: unknown[],
): Promise<unknown> {
  const q = new KnownShapeQuery(text, values);
  q.name = name;
  return new Promise((resolve, reject) => {
    q.callback = (err, res) => (err ? reject(err) : resolve(res));
    query(q);
  }).catch((err: Error) => {
    Error.captureStackTrace(err); // a stack that leads back to the caller, as `pg` gives
    throw err;
  });
}

/** The parts of `pg`'s Query and its connection that KnownShapeQuery works with (pg 8, lib/query.js). */
interface PgConnection {
  describe(msg: unknown): void;
}
interface QueryInternals {
  name?: string;
  callback?: (err: Error | undefined, res: unknown) => void;
  _result: { fields: unknown; _parsers: unknown; _prebuiltEmptyResultObject: unknown };
  _accumulateRows: boolean;
  hasBeenParsed(connection: PgConnection): boolean;
  prepare(connection: PgConnection): void;
  handleRowDescription(msg: unknown): void;
  handleError(err: Error, connection: PgConnection): void;
}
/** A statement's answer on one connection: its fields, their value parsers and `pg`'s empty row. */
type Shape = Pick<QueryInternals['_result'], 'fields' | '_parsers' | '_prebuiltEmptyResultObject'>;
const shapesByConnection = new WeakMap<PgConnection, Map<string, Shape>>();
const noDescribe = () => {};
const BaseQuery = pg.Query as unknown as new (text: string, values: unknown[]) => QueryInternals;

/**
 * A named statement that asks for its answer's description (Describe, answered by RowDescription)
 * only on its first run on a connection: PostgreSQL never changes a prepared statement's result
 * type (it refuses to run it instead), so later runs reuse the fields and parsers learnt then.
 * `pg` otherwise describes every run and parses the description and looks up its parsers again:
 * 19–57 µs of the driver's CPU a run for a row of 27 columns (10,000 runs, four rounds). A run that
 * fails forgets the shape, so the next one describes again.
 */
class KnownShapeQuery extends BaseQuery {
  private connection?: PgConnection;

  override prepare(connection: PgConnection) {
    this.connection = connection;
    const known = this.name ? shapesByConnection.get(connection)?.get(this.name) : undefined;
    if (!known || !this.hasBeenParsed(connection)) return super.prepare(connection);
    Object.assign(this._result, known);
    this._accumulateRows = true; // as the description would set it for a query with a callback
    const describe = connection.describe;
    connection.describe = noDescribe;
    try {
      super.prepare(connection);
    } finally {
      connection.describe = describe;
    }
  }

  override handleRowDescription(msg: unknown) {
    super.handleRowDescription(msg);
    if (!this.connection || !this.name) return;
    let shapes = shapesByConnection.get(this.connection);
    if (!shapes) shapesByConnection.set(this.connection, (shapes = new Map()));
    const { fields, _parsers, _prebuiltEmptyResultObject } = this._result;
    shapes.set(this.name, { fields, _parsers, _prebuiltEmptyResultObject });
  }

  override handleError(err: Error, connection: PgConnection) {
    if (this.name) shapesByConnection.get(connection)?.delete(this.name);
    super.handleError(err, connection);
  }
}

/**
 * Marks a statement whose answer nobody reads (it starts the text): it is sent at once and its
 * caller goes on without waiting for it, so the next statement on the connection travels in the
 * same round trip (the connections are in pipeline mode). That next statement answers for it: if
 * it failed, the next one rejects with its error. So only a statement some other statement always
 * follows may carry it — the deferred rows of a transaction, which COMMIT follows. Kysely's own
 * BEGIN is sent the same way.
 */
export const UNANSWERED = '/* unanswered */ ';

/**
 * Marks a read whose answer its caller takes later (`sendAhead` in tx.ts), with the caller's token:
 * `/* ahead:<token> *\/ `. It is sent and chained as an UNANSWERED statement is, so it travels with
 * the next statement, which answers for its errors; its own answer goes to the caller through
 * `takeAhead`. The marker is taken off the text before it is sent (the statement stays prepared).
 */
export const aheadMarker = (token: string) => `/* ahead:${token} */ `;
const AHEAD = /^\/\* ahead:(\d+) \*\/ /;
/** Answers of reads sent ahead, by token, until their caller takes them. */
const aheadSent = new Map<string, Promise<unknown>>();
/** The answer of the read sent ahead with `token`, once (undefined where none was: PGlite answered it at once). */
export function takeAhead(token: string): Promise<unknown> | undefined {
  const sent = aheadSent.get(token);
  aheadSent.delete(token);
  return sent;
}

/** Whether a statement is sent without waiting for its answer: kysely's BEGIN, or one marked UNANSWERED or ahead. */
export const sentUnanswered = (text: string): boolean =>
  text === 'begin' || text.startsWith(UNANSWERED) || AHEAD.test(text);
const NO_ROWS = { command: null, rowCount: null, rows: [] };

/** `next`'s outcome once `earlier` succeeded; else `earlier`'s error (`next` then runs in an aborted transaction). */
function after(earlier: Promise<unknown>, next: Promise<unknown>): Promise<unknown> {
  return earlier.then(
    () => next,
    (e: unknown) => {
      next.catch(() => {});
      throw e;
    },
  );
}

export function openPostgres(o: PostgresOptions): DbHandle {
  const pool = new pg.Pool({
    connectionString: o.url,
    max: o.poolSize ?? 10,
    // A query is sent while the ones before it are still answered (UNANSWERED above).
    pipeline: true,
    ...(o.schema ? { options: `-c search_path=${o.schema}` } : {}),
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  pool.on('connect', (client) => preparedStatements(client as unknown as QueryClient, o.onStatement));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** Embedded Postgres: in `dataDir` (kept across restarts), in memory when `dataDir` is undefined. */
export function openPglite(dataDir?: string, loadDataDir?: Blob): DbHandle {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite({
    dataDir,
    parsers: pgliteParsers,
    // Trigram indexes make "contains" searches (an order's buyer e-mail) index lookups.
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    dialect: 'pglite',
    close: () => db.destroy(),
    dump: async () => (await pglite.dumpDataDir('none')) as Blob,
  };
}
