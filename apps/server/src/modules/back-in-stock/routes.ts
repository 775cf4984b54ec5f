import {
  backInStockRequestResponse,
  backInStockUnsubscribeQuery,
  backInStockUnsubscribeRequest,
  countByCatalogReferenceQuery,
  countByCatalogReferenceResponse,
  createBackInStockRequest,
  emptyResponse,
  markAsNotificationSentRequest,
  noJsonResponse,
  queryBackInStockRequests,
  queryBackInStockResponse,
  reportItemsBackInStockRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import { violation } from '../../platform/errors.ts';
import type { Router } from '../../platform/http/route.ts';
import { UNSUBSCRIBE_PATH, unsubscribe, unsubscribePage } from './link.ts';
import { reportItemsBackInStock, requestBackInStock } from './notify.ts';
import {
  countByCatalogReferences,
  deleteRequest,
  getRequest,
  markAsNotificationSent,
  queryRequests,
} from './service.ts';

/** The captured prefix, then the routing table's alias. */
const BASES = [
  '/back-in-stock-service/v1/back-in-stock-notification-requests',
  '/v1/back-in-stock-notification-requests',
];
const at = (suffix = '') => BASES.map((b) => `${b}${suffix}`);
const admin = ['admin'] as const;
const shoppers = ['visitor', 'member', 'admin'] as const;
const tags = ['back-in-stock'] as const;
const byId = z.object({ id: z.string().min(1).max(100) });

export function backInStockRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: at(),
    roles: shoppers,
    summary: 'Ask to be e-mailed when an item is back in stock (a repeat answers the open request)',
    tags,
    body: createBackInStockRequest,
    response: backInStockRequestResponse,
    async handler(ctx, { body }) {
      return { request: await requestBackInStock(ctx, body.request, body.itemDetails) };
    },
  });
  r.route({
    method: 'GET',
    url: at('/count-by-catalog-reference'),
    roles: admin,
    summary: 'Waiting requests per catalog reference',
    tags,
    query: countByCatalogReferenceQuery,
    response: countByCatalogReferenceResponse,
    async handler(ctx, { query }) {
      return countByCatalogReferences(ctx, query.catalogReferences);
    },
  });
  r.route({
    method: 'POST',
    url: at('/report-items-back-in-stock'),
    roles: admin,
    summary: 'E-mail the given requests, or the waiting requests of an item, now (in the background)',
    tags,
    body: reportItemsBackInStockRequest,
    response: emptyResponse,
    async handler(ctx, { body }) {
      await reportItemsBackInStock(ctx, body);
      return {};
    },
  });
  r.route({
    method: 'GET',
    url: at(),
    roles: admin,
    summary: 'Query requests (cursor paging; the query in `.r`)',
    tags,
    query: queryBackInStockRequests,
    response: queryBackInStockResponse,
    async handler(ctx, { query }) {
      return queryRequests(ctx, query.query);
    },
  });
  r.route({
    method: 'POST',
    url: at('/query'),
    roles: admin,
    summary: 'Query requests (the long-query fallback)',
    tags,
    body: queryBackInStockRequests,
    response: queryBackInStockResponse,
    async handler(ctx, { body }) {
      return queryRequests(ctx, body.query);
    },
  });
  r.route({
    method: 'GET',
    url: at('/:id'),
    roles: shoppers,
    summary: 'A request (shoppers: their own)',
    tags,
    params: byId,
    response: backInStockRequestResponse,
    async handler(ctx, { params }) {
      return { request: await getRequest(ctx, params.id) };
    },
  });
  r.route({
    method: 'DELETE',
    url: at('/:id'),
    roles: shoppers,
    summary: 'Delete a request (shoppers: their own)',
    tags,
    params: byId,
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deleteRequest(ctx, params.id);
      return {};
    },
  });
  r.route({
    method: 'PUT',
    url: at('/:id/mark-as-notification-sent'),
    roles: admin,
    summary: 'Record that the shopper was told some other way (NOTIFICATION_SENT, autoNotified false)',
    tags,
    params: byId,
    body: markAsNotificationSentRequest,
    response: backInStockRequestResponse,
    async handler(ctx, { params, body }) {
      if (body.id !== undefined && body.id !== params.id) throw violation('id', 'must match the path');
      return { request: await markAsNotificationSent(ctx, params.id) };
    },
  });
  r.route({
    method: 'GET',
    url: UNSUBSCRIBE_PATH,
    roles: 'any',
    summary: "The back-in-stock e-mail's unsubscribe link: a page whose button withdraws the request",
    tags,
    query: backInStockUnsubscribeQuery,
    response: noJsonResponse,
    async handler(ctx, { query }, _req, reply) {
      const page = await unsubscribePage(ctx, query.token);
      return reply.status(page.status).headers(page.headers).send(page.html);
    },
  });
  r.route({
    method: 'POST',
    url: UNSUBSCRIBE_PATH,
    roles: 'any',
    summary: 'Withdraw the request an unsubscribe link names (deletes it; no sign-in)',
    tags,
    body: backInStockUnsubscribeRequest,
    response: emptyResponse,
    async handler(ctx, { body }) {
      await unsubscribe(ctx, body.token);
      return {};
    },
  });
}
