import {
  bulkCreateReviewsRequest,
  bulkCreateReviewsResponse,
  bulkDeleteReviewsRequest,
  bulkJobResponse,
  bulkUpdateModerationStatusRequest,
  countResponse,
  countReviewsRequest,
  createReviewAndContactRequest,
  createReviewRequest,
  queryReviewsRequest,
  queryReviewsResponse,
  ratingSummariesQuery,
  ratingSummariesResponse,
  reviewResponse,
  reviewSettingsResponse,
  setReplyRequest,
  updateModerationStatusRequest,
  updateReviewRequest,
  updateReviewSettingsRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.ts';
import { violation } from '../../platform/errors.ts';
import { authorOf } from './authors.ts';
import { bulkCreateReviews } from './bulk-create.ts';
import { bulkDelete, bulkModerate, moderateReview, removeReply, setReply } from './moderation.ts';
import {
  createReview,
  countReviews,
  deleteReview,
  getReview,
  queryReviews,
  updateReview,
} from './service.ts';
import { getReviewSettings, updateReviewSettings } from './settings.ts';
import { ratingSummaries } from './summaries.ts';

const P = '/reviews/v1/reviews';
const admin = ['admin'] as const;
const writers = ['visitor', 'member', 'admin'] as const;
const tags = ['reviews'] as const;
const byId = z.object({ reviewId: z.string().min(1).max(100) });
const bool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const same = (path: string, given: string | undefined, field: string) => {
  if (given !== undefined && given !== path) throw violation(field, 'must match the path');
};

export function reviewsRoutes(r: Router) {
  r.route({
    method: 'GET',
    url: `${P}/:reviewId`,
    roles: 'any',
    summary: 'A review (published, your own, or any with returnPrivateReviews as an admin)',
    tags,
    params: byId,
    query: z.strictObject({ reviewId: z.string().optional(), returnPrivateReviews: bool.optional() }),
    response: reviewResponse,
    async handler(ctx, { params, query }) {
      same(params.reviewId, query.reviewId, 'reviewId');
      return { review: await getReview(ctx, params.reviewId, query.returnPrivateReviews) };
    },
  });
  r.route({
    method: 'POST',
    url: P,
    roles: writers,
    summary: 'Write a review (members as themselves; apps and admins with origin APP)',
    tags,
    body: createReviewRequest,
    response: reviewResponse,
    async handler(ctx, { body }, req) {
      const a = body.review.author;
      const author = await authorOf(ctx, {
        name: a?.authorName ?? null,
        contactId: a?.contactId ?? null,
        ...(a?.authorType ? { authorType: a.authorType } : {}),
      });
      return { review: await createReview(ctx, body.review, { author, ip: req.ip }) };
    },
  });
  r.route({
    method: 'POST',
    url: `${P}/contact`,
    roles: writers,
    summary: 'Write a review with a name and e-mail (the legacy package; visitors)',
    tags,
    body: createReviewAndContactRequest,
    response: reviewResponse,
    async handler(ctx, { body }, req) {
      const author = await authorOf(ctx, { name: body.name ?? null, email: body.email ?? null });
      const review = await createReview(ctx, body, { author, ip: req.ip, field: '' });
      return { review };
    },
  });
  r.route({
    method: 'PATCH',
    url: `${P}/:reviewId`,
    roles: writers,
    summary: 'Update a review (its author or an admin; revision checked when given)',
    tags,
    params: byId,
    body: updateReviewRequest,
    response: reviewResponse,
    async handler(ctx, { params, body }) {
      same(params.reviewId, body.review.id, 'review.id');
      return { review: await updateReview(ctx, params.reviewId, body.review, body.fieldMask) };
    },
  });
  r.route({
    method: 'DELETE',
    url: `${P}/:reviewId`,
    roles: writers,
    summary: 'Delete a review (its author or an admin); answers the deleted review',
    tags,
    params: byId,
    query: z.strictObject({ reviewId: z.string().optional() }),
    response: reviewResponse,
    async handler(ctx, { params, query }) {
      same(params.reviewId, query.reviewId, 'reviewId');
      return { review: await deleteReview(ctx, params.reviewId) };
    },
  });
  r.route({
    method: 'PATCH',
    url: `${P}/:reviewId/reply`,
    roles: admin,
    summary: "Set the store's reply to a review",
    tags,
    params: byId,
    body: setReplyRequest,
    response: reviewResponse,
    async handler(ctx, { params, body }) {
      same(params.reviewId, body.reviewId, 'reviewId');
      return { review: await setReply(ctx, params.reviewId, body.message) };
    },
  });
  r.route({
    method: 'DELETE',
    url: `${P}/:reviewId/reply`,
    roles: admin,
    summary: "Remove the store's reply",
    tags,
    params: byId,
    query: z.strictObject({ reviewId: z.string().optional() }),
    response: reviewResponse,
    async handler(ctx, { params, query }) {
      same(params.reviewId, query.reviewId, 'reviewId');
      return { review: await removeReply(ctx, params.reviewId) };
    },
  });
  r.route({
    method: 'POST',
    url: `${P}/count`,
    roles: 'any',
    summary: 'Count reviews matching a filter (private ones for admins asking)',
    tags,
    body: countReviewsRequest,
    response: countResponse,
    async handler(ctx, { body }) {
      return countReviews(ctx, body.filter, body.includePrivateReviews);
    },
  });
  r.route({
    method: 'POST',
    url: `${P}/query`,
    roles: 'any',
    summary: 'Query reviews (cursor paging; sort by date, rating, relevanceScore)',
    tags,
    body: queryReviewsRequest,
    response: queryReviewsResponse,
    async handler(ctx, { body }) {
      return queryReviews(ctx, body.query, body.returnPrivateReviews);
    },
  });
  r.route({
    method: 'PATCH',
    url: `${P}/:reviewId/moderate`,
    roles: admin,
    summary: 'Approve or reject a review (UNKNOWN_MODERATION_STATUS: back to the queue)',
    tags,
    params: byId,
    body: updateModerationStatusRequest,
    response: reviewResponse,
    async handler(ctx, { params, body }) {
      same(params.reviewId, body.reviewId, 'reviewId');
      return { review: await moderateReview(ctx, params.reviewId, body.status) };
    },
  });
  r.route({
    method: 'POST',
    url: '/reviews/v1/bulk/reviews/moderate',
    roles: admin,
    summary: 'Moderate the reviews a filter names (up to 1,000 a call)',
    tags,
    body: bulkUpdateModerationStatusRequest,
    response: bulkJobResponse,
    async handler(ctx, { body }) {
      return bulkModerate(ctx, body.filter, body.status);
    },
  });
  r.route({
    method: 'POST',
    url: '/reviews/v1/bulk/reviews/delete',
    roles: admin,
    summary: 'Delete the reviews a filter names (up to 1,000 a call)',
    tags,
    body: bulkDeleteReviewsRequest,
    response: bulkJobResponse,
    async handler(ctx, { body }) {
      return bulkDelete(ctx, body.filter);
    },
  });
  r.route({
    method: 'POST',
    url: '/reviews/v1/bulk/reviews/create',
    roles: admin,
    summary: 'Create up to 100 reviews (imports); each succeeds or fails on its own',
    tags,
    body: bulkCreateReviewsRequest,
    response: bulkCreateReviewsResponse,
    async handler(ctx, { body }) {
      return bulkCreateReviews(ctx, body.reviews, body.returnEntity ?? false);
    },
  });
  r.route({
    method: 'GET',
    url: '/reviews/v1/summaries',
    roles: 'any',
    summary: 'Rating summaries (count, average, per-star counts of published reviews) of up to 100 items',
    tags,
    query: ratingSummariesQuery,
    response: ratingSummariesResponse,
    async handler(ctx, { query }) {
      return { summaries: await ratingSummaries(ctx, query.namespace, query.entityIds) };
    },
  });
  r.route({
    method: 'GET',
    url: '/reviews/v1/settings',
    roles: admin,
    summary: "The store's review settings (moderation, review requests)",
    tags,
    response: reviewSettingsResponse,
    async handler(ctx) {
      return { settings: await getReviewSettings(ctx) };
    },
  });
  r.route({
    method: 'PATCH',
    url: '/reviews/v1/settings',
    roles: admin,
    owner: true,
    summary: "Change the store's review settings",
    tags,
    body: updateReviewSettingsRequest,
    response: reviewSettingsResponse,
    async handler(ctx, { body }) {
      return { settings: await updateReviewSettings(ctx, body.settings) };
    },
  });
}
