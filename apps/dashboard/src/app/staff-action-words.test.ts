import { describe, expect, it } from 'vitest';
import { actionWords } from './staff-action-words.ts';

const ok = (method: string, route: string) => actionWords({ method, route, status: 200 });

describe('actionWords', () => {
  it('says what was done to an order, its payments and fulfilments, whichever alias was called', () => {
    expect(ok('POST', '/ecom/v1/payments-collector/orders/:ecomOrderId/capture-authorized-payments')).toBe(
      'captured a payment',
    );
    expect(ok('POST', '/_api/v1/payments-collector/orders/:ecomOrderId/void-authorized-payments')).toBe(
      'voided an authorization',
    );
    expect(ok('POST', '/ecom/v1/payments-collector/orders/:ecomOrderId/trigger-refund')).toBe(
      'refunded a payment',
    );
    expect(ok('POST', '/ecom/v1/orders/:id/activities')).toBe('added a note');
    expect(ok('POST', '/ecom/v1/orders/:id/cancel')).toBe('canceled the order');
    expect(ok('POST', '/ecom/v1/fulfillments/orders/:orderId/create-fulfillment')).toBe('fulfilled items');
    expect(ok('PATCH', '/ecom/v1/fulfillments/:fulfillmentId/orders/:orderId')).toBe(
      "edited a shipment's tracking",
    );
    expect(ok('DELETE', '/ecom/v1/fulfillments/:fulfillmentId/orders/:orderId')).toBe('deleted a shipment');
  });

  it('says what was done to a member and a product', () => {
    expect(ok('POST', '/members/v1/members/:id/mute')).toBe('muted the member');
    expect(ok('POST', '/_api/members/v1/members/:id/block')).toBe('blocked the member');
    expect(ok('POST', '/stores/v3/products-with-inventory')).toBe('created the product');
    expect(ok('PATCH', '/stores/v3/products-with-inventory/:productId')).toBe('edited the product');
    expect(ok('DELETE', '/stores/v3/products/:productId')).toBe('deleted the product');
    expect(ok('POST', '/stores/v3/bulk/inventory-items/decrement')).toBe('adjusted the stock');
  });

  it('says a refused attempt was refused, and never shows a route of its own', () => {
    expect(
      actionWords({
        method: 'POST',
        route: '/ecom/v1/fulfillments/orders/:orderId/create-fulfillment',
        status: 409,
      }),
    ).toBe('tried to fulfil items (refused)');
    expect(ok('POST', '/something/v1/new-thing')).toBe('made a change');
    expect(ok('PATCH', '/something/v1/things/:id')).toBe('edited it');
    expect(actionWords({ method: 'DELETE', route: '/x/v1/y/:id', status: 403 })).toBe(
      'tried to delete it (refused)',
    );
  });
});
