import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../platform/context.ts';
import { ADMIN_KEY, type TestServer } from '../../test/server.ts';
import { ordersServer } from '../../test/orders.ts';

/**
 * Walks every registered orders and fulfillments route with every kind of caller. A route missing
 * from the table fails the test until someone decides its roles.
 */
const ADMIN: Role[] = ['admin'];
const BUYERS: Role[] = ['visitor', 'member', 'admin'];
/** Anyone with the link's token (a visitor's order e-mail), signed in or not. */
const ANY = 'any' as const;
const EXPECTED: Record<string, readonly Role[] | typeof ANY> = {
  'POST /ecom/v1/orders/link/open': ANY,
  'POST /ecom/v1/orders/search': BUYERS,
  'GET /ecom/v1/orders/:id': BUYERS,
  'GET /ecom/v1/orders/export': ADMIN,
  'GET /ecom/v1/fulfillments/orders/:orderId': BUYERS,
  'POST /ecom/v1/fulfillments/list-by-ids': BUYERS,
  'PATCH /ecom/v1/fulfillments/:fulfillmentId/orders/:orderId': ADMIN,
  'DELETE /ecom/v1/fulfillments/:fulfillmentId/orders/:orderId': ADMIN,
  'POST /ecom/v1/fulfillments/orders/bulk/create-fulfillments': ADMIN,
  'POST /ecom/v1/orders': ADMIN,
  'PATCH /ecom/v1/orders/:id': ADMIN,
  'POST /ecom/v1/bulk/orders/update': ADMIN,
  'POST /ecom/v1/orders/:id/cancel': ADMIN,
  'POST /ecom/v1/bulk/orders/update-tags': ADMIN,
  'POST /ecom/v1/orders/:id/activities': ADMIN,
  'POST /ecom/v1/orders/:orderId/update-status': ADMIN,
  'POST /ecom/v1/fulfillments/orders/:orderId/create-fulfillment': ADMIN,
};
const PREFIXES = ['/ecom/v1/orders', '/ecom/v1/bulk/orders', '/ecom/v1/fulfillments'];
const NOBODY = '0190c0de-0000-7000-8000-00000000dead';
const auth: Record<'anonymous' | Role, string | null> = {
  anonymous: null,
  visitor: 'visitor:v-perm',
  member: 'member:m-perm',
  admin: ADMIN_KEY,
};

let s: TestServer;
beforeAll(async () => {
  s = await ordersServer();
});
afterAll(async () => {
  await s?.stop();
});
const ours = () => s.app.router.routes.filter((r) => PREFIXES.some((p) => r.url.startsWith(p)));

describe('orders permission matrix', () => {
  it('has an expected role set for every orders route, equal to the registered one', () => {
    expect(ours().length).toBe(Object.keys(EXPECTED).length);
    for (const r of ours()) {
      const key = `${r.method} ${r.url}`;
      expect(EXPECTED[key], `no expected roles for ${key}: add it to the table`).toBeDefined();
      const expected = EXPECTED[key]!;
      expect(r.roles === 'any' ? 'any' : [...r.roles].sort(), key).toEqual(
        expected === ANY ? ANY : [...expected].sort(),
      );
    }
  });

  it('answers 401 to anonymous callers, 403 to roles not listed, 404 for unknown orders, and never 500', async () => {
    for (const r of ours()) {
      const path = r.url.replace(/:[A-Za-z]+/g, NOBODY);
      const allowed = EXPECTED[`${r.method} ${r.url}`]!;
      for (const kind of ['anonymous', 'visitor', 'member', 'admin'] as const) {
        const body = r.method === 'GET' ? undefined : {};
        const res = await s.request(r.method, path, { ...(body ? { body } : {}), auth: auth[kind] });
        const label = `${kind} ${r.method} ${r.url} → ${res.status} ${JSON.stringify(res.body)}`;
        expect(res.status, label).toBeLessThan(500);
        if (allowed === ANY) expect([200, 400], label).toContain(res.status);
        else if (kind === 'anonymous') expect(res.status, label).toBe(401);
        else if (!allowed.includes(kind)) expect(res.status, label).toBe(403);
        else expect([200, 400, 404], label).toContain(res.status);
      }
    }
  });
});
