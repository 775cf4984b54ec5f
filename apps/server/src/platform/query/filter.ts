import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { violation } from '../errors.ts';
import type { FieldSpec, QuerySpec } from './spec.ts';

const MAX_CONDITIONS = 100;
const MAX_DEPTH = 8;
const MAX_IN = 1000;
/** Words of a word-prefix search looked at (a search box's expression; more narrow nothing useful). */
const MAX_WORDS = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** ISO-8601 as `toISOString()` writes it (an offset instead of `Z`, or a bare date, also accepted); years 0001–9999. */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

type Sql = RawBuilder<SqlBool>;
const TRUE = sql<SqlBool>`true`;
const FALSE = sql<SqlBool>`false`;
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const and = (parts: Sql[]): Sql =>
  parts.length === 0 ? TRUE : parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
const or = (parts: Sql[]): Sql =>
  parts.length === 0 ? FALSE : parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

interface State {
  count: number;
  where: string;
}

/** The field `name` of `spec`, if it is one: own properties only (never `constructor`, `__proto__`…). */
export const fieldOf = (spec: QuerySpec, name: string): FieldSpec | undefined =>
  Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined;

function isoDate(v: unknown): Date | undefined {
  const m = typeof v === 'string' ? ISO_DATE.exec(v) : null;
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(v as string);
  // Date.parse rolls 2030-02-30 over to March: reject days the month does not have.
  if (y < 1 || Number.isNaN(date.getTime()) || new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d)
    return undefined;
  return date;
}

function bad(
  st: State,
  description: string,
  data: Record<string, unknown> = {},
  rule: 'VALIDATION' | 'FIELD_NOT_ALLOWED' | 'MAX_SIZE' = 'VALIDATION',
): never {
  throw violation(st.where, description, rule, data);
}

/**
 * Validates and converts one comparison value for a field's type, to a bound SQL parameter. A value of
 * the right JSON type is never refused for what it holds: an enum value no row has, or an id that is
 * not a UUID, simply matches nothing (see `idValue`); only wrong types and NUL characters are violations.
 */
function value(st: State, name: string, f: FieldSpec, v: unknown): unknown {
  if (f.type === 'date' && isObj(v) && '$date' in v) v = v.$date;
  switch (f.type) {
    case 'string':
    case 'stringArray':
    case 'words':
    case 'uuid':
      if (typeof v !== 'string') bad(st, `${name}: expected a string`, { field: name });
      if (v.includes('\u0000')) bad(st, `${name}: must not contain NUL characters`, { field: name });
      return f.type === 'uuid' ? v.toLowerCase() : v;
    case 'number': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isFinite(n))
        bad(st, `${name}: expected a number`, { field: name });
      // A whole number as bigint, so an integer column's index serves the comparison (an int column
      // compared with numeric is cast row by row); 1.5 or 1e20 as numeric, a comparison, not a cast error.
      return Number.isSafeInteger(n) ? sql`cast(${String(n)} as bigint)` : sql`cast(${String(n)} as numeric)`;
    }
    case 'boolean':
      if (typeof v !== 'boolean') bad(st, `${name}: expected a boolean`, { field: name });
      return v;
    case 'date': {
      const d = isoDate(v);
      if (!d) bad(st, `${name}: expected an ISO-8601 date`, { field: name });
      return d;
    }
  }
}

/** A uuid field's value: the lower-case UUID, or null for a string that is not one (no row can hold it). */
function idValue(st: State, name: string, f: FieldSpec, v: unknown): string | null {
  const s = value(st, name, f, v) as string;
  return UUID.test(s) ? s : null;
}

/** One value checked and converted for `f` (cursor keys), or undefined when it does not fit. */
export function bindValue(f: FieldSpec, v: unknown): unknown {
  try {
    const bound = value({ count: 0, where: '' }, '', f, v);
    return f.type === 'uuid' && !UUID.test(bound as string) ? undefined : bound;
  } catch {
    return undefined;
  }
}

function list(st: State, name: string, f: FieldSpec, op: string, v: unknown): unknown[] {
  if (!Array.isArray(v)) bad(st, `${name}: ${op} takes an array`, { field: name, operator: op });
  if (v.length > MAX_IN)
    bad(st, `${name}: ${op} takes at most ${MAX_IN} values`, { field: name, operator: op }, 'MAX_SIZE');
  return v.map((x) => value(st, name, f, x));
}

/** A uuid field compared with values that may not be UUIDs: those can equal no row. */
function idOperator(st: State, name: string, f: FieldSpec, op: string, v: unknown): Sql | undefined {
  const col = sql.raw(f.sql);
  switch (op) {
    case '$eq': {
      if (v === null) return undefined;
      const id = idValue(st, name, f, v);
      return id === null ? FALSE : sql<SqlBool>`${col} = ${id}`;
    }
    case '$ne': {
      if (v === null) return undefined;
      const id = idValue(st, name, f, v);
      return id === null ? TRUE : sql<SqlBool>`${col} is distinct from ${id}`;
    }
    case '$in':
    case '$hasSome': {
      const ids = list(st, name, f, op, v).filter((x) => UUID.test(x as string));
      return ids.length === 0 ? FALSE : sql<SqlBool>`${col} in (${sql.join(ids)})`;
    }
    case '$hasAll': {
      const vals = list(st, name, f, op, v);
      if (vals.some((x) => !UUID.test(x as string))) return FALSE;
      return and(vals.map((x) => sql<SqlBool>`${col} = ${x}`));
    }
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      // Another string is compared with the id's text (UUIDs order the same way as their lower-case text).
      const cmp = sql.raw({ $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[op]!);
      const id = idValue(st, name, f, v);
      return id === null
        ? sql<SqlBool>`${col}::text ${cmp} ${value(st, name, f, v)}`
        : sql<SqlBool>`${col} ${cmp} ${id}`;
    }
    default:
      return undefined;
  }
}

/**
 * Word prefixes: each word of `v` (split, as the column's words were, at anything not a letter or a
 * digit, and lower-cased; the first MAX_WORDS) must start a lexeme of the column. The tsquery is
 * written as quoted lexemes (`'red':* & 'shi':*`), which PostgreSQL takes as they are: the words
 * hold only letters and digits, so nothing in them needs escaping. No words (only spaces or
 * punctuation): no condition.
 */
function wordPrefixes(st: State, name: string, f: FieldSpec, op: string, v: unknown): Sql {
  if (op !== '$contains')
    bad(st, `${name}: ${op} does not apply to this field`, { field: name, operator: op });
  const words = (value(st, name, f, v) as string)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  if (words.length === 0) return TRUE;
  const query = words.map((w) => `'${w}':*`).join(' & ');
  return sql<SqlBool>`${sql.raw(f.sql)} @@ ${query}::tsquery`;
}

function operator(st: State, name: string, f: FieldSpec, op: string, v: unknown): Sql {
  if (f.type === 'words') return wordPrefixes(st, name, f, op, v);
  if (f.type === 'uuid') {
    const byId = idOperator(st, name, f, op, v);
    if (byId) return byId;
  }
  const col = sql.raw(f.sql);
  const isArray = f.type === 'stringArray';
  const text = (pattern: string): Sql => {
    if (typeof v !== 'string') bad(st, `${name}: ${op} takes a string`, { field: name, operator: op });
    if (f.type !== 'string' && f.type !== 'uuid')
      bad(st, `${name}: ${op} applies to text fields only`, { field: name, operator: op });
    const part = value(st, name, f, v) as string;
    const like = pattern.replace('$', () => likeEscape(part));
    if (f.type === 'uuid') return sql<SqlBool>`${col}::text ilike ${like}`;
    const parts = pattern !== '$%' ? f.lookupParts?.(part) : undefined;
    // The index looks up the rarer parts; the whole pattern is checked on an expression the index
    // does not serve (`|| ''`), so its common trigrams are not looked up too.
    if (parts?.length && parts.every((p) => p.length < part.length))
      return sql<SqlBool>`(${sql.join(
        parts.map((p) => sql`${col} ilike ${`%${likeEscape(p)}%`}`),
        sql` and `,
      )} and (${col} || '') ilike ${like})`;
    // A prefix match as (lower(col) COLLATE "C") LIKE lower(prefix): the same case-insensitive result
    // as ILIKE, and an index on that expression serves it as a range (and its order, via sortSql).
    return pattern === '$%'
      ? sql<SqlBool>`(lower(${col}) collate "C") like lower(${like})`
      : sql<SqlBool>`${col} ilike ${like}`;
  };
  switch (op) {
    case '$eq':
      if (v === null) return sql<SqlBool>`${col} is null`;
      return isArray
        ? sql<SqlBool>`${value(st, name, f, v)} = any(${col})`
        : sql<SqlBool>`${col} = ${value(st, name, f, v)}`;
    case '$ne':
      if (v === null) return sql<SqlBool>`${col} is not null`;
      return isArray
        ? sql<SqlBool>`not (${value(st, name, f, v)} = any(coalesce(${col}, '{}')))`
        : sql<SqlBool>`${col} is distinct from ${value(st, name, f, v)}`;
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      if (f.type === 'boolean' || isArray)
        bad(st, `${name}: ${op} does not apply to this field`, { field: name, operator: op });
      const cmp = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[op];
      return sql<SqlBool>`${col} ${sql.raw(cmp)} ${value(st, name, f, v)}`;
    }
    case '$in':
    case '$hasSome': {
      const vals = list(st, name, f, op, v);
      if (vals.length === 0) return FALSE;
      return isArray
        ? sql<SqlBool>`${col} && array[${sql.join(vals)}]::text[]`
        : sql<SqlBool>`${col} in (${sql.join(vals)})`;
    }
    case '$hasAll': {
      const vals = list(st, name, f, op, v);
      // A single value has all of the values when it equals each of them.
      if (!isArray) return and(vals.map((x) => sql<SqlBool>`${col} = ${x}`));
      return vals.length === 0 ? TRUE : sql<SqlBool>`${col} @> array[${sql.join(vals)}]::text[]`;
    }
    case '$startsWith':
      return text('$%');
    case '$endsWith':
      return text('%$');
    case '$contains':
      return text('%$%');
    case '$exists':
      if (typeof v !== 'boolean')
        bad(st, `${name}: $exists takes true or false`, { field: name, operator: op });
      return v ? sql<SqlBool>`${col} is not null` : sql<SqlBool>`${col} is null`;
    default:
      return bad(st, `${name}: unknown operator ${op}`, { field: name, operator: op });
  }
}

/**
 * `$matchItems` on an `items` field: some item satisfies every condition of every object given, on
 * the item's own fields (an empty list or `{}`: the row has an item at all). `$exists` / `$isEmpty`
 * ask whether it has any. Item fields are named under the field in violations
 * (`variantsInfo.variants.colour is not a field that can be filtered on`).
 */
function items(st: State, spec: QuerySpec, name: string, f: FieldSpec, v: unknown, depth: number): Sql {
  const of = f.items!;
  if (!isObj(v)) bad(st, `${name}: takes $matchItems, $exists or $isEmpty`, { field: name });
  const itemSpec: QuerySpec = {
    ...spec,
    fields: Object.fromEntries(Object.entries(of.fields).map(([k, x]) => [`${name}.${k}`, x])),
  };
  return and(
    Object.entries(v).map(([op, x]) => {
      if (op === '$matchItems') {
        if (!Array.isArray(x)) bad(st, `${name}: $matchItems takes an array`, { field: name, operator: op });
        const conds = x.map((item) => {
          if (!isObj(item)) bad(st, `${name}: $matchItems takes objects`, { field: name, operator: op });
          return node(st, itemSpec, under(name, item), depth + 1);
        });
        return of.some(and(conds));
      }
      if (op === '$exists' || op === '$isEmpty') {
        if (typeof x !== 'boolean')
          bad(st, `${name}: ${op} takes true or false`, { field: name, operator: op });
        const has = of.some(TRUE);
        return x === (op === '$exists') ? has : sql<SqlBool>`not ${has}`;
      }
      return bad(st, `${name}: unknown operator ${op}`, { field: name, operator: op });
    }),
  );
}

/** An item's condition with its field names under `name` (`$and`, `$or` and `$not` followed). */
function under(name: string, f: unknown): unknown {
  if (!isObj(f)) return f;
  return Object.fromEntries(
    Object.entries(f).map(([k, v]) =>
      k === '$and' || k === '$or'
        ? [k, Array.isArray(v) ? v.map((x) => under(name, x)) : v]
        : k === '$not'
          ? [k, under(name, v)]
          : [`${name}.${k}`, v],
    ),
  );
}

function node(st: State, spec: QuerySpec, filter: unknown, depth: number): Sql {
  if (depth > MAX_DEPTH) bad(st, `filter nested deeper than ${MAX_DEPTH}`);
  if (!isObj(filter)) bad(st, 'a filter must be an object');
  const parts: Sql[] = [];
  for (const [key, v] of Object.entries(filter)) {
    if (++st.count > MAX_CONDITIONS)
      bad(st, `a filter may hold at most ${MAX_CONDITIONS} conditions`, {}, 'MAX_SIZE');
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(v)) bad(st, `${key} takes an array`);
      const subs = v.map((x) => node(st, spec, x, depth + 1));
      parts.push(key === '$and' ? and(subs) : or(subs));
    } else if (key === '$not') {
      // `is not true`: like $ne, $not keeps the rows where the condition is unknown (an empty field).
      parts.push(sql<SqlBool>`(${node(st, spec, v, depth + 1)}) is not true`);
    } else {
      const f = fieldOf(spec, key);
      if (!f)
        bad(
          st,
          `${key} is not a field that can be filtered on`,
          { field: key, allowedFields: Object.keys(spec.fields) },
          'FIELD_NOT_ALLOWED',
        );
      if (f.items) {
        parts.push(items(st, spec, key, f, v, depth));
      } else if (isObj(v) && Object.keys(v).some((k) => k.startsWith('$')) && !('$date' in v)) {
        parts.push(and(Object.entries(v).map(([op, ov]) => operator(st, key, f, op, ov))));
      } else {
        parts.push(operator(st, key, f, '$eq', v));
      }
    }
  }
  return and(parts);
}

/** Compiles the platform's filter object to a parameterised SQL condition against `spec`'s fields. */
export function compileFilter(spec: QuerySpec, filter: unknown, where = 'query.filter'): Sql {
  if (filter === undefined || filter === null) return TRUE;
  return node({ count: 0, where }, spec, filter, 0);
}
