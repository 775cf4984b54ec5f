/**
 * `content.media` takes `$isEmpty` (declared by the package's query spec) besides what its query
 * builder sends for isEmpty / isNotEmpty (`null` / `{"$ne": null}`): a filter is rewritten to those
 * forms before it is compiled, the field counting a review's photos and videos, null for none.
 */
const MEDIA = 'content.media';

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The media condition without `$isEmpty` (a non-boolean value is left for the compiler to refuse). */
function mediaCondition(v: unknown): unknown {
  if (!isObj(v) || !('$isEmpty' in v) || typeof v.$isEmpty !== 'boolean') return v;
  const { $isEmpty, ...rest } = v;
  const empty = $isEmpty ? null : { $ne: null };
  return Object.keys(rest).length === 0 ? empty : { $and: [{ [MEDIA]: empty }, { [MEDIA]: rest }] };
}

/** A reviews filter with every `content.media` `$isEmpty` rewritten, nested ones included. */
export const rewriteMediaFilter = <T>(filter: T): T => rewrite(filter) as T;

function rewrite(filter: unknown): unknown {
  if (Array.isArray(filter)) return filter.map(rewrite);
  if (!isObj(filter)) return filter;
  const out: Record<string, unknown>[] = [];
  const kept: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$not') kept[key] = rewrite(v);
    else if (key !== MEDIA) kept[key] = v;
    else {
      const c = mediaCondition(v);
      if (isObj(c) && '$and' in c) out.push(...(c.$and as Record<string, unknown>[]));
      else kept[key] = c;
    }
  }
  if (out.length === 0) return kept;
  return { $and: [...(Object.keys(kept).length ? [kept] : []), ...out] };
}
