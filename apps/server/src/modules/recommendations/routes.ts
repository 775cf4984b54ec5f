import {
  getRecommendationRequest,
  getRecommendationResponse,
  listAlgorithmsResponse,
} from '@vitrine/contract';
import type { Router } from '../../platform/http/route.ts';
import { ALGORITHMS } from './algorithms.ts';
import { getRecommendation } from './service.ts';

const tags = ['recommendations'] as const;

/** The SDK sends `/v1/recommendations/…` on the API host; `/ecom/v1/recommendations/…` is its alias. */
export function recommendationsRoutes(r: Router) {
  r.route({
    method: 'GET',
    url: ['/v1/recommendations/algorithms', '/ecom/v1/recommendations/algorithms'],
    roles: 'any',
    summary: 'The recommendation algorithms: RELATED_ITEMS (bought together) and GLOBAL (best sellers)',
    tags,
    response: listAlgorithmsResponse,
    async handler() {
      return { availableAlgorithms: ALGORITHMS };
    },
  });
  r.route({
    method: 'POST',
    url: ['/v1/recommendations/get', '/ecom/v1/recommendations/get'],
    roles: 'any',
    summary: 'Recommended items for the given items, by the first algorithm that finds enough',
    tags,
    body: getRecommendationRequest,
    response: getRecommendationResponse,
    async handler(ctx, { body }) {
      return getRecommendation(ctx, body);
    },
  });
}
