import type { CursorSearch } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { compileFilter } from '../../platform/query/filter.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';
import {
  checkTimeZone,
  cursorFilter,
  planAggregations,
  runAggregations,
  type AggSpec,
} from './aggregations.ts';
import { categoriesPage, readableCategories } from './categories.ts';
import { withSearch } from './search-expression.ts';
import { categorySpec } from './store.ts';

/**
 * `categories.searchCategories`: the category query (categories.ts) with a search expression, whose
 * words are word prefixes of the name's or the description's words (lower case, any script), and
 * aggregations (aggregations.ts) over the matching categories.
 */
const spec: QuerySpec = {
  ...categorySpec,
  entity: 'category-search',
  fields: {
    ...categorySpec.fields,
    // A handful of rows: the text is split at search time, no index.
    __words: {
      sql: "to_tsvector('simple', catalog_category.name || ' ' || coalesce(catalog_category.description, ''))",
      type: 'words',
    },
  },
};

/** The SDK's `CategorySearchSpec.aggregatable` paths a flat, single-tree catalog has. */
const aggregatable: AggSpec = {
  id: { sql: 'catalog_category.id::text', type: 'string' },
  name: { sql: 'catalog_category.name', type: 'string' },
  slug: { sql: 'catalog_category.slug', type: 'string' },
  visible: { sql: 'catalog_category.visible', type: 'boolean' },
  createdDate: { sql: 'catalog_category.created_at', type: 'date' },
  updatedDate: { sql: 'catalog_category.updated_at', type: 'date' },
  'treeReference.appNamespace': { sql: "'@wix/stores'::text", type: 'string' },
  'treeReference.treeKey': { sql: 'null::text', type: 'string' },
  'parentCategory.id': { sql: 'null::text', type: 'string' },
  'parentCategory.index': { sql: '0', type: 'number' },
};

export async function searchCategories(ctx: Ctx, s: CursorSearch, all?: boolean) {
  const plans = s.aggregations?.length
    ? planAggregations(aggregatable, s.aggregations, 'search.aggregations')
    : undefined;
  const timeZone = checkTimeZone(s.timeZone, 'search.timeZone');
  const base = readableCategories(ctx, all);
  const cursor = s.cursorPaging?.cursor;
  const filter = cursor ? s.filter : withSearch(s.filter, s.search ?? undefined);
  const aggregated = async () => {
    const from = cursor ? cursorFilter(cursor) : { ok: true, filter };
    if (!plans || !from.ok) return undefined;
    let condition;
    try {
      condition = compileFilter(spec, from.filter, 'search.filter');
    } catch (e) {
      if (cursor) return undefined;
      throw e;
    }
    const cols = (columns: Parameters<Parameters<typeof runAggregations>[1]>[0]) =>
      base.clearSelect().select(columns).where(condition);
    return { results: await runAggregations(ctx.db, cols, plans, timeZone) };
  };
  const [page, aggregationData] = await Promise.all([
    categoriesPage(ctx, base, spec, { filter, sort: s.sort, cursorPaging: s.cursorPaging }, 'search'),
    aggregated(),
  ]);
  return { ...page, ...(aggregationData ? { aggregationData } : {}) };
}
