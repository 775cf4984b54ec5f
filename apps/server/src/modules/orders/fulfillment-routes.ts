import {
  bulkCreateFulfillmentsRequest,
  bulkCreateFulfillmentsResponse,
  createFulfillmentRequest,
  createFulfillmentResponse,
  deleteFulfillmentResponse,
  id,
  listFulfillmentsForOrdersRequest,
  listFulfillmentsForOrdersResponse,
  listFulfillmentsResponse,
  updateFulfillmentRequest,
  updateFulfillmentResponse,
} from '@vitrine/contract';
import { z } from 'zod';
import { violation } from '../../platform/errors.ts';
import type { Router } from '../../platform/http/route.ts';
import { bulkCreateFulfillments, deleteFulfillment, updateFulfillment } from './fulfillment-changes.ts';
import { createFulfillment, listFulfillments, listFulfillmentsForOrders } from './fulfillments.ts';

const F = '/ecom/v1/fulfillments/orders';
const tags = ['orders'] as const;
const byOrder = z.object({ orderId: id });
// Ids that are not GUIDs name nothing: 404, as for an unknown one.
const oneFulfillment = z.object({ fulfillmentId: z.string().max(100), orderId: z.string().max(100) });

/** The Order Fulfillments API (`@wix/ecom` orderFulfillments): create, update, delete, list for one order or several. */
export function fulfillmentRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: `${F}/:orderId/create-fulfillment`,
    roles: ['admin'],
    tags,
    params: byOrder,
    body: createFulfillmentRequest,
    response: createFulfillmentResponse,
    summary: 'Fulfill line items of an order, with tracking info; e-mails the buyer',
    async handler(ctx, { params, body }) {
      if (body.orderId !== undefined && body.orderId !== params.orderId)
        throw violation('orderId', 'must match the path');
      return createFulfillment(ctx, params.orderId, body.fulfillment);
    },
  });
  r.route({
    method: 'GET',
    url: `${F}/:orderId`,
    roles: ['visitor', 'member', 'admin'],
    tags,
    params: byOrder,
    response: listFulfillmentsResponse,
    summary: 'The fulfillments of one order (its buyer or an admin)',
    async handler(ctx, { params }) {
      return listFulfillments(ctx, params.orderId);
    },
  });
  r.route({
    method: 'POST',
    url: '/ecom/v1/fulfillments/list-by-ids',
    roles: ['visitor', 'member', 'admin'],
    tags,
    body: listFulfillmentsForOrdersRequest,
    response: listFulfillmentsForOrdersResponse,
    summary: 'The fulfillments of several orders (those the caller may see), in the order asked',
    async handler(ctx, { body }) {
      return listFulfillmentsForOrders(ctx, body.orderIds);
    },
  });
  r.route({
    method: 'PATCH',
    url: '/ecom/v1/fulfillments/:fulfillmentId/orders/:orderId',
    roles: ['admin'],
    tags,
    params: oneFulfillment,
    body: updateFulfillmentRequest,
    response: updateFulfillmentResponse,
    summary: "Correct a fulfillment's tracking, custom info, status or completion (not its items)",
    async handler(ctx, { params, body }) {
      return updateFulfillment(ctx, params.orderId, params.fulfillmentId, body);
    },
  });
  r.route({
    method: 'DELETE',
    url: '/ecom/v1/fulfillments/:fulfillmentId/orders/:orderId',
    roles: ['admin'],
    tags,
    params: oneFulfillment,
    response: deleteFulfillmentResponse,
    summary: 'Delete a fulfillment recorded by mistake: its items are to fulfil again',
    async handler(ctx, { params }) {
      return deleteFulfillment(ctx, params.orderId, params.fulfillmentId);
    },
  });
  r.route({
    method: 'POST',
    url: `${F}/bulk/create-fulfillments`,
    roles: ['admin'],
    tags,
    body: bulkCreateFulfillmentsRequest,
    response: bulkCreateFulfillmentsResponse,
    summary: "Fulfil many orders at once (each order's fulfillments together); buyers are e-mailed",
    async handler(ctx, { body }) {
      return bulkCreateFulfillments(ctx, body.ordersWithFulfillments);
    },
  });
}
