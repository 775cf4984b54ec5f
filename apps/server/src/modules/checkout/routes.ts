import {
  addToCheckoutRequest,
  checkoutIdBody,
  checkoutResponse,
  checkoutUrlResponse,
  createCheckoutRequest,
  createOrderFromCheckoutRequest,
  createOrderFromCheckoutResponse,
  emptyResponse,
  idParams,
  markCompletedRequest,
  merchantCheckoutsQuery,
  merchantCheckoutsResponse,
  removeLineItemsRequest,
  updateCheckoutRequest,
  updateQuantityRequest,
} from '@vitrine/contract';
import type { Router } from '../../platform/http/route.ts';
import { violation } from '../../platform/errors.ts';
import {
  addToCheckout,
  createCheckout,
  getCheckout,
  getCheckoutByCartId,
  getCheckoutUrl,
  markCheckoutAsCompleted,
  removeCheckoutLineItems,
  removeCoupon,
  removeGiftCard,
  removeOverrideCheckoutUrl,
  updateCheckout,
  updateCheckoutLineItemsQuantity,
} from './service.ts';
import { createOrderFromCheckout } from './create-order.ts';
import { deleteMerchantCheckout, openMerchantCheckouts } from './merchant.ts';

const K = '/ecom/v1/checkouts';
const tags = ['checkout'] as const;
const roles = ['visitor', 'member', 'admin'] as const;

/** Bodies may repeat the path id (the SDK sends it); it must agree. */
function sameId(path: string, body: { id?: string } | undefined) {
  if (body?.id !== undefined && body.id !== path) throw violation('id', 'must match the path', 'VALIDATION');
}

export function checkoutRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: K,
    roles,
    summary: 'Create a checkout from line items',
    tags,
    body: createCheckoutRequest,
    response: checkoutResponse,
    async handler(ctx, { body }) {
      return { checkout: await createCheckout(ctx, body) };
    },
  });
  r.route({
    method: 'GET',
    url: `${K}/:id`,
    roles,
    summary: 'A checkout, priced now',
    tags,
    params: idParams,
    response: checkoutResponse,
    async handler(ctx, { params }) {
      return { checkout: await getCheckout(ctx, params.id) };
    },
  });
  r.route({
    method: 'GET',
    url: `${K}/payment-links`,
    roles: ['admin'],
    summary:
      "Open checkouts the merchant made for buyers (payment links not yet paid), newest first (Vitrine's own)",
    tags,
    query: merchantCheckoutsQuery,
    response: merchantCheckoutsResponse,
    handler: (ctx, { query }) =>
      openMerchantCheckouts(ctx, { cursor: query.cursor, limit: query.limit ?? 20 }),
  });
  r.route({
    method: 'DELETE',
    url: `${K}/:id`,
    roles: ['admin'],
    summary:
      "Delete a checkout made for a buyer that was not paid (its payment link then opens nothing; Vitrine's own)",
    tags,
    params: idParams,
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deleteMerchantCheckout(ctx, params.id);
      return {};
    },
  });
  r.route({
    method: 'GET',
    url: `${K}/by-cart-id/:id`,
    roles,
    summary: 'The latest checkout created from a cart',
    tags,
    params: idParams,
    response: checkoutResponse,
    async handler(ctx, { params }) {
      return { checkout: await getCheckoutByCartId(ctx, params.id) };
    },
  });
  r.route({
    method: 'GET',
    url: `${K}/:id/checkout-url`,
    roles,
    summary: 'The hosted checkout page URL',
    tags,
    params: idParams,
    response: checkoutUrlResponse,
    async handler(ctx, { params }) {
      return { checkoutUrl: await getCheckoutUrl(ctx, params.id) };
    },
  });
  r.route({
    method: 'PATCH',
    url: `${K}/:id`,
    roles,
    summary: 'Update buyer, billing and shipping info, coupon, gift card, items',
    tags,
    params: idParams,
    body: updateCheckoutRequest,
    response: checkoutResponse,
    async handler(ctx, { params, body }) {
      return { checkout: await updateCheckout(ctx, params.id, body) };
    },
  });
  const simple = [
    ['remove-coupon', 'Remove the coupon', removeCoupon],
    ['remove-gift-card', 'Remove the gift card', removeGiftCard],
    ['remove-override-checkout-url', 'Remove the override checkout URL', removeOverrideCheckoutUrl],
  ] as const;
  for (const [path, summary, fn] of simple) {
    r.route({
      method: 'POST',
      url: `${K}/:id/${path}`,
      roles,
      summary,
      tags,
      params: idParams,
      body: checkoutIdBody,
      response: checkoutResponse,
      async handler(ctx, { params, body }) {
        sameId(params.id, body);
        return { checkout: await fn(ctx, params.id) };
      },
    });
  }
  r.route({
    method: 'POST',
    url: `${K}/:id/add-to-checkout`,
    roles,
    summary: 'Add line items',
    tags,
    params: idParams,
    body: addToCheckoutRequest,
    response: checkoutResponse,
    async handler(ctx, { params, body }) {
      sameId(params.id, body);
      return { checkout: await addToCheckout(ctx, params.id, body) };
    },
  });
  r.route({
    method: 'POST',
    url: `${K}/:id/remove-line-items`,
    roles,
    summary: 'Remove line items',
    tags,
    params: idParams,
    body: removeLineItemsRequest,
    response: checkoutResponse,
    async handler(ctx, { params, body }) {
      sameId(params.id, body);
      return { checkout: await removeCheckoutLineItems(ctx, params.id, body.lineItemIds) };
    },
  });
  r.route({
    method: 'POST',
    url: `${K}/:id/update-line-items-quantity`,
    roles,
    summary: 'Change line item quantities',
    tags,
    params: idParams,
    body: updateQuantityRequest,
    response: checkoutResponse,
    async handler(ctx, { params, body }) {
      sameId(params.id, body);
      return { checkout: await updateCheckoutLineItemsQuantity(ctx, params.id, body.lineItems) };
    },
  });
  r.route({
    method: 'POST',
    url: `${K}/:id/create-order`,
    roles,
    summary: 'Place the order: stock, coupon and gift card taken, payment collection opened',
    tags,
    params: idParams,
    body: createOrderFromCheckoutRequest,
    response: createOrderFromCheckoutResponse,
    async handler(ctx, { params, body }) {
      sameId(params.id, body);
      return createOrderFromCheckout(ctx, params.id, body);
    },
  });
  r.route({
    method: 'POST',
    url: `${K}/:id/mark-as-completed`,
    roles: ['admin'],
    summary: 'Mark the checkout completed (an order was placed elsewhere)',
    tags,
    params: idParams,
    body: markCompletedRequest,
    response: emptyResponse,
    async handler(ctx, { params, body }) {
      sameId(params.id, body);
      await markCheckoutAsCompleted(ctx, params.id, body.orderId);
      return {};
    },
  });
}
