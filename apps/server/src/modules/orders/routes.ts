import {
  addActivityRequest,
  addActivityResponse,
  bulkUpdateOrdersRequest,
  bulkUpdateOrdersResponse,
  bulkUpdateOrderTagsRequest,
  bulkUpdateOrderTagsResponse,
  cancelOrderRequest,
  createOrderRequest,
  exportOrdersQuery,
  exportOrdersResponse,
  id,
  openOrderLinkRequest,
  openOrderLinkResponse,
  orderResponse,
  searchOrdersRequest,
  searchOrdersResponse,
  updateOrderRequest,
  updateOrderStatusRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import { violation } from '../../platform/errors.ts';
import type { Router } from '../../platform/http/route.ts';
import { cancelOrder } from './cancel.ts';
import { localTime } from './csv.ts';
import { exportOrders } from './export.ts';
import { fulfillmentRoutes } from './fulfillment-routes.ts';
import {
  addOrderActivity,
  bulkUpdateOrders,
  bulkUpdateOrderTags,
  createOrder,
  updateOrder,
  updateOrderStatus,
} from './manage.ts';
import { openOrderLink } from './order-status.ts';
import { getOrder, searchOrders } from './service.ts';

const O = '/ecom/v1/orders';
const tags = ['orders'] as const;
const byId = z.object({ id });
const buyers = ['visitor', 'member', 'admin'] as const;
const samePath = (given: string | undefined, path: string, field: string) => {
  if (given !== undefined && given !== path) throw violation(field, 'must match the path');
};

export function ordersRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: `${O}/link/open`,
    roles: 'any',
    tags,
    body: openOrderLinkRequest,
    response: openOrderLinkResponse,
    summary:
      "The order a visitor's order e-mail links to, with its fulfillments (400 INVALID_ORDER_LINK when tampered or expired)",
    handler: (ctx, { body }) => openOrderLink(ctx, body.token),
  });
  r.route({
    method: 'POST',
    url: `${O}/search`,
    roles: buyers,
    tags,
    body: searchOrdersRequest,
    response: searchOrdersResponse,
    summary: 'Search orders (filter, sort, cursor paging); buyers see only their own',
    async handler(ctx, { body }) {
      return searchOrders(ctx, body.search);
    },
  });
  r.route({
    method: 'GET',
    url: `${O}/export`,
    roles: ['admin'],
    tags,
    query: exportOrdersQuery,
    response: exportOrdersResponse,
    produces: 'text/csv',
    summary:
      "Every order a search finds as CSV, one row per line item (Vitrine's own: the dashboard's export)",
    async handler(ctx, { query }, _req, reply) {
      const zone = query.timeZone ?? 'UTC';
      const csv = await exportOrders(ctx, query.search ?? {}, zone);
      const day = localTime(zone)(ctx.clock.now().toISOString()).slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .send(csv);
    },
  });
  r.route({
    method: 'POST',
    url: O,
    roles: ['admin'],
    tags,
    body: createOrderRequest,
    response: orderResponse,
    summary: 'Create (import) an order; amounts, currency, weight unit and channel are checked',
    async handler(ctx, { body }) {
      return { order: await createOrder(ctx, body) };
    },
  });
  r.route({
    method: 'GET',
    url: `${O}/:id`,
    roles: buyers,
    tags,
    params: byId,
    response: orderResponse,
    summary: 'An order by id (buyers: their own only)',
    async handler(ctx, { params }) {
      return { order: await getOrder(ctx, params.id) };
    },
  });
  r.route({
    method: 'PATCH',
    url: `${O}/:id`,
    roles: ['admin'],
    tags,
    params: byId,
    body: updateOrderRequest,
    response: orderResponse,
    summary: 'Update the editable fields of an order (field mask semantics)',
    async handler(ctx, { params, body }) {
      return { order: await updateOrder(ctx, params.id, body.order, body.fieldMask) };
    },
  });
  r.route({
    method: 'POST',
    url: '/ecom/v1/bulk/orders/update',
    roles: ['admin'],
    tags,
    body: bulkUpdateOrdersRequest,
    response: bulkUpdateOrdersResponse,
    summary: 'Update several orders; each succeeds or fails on its own',
    async handler(ctx, { body }) {
      return bulkUpdateOrders(ctx, body.orders, body.returnEntity ?? false);
    },
  });
  r.route({
    method: 'POST',
    url: `${O}/:id/cancel`,
    roles: ['admin'],
    tags,
    params: byId,
    body: cancelOrderRequest,
    response: orderResponse,
    summary: 'Cancel an order (optionally e-mail the buyer and return the items to stock)',
    async handler(ctx, { params, body }) {
      samePath(body.id, params.id, 'id');
      return { order: await cancelOrder(ctx, params.id, body) };
    },
  });
  r.route({
    method: 'POST',
    url: '/ecom/v1/bulk/orders/update-tags',
    roles: ['admin'],
    tags,
    body: bulkUpdateOrderTagsRequest,
    response: bulkUpdateOrderTagsResponse,
    summary: 'Assign and unassign order tags on several orders',
    async handler(ctx, { body }) {
      return bulkUpdateOrderTags(ctx, body.orderIds, body.assignTags, body.unassignTags);
    },
  });
  r.route({
    method: 'POST',
    url: `${O}/:id/activities`,
    roles: ['admin'],
    tags,
    params: byId,
    body: addActivityRequest,
    summary: 'Add a merchant comment or a custom activity to an order',
    response: addActivityResponse,
    async handler(ctx, { params, body }) {
      samePath(body.id, params.id, 'id');
      return addOrderActivity(ctx, params.id, body.activity);
    },
  });
  r.route({
    method: 'POST',
    url: `${O}/:orderId/update-status`,
    roles: ['admin'],
    tags,
    params: z.object({ orderId: id }),
    body: updateOrderStatusRequest,
    response: orderResponse,
    summary: 'Move an order along the status transition table',
    async handler(ctx, { params, body }) {
      samePath(body.orderId, params.orderId, 'orderId');
      return { order: await updateOrderStatus(ctx, params.orderId, body.status) };
    },
  });
  fulfillmentRoutes(r);
}
