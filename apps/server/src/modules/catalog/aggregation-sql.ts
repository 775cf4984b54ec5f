import type { ScalarType } from '@vitrine/contract';
import { sql, type RawBuilder } from 'kysely';

/**
 * What the search aggregations share (aggregations.ts, nested-aggregations.ts): the plans, and the SQL
 * that turns a field's values into an answer's text, a date bucket or a scalar.
 */
export interface AggField {
  /** A trusted SQL expression (from code, never from input) on the entity's row. */
  sql: string;
  type: 'string' | 'number' | 'boolean' | 'date';
  /** The expression is an array of distinct values (or null when empty). */
  array?: boolean;
}
export type AggSpec = Record<string, AggField>;

export type BucketKind =
  | { type: 'VALUE'; limit: number; byCount: boolean; desc: boolean; missing: string | null }
  | { type: 'RANGE'; buckets: { from?: number; to?: number }[] }
  | { type: 'DATE_HISTOGRAM'; unit: string };
export type LevelKind = BucketKind | { type: 'SCALAR'; scalar: ScalarType };

interface PlanBase {
  index: number;
  /** The column of the matched rows holding the field's values (`f3`; a nested level's `f3_1`). */
  column: string;
  name?: string;
  fieldPath: string;
  field: AggField;
}
/** One level of a NESTED aggregation (or an aggregation of its own). */
export type LevelPlan = PlanBase & { kind: LevelKind };
export type AggPlan = PlanBase & { kind: LevelKind | { type: 'NESTED'; levels: LevelPlan[] } };

export const OFFSET = /^([+-])(\d{2}):?(\d{2})$/;

export const iso = (x: RawBuilder<unknown>) =>
  sql`to_char(${x} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A value as the answer's text. */
export function text(f: AggField, x: RawBuilder<unknown>): RawBuilder<unknown> {
  if (f.type === 'number') return sql`trim_scale(${x}::numeric)::text`;
  if (f.type === 'date') return iso(x);
  return sql`${x}::text`;
}

/** The start of the `unit` (day, month…) holding `v`, in the time zone `tz` (an IANA name or an offset). */
export function dateBucket(
  unit: string,
  v: RawBuilder<unknown>,
  tz: string | undefined,
): RawBuilder<unknown> {
  const u = sql.lit(unit);
  const offset = tz && OFFSET.test(tz) ? tz : undefined;
  return offset
    ? sql`(date_trunc(${u}, (${v} at time zone 'UTC') + ${offset}::interval) - ${offset}::interval) at time zone 'UTC'`
    : sql`date_trunc(${u}, ${v} at time zone ${tz ?? 'UTC'}) at time zone ${tz ?? 'UTC'}`;
}

/** The scalar of values `v` (dates' MIN and MAX in milliseconds since 1970), as a float. */
export function scalarOf(scalar: ScalarType, f: AggField, v: RawBuilder<unknown>): RawBuilder<unknown> {
  const fn = sql.raw(scalar === 'COUNT_DISTINCT' ? 'count(distinct' : `${scalar.toLowerCase()}(`);
  return f.type === 'date' && scalar !== 'COUNT_DISTINCT'
    ? sql`(extract(epoch from ${fn} ${v})) * 1000)::float8`
    : sql`(${fn} ${v}))::float8`;
}

/** Whether `x` falls in a RANGE bucket (`from` inclusive, `to` exclusive). */
export function inRange(b: { from?: number; to?: number }, x: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql.join(
    [
      ...(b.from !== undefined ? [sql`${x} >= ${b.from}`] : []),
      ...(b.to !== undefined ? [sql`${x} < ${b.to}`] : []),
    ],
    sql` and `,
  );
}
