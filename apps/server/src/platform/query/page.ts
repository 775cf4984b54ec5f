import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type CursorQuery, type OffsetQuery, type Sorting } from '@vitrine/contract';
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { violation } from '../errors.ts';
import { compileFilter } from './filter.ts';
import type { QuerySpec } from './spec.ts';

type Sql = RawBuilder<SqlBool>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Select<O> = SelectQueryBuilder<any, any, O>;

interface SortKey { fieldName: string; sql: string; desc: boolean; type: string }

function sortKeys(spec: QuerySpec, sort: readonly Sorting[] | null | undefined, where: string): SortKey[] {
  const given = sort && sort.length ? sort : spec.defaultSort;
  const keys = given.map((s) => {
    const f = spec.fields[s.fieldName];
    if (!f?.sortable) throw violation(where, `${s.fieldName} is not a field that can be sorted on`, 'FIELD_NOT_ALLOWED', { field: s.fieldName });
    return { fieldName: s.fieldName, sql: f.sql, desc: s.order === 'DESC', type: f.type };
  });
  const last = keys[keys.length - 1];
  if (!keys.some((k) => k.sql === spec.idSql)) keys.push({ fieldName: '$id', sql: spec.idSql, desc: last?.desc ?? false, type: 'uuid' });
  return keys;
}

/** What a cursor carries: the whole query (the next-page request sends only the cursor), and where to resume. */
interface Cursor { e: string; f: unknown; s: Sorting[] | null; l: number; d: 'n' | 'p'; k: unknown[] }

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(spec: QuerySpec, raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (c && c.e === spec.entity && Array.isArray(c.k) && (c.d === 'n' || c.d === 'p') && typeof c.l === 'number') return c;
  } catch { /* reported below */ }
  throw violation('query.cursorPaging.cursor', 'is not a cursor this query issued', 'FORMAT');
}

/** Rows strictly after (or before) `values` in the order of `keys`. */
function keysetCondition(keys: SortKey[], values: unknown[], forward: boolean): Sql {
  const ors: Sql[] = keys.map((k, i) => {
    const eqs = keys.slice(0, i).map((p, j) => sql<SqlBool>`${sql.raw(p.sql)} = ${bind(p, values[j])}`);
    const greater = forward !== k.desc;
    const cmp = sql<SqlBool>`${sql.raw(k.sql)} ${sql.raw(greater ? '>' : '<')} ${bind(k, values[i])}`;
    return eqs.length ? sql<SqlBool>`(${sql.join([...eqs, cmp], sql` and `)})` : cmp;
  });
  return sql<SqlBool>`(${sql.join(ors, sql` or `)})`;
}

const bind = (k: SortKey, v: unknown) => (k.type === 'date' && typeof v === 'string' ? new Date(v) : v);
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
 */
export async function cursorPage<O>(base: Select<O>, spec: QuerySpec, query: CursorQuery | undefined, where = 'query'): Promise<CursorPage<O>> {
  const q = query ?? {};
  const rawCursor = q.cursorPaging?.cursor;
  const c = rawCursor ? decodeCursor(spec, rawCursor) : undefined;
  const filter = c ? c.f : q.filter;
  const sort = c ? c.s : (q.sort ?? null);
  const limit = Math.min(q.cursorPaging?.limit ?? c?.l ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const keys = sortKeys(spec, sort, `${where}.sort`);
  const forward = !c || c.d === 'n';

  let qb = base.where(compileFilter(spec, filter, `${where}.filter`));
  if (c) qb = qb.where(keysetCondition(keys, c.k, forward));
  for (const [i, k] of keys.entries()) qb = qb.select(sql.raw(k.sql).as(`__k${i}`)) as Select<O>;
  for (const k of keys) qb = qb.orderBy(sql.raw(k.sql), (k.desc === forward ? 'desc' : 'asc'));
  const rows = (await qb.limit(limit + 1).execute()) as (O & Record<string, unknown>)[];

  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (!forward) page.reverse();
  const cursorAt = (row: Record<string, unknown> | undefined, d: 'n' | 'p') =>
    row ? encodeCursor({ e: spec.entity, f: filter ?? null, s: sort, l: limit, d, k: keys.map((_, i) => keyValue(row[`__k${i}`])) }) : null;
  const hasNext = forward ? more : true;
  const hasPrev = forward ? Boolean(c) : more;
  const items = page.map((r) => {
    const o = { ...r };
    for (let i = 0; i < keys.length; i++) delete o[`__k${i}`];
    return o as O;
  });
  return {
    items,
    cursors: { next: hasNext && page.length ? cursorAt(page[page.length - 1], 'n') : null, prev: hasPrev && page.length ? cursorAt(page[0], 'p') : null },
    hasNext: hasNext && page.length > 0,
  };
}

export interface OffsetPage<O> { items: O[]; offset: number; total: number }

/** Runs an offset-paged query (members); `total` comes from a window count in the same statement. */
export async function offsetPage<O>(base: Select<O>, spec: QuerySpec, query: OffsetQuery | undefined, where = 'query'): Promise<OffsetPage<O>> {
  const q = query ?? {};
  const limit = Math.min(q.paging?.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const offset = q.paging?.offset ?? 0;
  const keys = sortKeys(spec, q.sort, `${where}.sort`);
  let qb = base.where(compileFilter(spec, q.filter, `${where}.filter`)).select(sql<number>`count(*) over ()`.as('__total')) as Select<O>;
  for (const k of keys) qb = qb.orderBy(sql.raw(k.sql), k.desc ? 'desc' : 'asc');
  const rows = (await qb.limit(limit).offset(offset).execute()) as (O & { __total: number })[];
  let total = rows[0]?.__total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const counted = await base.clearSelect().select(sql<number>`count(*)`.as('n')).where(compileFilter(spec, q.filter, `${where}.filter`)).executeTakeFirst() as { n: number } | undefined;
    total = counted?.n ?? 0;
  }
  const items = rows.map(({ __total: _t, ...r }) => r as unknown as O);
  return { items, offset, total };
}

/** The paging-metadata shapes of conventions §7. */
export const metadata = {
  cursor: <O>(p: CursorPage<O>) => ({ count: p.items.length, cursors: p.cursors, hasNext: p.hasNext }),
  offset: <O>(p: OffsetPage<O>) => ({ count: p.items.length, offset: p.offset, total: p.total, tooManyToCount: false }),
};
