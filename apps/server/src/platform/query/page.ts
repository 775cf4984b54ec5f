import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type CursorQuery,
  type OffsetQuery,
  type Sorting,
} from '@vitrine/contract';
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../db/tx.ts';
import { violation } from '../errors.ts';
import { bindValue, compileFilter, fieldOf } from './filter.ts';
import type { FieldSpec, QuerySpec } from './spec.ts';

/** The most sort entries a cursor carries: the platform's searches take 10 (its queries 5). */
const MAX_SORTS = 10;

type Sql = RawBuilder<SqlBool>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Select<O> = SelectQueryBuilder<any, any, O>;

interface SortKey {
  fieldName: string;
  field: FieldSpec;
  desc: boolean;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** `field` under `where` (`query.sort`), or `field` alone when the parameters are top-level (GET lists). */
const at = (where: string, field: string) => (where ? `${where}.${field}` : field);

function sortKeys(spec: QuerySpec, sort: readonly Sorting[] | null | undefined, where: string): SortKey[] {
  const given = sort && sort.length ? sort : spec.defaultSort;
  const keys = given.map((s) => {
    const f = fieldOf(spec, s.fieldName);
    if (!f?.sortable)
      throw violation(where, `${s.fieldName} is not a field that can be sorted on`, 'FIELD_NOT_ALLOWED', {
        field: s.fieldName,
      });
    return {
      fieldName: s.fieldName,
      field: f.sortSql ? { ...f, sql: f.sortSql } : f,
      desc: s.order === 'DESC',
    };
  });
  const last = keys[keys.length - 1];
  if (!keys.some((k) => k.field.sql === spec.idSql))
    keys.push({
      fieldName: '$id',
      field: { sql: spec.idSql, type: spec.idType ?? 'uuid' },
      desc: last?.desc ?? false,
    });
  return keys;
}

/** What a cursor carries: the whole query (the next-page request sends only the cursor), and where to resume. */
interface Cursor {
  e: string;
  f: unknown;
  s: Sorting[] | null;
  l: number;
  d: 'n' | 'p';
  k: unknown[];
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
const badCursor = (field: string) => violation(field, 'is not a cursor this query issued', 'FORMAT');
const isSorting = (x: unknown): x is Sorting =>
  isObj(x) &&
  typeof x.fieldName === 'string' &&
  (x.order === 'ASC' || x.order === 'DESC') &&
  Object.keys(x).length === 2;

/**
 * Cursors are not signed: they are checked like input. Their filter and sort are compiled against the
 * allowlist like a caller's, and their key values are checked against the sort keys' types before use.
 */
function decodeCursor(spec: QuerySpec, raw: string, field: string): Cursor {
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    /* reported below */
  }
  if (
    isObj(c) &&
    c.e === spec.entity &&
    (c.d === 'n' || c.d === 'p') &&
    Array.isArray(c.k) &&
    typeof c.l === 'number' &&
    Number.isInteger(c.l) &&
    c.l >= 0 &&
    c.l <= MAX_PAGE_SIZE &&
    (c.s === null || (Array.isArray(c.s) && c.s.length <= MAX_SORTS && c.s.every(isSorting)))
  )
    return c as unknown as Cursor;
  throw badCursor(field);
}

/**
 * Rows strictly after (or before) `values` (bound parameters) in the order of `keys`. When every key
 * runs the same way this is a row comparison, `(k0, k1, id) < ($1, $2, $3)`, which an index on those
 * columns seeks to directly (the expanded OR form is only a filter: deep pages would read and drop
 * every row before them).
 */
function keysetCondition(keys: SortKey[], values: unknown[], forward: boolean): Sql {
  if (keys.every((k) => k.desc === keys[0]!.desc)) {
    const greater = forward !== keys[0]!.desc;
    const cols = sql.join(keys.map((k) => sql.raw(k.field.sql)));
    const vals = sql.join(keys.map((_, i) => sql`${values[i]}`));
    return sql<SqlBool>`((${cols}) ${sql.raw(greater ? '>' : '<')} (${vals}))`;
  }
  const ors: Sql[] = keys.map((k, i) => {
    const eqs = keys.slice(0, i).map((p, j) => sql<SqlBool>`${sql.raw(p.field.sql)} = ${values[j]}`);
    const greater = forward !== k.desc;
    const cmp = sql<SqlBool>`${sql.raw(k.field.sql)} ${sql.raw(greater ? '>' : '<')} ${values[i]}`;
    return eqs.length ? sql<SqlBool>`(${sql.join([...eqs, cmp], sql` and `)})` : cmp;
  });
  return sql<SqlBool>`(${sql.join(ors, sql` or `)})`;
}

const keyValue = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

export interface CursorPage<O> {
  items: O[];
  cursors: { next: string | null; prev: string | null };
  hasNext: boolean;
}

/**
 * Runs a cursor-paged query: `base` selects the entity's rows (with any scoping the caller must
 * not escape, e.g. "this member's orders"); the query's filter and sort are compiled against `spec`.
 * Rows must expose every sort key under `__k0…__kN` — added here — so cursors can be built.
 * `where` prefixes the names violations report ('' for a GET list's top-level parameters);
 * `paging` names the paging object (`cursorPaging`, or `paging` for media-style lists).
 */
export async function cursorPage<O>(
  base: Select<O>,
  spec: QuerySpec,
  query: CursorQuery | undefined,
  where = 'query',
  paging = 'cursorPaging',
): Promise<CursorPage<O>> {
  const q = query ?? {};
  const rawCursor = q.cursorPaging?.cursor;
  const cursorField = at(where, `${paging}.cursor`);
  const c = rawCursor ? decodeCursor(spec, rawCursor, cursorField) : undefined;
  const filter = c ? c.f : q.filter;
  const sort = c ? c.s : (q.sort ?? null);
  const limit = Math.min(q.cursorPaging?.limit ?? c?.l ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const forward = !c || c.d === 'n';
  // What a cursor carries is checked like input, but reported as a bad cursor.
  const checked = <T>(fn: () => T): T => {
    if (!c) return fn();
    try {
      return fn();
    } catch {
      throw badCursor(cursorField);
    }
  };
  const keys = checked(() => sortKeys(spec, sort, at(where, 'sort')));
  const condition = checked(() => compileFilter(spec, filter, at(where, 'filter')));
  const after =
    c &&
    checked(() => {
      const values = keys.map((k, i) => (i < c.k.length ? bindValue(k.field, c.k[i]) : undefined));
      if (c.k.length !== keys.length || values.some((v) => v === undefined)) throw badCursor(cursorField);
      return keysetCondition(keys, values, forward);
    });

  let qb = base.where(condition);
  if (after) qb = qb.where(after);
  for (const [i, k] of keys.entries()) qb = qb.select(sql.raw(k.field.sql).as(`__k${i}`)) as Select<O>;
  for (const k of keys) qb = qb.orderBy(sql.raw(k.field.sql), k.desc === forward ? 'desc' : 'asc');
  const rows = (await qb.limit(limit + 1).execute()) as (O & Record<string, unknown>)[];

  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (!forward) page.reverse();
  const cursorAt = (row: Record<string, unknown> | undefined, d: 'n' | 'p') =>
    row
      ? encodeCursor({
          e: spec.entity,
          f: filter ?? null,
          s: sort,
          l: limit,
          d,
          k: keys.map((_, i) => keyValue(row[`__k${i}`])),
        })
      : null;
  const hasNext = forward ? more : true;
  const hasPrev = forward ? Boolean(c) : more;
  const items = page.map((r) => {
    const o = { ...r };
    for (let i = 0; i < keys.length; i++) delete o[`__k${i}`];
    return o as O;
  });
  return {
    items,
    cursors: {
      next: hasNext && page.length ? cursorAt(page[page.length - 1], 'n') : null,
      prev: hasPrev && page.length ? cursorAt(page[0], 'p') : null,
    },
    hasNext: hasNext && page.length > 0,
  };
}

export interface OffsetPage<O> {
  items: O[];
  offset: number;
  total: number;
  tooManyToCount: boolean;
}

/** Offset-paged totals are counted up to this many rows; beyond it `tooManyToCount` is set. */
export const MAX_COUNT = 10_000;

/**
 * Runs an offset-paged query (members). The page and a bounded count run side by side: counting
 * every match (`count(*) over ()`) would make each page cost as much as the whole result.
 */
export async function offsetPage<O>(
  db: Executor,
  base: Select<O>,
  spec: QuerySpec,
  query: OffsetQuery | undefined,
  where = 'query',
): Promise<OffsetPage<O>> {
  const q = query ?? {};
  const limit = Math.min(q.paging?.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const offset = q.paging?.offset ?? 0;
  const keys = sortKeys(spec, q.sort, at(where, 'sort'));
  const filter = compileFilter(spec, q.filter, at(where, 'filter'));
  let qb = base.where(filter);
  for (const k of keys) qb = qb.orderBy(sql.raw(k.field.sql), k.desc ? 'desc' : 'asc');
  const matches = base
    .clearSelect()
    .select(sql<number>`1`.as('one'))
    .where(filter)
    .limit(MAX_COUNT + 1);
  const [rows, counted] = await Promise.all([
    qb.limit(limit).offset(offset).execute() as Promise<O[]>,
    sql<{ n: number }>`select count(*)::int as n from (${matches}) as matching`.execute(db),
  ]);
  const n = Number(counted.rows[0]?.n ?? 0);
  return { items: rows, offset, total: Math.min(n, MAX_COUNT), tooManyToCount: n > MAX_COUNT };
}

/** The paging-metadata shapes of conventions §7. */
export const metadata = {
  cursor: <O>(p: CursorPage<O>) => ({ count: p.items.length, cursors: p.cursors, hasNext: p.hasNext }),
  offset: <O>(p: OffsetPage<O>) => ({
    count: p.items.length,
    offset: p.offset,
    total: p.total,
    tooManyToCount: p.tooManyToCount,
  }),
};
