import { isDeepStrictEqual } from 'node:util';
import {
  sql,
  type Compilable,
  type CompiledQuery,
  type Kysely,
  type QueryCreator,
  type RawBuilder,
} from 'kysely';
import type { Database } from '../../database.ts';
import type { Db } from './connect.ts';
import { writeUnanswered, type Executor } from './tx.ts';

/** Stands for one value of a statement compiled once (`statement`): group `g`, key `k`. */
class StandIn {
  constructor(
    readonly g: number,
    readonly k: string,
  ) {}
}

type Group = Record<string, unknown>;
interface Template {
  compiled: CompiledQuery<unknown>;
  /** For each parameter: the value it stands for ([group, key]), or undefined for a constant. */
  picks: ([number, string] | undefined)[];
}

/** The keys of a group whose values are defined (Kysely leaves an undefined value's column out). */
const keysOf = (g: Group) => Object.keys(g).filter((k) => g[k] !== undefined);

/** A Kysely expression (`sql\`…\``, a builder): part of a statement's text, not a value. */
const isExpression = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { toOperationNode?: unknown }).toOperationNode === 'function';

/**
 * The shape of a call (its groups' keys whose values are defined), in one pass over its values;
 * undefined when a value is an expression, which the call's own statement must then hold.
 */
function shapeOf(groups: readonly Group[]): string | undefined {
  let shape = '';
  for (const g of groups) {
    for (const k in g) {
      const v = g[k];
      if (v === undefined) continue;
      if (isExpression(v)) return undefined;
      shape += `${k},`;
    }
    shape += '|';
  }
  return shape;
}

/** Shapes one statement keeps compiled (the columns a call writes may follow what a request sent). */
const MAX_SHAPES = 256;

/** Under the tests, every run is checked against the statement built from its own values. */
const CHECK = Boolean(process.env.VITEST);

/**
 * A hot statement of a fixed shape, built and compiled by Kysely once per shape, then run with new
 * values: building and compiling the same tree on every call was about a tenth of the server's
 * main thread under the buy flow (a checkout's update 40–50 µs a call in the server, for 1 µs of
 * filling in).
 *
 * `build` takes one or more groups of values (flat objects); it is called with stand-ins of the
 * same keys, and must use them only where Kysely takes a value — in `values()`, `set()`, a
 * comparison, a `sql` template (`build` may answer one) — never to decide what to build, in an
 * `in` list, or transformed (encode JSON and the like before). A shape is the groups' keys whose
 * values are defined, so a group may leave columns out, and `build` may decide by which keys a
 * group holds (at most MAX_SHAPES shapes are kept). Expressions
 * (`sql\`revision + 1\``) belong in `build`: a group holding one is built and compiled for that
 * run alone, as Kysely would. Under the tests (VITEST) each run also builds the statement from its
 * own values and throws if the SQL or a parameter differs: every statement the tests run is checked.
 */
export function statement<G extends Group[], R>(
  build: (db: Db, ...groups: G) => Compilable<R> | RawBuilder<R>,
) {
  const compiledFrom = (db: Executor, groups: G): CompiledQuery<R> => {
    const built = build(db as Db, ...groups);
    return 'isRawBuilder' in built ? built.compile(db) : built.compile();
  };
  const templates = new Map<string, Template>();
  const templateFor = (db: Executor, groups: G, shape: string): Template => {
    let t = templates.get(shape);
    if (!t) {
      const standIns = groups.map((g, i) => Object.fromEntries(keysOf(g).map((k) => [k, new StandIn(i, k)])));
      const compiled = compiledFrom(db, standIns as G);
      t = {
        compiled,
        picks: compiled.parameters.map((p) => (p instanceof StandIn ? [p.g, p.k] : undefined)),
      };
      if (templates.size >= MAX_SHAPES) templates.clear();
      templates.set(shape, t);
    }
    return t;
  };
  return (db: Executor, ...groups: G): Compilable<R> => ({
    compile() {
      const shape = shapeOf(groups);
      if (shape === undefined) return compiledFrom(db, groups);
      const { compiled, picks } = templateFor(db, groups, shape);
      const parameters = picks.map((p, i) => (p ? groups[p[0]]![p[1]] : compiled.parameters[i]));
      const filled = { ...compiled, parameters } as CompiledQuery<R>;
      if (CHECK) expectSame(compiledFrom(db, groups), filled);
      return filled;
    },
  });
}

function expectSame(built: CompiledQuery<unknown>, filled: CompiledQuery<unknown>) {
  if (built.sql === filled.sql && isDeepStrictEqual(built.parameters, filled.parameters)) return;
  throw new Error(
    `a statement compiled once differs from the one its values build:\n${filled.sql}\n${built.sql}\n` +
      `${JSON.stringify(filled.parameters)}\n${JSON.stringify(built.parameters)}`,
  );
}

/**
 * A table's JSON columns, for `statement`: `text` encodes a row's values of them as JSON text
 * before the run (a column present with null or undefined is written as null); `cast` marks them
 * jsonb in `build`.
 */
export function jsonColumns(columns: readonly string[]) {
  const json = new Set(columns);
  return {
    text(row: Record<string, unknown>): Record<string, unknown> {
      const out: Record<string, unknown> = { ...row };
      for (const c of columns) if (c in out) out[c] = out[c] == null ? null : JSON.stringify(out[c]);
      return out;
    },
    /**
     * The values `text` made, as PostgreSQL answers them: JSON columns parsed again (their objects'
     * keys may come back in another order), columns left undefined left out.
     */
    values(text: Record<string, unknown>): Record<string, unknown> {
      const out: Record<string, unknown> = {};
      for (const k in text) {
        const v = text[k];
        if (v !== undefined) out[k] = json.has(k) && v !== null ? JSON.parse(v as string) : v;
      }
      return out;
    },
    cast: (row: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, json.has(k) ? sql`${v}::jsonb` : v])),
  };
}

/**
 * Writes a row of `table` if it still has `revision`, raising it and setting `updated_at`
 * (optimistic concurrency): answers the row as written, or undefined when another write came first.
 * `json`: the table's JSON columns.
 */
export function updateIfRevision<R>(table: keyof Database, json: ReturnType<typeof jsonColumns>) {
  const write = statement(
    (db, set: Record<string, unknown>, key: { id: string; revision: string; now: Date }) =>
      byRevision(db, table, json, set, key).returningAll() as unknown as Compilable<R>,
  );
  return async (db: Executor, id: string, revision: string | number, set: object, now: Date) => {
    const key = { id, revision: String(revision), now };
    return (await db.executeQuery(write(db, json.text(set as Record<string, unknown>), key))).rows[0];
  };
}

/** The update of `updateIfRevision` and `sendIfRevision`, before what it returns; `guard`: a further condition. */
function byRevision(
  db: Db | QueryCreator<Database>,
  table: keyof Database,
  json: ReturnType<typeof jsonColumns>,
  set: Record<string, unknown>,
  key: { id: string; revision: string; now: Date },
  guard?: RawBuilder<boolean>,
) {
  const update = (db as unknown as Kysely<Record<string, { id: string; revision: string }>>)
    .updateTable(table)
    .set({ ...json.cast(set), revision: sql`revision + 1`, updated_at: key.now } as never)
    .where('id', '=', key.id)
    .where('revision', '=', key.revision);
  return guard ? update.where(guard) : update;
}

/**
 * SQLSTATE of a write sent without waiting (`sendIfRevision`, `sendInsert`, `expectOneRow`) that
 * found no row to write: another request changed the row, or made it, first (`vitrine_expect_row`, migration
 * 202611281200). Its transaction has failed; the caller reads again and retries.
 */
export const ROW_CHANGED = 'VR409';
export const isRowChanged = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === ROW_CHANGED;

type Row = { id: string; revision: string | number };

/**
 * updateIfRevision for a transaction `inTransaction` opened, without waiting for the write's answer:
 * the write leaves with the statements after it (COMMIT at the latest: one round trip where there
 * were two), and the row it writes is answered from `row` (as read) and `set`, its revision raised
 * and `updated_at` set. When another write came first, it writes nothing and fails the transaction
 * with ROW_CHANGED (`isRowChanged`). JSON columns are answered as PostgreSQL gives them back (their
 * text parsed again). Under the tests the row as written is read back and must be the one answered.
 */
export function sendIfRevision<R extends Row, G extends Record<string, unknown> = Record<string, never>>(
  table: keyof Database,
  json: ReturnType<typeof jsonColumns>,
  /**
   * A further condition of the write, built from `guard`'s values (as `statement`'s groups: used
   * only where Kysely takes a value); a call that passes no values writes without it.
   */
  guard?: (values: G) => RawBuilder<boolean>,
) {
  const write = statement(
    (db, set: Record<string, unknown>, key: { id: string; revision: string; now: Date }, g: Partial<G>) =>
      db
        .with('w', (q) =>
          byRevision(
            q,
            table,
            json,
            set,
            key,
            guard && keysOf(g).length ? guard(g as G) : undefined,
          ).returning(sql<number>`1`.as('one')),
        )
        .selectFrom('w' as never)
        .select(expectOneRow().as('ok')),
  );
  return async (db: Executor, row: R, set: Partial<R>, now: Date, guarded?: G): Promise<R> => {
    const text = json.text(set);
    const key = { id: row.id, revision: String(row.revision), now };
    await writeUnanswered(db, write(db, text, key, guarded ?? {}));
    const written = { ...row, ...json.values(text), revision: Number(row.revision) + 1, updated_at: now };
    await checkWritten(db, table, written);
    return written;
  };
}

/**
 * Inserts a row of `table` (revision 1) in a transaction `inTransaction` opened, without waiting for
 * the answer, and answers the row as written, as `sendIfRevision` does. `ifAbsent`: a unique column
 * whose value another row may hold already; the insert then writes nothing and fails the
 * transaction with ROW_CHANGED.
 */
export function sendInsert<R extends Row>(
  table: keyof Database,
  json: ReturnType<typeof jsonColumns>,
  o: { ifAbsent?: string } = {},
) {
  const write = statement((db, row: Record<string, unknown>) =>
    db
      .with('w', (q) => {
        const insert = (q as unknown as QueryCreator<Record<string, Row>>)
          .insertInto(table)
          .values({ ...json.cast(row), revision: 1 } as never);
        return (
          o.ifAbsent ? insert.onConflict((oc) => oc.column(o.ifAbsent as never).doNothing()) : insert
        ).returning(sql<number>`1`.as('one'));
      })
      .selectFrom('w' as never)
      .select(expectOneRow().as('ok')),
  );
  return async (db: Executor, row: Omit<R, 'revision'>): Promise<R> => {
    const text = json.text(row);
    await writeUnanswered(db, write(db, text));
    const written = { ...row, ...json.values(text), revision: 1 } as R;
    await checkWritten(db, table, written);
    return written;
  };
}

/**
 * Selected from a statement's data-modifying WITH item `w` (a write returning a row for each row it
 * writes), fails the statement with ROW_CHANGED unless that wrote exactly one row
 * (`vitrine_expect_row`): a write sent without waiting (`writeUnanswered`) fails its transaction.
 */
export const expectOneRow = () => sql<number>`vitrine_expect_row(count(*))`;

/**
 * Under the tests (VITEST), reads the row `written` names back (by its id) and throws unless every
 * column is what the caller answered for a write it sent without waiting; elsewhere nothing.
 * `later`: columns whose values the caller learns from the write's answer (taken only under the tests).
 */
export async function checkWritten(
  db: Executor,
  table: keyof Database,
  written: Record<string, unknown>,
  later: Record<string, () => Promise<unknown>> = {},
): Promise<void> {
  if (!CHECK) return;
  const known = { ...written };
  for (const [k, f] of Object.entries(later)) known[k] = await f();
  await expectWritten(db, table, known);
}

/**
 * How many rows checkWritten found written otherwise than answered (tests): a caller that runs a
 * failed write again from a read (a kept state's) would otherwise hide the mismatch.
 */
let mismatches = 0;
export const writtenMismatches = () => mismatches;

async function expectWritten(db: Executor, table: keyof Database, written: Record<string, unknown>) {
  const { rows } = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(table)} where id = ${written.id}`.execute(db);
  const stored = rows[0];
  const differs = stored
    ? Object.keys(stored).filter((k) => !isDeepStrictEqual(stored[k], written[k]))
    : ['(no row)'];
  if (differs.length) {
    mismatches++;
    throw new Error(
      `the row answered for a write of ${table} differs from the one written in ${differs.join(', ')}:\n` +
        `${JSON.stringify(differs.map((k) => written[k]))}\n${JSON.stringify(differs.map((k) => stored?.[k]))}`,
    );
  }
}
