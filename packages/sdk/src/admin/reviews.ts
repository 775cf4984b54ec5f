/**
 * The merchant's side of reviews as plain typed calls (apps/server/src/modules/reviews/README.md):
 * every review whatever its moderation status (`returnPrivateReviews: true`), filtered by status,
 * rating and product; approve, reject, both in bulk; the store's reply; the review settings.
 * Rating summaries are `ratingSummaries` (../reviews.ts).
 */
import type { Filter, ModerationStatus, ReviewSettings, WireReview } from '@vitrine/contract';
import type { HttpClient } from '../http.ts';
import { REVIEWS_NAMESPACE, type ReviewsPage } from '../reviews.ts';
import { allOf, cursorQueryBody, type CursorSearch } from './paging.ts';

const BASE = '/reviews/v1/reviews';

/** What the merchant filters by: waiting for moderation, published, rejected. */
export const ADMIN_REVIEW_STATUSES = ['IN_MODERATION', 'APPROVED', 'REJECTED'] as const;
export type AdminReviewStatus = (typeof ADMIN_REVIEW_STATUSES)[number];
export const ADMIN_REVIEW_SORTS = ['newest', 'oldest', 'lowest', 'highest'] as const;
export type AdminReviewSort = (typeof ADMIN_REVIEW_SORTS)[number];
const SORTS: Record<AdminReviewSort, { fieldName: string; order: 'ASC' | 'DESC' }[]> = {
  newest: [{ fieldName: 'createdDate', order: 'DESC' }],
  oldest: [{ fieldName: 'createdDate', order: 'ASC' }],
  lowest: [
    { fieldName: 'content.rating', order: 'ASC' },
    { fieldName: 'createdDate', order: 'DESC' },
  ],
  highest: [
    { fieldName: 'content.rating', order: 'DESC' },
    { fieldName: 'createdDate', order: 'DESC' },
  ],
};

export interface AdminReviewSearch extends CursorSearch {
  /** `IN_MODERATION` also finds `SUBMITTED` ones (both wait for the merchant). */
  status?: AdminReviewStatus;
  /** Star ratings (1–5) to show. */
  ratings?: number[];
  /** A product id. */
  productId?: string;
  /** Whether the store answered. */
  replied?: boolean;
  sort?: AdminReviewSort;
}

export function adminReviewFilter(s: AdminReviewSearch): Filter {
  const status = s.status === 'IN_MODERATION' ? ['IN_MODERATION', 'SUBMITTED'] : s.status ? [s.status] : [];
  return allOf([
    { namespace: { $eq: REVIEWS_NAMESPACE } },
    ...(status.length ? [{ 'moderation.moderationStatus': { $in: status } }] : []),
    ...(s.ratings?.length ? [{ 'content.rating': { $in: s.ratings } }] : []),
    ...(s.productId ? [{ entityId: { $eq: s.productId } }] : []),
    ...(s.replied !== undefined ? [{ 'reply.message': { $exists: s.replied } }] : []),
  ]);
}

/** `POST /reviews/v1/reviews/query`'s body: private (unpublished) reviews included. */
export const adminReviewsQueryBody = (s: AdminReviewSearch) => ({
  ...cursorQueryBody(adminReviewFilter(s), SORTS[s.sort ?? 'newest'], s),
  returnPrivateReviews: true,
});

/** The moderation a merchant can set: approve, reject, or back to the queue. */
export type ModerationTarget = 'APPROVED' | 'REJECTED' | 'UNKNOWN_MODERATION_STATUS';

export const adminReviewCalls = {
  query: (http: HttpClient, s: AdminReviewSearch): Promise<ReviewsPage> =>
    http.request<ReviewsPage>({ method: 'POST', path: `${BASE}/query`, body: adminReviewsQueryBody(s) }),
  /** How many reviews match (unpublished ones included). */
  count: async (http: HttpClient, s: AdminReviewSearch): Promise<number> =>
    (
      await http.request<{ count: number }>({
        method: 'POST',
        path: `${BASE}/count`,
        body: { filter: adminReviewFilter(s), includePrivateReviews: true },
      })
    ).count,
  get: async (http: HttpClient, id: string): Promise<WireReview> =>
    (
      await http.request<{ review: WireReview }>({
        method: 'GET',
        path: `${BASE}/{id}`,
        pathParams: { id },
        query: { returnPrivateReviews: true },
      })
    ).review,
  moderate: async (http: HttpClient, v: { id: string; status: ModerationTarget }): Promise<WireReview> =>
    (
      await http.request<{ review: WireReview }>({
        method: 'PATCH',
        path: `${BASE}/{id}/moderate`,
        pathParams: { id: v.id },
        body: { status: v.status },
      })
    ).review,
  /** Moderates the given reviews in one request (up to 1,000). */
  bulkModerate: (http: HttpClient, v: { ids: string[]; status: ModerationTarget }) =>
    http.request<{ jobId: string }>({
      method: 'POST',
      path: '/reviews/v1/bulk/reviews/moderate',
      body: { filter: { id: { $in: v.ids } }, status: v.status },
    }),
  /** Sets (or replaces) the store's public reply. */
  setReply: async (http: HttpClient, v: { id: string; message: string }): Promise<WireReview> =>
    (
      await http.request<{ review: WireReview }>({
        method: 'PATCH',
        path: `${BASE}/{id}/reply`,
        pathParams: { id: v.id },
        body: { message: v.message },
      })
    ).review,
  removeReply: async (http: HttpClient, id: string): Promise<WireReview> =>
    (
      await http.request<{ review: WireReview }>({
        method: 'DELETE',
        path: `${BASE}/{id}/reply`,
        pathParams: { id },
      })
    ).review,
  delete: async (http: HttpClient, id: string): Promise<WireReview> =>
    (
      await http.request<{ review: WireReview }>({
        method: 'DELETE',
        path: `${BASE}/{id}`,
        pathParams: { id },
      })
    ).review,
  settings: async (http: HttpClient): Promise<ReviewSettings> =>
    (await http.request<{ settings: ReviewSettings }>({ method: 'GET', path: '/reviews/v1/settings' }))
      .settings,
  /** Owners only (403 `OWNER_ONLY`). */
  updateSettings: async (http: HttpClient, settings: Partial<ReviewSettings>): Promise<ReviewSettings> =>
    (
      await http.request<{ settings: ReviewSettings }>({
        method: 'PATCH',
        path: '/reviews/v1/settings',
        body: { settings },
      })
    ).settings,
};

export type { ModerationStatus };
