import {
  abandonedCheckoutAnalyticsRequest,
  abandonedCheckoutAnalyticsResponse,
  abandonedCheckoutIdParams,
  abandonedCheckoutResponse,
  addAbandonedCheckoutActivityRequest,
  bulkDeleteAbandonedCheckoutsRequest,
  bulkDeleteAbandonedCheckoutsResponse,
  emptyResponse,
  noJsonResponse,
  queryAbandonedCheckoutsRequest,
  queryAbandonedCheckoutsResponse,
  redirectToCheckoutQuery,
  searchAbandonedCheckoutsRequest,
  searchAbandonedCheckoutsResponse,
} from '@vitrine/contract';
import { z } from 'zod';
import { followLink } from '../../platform/http/link-page.ts';
import type { Router } from '../../platform/http/route.ts';
import { getSettings } from '../settings/index.ts';
import { deadLinkPage } from './link.ts';
import { sendRecoveryEmail } from './send.ts';
import {
  abandonedAnalytics,
  addAbandonedActivity,
  bulkDeleteAbandoned,
  deleteAbandoned,
  getAbandoned,
  queryAbandoned,
  recoveryTarget,
  searchAbandoned,
} from './service.ts';

const BASE = '/ecom/v1/abandoned-checkout';
const admin = ['admin'] as const;
const tags = ['abandoned-checkouts'] as const;
const byId = abandonedCheckoutIdParams;
const noBody = z.strictObject({});

export function abandonedCheckoutRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: `${BASE}/query`,
    roles: admin,
    summary: 'Query abandoned checkouts (cursor paging; newest first unless sorted)',
    tags,
    body: queryAbandonedCheckoutsRequest,
    response: queryAbandonedCheckoutsResponse,
    handler: (ctx, { body }) => queryAbandoned(ctx, body.query),
  });
  r.route({
    method: 'POST',
    url: `${BASE}/search`,
    roles: admin,
    summary: "Search abandoned checkouts: the query, and words starting the buyer's e-mail or name",
    tags,
    body: searchAbandonedCheckoutsRequest,
    response: searchAbandonedCheckoutsResponse,
    handler: (ctx, { body }) => searchAbandoned(ctx, body.search),
  });
  r.route({
    method: 'POST',
    url: `${BASE}/get-analytics`,
    roles: admin,
    summary:
      'Recoverable and recovered value and counts, and the recovery rate, of the checkouts abandoned in a period',
    tags,
    body: abandonedCheckoutAnalyticsRequest,
    response: abandonedCheckoutAnalyticsResponse,
    async handler(ctx, { body }) {
      return abandonedAnalytics(ctx, body, (await getSettings(ctx)).currency);
    },
  });
  r.route({
    method: 'POST',
    url: '/ecom/v1/bulk/abandoned-checkout/delete',
    roles: admin,
    summary: 'Delete abandoned checkouts (an unknown id is a failed item)',
    tags,
    body: bulkDeleteAbandonedCheckoutsRequest,
    response: bulkDeleteAbandonedCheckoutsResponse,
    handler: (ctx, { body }) => bulkDeleteAbandoned(ctx, body.abandonedCheckoutIds),
  });
  r.route({
    method: 'GET',
    url: `${BASE}/:abandonedCheckoutId`,
    roles: admin,
    summary: 'An abandoned checkout',
    tags,
    params: byId,
    response: abandonedCheckoutResponse,
    async handler(ctx, { params }) {
      return { abandonedCheckout: await getAbandoned(ctx, params.abandonedCheckoutId) };
    },
  });
  r.route({
    method: 'DELETE',
    url: `${BASE}/:abandonedCheckoutId`,
    roles: admin,
    summary: 'Delete an abandoned checkout (its checkout stays)',
    tags,
    params: byId,
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deleteAbandoned(ctx, params.abandonedCheckoutId);
      return {};
    },
  });
  r.route({
    method: 'POST',
    url: '/ecom/v1/abandoned-checkouts/:abandonedCheckoutId/add-activity',
    roles: admin,
    summary: 'Record something done to recover it (an e-mail sent elsewhere, a task)',
    tags,
    params: byId,
    body: addAbandonedCheckoutActivityRequest,
    response: abandonedCheckoutResponse,
    async handler(ctx, { params, body }) {
      return { abandonedCheckout: await addAbandonedActivity(ctx, params.abandonedCheckoutId, body) };
    },
  });
  r.route({
    method: 'POST',
    url: '/ecom/v1/abandoned-checkouts/:abandonedCheckoutId/send-recovery-email',
    roles: admin,
    summary: 'E-mail the shopper the recovery link now (Vitrine; at most once an hour)',
    tags,
    params: byId,
    body: noBody,
    response: abandonedCheckoutResponse,
    async handler(ctx, { params }) {
      return { abandonedCheckout: await sendRecoveryEmail(ctx, params.abandonedCheckoutId) };
    },
  });
  r.route({
    method: 'GET',
    url: `${BASE}/:abandonedCheckoutId/redirect-to-checkout`,
    roles: 'any',
    summary:
      'The recovery link: opens the checkout again on the hosted checkout page (signed token; admins need none)',
    tags,
    params: byId,
    query: redirectToCheckoutQuery,
    response: noJsonResponse,
    handler: (ctx, { params, query }, req, reply) =>
      // A person in a browser gets a page that leads to the shop; an API caller, the error.
      followLink(
        req,
        reply,
        () => recoveryTarget(ctx, params.abandonedCheckoutId, query.token),
        async (e) => {
          const { storeName } = await getSettings(ctx);
          return deadLinkPage({ status: e.status, storeName, shopUrl: `${ctx.config.PUBLIC_URL}/` });
        },
      ),
  });
}
