import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../platform/context.ts';
import type { RegisteredRoute } from '../../platform/http/route.ts';
import {
  ANY,
  expectTabledRoles,
  shopCallers,
  walkRoles,
  type Callers,
  type Expected,
} from '../../test/permissions.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';

/**
 * Walks every registered members route (ours and the read/write API's; new routes are picked up
 * from the router) with every kind of caller. The table says who may call each route: a route
 * missing from it fails the test until someone decides its roles.
 */
const ADMIN: Role[] = ['admin'];
const MEMBER: Role[] = ['member'];
/** The member for their own record only (the handler answers 403 for another member's id). */
const SELF_OR_ADMIN: Role[] = ['member', 'admin'];
const EXPECTED: Record<string, Expected> = {
  // member actions (routes-actions.ts)
  'POST /:id/mute': ADMIN,
  'POST /:id/unmute': ADMIN,
  'POST /:id/approve': ADMIN,
  'POST /:id/block': ADMIN,
  'POST /:id/disconnect': ADMIN,
  'GET /:id/sessions': ADMIN,
  'DELETE /:id': ADMIN,
  'DELETE /my': MEMBER,
  'POST /bulk/delete': ADMIN,
  'POST /bulk/delete-by-filter': ADMIN,
  'POST /bulk/approve-by-filter': ADMIN,
  'POST /bulk/block-by-filter': ADMIN,
  'GET /bulk/jobs/:jobId': ADMIN,
  // read/write API (routes.ts): public views open (fieldsets decide what shows); self-service the member's
  'GET ': ANY,
  'POST /query': ANY,
  'GET /:id': ANY,
  'GET /my': MEMBER,
  'POST /my/slug': MEMBER,
  'POST /join-community': MEMBER,
  'POST /leave-community': MEMBER,
  'POST ': ADMIN,
  'PATCH /:id': SELF_OR_ADMIN,
  'POST /:id/slug': SELF_OR_ADMIN,
  'DELETE /:id/phones': SELF_OR_ADMIN,
  'DELETE /:id/emails': SELF_OR_ADMIN,
  'DELETE /:id/addresses': SELF_OR_ADMIN,
};

const PREFIXES = ['/_api/members/v1/members', '/members/v1/members'];
const keyOf = (r: RegisteredRoute) =>
  `${r.method} ${r.url.slice(PREFIXES.find((p) => r.url.startsWith(p))!.length)}`;

let s: TestServer;
let auth: Callers;
beforeAll(async () => {
  s = await startTestServer({ env: { PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1' } });
  auth = await shopCallers(s);
});
afterAll(async () => {
  await s?.stop();
});

describe('members permission matrix', () => {
  it('has an expected role set for every members route, equal to the registered one', () => {
    const routes = s.app.router.routes.filter((r) => PREFIXES.some((p) => r.url.startsWith(p)));
    expect(routes.length).toBeGreaterThanOrEqual(24); // at least the actions' 12 routes × 2 paths
    expectTabledRoles(routes, EXPECTED, keyOf);
  });

  it('answers 401 to anonymous callers, 403 to roles not listed, and never 500', async () => {
    // DELETE /my last: it deletes the calling member.
    const routes = s.app.router.routes
      .filter((r) => PREFIXES.some((p) => r.url.startsWith(p)))
      .sort((a, b) => Number(keyOf(a) === 'DELETE /my') - Number(keyOf(b) === 'DELETE /my'));
    // A member may be refused another member's record (the unknown id), never an admin.
    const seen = await walkRoles(s, routes, EXPECTED, keyOf, auth, { neverForbidden: ['admin'] });
    expect(seen.length).toBe(routes.length * 4);
  });
});
