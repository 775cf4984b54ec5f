/**
 * Recommendations as TanStack Query options over the calls of ../recommendations.ts. Keys:
 * `['recommendations', 'algorithms']`, `['recommendations', algorithm, {productIds, minimum}]` (the
 * asked products distinct and sorted: a cart shares one key whatever the order of its lines), and
 * the products of a recommendation `['catalog', 'by-ids', ids…]` (in the recommendation's order).
 */
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';
import {
  getRecommendation,
  productsByIds,
  recommendationAlgorithms,
  type RecommendationRequest,
} from '../recommendations.ts';

export const recommendationQueries = {
  all: () => ['recommendations'] as const,
  algorithms: (http: HttpClient) =>
    queryOptions({
      queryKey: ['recommendations', 'algorithms'] as const,
      queryFn: () => recommendationAlgorithms(http),
    }),
  /** Recommended items (ids, best first). */
  get: (http: HttpClient, r: RecommendationRequest) => {
    const productIds = [...new Set(r.productIds ?? [])].sort();
    const minimum = r.minimumRecommendedItems ?? null;
    return queryOptions({
      queryKey: ['recommendations', r.algorithm, { productIds, minimum }] as const,
      queryFn: () => getRecommendation(http, { ...r, productIds }),
    });
  },
  /** The visible products with these ids, in their order (one catalog search). */
  products: (http: HttpClient, ids: readonly string[]) =>
    queryOptions({
      queryKey: ['catalog', 'by-ids', ...ids] as const,
      queryFn: () => productsByIds(http, ids),
    }),
};
