import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../platform/context.ts';
import type { RegisteredRoute } from '../../platform/http/route.ts';
import { expectTabledRoles, shopCallers, walkRoles, type Expected } from '../../test/permissions.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';

/**
 * Walks every payments route (the collector on its three prefixes, and the hosted checkout's own pay
 * calls) with every kind of caller. A route missing from the table fails until someone decides its roles.
 */
const ADMIN: Role[] = ['admin'];
/** The order's own buyer (anyone else is told the order does not exist) and admins. */
const BUYERS: Role[] = ['visitor', 'member', 'admin'];
const EXPECTED: Record<string, Expected> = {
  'POST /prepare-payment-collection': ADMIN,
  'GET /payment-collectability-status': ADMIN,
  'POST /capture-authorized-payments': ADMIN,
  'POST /void-authorized-payments': ADMIN,
  'GET /transactions': BUYERS,
  'GET /refundability': ADMIN,
  'POST /trigger-refund': ADMIN,
  'POST /mark-as-paid': ADMIN,
  'POST /payments/v1/test-gateway/pay': BUYERS,
  'POST /payments/v1/offline-payment': BUYERS,
};
/** The collector's routes by their own path (one entry for its three prefixes), the rest by their url. */
const keyOf = (r: RegisteredRoute) =>
  `${r.method} ${r.url.replace(/^.*\/payments-collector\/orders\/:ecomOrderId/, '')}`;
const ours = () =>
  s.app.router.routes.filter((r) => r.url.includes('/payments-collector/') || r.url.startsWith('/payments/'));

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

describe('payments permission matrix', () => {
  it('has an expected role set for every payments route, equal to the registered one', () => {
    // Eight collector calls on three prefixes, and the two pay calls of the hosted checkout.
    expect(ours()).toHaveLength(8 * 3 + 2);
    expectTabledRoles(ours(), EXPECTED, keyOf);
  });

  it('answers 401 to anonymous callers, 403 to roles not listed, and never 500', async () => {
    const seen = await walkRoles(s, ours(), EXPECTED, keyOf, await shopCallers(s));
    expect(seen).toHaveLength(ours().length * 4);
  });
});
