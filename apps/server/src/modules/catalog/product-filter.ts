import { violation } from '../../platform/errors.ts';
import { ARRAY_FIELDS } from './product-fields.ts';

/**
 * The platform's product filter forms that the shared query compiler (platform/query/filter.ts) has no
 * operator for, rewritten into ones it has, before compiling (so cursors carry the rewritten filter):
 * - `allCategoriesInfo.categories` / `directCategoriesInfo.categories` with `$matchItems` (a product
 *   matches when one of its categories satisfies every condition given: `id` or `_id` with a value,
 *   `$eq`, `$in` or `$hasSome`) become `….categories.id` `$hasSome` the ids left; `$exists` and
 *   `$isEmpty` on them apply to `….categories.id`;
 * - `$isEmpty: b` on an array field (options, modifiers, categories) becomes `$exists: !b` (the
 *   field is null when empty).
 * Ids that are not UUIDs simply match nothing; wrong types and unknown operators are violations.
 */
const ITEMS: Record<string, string> = {
  'allCategoriesInfo.categories': 'allCategoriesInfo.categories.id',
  'directCategoriesInfo.categories': 'directCategoriesInfo.categories.id',
};
const ARRAYS = new Set<string>(ARRAY_FIELDS);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Beyond this the compiler refuses the filter anyway (it allows 8 levels). */
const MAX_DEPTH = 10;

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function strings(where: string, field: string, v: unknown): string[] {
  const list = Array.isArray(v) ? v : [v];
  return list.map((x) => {
    if (typeof x !== 'string') throw violation(where, `${field}: expected a string`, 'VALIDATION', { field });
    return UUID.test(x) ? x.toLowerCase() : x;
  });
}

/** The category ids one category must have to satisfy every condition of `$matchItems` (null: any). */
function matchItems(where: string, field: string, items: unknown): string[] | null {
  if (!Array.isArray(items))
    throw violation(where, `${field}: $matchItems takes an array`, 'VALIDATION', { field });
  let ids: string[] | null = null;
  const narrow = (next: string[]) => {
    ids = ids === null ? [...new Set(next)] : ids.filter((x) => next.includes(x));
  };
  for (const item of items) {
    if (!isObj(item)) throw violation(where, `${field}: $matchItems takes objects`, 'VALIDATION', { field });
    for (const [key, cond] of Object.entries(item)) {
      const at = `${field}.${key}`;
      if (key !== 'id' && key !== '_id')
        throw violation(where, `${at} is not a field that can be filtered on`, 'FIELD_NOT_ALLOWED', {
          field: at,
          allowedFields: ['id'],
        });
      if (!isObj(cond)) {
        narrow(strings(where, at, cond));
        continue;
      }
      for (const [op, v] of Object.entries(cond)) {
        if (op === '$eq') narrow(strings(where, at, v));
        else if (op === '$in' || op === '$hasSome') {
          if (!Array.isArray(v))
            throw violation(where, `${at}: ${op} takes an array`, 'VALIDATION', { field: at, operator: op });
          narrow(strings(where, at, v));
        } else
          throw violation(where, `${at}: unknown operator ${op}`, 'VALIDATION', { field: at, operator: op });
      }
    }
  }
  return ids;
}

function isEmpty(where: string, field: string, v: unknown) {
  if (typeof v !== 'boolean')
    throw violation(where, `${field}: $isEmpty takes true or false`, 'VALIDATION', {
      field,
      operator: '$isEmpty',
    });
  return { $exists: !v };
}

/** One `….categories` condition as conditions on `….categories.id`. */
function categories(where: string, field: string, v: unknown): Record<string, unknown>[] {
  const target = ITEMS[field]!;
  if (!isObj(v))
    throw violation(where, `${field}: takes $matchItems, $exists or $isEmpty`, 'VALIDATION', { field });
  return Object.entries(v).map(([op, x]) => {
    if (op === '$matchItems') {
      const ids = matchItems(where, field, x);
      return { [target]: ids === null ? { $exists: true } : { $hasSome: ids } };
    }
    if (op === '$isEmpty') return { [target]: isEmpty(where, field, x) };
    if (op === '$exists') return { [target]: { $exists: x } };
    throw violation(where, `${field}: unknown operator ${op}`, 'VALIDATION', { field, operator: op });
  });
}

function node(f: unknown, where: string, depth: number): unknown {
  if (!isObj(f) || depth > MAX_DEPTH) return f;
  const kept: Record<string, unknown> = {};
  const added: Record<string, unknown>[] = [];
  for (const [key, v] of Object.entries(f)) {
    if ((key === '$and' || key === '$or') && Array.isArray(v))
      kept[key] = v.map((x) => node(x, where, depth + 1));
    else if (key === '$not') kept[key] = node(v, where, depth + 1);
    else if (Object.hasOwn(ITEMS, key)) added.push(...categories(where, key, v));
    else if (ARRAYS.has(key) && isObj(v) && '$isEmpty' in v) {
      const { $isEmpty, ...rest } = v;
      added.push({ [key]: { ...rest, ...isEmpty(where, key, $isEmpty) } });
    } else kept[key] = v;
  }
  if (!added.length) return kept;
  return Object.keys(kept).length
    ? { $and: [kept, ...added] }
    : added.length === 1
      ? added[0]
      : { $and: added };
}

/** `filter` with the platform's `$matchItems` and `$isEmpty` forms rewritten (`where` names the filter in violations). */
export function productFilter<T>(filter: T, where: string): T {
  return node(filter, where, 0) as T;
}
