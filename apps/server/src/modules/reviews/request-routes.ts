import {
  bulkCreateReviewRequestsRequest,
  bulkCreateReviewRequestsResponse,
  bulkJobResponse,
  cancelReviewRequestsRequest,
  countResponse,
  countReviewRequestsRequest,
  createReviewRequestRequest,
  emptyResponse,
  openReviewLinkRequest,
  openReviewLinkResponse,
  queryReviewRequestsRequest,
  queryReviewRequestsResponse,
  reviewRequestResponse,
  reviewResponse,
  submitReviewLinkRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.ts';
import { violation } from '../../platform/errors.ts';
import { openReviewLink, submitReviewLink } from './link.ts';
import {
  bulkCreateReviewRequests,
  cancelByFilter,
  countReviewRequests,
  createReviewRequest,
  deleteReviewRequest,
  getReviewRequest,
  queryReviewRequests,
} from './requests.ts';

const P = '/reviews/v2/review-requests';
const admin = ['admin'] as const;
const tags = ['review-requests'] as const;
const byId = z.object({ reviewRequestId: z.string().min(1).max(100) });
const idQuery = z.strictObject({ reviewRequestId: z.string().optional() });
const same = (path: string, given: string | undefined) => {
  if (given !== undefined && given !== path) throw violation('reviewRequestId', 'must match the path');
};

export function reviewRequestRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: P,
    roles: admin,
    summary: 'Create a review request for an order, or for items and a contact',
    tags,
    body: createReviewRequestRequest,
    response: reviewRequestResponse,
    async handler(ctx, { body }) {
      return { reviewRequest: await createReviewRequest(ctx, body.reviewRequest) };
    },
  });
  r.route({
    method: 'GET',
    url: `${P}/:reviewRequestId`,
    roles: admin,
    summary: 'A review request',
    tags,
    params: byId,
    query: idQuery,
    response: reviewRequestResponse,
    async handler(ctx, { params, query }) {
      same(params.reviewRequestId, query.reviewRequestId);
      return { reviewRequest: await getReviewRequest(ctx, params.reviewRequestId) };
    },
  });
  r.route({
    method: 'DELETE',
    url: `${P}/:reviewRequestId`,
    roles: admin,
    summary: 'Delete a review request',
    tags,
    params: byId,
    query: idQuery,
    response: emptyResponse,
    async handler(ctx, { params, query }) {
      same(params.reviewRequestId, query.reviewRequestId);
      await deleteReviewRequest(ctx, params.reviewRequestId);
      return {};
    },
  });
  r.route({
    method: 'POST',
    url: `${P}/count`,
    roles: admin,
    summary: 'Count review requests matching a filter',
    tags,
    body: countReviewRequestsRequest,
    response: countResponse,
    async handler(ctx, { body }) {
      return countReviewRequests(ctx, body.filter);
    },
  });
  r.route({
    method: 'POST',
    url: `${P}/query`,
    roles: admin,
    summary: 'Query review requests (cursor paging)',
    tags,
    body: queryReviewRequestsRequest,
    response: queryReviewRequestsResponse,
    async handler(ctx, { body }) {
      return queryReviewRequests(ctx, body.query);
    },
  });
  r.route({
    method: 'POST',
    url: '/reviews/v2/bulk/review-requests/create',
    roles: admin,
    summary: 'Create up to 100 review requests; each succeeds or fails on its own',
    tags,
    body: bulkCreateReviewRequestsRequest,
    response: bulkCreateReviewRequestsResponse,
    async handler(ctx, { body }) {
      return bulkCreateReviewRequests(ctx, body.reviewRequests, body.returnEntity ?? false);
    },
  });
  r.route({
    method: 'PUT',
    url: '/reviews/v2/bulk/review-requests/cancel-by-filter',
    roles: admin,
    summary: 'Cancel the scheduled review requests a filter names (up to 1,000 a call)',
    tags,
    body: cancelReviewRequestsRequest,
    response: bulkJobResponse,
    async handler(ctx, { body }) {
      return cancelByFilter(ctx, body.filter);
    },
  });
  r.route({
    method: 'POST',
    url: `${P}/link/open`,
    roles: 'any',
    summary: "Open a review-request e-mail's link: the order's items to review (no sign-in)",
    tags,
    body: openReviewLinkRequest,
    response: openReviewLinkResponse,
    async handler(ctx, { body }) {
      return openReviewLink(ctx, body.token);
    },
  });
  r.route({
    method: 'POST',
    url: `${P}/link/submit`,
    roles: 'any',
    summary: "Review one of the order's items through the e-mailed link (as the buyer, verified)",
    tags,
    body: submitReviewLinkRequest,
    response: reviewResponse,
    async handler(ctx, { body }, req) {
      return submitReviewLink(ctx, body.token, body.catalogItemId, body.content, req.ip);
    },
  });
}
