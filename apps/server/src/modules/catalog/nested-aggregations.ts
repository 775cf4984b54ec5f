import type { NestedResultValue } from '@vitrine/contract';
import { sql, type RawBuilder } from 'kysely';
import {
  dateBucket,
  inRange,
  iso,
  scalarOf,
  text,
  type AggPlan,
  type BucketKind,
  type LevelPlan,
} from './aggregation-sql.ts';

/**
 * NESTED aggregations (2 or 3 levels, each nested within the previous one): every level but the last
 * buckets the matched rows (VALUE, RANGE or DATE_HISTOGRAM), the last buckets them too or computes a
 * SCALAR within its parent's bucket. The answer is the SDK's flattened form (`nested.results`): one
 * entry per deepest bucket, keyed by the levels' names, each level's count being the rows of its own
 * bucket (`{brand: {value: {value: 'Acme', count: 5}}, size: {value: {value: 'M', count: 2}}}`). A
 * row counts once per bucket, however many of its values fall in it. Each level is ordered and limited
 * within its parent as the same aggregation alone would be; at most 1,000 entries (the SDK's limit).
 */
const MAX_ROWS = 1000;
const MAX_DATE_BUCKETS = 200;

type Level = LevelPlan;
type Bucket = AggPlan & { kind: BucketKind };
/** The name a level's results are keyed by. */
export const levelName = (p: AggPlan) => p.name ?? p.fieldPath;

/**
 * One bucketing level: the joins that give each matched row its keys (left joins: a row with no value
 * at a level keeps a null key there and still counts at the levels above), and the key.
 */
function levelSql(p: Bucket, j: number, tz: string | undefined) {
  const col = sql.ref(`m.${p.column}`);
  const k = p.kind;
  const joins: RawBuilder<unknown>[] = [];
  let v: RawBuilder<unknown> = col;
  if (p.field.array) {
    joins.push(sql`left join lateral unnest(${col}) ${sql.raw(`u${j}`)}(v) on true`);
    v = sql.ref(`u${j}.v`);
  }
  if (k.type === 'VALUE') return { joins, key: v };
  if (k.type === 'DATE_HISTOGRAM') return { joins, key: dateBucket(k.unit, v, tz) };
  const cases = k.buckets.map((x, i) => sql`when ${sql.lit(i)} then ${inRange(x, v)}`);
  joins.push(
    sql`left join lateral (select r.i from (values ${sql.join(
      k.buckets.map((_, i) => sql`(${sql.lit(i)})`),
    )}) r(i) where case r.i ${sql.join(cases, sql` `)} end) ${sql.raw(`b${j}`)} on true`,
  );
  return { joins, key: sql.ref(`b${j}.i`) };
}

/** A level's key as the answer shows it (text; a RANGE bucket's number); null: no bucket at this level. */
function shown(p: Bucket, key: RawBuilder<unknown>): RawBuilder<unknown> {
  const k = p.kind;
  if (k.type === 'RANGE') return key;
  if (k.type === 'DATE_HISTOGRAM') return iso(key);
  return k.missing === null ? text(p.field, key) : sql`coalesce(${text(p.field, key)}, ${k.missing})`;
}

/** The SQL of one NESTED aggregation over the materialized matched rows `m` (with their row number `r`). */
export function nestedSql(levels: Level[], tz: string | undefined): RawBuilder<unknown> {
  const last = levels[levels.length - 1]!;
  const scalar = last.kind.type === 'SCALAR' ? (last as AggPlan & { kind: { type: 'SCALAR' } }) : undefined;
  const buckets = (scalar ? levels.slice(0, -1) : levels) as Bucket[];
  const parts = buckets.map((p, j) => levelSql(p, j, tz));
  const joins = parts.flatMap((x) => x.joins);
  let sv: RawBuilder<unknown> = sql`null`;
  if (scalar) {
    const col = sql.ref(`m.${scalar.column}`);
    if (scalar.field.array) {
      joins.push(sql`left join lateral unnest(${col}) us(v) on true`);
      sv = sql.ref('us.v');
    } else sv = col;
  }
  const keys = buckets.map((_, j) => sql.ref(`t.k${j}`));
  const sets = buckets.map((_, j) => sql`(${sql.join(keys.slice(0, j + 1))})`);
  const value = scalar ? scalarOf(scalar.kind.scalar, scalar.field, sql.ref('t.sv')) : sql`null`;
  return sql`(select coalesce(json_agg(json_build_array(x.g, x.k, x.n, x.s)), '[]'::json) from (
    select grouping(${sql.join(keys)}) as g,
      json_build_array(${sql.join(buckets.map((p, j) => shown(p, keys[j]!)))}) as k,
      count(distinct t.r)::int as n, ${value} as s
    from (select m.r, ${sql.join(parts.map((x, j) => sql`${x.key} as ${sql.raw(`k${j}`)}`))}, ${sv} as sv
      from m ${sql.join(joins, sql` `)}) t
    group by grouping sets (${sql.join(sets)})) x)`;
}

interface Node {
  keys: (string | number | null)[];
  n: number;
  s: number | null;
  children: Node[];
}

function order(p: Bucket, nodes: Node[], depth: number): Node[] {
  const k = p.kind;
  const key = (x: Node) => x.keys[depth]!;
  if (k.type === 'RANGE') return [...nodes].sort((a, b) => Number(key(a)) - Number(key(b)));
  if (k.type === 'DATE_HISTOGRAM')
    return [...nodes].sort((a, b) => String(key(a)).localeCompare(String(key(b)))).slice(0, MAX_DATE_BUCKETS);
  const byValue = (a: Node, b: Node) => {
    const [x, y] = [key(a), key(b)];
    if (p.field.type === 'number') return Number(x) - Number(y);
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const sorted = [...nodes].sort((a, b) =>
    k.byCount ? (k.desc ? b.n - a.n : a.n - b.n) || byValue(a, b) : k.desc ? byValue(b, a) : byValue(a, b),
  );
  return sorted.slice(0, k.limit);
}

function entry(p: Bucket, key: string | number, n: number): NestedResultValue {
  const k = p.kind;
  if (k.type === 'VALUE') return { value: { value: String(key), count: n } };
  if (k.type === 'DATE_HISTOGRAM') return { dateHistogram: { value: String(key), count: n } };
  return { range: { ...k.buckets[Number(key)], count: n } };
}

/** The flattened answer from the statement's rows (`[grouping, keys, count, scalar]`). */
export function nestedResults(levels: Level[], raw: unknown) {
  const last = levels[levels.length - 1]!;
  const scalar = last.kind.type === 'SCALAR' ? last : undefined;
  const buckets = (scalar ? levels.slice(0, -1) : levels) as Bucket[];
  const rows = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
    number,
    (string | number | null)[],
    number,
    number | null,
  ][];
  const byPath = new Map<string, Node>();
  const root: Node = { keys: [], n: 0, s: null, children: [] };
  const depthOf = (g: number) => buckets.length - [...g.toString(2)].filter((c) => c === '1').length;
  const sortedRows = [...rows].sort((a, b) => depthOf(a[0]) - depthOf(b[0]));
  for (const [g, keys, n, s] of sortedRows) {
    const depth = depthOf(g);
    // Rows without a value at this level (and so everything under them) make no bucket.
    if (keys[depth - 1] === null) continue;
    const node: Node = { keys: keys.slice(0, depth), n, s, children: [] };
    byPath.set(JSON.stringify(node.keys), node);
    const parent = depth === 1 ? root : byPath.get(JSON.stringify(node.keys.slice(0, -1)));
    parent?.children.push(node);
  }
  const results: { results: Record<string, NestedResultValue> }[] = [];
  const walk = (node: Node, depth: number, path: Node[]) => {
    if (results.length >= MAX_ROWS) return;
    if (depth === buckets.length) {
      const entries: Record<string, NestedResultValue> = {};
      path.forEach((x, j) => (entries[levelName(buckets[j]!)] = entry(buckets[j]!, x.keys[j]!, x.n)));
      if (scalar) entries[levelName(scalar)] = { scalar: node.s === null ? {} : { value: Number(node.s) } };
      results.push({ results: entries });
      return;
    }
    for (const child of order(buckets[depth]!, node.children, depth))
      walk(child, depth + 1, [...path, child]);
  };
  walk(root, 0, []);
  return { results };
}
