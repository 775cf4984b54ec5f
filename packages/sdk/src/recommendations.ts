/**
 * Recommendations (contract back-in-stock-recommendations.md §1, `@wix/ecom` `recommendations`) as
 * plain typed calls over an {@link HttpClient}; `@vitrine/sdk/react` wraps them in query options.
 * An answer names items only (ids): {@link productsByIds} reads their products in one request.
 */
import type { Product } from '@vitrine/contract';
import { STORES_APP_ID } from './catalog.ts';
import type { HttpClient } from './http.ts';

/** The two algorithms (`listAvailableAlgorithms`): items bought together, and best sellers. */
export const RECOMMENDATION_ALGORITHMS = {
  /** Items bought together with the given ones, then the same categories and price band. */
  RELATED_ITEMS: '68ebce04-b96a-4c52-9329-08fc9d8c1253',
  /** The best sellers of the last 30 days (no items needed). */
  GLOBAL: '1b7e5a4c-2f3d-4e6a-9c8b-5d4f3e2a1b0c',
} as const;
export type RecommendationAlgorithm = keyof typeof RECOMMENDATION_ALGORITHMS;

export interface RecommendationAlgorithmInfo {
  config: {
    name: string;
    description: string;
    additionalInfo: string | null;
    algorithmType: 'UNSPECIFIED' | RecommendationAlgorithm;
    algorithmId: string;
  };
  appId: string;
  catalogAppIds: string[];
}

export interface Recommendation {
  /** The recommended items, best first (store products: `catalogItemId` is the product id). */
  items: { catalogItemId: string; appId: string; options: null }[];
  /** The algorithm that answered. */
  algorithm: { id: string; appId: string };
}

export interface RecommendationRequest {
  algorithm: RecommendationAlgorithm;
  /** The products to recommend for (RELATED_ITEMS); they are never recommended themselves. */
  productIds?: readonly string[];
  /** The server answers at least this many when the catalog has enough (and up to max(this, 8)). */
  minimumRecommendedItems?: number;
}

/** The `getRecommendation` body. */
export function recommendationBody(r: RecommendationRequest): object {
  return {
    algorithms: [{ id: RECOMMENDATION_ALGORITHMS[r.algorithm], appId: STORES_APP_ID }],
    ...(r.productIds?.length
      ? { items: r.productIds.map((catalogItemId) => ({ catalogItemId, appId: STORES_APP_ID })) }
      : {}),
    ...(r.minimumRecommendedItems !== undefined
      ? { minimumRecommendedItems: r.minimumRecommendedItems }
      : {}),
  };
}

/** The available algorithms. */
export const recommendationAlgorithms = (http: HttpClient): Promise<RecommendationAlgorithmInfo[]> =>
  http
    .request<{
      availableAlgorithms: RecommendationAlgorithmInfo[];
    }>({ method: 'GET', path: '/v1/recommendations/algorithms' })
    .then((a) => a.availableAlgorithms);

/** Recommended items (ids, best first): never an asked item, a hidden or a sold-out one. */
export const getRecommendation = (http: HttpClient, r: RecommendationRequest): Promise<Recommendation> =>
  http
    .request<{
      recommendation: Recommendation;
    }>({ method: 'POST', path: '/v1/recommendations/get', body: recommendationBody(r) })
    .then((a) => a.recommendation);

/**
 * The visible products with these ids (at most 100), in the order of `ids`; missing ones are left
 * out. One catalog search (`id` `$in`), with the fields of a product card. A catalog read, kept out
 * of catalog.ts: that module is in the storefront's first chunk, and only its lazy parts need this.
 */
export const productsByIds = (http: HttpClient, ids: readonly string[]): Promise<Product[]> => {
  const wanted = [...new Set(ids)].slice(0, 100);
  if (!wanted.length) return Promise.resolve([]);
  return http
    .request<{ products: Product[] }>({
      method: 'POST',
      path: '/stores/v3/products/search',
      body: {
        search: { filter: { id: { $in: wanted } }, cursorPaging: { limit: wanted.length } },
        fields: ['CURRENCY', 'URL'],
      },
    })
    .then((a) => {
      const byId = new Map(a.products.map((p) => [p.id, p]));
      return wanted.flatMap((id) => byId.get(id) ?? []);
    });
};

/** The recommendation calls together. */
export const recommendationCalls = {
  algorithms: recommendationAlgorithms,
  get: getRecommendation,
  products: productsByIds,
};
