/**
 * Reviews as TanStack Query options over the calls of ../reviews.ts. Keys start with `['reviews', …]`:
 * a product's pages `['reviews', 'list', entityId, {sort, cursor, limit}]`, rating summaries
 * `['reviews', 'summaries', ids…]` (sorted, so a page's products share one key whatever their
 * order), a review-request link `['reviews', 'link', token]`.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';
import {
  createReview,
  deleteReview,
  myReview,
  openReviewLink,
  queryReviews,
  ratingSummaries,
  submitReviewLink,
  updateReview,
  type NewReview,
  type ReviewLink,
  type ReviewSearch,
} from '../reviews.ts';

/** The ids of a summaries request: distinct and sorted. */
export const summaryIds = (ids: readonly string[]): string[] => [...new Set(ids)].sort();

export const reviewQueries = {
  all: () => ['reviews'] as const,
  /** The key prefix of every page of one product's reviews, whatever the sort. */
  ofProduct: (entityId: string) => ['reviews', 'list', entityId] as const,
  /** One page of a product's reviews (the caller's own included, in any moderation status). */
  list: (http: HttpClient, s: ReviewSearch) =>
    queryOptions({
      queryKey: [
        'reviews',
        'list',
        s.entityId,
        { sort: s.sort ?? 'relevance', cursor: s.cursor ?? null, limit: s.limit ?? 5 },
      ] as const,
      queryFn: () => queryReviews(http, s),
    }),
  /** A member's own review of a product (any status), under the product's key prefix; null if none. */
  mine: (http: HttpClient, entityId: string, contactId: string) =>
    queryOptions({
      queryKey: ['reviews', 'list', entityId, 'mine', contactId] as const,
      queryFn: () => myReview(http, { entityId, contactId }),
    }),
  /** Rating summaries of several products (a page of product cards) in one request. */
  summaries: (http: HttpClient, entityIds: readonly string[]) => {
    const ids = summaryIds(entityIds);
    return queryOptions({
      queryKey: ['reviews', 'summaries', ...ids] as const,
      queryFn: () => ratingSummaries(http, ids),
    });
  },
  /** What a review-request link opens (its order's products, and which are reviewed already). */
  link: (http: HttpClient, token: string) =>
    queryOptions({
      queryKey: ['reviews', 'link', token] as const,
      queryFn: () => openReviewLink(http, token),
    }),
};

/** After an author's change: the product's pages (their own review included) and every summary. */
const afterChange = (client: QueryClient, entityId: string) =>
  Promise.all([
    client.invalidateQueries({ queryKey: reviewQueries.ofProduct(entityId) }),
    client.invalidateQueries({ queryKey: ['reviews', 'summaries'] }),
  ]);

export const reviewMutations = {
  /**
   * Writes a review. The product's reviews are read again (its author sees their review there, in
   * any status); the summaries too when it is published at once (`APPROVED`).
   */
  create: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['reviews', 'create'] as const,
      mutationFn: (v: NewReview) => createReview(http, v),
      onSuccess: async (review, v, _r, context) => {
        await Promise.all([
          context.client.invalidateQueries({ queryKey: reviewQueries.ofProduct(v.entityId) }),
          review.moderation.moderationStatus === 'APPROVED'
            ? context.client.invalidateQueries({ queryKey: ['reviews', 'summaries'] })
            : undefined,
        ]);
      },
    }),
  /** Changes the caller's own review; the product's reviews and the summaries are read again. */
  update: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['reviews', 'update'] as const,
      mutationFn: (v: Parameters<typeof updateReview>[1]) => updateReview(http, v),
      onSuccess: (review, _v, _r, context) => afterChange(context.client, review.entityId),
    }),
  /** Deletes the caller's own review; the product's reviews and the summaries are read again. */
  remove: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['reviews', 'delete'] as const,
      mutationFn: (id: string) => deleteReview(http, id),
      onSuccess: (review, _v, _r, context) => afterChange(context.client, review.entityId),
    }),
  /** Reviews one item of a review-request link; the link's cached items then show it reviewed. */
  submitLink: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['reviews', 'submit-link'] as const,
      mutationFn: (v: Parameters<typeof submitReviewLink>[1]) => submitReviewLink(http, v),
      onSuccess: async (review, v, _r, context) => {
        const key = reviewQueries.link(http, v.token).queryKey;
        if (!review?.id) {
          await context.client.invalidateQueries({ queryKey: key });
          return;
        }
        context.client.setQueryData<ReviewLink>(
          key,
          (link) =>
            link && {
              ...link,
              items: link.items.map((i) =>
                i.catalogItemId === v.catalogItemId ? { ...i, reviewId: review.id } : i,
              ),
            },
        );
      },
    }),
};
