import type { AggregationData, AggregationRequest } from '@vitrine/contract';
import type { SelectQueryBuilder } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { compileFilter } from '../../platform/query/filter.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';
import {
  checkTimeZone,
  cursorFilter,
  planAggregations,
  runAggregations,
  type AggPlan,
} from './aggregations.ts';
import { productAggSpec } from './product-fields.ts';
import { majorUnits } from './store.ts';

/** What a search asks beyond its page: aggregations, and the time zone of their date buckets. */
export interface SearchAggregations {
  aggregations?: AggregationRequest[] | null;
  timeZone?: string | null;
}

export interface ProductAggregations {
  plans: AggPlan[];
  timeZone?: string;
}

/** The request's aggregations checked (violations name them under `search.aggregations`), or undefined for none. */
export function planProductAggregations(
  spec: QuerySpec,
  e: number,
  admin: boolean,
  a: SearchAggregations | undefined,
): ProductAggregations | undefined {
  if (!a?.aggregations?.length) return undefined;
  const plans = planAggregations(
    productAggSpec(spec.fields, admin, majorUnits(e)),
    a.aggregations,
    'search.aggregations',
  );
  return { plans, timeZone: checkTimeZone(a.timeZone, 'search.timeZone') };
}

/**
 * `aggregationData` over every product `base` (the reader's products) and the filter match: one
 * statement, beside the page's. Undefined when the filter comes from a cursor that is not one.
 */
export async function productAggregationData(
  ctx: Ctx,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  base: SelectQueryBuilder<any, 'catalog_product', any>,
  spec: QuerySpec,
  q: { filter?: unknown; cursor?: string | null },
  a: ProductAggregations,
  where: string,
): Promise<AggregationData | undefined> {
  let filter = q.filter;
  if (q.cursor) {
    const c = cursorFilter(q.cursor);
    if (!c.ok) return undefined;
    filter = c.filter;
  }
  let condition;
  try {
    condition = compileFilter(spec, filter, `${where}.filter`);
  } catch (e) {
    if (q.cursor) return undefined;
    throw e;
  }
  const results = await runAggregations(
    ctx.db,
    (columns) => base.clearSelect().select(columns).where(condition),
    a.plans,
    a.timeZone,
  );
  return { results };
}
