import type { AggregationRequest, AggregationResult, ScalarType } from '@vitrine/contract';
import { sql, type AliasedRawBuilder, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import { ValidationError, violation } from '../../platform/errors.ts';
import {
  dateBucket,
  inRange,
  iso,
  OFFSET,
  scalarOf,
  text,
  type AggPlan,
  type AggSpec,
  type LevelPlan,
} from './aggregation-sql.ts';
import { levelName, nestedResults, nestedSql } from './nested-aggregations.ts';

/**
 * Search aggregations (catalog-search.ts in the contract) compiled to one SQL statement over the rows a
 * search matched: VALUE (distinct values with counts), SCALAR (MIN, MAX, SUM, AVG, COUNT_DISTINCT),
 * RANGE (counts per bucket) and DATE_HISTOGRAM (counts per interval). Each entity lists the field paths
 * it can aggregate (`AggSpec`): a trusted SQL expression on its row, its type, and whether it holds
 * several values (an array: options' names, categories). A row counts once per value it holds. NESTED
 * aggregations: nested-aggregations.ts.
 */
export type { AggField, AggPlan, AggSpec } from './aggregation-sql.ts';

type Violations = ConstructorParameters<typeof ValidationError>[0];
type Rule = Violations[number]['violatedRule'];
const DEFAULT_LIMIT = 10;
const MIN_MAX = new Set<ScalarType>(['MIN', 'MAX']);
const MAX_LIMIT = 250;
/** Date histogram buckets answered (the SDK's `DateHistogramResults` holds 200), the earliest first. */
const MAX_BUCKETS = 200;
/** The SDK's system field names (`_id`…) are the REST names without the underscore. */
const SYSTEM = { _id: 'id', _createdDate: 'createdDate', _updatedDate: 'updatedDate' } as Record<
  string,
  string
>;
const restPath = (p: string) =>
  p
    .split('.')
    .map((s) => (Object.hasOwn(SYSTEM, s) ? SYSTEM[s] : s))
    .join('.');
/** Where a missing value goes when INCLUDE is asked without a bucket name (the SDK's defaults). */
const MISSING = { string: 'N/A', date: 'N/A', number: '0', boolean: 'false' } as const;
const KINDS = ['value', 'range', 'scalar', 'dateHistogram', 'nested'] as const;
const TYPE_OF_KIND = {
  value: 'VALUE',
  range: 'RANGE',
  scalar: 'SCALAR',
  dateHistogram: 'DATE_HISTOGRAM',
  nested: 'NESTED',
} as const;

/** Checks the requested aggregations against `spec`; every problem is a violation naming the aggregation. */
export function planAggregations(spec: AggSpec, aggs: AggregationRequest[], where: string): AggPlan[] {
  const v: Violations = [];
  const plans: AggPlan[] = [];
  for (const [index, a] of aggs.entries()) {
    const at = `${where}.${index}`;
    const label = a.name ? `aggregation "${a.name}"` : `aggregation ${index}`;
    const bad = (field: string, description: string, rule: Rule = 'VALIDATION') =>
      v.push({
        field: `${at}${field}`,
        description: `${label}: ${description}`,
        violatedRule: rule,
        data: {},
      });
    const given = KINDS.filter((k) => a[k] !== undefined && a[k] !== null);
    const type = a.type ?? (given.length === 1 ? TYPE_OF_KIND[given[0]!] : undefined);
    if (!type) {
      bad('.type', 'needs a type (VALUE, RANGE, SCALAR or DATE_HISTOGRAM)', 'REQUIRED_FIELD');
      continue;
    }
    const wrong = given.find((k) => TYPE_OF_KIND[k] !== type);
    if (wrong) {
      bad(`.${wrong}`, `a ${type} aggregation takes no ${wrong} settings`);
      continue;
    }
    if (type === 'NESTED') {
      const levels = planNested(spec, a, index, at, label, v);
      if (levels)
        plans.push({
          index,
          column: `f${index}`,
          fieldPath: a.fieldPath ?? '',
          field: levels[0]!.field,
          kind: { type, levels },
          ...(a.name ? { name: a.name } : {}),
        });
      continue;
    }
    if (!a.fieldPath) {
      bad('.fieldPath', 'needs a fieldPath', 'REQUIRED_FIELD');
      continue;
    }
    const path = restPath(a.fieldPath);
    const field = Object.hasOwn(spec, path) ? spec[path] : undefined;
    if (!field) {
      v.push({
        field: `${at}.fieldPath`,
        description: `${label}: ${a.fieldPath} is not a field that can be aggregated`,
        violatedRule: 'FIELD_NOT_ALLOWED',
        data: { fieldPath: a.fieldPath, allowedFields: Object.keys(spec) },
      });
      continue;
    }
    const base = {
      index,
      column: `f${index}`,
      fieldPath: a.fieldPath,
      field,
      ...(a.name ? { name: a.name } : {}),
    };
    if (type === 'VALUE') {
      const o = a.value ?? {};
      const include = o.missingValues === 'INCLUDE';
      plans.push({
        ...base,
        kind: {
          type,
          limit: Math.min(o.limit || DEFAULT_LIMIT, MAX_LIMIT),
          byCount: o.sortType !== 'VALUE',
          desc: o.sortDirection ? o.sortDirection === 'DESC' : o.sortType !== 'VALUE',
          missing: include ? (o.includeOptions?.addToBucket ?? MISSING[field.type]) : null,
        },
      });
    } else if (type === 'SCALAR') {
      const scalar = a.scalar?.type;
      if (!scalar) bad('.scalar.type', 'needs a scalar type (MIN, MAX, COUNT_DISTINCT…)', 'REQUIRED_FIELD');
      else if (
        scalar !== 'COUNT_DISTINCT' &&
        field.type !== 'number' &&
        !(field.type === 'date' && MIN_MAX.has(scalar))
      )
        bad(
          '.scalar.type',
          `${scalar} applies to number${MIN_MAX.has(scalar) ? ' and date' : ''} fields only`,
        );
      else plans.push({ ...base, kind: { type, scalar } });
    } else if (type === 'RANGE') {
      const buckets = a.range?.buckets ?? [];
      if (field.type !== 'number') bad('.fieldPath', 'RANGE applies to number fields only');
      else if (!buckets.length) bad('.range.buckets', 'needs at least one bucket', 'REQUIRED_FIELD');
      else if (buckets.some((b) => (b.from ?? null) === null && (b.to ?? null) === null))
        bad('.range.buckets', 'every bucket needs from or to');
      else
        plans.push({
          ...base,
          kind: {
            type,
            buckets: buckets.map((b) => ({
              ...(typeof b.from === 'number' ? { from: b.from } : {}),
              ...(typeof b.to === 'number' ? { to: b.to } : {}),
            })),
          },
        });
    } else {
      const interval = a.dateHistogram?.interval;
      if (field.type !== 'date') bad('.fieldPath', 'DATE_HISTOGRAM applies to date fields only');
      else if (!interval) bad('.dateHistogram.interval', 'needs an interval', 'REQUIRED_FIELD');
      else plans.push({ ...base, kind: { type: 'DATE_HISTOGRAM', unit: interval.toLowerCase() } });
    }
  }
  if (v.length) throw new ValidationError(v);
  return plans;
}

/**
 * A NESTED aggregation's levels (2 or 3, checked as aggregations of their own; a SCALAR only last;
 * names unique, as its answer is keyed by them), or undefined after adding the violations to `v`.
 */
function planNested(
  spec: AggSpec,
  a: AggregationRequest,
  index: number,
  at: string,
  label: string,
  v: Violations,
): LevelPlan[] | undefined {
  const where = `${at}.nested.nestedAggregations`;
  const items = a.nested?.nestedAggregations ?? [];
  const bad = (field: string, description: string, rule: Rule = 'VALIDATION') =>
    v.push({ field, description: `${label}: ${description}`, violatedRule: rule, data: {} });
  if (items.length < 2) {
    bad(where, 'needs 2 or 3 aggregations, each nested within the previous one', 'MIN_SIZE');
    return undefined;
  }
  let levels: AggPlan[];
  try {
    levels = planAggregations(spec, items, where);
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    v.push(...e.fieldViolations);
    return undefined;
  }
  const early = levels.slice(0, -1).findIndex((l) => l.kind.type === 'SCALAR');
  if (early >= 0) {
    bad(`${where}.${early}.type`, 'a SCALAR aggregation can only be the last level');
    return undefined;
  }
  const names = levels.map(levelName);
  const twice = names.findIndex((n, j) => names.indexOf(n) !== j);
  if (twice >= 0) {
    bad(`${where}.${twice}.name`, `two levels are named "${names[twice]}": give each a name of its own`);
    return undefined;
  }
  return levels.map((l, j) => ({ ...l, column: `f${index}_${j}` })) as LevelPlan[];
}

/** A time zone the platform takes: an IANA name or an offset (`+02:00`); anything else is a violation. */
export function checkTimeZone(tz: string | null | undefined, field: string): string | undefined {
  if (!tz || tz === 'Z' || tz === 'UTC') return undefined;
  const m = OFFSET.exec(tz);
  if (m) {
    if (Number(m[2]) > 14 || Number(m[3]) > 59) throw violation(field, 'is not a time zone');
    return `${m[1]}${m[2]}:${m[3]}`;
  }
  try {
    if (!/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(tz)) throw new Error();
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    throw violation(field, 'is not a time zone');
  }
}

/** The rows of `m` with one column `v` per value of field `col` (arrays unnested; `keepEmpty`: a null `v` for none). */
function values(p: AggPlan, keepEmpty: boolean) {
  const col = sql.ref(`m.${p.column}`);
  if (!p.field.array) return sql`(select ${col} as v from m) x`;
  return keepEmpty
    ? sql`(select u.v from m left join lateral unnest(${col}) u(v) on true) x`
    : sql`(select u.v from m cross join lateral unnest(${col}) u(v)) x`;
}

function aggregate(p: AggPlan, tz: string | undefined): RawBuilder<unknown> {
  const k = p.kind;
  const v = sql.ref('x.v');
  if (k.type === 'VALUE') {
    const shown = k.missing === null ? text(p.field, v) : sql`coalesce(${text(p.field, v)}, ${k.missing})`;
    const order = sql.raw(
      k.byCount
        ? `n ${k.desc ? 'desc' : 'asc'}, k asc nulls last`
        : `k ${k.desc ? 'desc' : 'asc'} nulls last`,
    );
    return sql`(select coalesce(json_agg(json_build_object('value', t.s, 'count', t.n) order by t.o), '[]'::json)
      from (select s, n, row_number() over (order by ${order}) as o from (
        select ${v} as k, ${shown} as s, count(*)::int as n
        from ${values(p, k.missing !== null)}
        ${k.missing === null ? sql`where ${v} is not null` : sql``}
        group by ${v}) g order by ${order} limit ${k.limit}) t)`;
  }
  if (k.type === 'SCALAR')
    return sql`(select json_build_object('value', ${scalarOf(k.scalar, p.field, v)}) from ${values(p, false)})`;
  if (k.type === 'RANGE') {
    const col = sql.ref(`m.${p.column}`);
    const counts = k.buckets.map((b) => {
      const hit = p.field.array
        ? sql`exists (select 1 from unnest(${col}) u(v) where ${inRange(b, sql.ref('u.v'))})`
        : inRange(b, col);
      return sql`count(*) filter (where ${hit})::int`;
    });
    return sql`(select json_build_array(${sql.join(counts)}) from m)`;
  }
  if (k.type === 'NESTED') return nestedSql(k.levels, tz);
  const bucket = dateBucket(k.unit, v, tz);
  return sql`(select coalesce(json_agg(json_build_object('value', ${iso(sql.ref('t.b'))}, 'count', t.n) order by t.b), '[]'::json)
    from (select ${bucket} as b, count(*)::int as n from ${values(p, false)} where ${v} is not null
      group by 1 order by 1 limit ${MAX_BUCKETS}) t)`;
}

/**
 * Runs the plans in one statement: `matched` selects the matching rows (the entity's table aliased as it
 * is in `spec`'s expressions, with the caller's scoping and filter applied); each aggregation reads them
 * once from a materialized CTE.
 */
export async function runAggregations(
  db: Executor,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  matched: (columns: AliasedRawBuilder<unknown, string>[]) => SelectQueryBuilder<any, any, any>,
  plans: AggPlan[],
  timeZone?: string,
): Promise<AggregationResult[]> {
  if (!plans.length) return [];
  const nested = plans.some((p) => p.kind.type === 'NESTED');
  const columns = [
    ...plans
      .flatMap((p) => (p.kind.type === 'NESTED' ? p.kind.levels : [p]))
      .map((p) => sql.raw<unknown>(p.field.sql).as(p.column)),
    // NESTED levels count rows once per bucket, whatever values they hold there.
    ...(nested ? [sql<unknown>`row_number() over ()`.as('r')] : []),
  ];
  const selects = plans.map((p) => sql`${aggregate(p, timeZone)} as ${sql.ref(`a${p.index}`)}`);
  const { rows } = await sql<Record<string, unknown>>`with m as materialized (${matched(columns)})
    select ${sql.join(selects)}`.execute(db);
  const row = rows[0] ?? {};
  return plans.map((p) => {
    const head = {
      ...(p.name !== undefined ? { name: p.name } : {}),
      type: p.kind.type,
      ...(p.fieldPath ? { fieldPath: p.fieldPath } : {}),
    };
    const raw = row[`a${p.index}`];
    const got = (typeof raw === 'string' ? JSON.parse(raw) : raw) as unknown;
    const k = p.kind;
    if (k.type === 'NESTED') return { ...head, nested: nestedResults(k.levels, got) };
    if (k.type === 'VALUE')
      return { ...head, values: { results: got as { value: string; count: number }[] } };
    if (k.type === 'SCALAR') {
      const value = (got as { value: number | null }).value;
      return { ...head, scalar: { type: k.scalar, ...(value !== null ? { value: Number(value) } : {}) } };
    }
    if (k.type === 'RANGE') {
      const counts = got as number[];
      return { ...head, ranges: { results: k.buckets.map((b, i) => ({ ...b, count: counts[i] ?? 0 })) } };
    }
    return { ...head, dateHistogram: { results: got as { value: string; count: number }[] } };
  });
}

/**
 * The filter a next-page cursor carries (the platform's cursor holds the query it continues; see
 * platform/query/page.ts), so aggregations sent with a cursor describe the whole result, as on the
 * first page. `ok: false` when it is not one: the page's own read refuses it.
 */
export function cursorFilter(cursor: string): { ok: boolean; filter?: unknown } {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { f?: unknown } | null;
    return typeof c === 'object' && c !== null ? { ok: true, filter: c.f ?? undefined } : { ok: false };
  } catch {
    return { ok: false };
  }
}
