import type { WireReview } from '@vitrine/contract';
import { expect } from 'vitest';
import type { TestServer } from './server.ts';

/** Every review of a product, private ones too, as the merchant reads them. */
export async function reviewsOf(s: TestServer, productId: string) {
  const r = await s.admin<{ reviews: WireReview[] }>('POST', '/reviews/v1/reviews/query', {
    query: { filter: { entityId: productId } },
    returnPrivateReviews: true,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.reviews;
}
