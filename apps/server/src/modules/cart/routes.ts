import {
  addToCartRequest,
  cartResponse,
  createCheckoutFromCartRequest,
  createCheckoutFromCartResponse,
  emptyResponse,
  estimateTotalsRequest,
  estimateTotalsResponse,
  removeLineItemsRequest,
  updateCurrentCartRequest,
  updateQuantityRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.ts';
import {
  addToCurrentCart,
  createCheckoutFromCurrentCart,
  deleteCurrentCart,
  estimateCurrentCartTotals,
  currentCartAnswer,
  removeCouponFromCurrentCart,
  removeLineItemsFromCurrentCart,
  updateCurrentCart,
  updateCurrentCartLineItemQuantity,
} from './service.ts';

const C = '/ecom/v1/carts/current';
const tags = ['cart'] as const;
/** Shoppers, and apps acting for one with an elevated `<token>,<API key>` header. */
const roles = ['visitor', 'member', 'admin'] as const;

export function cartRoutes(r: Router) {
  r.route({
    method: 'GET',
    url: C,
    roles,
    summary: "The caller's current cart, priced now",
    tags,
    response: cartResponse,
    async handler(ctx) {
      return currentCartAnswer(ctx);
    },
  });
  r.route({
    method: 'PATCH',
    url: C,
    roles,
    summary: 'Update cart info, apply a coupon, add items; merchant discounts for apps',
    tags,
    body: updateCurrentCartRequest,
    response: cartResponse,
    async handler(ctx, { body }) {
      return { cart: await updateCurrentCart(ctx, body) };
    },
  });
  r.route({
    method: 'DELETE',
    url: C,
    roles,
    summary: 'Delete the current cart',
    tags,
    response: emptyResponse,
    async handler(ctx) {
      await deleteCurrentCart(ctx);
      return {};
    },
  });
  r.route({
    method: 'POST',
    url: `${C}/add-to-cart`,
    roles,
    summary: 'Add catalog items (custom line items: apps only)',
    tags,
    body: addToCartRequest,
    response: cartResponse,
    async handler(ctx, { body }) {
      return { cart: await addToCurrentCart(ctx, body) };
    },
  });
  r.route({
    method: 'POST',
    url: `${C}/remove-line-items`,
    roles,
    summary: 'Remove line items',
    tags,
    body: removeLineItemsRequest,
    response: cartResponse,
    async handler(ctx, { body }) {
      return { cart: await removeLineItemsFromCurrentCart(ctx, body.lineItemIds) };
    },
  });
  r.route({
    method: 'POST',
    url: `${C}/update-line-items-quantity`,
    roles,
    summary: 'Change line item quantities',
    tags,
    body: updateQuantityRequest,
    response: cartResponse,
    async handler(ctx, { body }) {
      return { cart: await updateCurrentCartLineItemQuantity(ctx, body.lineItems) };
    },
  });
  r.route({
    method: 'POST',
    url: `${C}/remove-coupon`,
    roles,
    summary: 'Remove the coupon',
    tags,
    body: z.strictObject({}),
    response: cartResponse,
    async handler(ctx) {
      return { cart: await removeCouponFromCurrentCart(ctx) };
    },
  });
  r.route({
    method: 'POST',
    url: `${C}/create-checkout`,
    roles,
    summary: 'Create a checkout from the current cart',
    tags,
    body: createCheckoutFromCartRequest,
    response: createCheckoutFromCartResponse,
    async handler(ctx, { body }) {
      return createCheckoutFromCurrentCart(ctx, body);
    },
  });
  r.route({
    method: 'POST',
    url: `${C}/estimate-totals`,
    roles,
    summary: 'Totals with shipping, tax and discounts for an address',
    tags,
    body: estimateTotalsRequest,
    response: estimateTotalsResponse,
    async handler(ctx, { body }) {
      return estimateCurrentCartTotals(ctx, body);
    },
  });
}
