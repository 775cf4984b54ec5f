import { z } from 'zod';
import { cursorPaging, filter, sorting } from './query.ts';
import { categoriesPageResponse, productsPageResponse } from './catalog-responses.ts';

/**
 * Search requests' aggregations and their answers (contract catalog.md §6: `searchProducts` answers
 * `aggregationData`; the same `CursorSearch` shape serves `categories.searchCategories`), as the SDK's
 * `Aggregation`, `ValueAggregation`, `RangeAggregation`, `ScalarAggregation`,
 * `DateHistogramAggregation` and `AggregationResults` types declare them. Which field paths each entity
 * can aggregate is the server's allowlist.
 */
const aggregationType = z.enum(['VALUE', 'RANGE', 'SCALAR', 'DATE_HISTOGRAM', 'NESTED']);
export type AggregationType = z.infer<typeof aggregationType>;
export const scalarType = z.enum(['COUNT_DISTINCT', 'MIN', 'MAX', 'SUM', 'AVG']);
export type ScalarType = z.infer<typeof scalarType>;
export const histogramInterval = z.enum(['YEAR', 'MONTH', 'WEEK', 'DAY', 'HOUR', 'MINUTE', 'SECOND']);
/** Range bounds are floats; the SDK may send them as decimal strings. */
const bound = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)])
  .transform(Number)
  .nullish();

const valueAggregation = z.strictObject({
  includeOptions: z.strictObject({ addToBucket: z.string().max(20).nullish() }).nullish(),
  sortType: z.enum(['COUNT', 'VALUE']).nullish(),
  sortDirection: z.enum(['DESC', 'ASC']).nullish(),
  /** 1–250 (the SDK's words); 0 or none means the default, 10; more than 250 is taken as 250. */
  limit: z.number().int().min(0).nullish(),
  missingValues: z.enum(['EXCLUDE', 'INCLUDE']).nullish(),
});
const rangeAggregation = z.strictObject({
  buckets: z
    .array(z.strictObject({ from: bound, to: bound }))
    .max(50)
    .nullish(),
});
const scalarAggregation = z.strictObject({ type: scalarType.nullish() });
const dateHistogramAggregation = z.strictObject({ interval: histogramInterval.nullish() });
const aggregationKinds = {
  value: valueAggregation.nullish(),
  range: rangeAggregation.nullish(),
  scalar: scalarAggregation.nullish(),
  dateHistogram: dateHistogramAggregation.nullish(),
};
const nestedItem = z.strictObject({
  name: z.string().max(100).nullish(),
  type: aggregationType.exclude(['NESTED']).nullish(),
  fieldPath: z.string().max(200).nullish(),
  ...aggregationKinds,
});
export const aggregation = z.strictObject({
  /** Echoed in the answer's results; names should be unique. */
  name: z.string().max(100).nullish(),
  /** Inferred from the kind given when absent. */
  type: aggregationType.nullish(),
  fieldPath: z.string().max(200).nullish(),
  ...aggregationKinds,
  nested: z.strictObject({ nestedAggregations: z.array(nestedItem).max(3).nullish() }).nullish(),
});
export type AggregationRequest = z.infer<typeof aggregation>;

/** The `CursorSearch` object of the search endpoints. */
export const cursorSearch = z.strictObject({
  filter: filter.nullish(),
  /** Up to 10, as the platform's `CursorSearch` (its `CursorQuery` takes 5). */
  sort: z.array(sorting).max(10).nullish(),
  cursorPaging: cursorPaging.nullish(),
  aggregations: z.array(aggregation).max(10).nullish(),
  search: z
    .object({
      expression: z.string().max(200).nullish(),
      /** How the expression's words combine: AND (default, every word) or OR (any word). */
      mode: z.enum(['OR', 'AND']).nullish(),
      fields: z.array(z.string().max(200)).max(20).optional(),
      fuzzy: z.boolean().nullish(),
    })
    .nullish(),
  /** IANA time zone or UTC offset: the buckets of date histograms are this zone's days (default UTC). */
  timeZone: z.string().max(50).nullish(),
});
export type CursorSearch = z.infer<typeof cursorSearch>;

const valueResults = z.strictObject({
  results: z.array(z.strictObject({ value: z.string(), count: z.number() })),
});
const rangeResults = z.strictObject({
  results: z.array(
    z.strictObject({ from: z.number().optional(), to: z.number().optional(), count: z.number() }),
  ),
});
/** One level of a NESTED aggregation's flattened entry (the SDK's `NestedResultValue`). */
const nestedResultValue = z.strictObject({
  value: z.strictObject({ value: z.string(), count: z.number() }).optional(),
  range: z
    .strictObject({ from: z.number().optional(), to: z.number().optional(), count: z.number() })
    .optional(),
  scalar: z.strictObject({ value: z.number().optional() }).optional(),
  dateHistogram: z.strictObject({ value: z.string(), count: z.number() }).optional(),
});
export type NestedResultValue = z.infer<typeof nestedResultValue>;
export const aggregationResult = z.strictObject({
  name: z.string().optional(),
  type: aggregationType,
  /** Absent on a NESTED aggregation sent without one (its levels name theirs). */
  fieldPath: z.string().optional(),
  values: valueResults.optional(),
  ranges: rangeResults.optional(),
  scalar: z.strictObject({ type: scalarType, value: z.number().optional() }).optional(),
  dateHistogram: valueResults.optional(),
  /** NESTED: one entry per deepest bucket, keyed by the levels' names (the SDK's `NestedResults`). */
  nested: z
    .strictObject({
      results: z.array(z.strictObject({ results: z.record(z.string(), nestedResultValue) })),
    })
    .optional(),
});
export type AggregationResult = z.infer<typeof aggregationResult>;
export const aggregationData = z.strictObject({ results: z.array(aggregationResult) });
export type AggregationData = z.infer<typeof aggregationData>;

/** `searchProducts`: a products page, with `aggregationData` when aggregations were asked for. */
export const searchProductsResponse = productsPageResponse.extend({
  aggregationData: aggregationData.optional(),
});

/** `categories.searchCategories` (`POST /categories/v1/categories/search`). */
export const searchCategoriesRequest = z.strictObject({
  search: cursorSearch.nullish(),
  treeReference: z.unknown().optional(),
  returnNonVisibleCategories: z.boolean().optional(),
  fields: z.array(z.string().max(100)).max(100).optional(),
});
export const searchCategoriesResponse = categoriesPageResponse.extend({
  aggregationData: aggregationData.optional(),
});
