/**
 * Walks every checkout route (`/ecom/v1/checkouts…`, the hosted checkout's payment link routes
 * included) with every kind of caller. A route missing from the table fails the test until someone
 * decides its roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../platform/context.ts';
import { expectTabledRoles, shopCallers, walkRoles, type Expected } from '../../test/permissions.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';

const ADMIN: Role[] = ['admin'];
const SHOPPERS: Role[] = ['visitor', 'member', 'admin'];
const K = '/ecom/v1/checkouts';
const EXPECTED: Record<string, Expected> = {
  [`POST ${K}`]: SHOPPERS,
  [`GET ${K}/:id`]: SHOPPERS,
  [`PATCH ${K}/:id`]: SHOPPERS,
  [`DELETE ${K}/:id`]: ADMIN,
  [`GET ${K}/payment-links`]: ADMIN,
  [`GET ${K}/by-cart-id/:id`]: SHOPPERS,
  [`GET ${K}/:id/checkout-url`]: SHOPPERS,
  [`POST ${K}/:id/remove-coupon`]: SHOPPERS,
  [`POST ${K}/:id/remove-gift-card`]: SHOPPERS,
  [`POST ${K}/:id/remove-override-checkout-url`]: SHOPPERS,
  [`POST ${K}/:id/add-to-checkout`]: SHOPPERS,
  [`POST ${K}/:id/remove-line-items`]: SHOPPERS,
  [`POST ${K}/:id/update-line-items-quantity`]: SHOPPERS,
  [`POST ${K}/:id/create-order`]: SHOPPERS,
  [`POST ${K}/:id/mark-as-completed`]: ADMIN,
  [`POST ${K}/:id/payment-link`]: ADMIN,
  [`GET ${K}/:id/pay`]: 'any',
};
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

describe('checkout permission matrix', () => {
  it('has the expected roles for every checkout route, and answers each kind of caller as they allow', async () => {
    const routes = s.app.router.routes.filter((r) => r.url === K || r.url.startsWith(`${K}/`));
    expect(routes.map(key).sort()).toEqual(Object.keys(EXPECTED).sort());
    expectTabledRoles(routes, EXPECTED, key);
    const seen = await walkRoles(s, routes, EXPECTED, key, await shopCallers(s));
    expect(seen).toHaveLength(4 * routes.length);
  });
});
