import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../platform/context.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../test/server.ts';
import { anonymousTokens, memberTokens, shopClient } from '../../test/oauth.ts';

/**
 * Walks every registered members route (ours and the read/write API's; new routes are picked up
 * from the router) with every kind of caller. The table says who may call each route: a route
 * missing from it fails the test until someone decides its roles.
 */
const ANY = 'any' as const;
const ADMIN: Role[] = ['admin'];
const MEMBER: Role[] = ['member'];
/** The member for their own record only (the handler answers 403 for another member's id). */
const SELF_OR_ADMIN: Role[] = ['member', 'admin'];
const EXPECTED: Record<string, readonly Role[] | typeof ANY> = {
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
const keyOf = (method: string, url: string) =>
  `${method} ${url.slice(PREFIXES.find((p) => url.startsWith(p))!.length)}`;
const NOBODY = '0190c0de-0000-7000-8000-00000000dead';

let s: TestServer;
const auth: Record<'anonymous' | Role, string | null> = {
  anonymous: null,
  visitor: null,
  member: null,
  admin: ADMIN_KEY,
};
beforeAll(async () => {
  s = await startTestServer({ env: { PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1' } });
  const clientId = await shopClient(s);
  auth.visitor = (await anonymousTokens(s, clientId)).access_token;
  auth.member = (await memberTokens(s, clientId)).tokens.access_token;
});
afterAll(async () => {
  await s?.stop();
});

describe('members permission matrix', () => {
  it('has an expected role set for every members route, equal to the registered one', () => {
    const routes = s.app.router.routes.filter((r) => PREFIXES.some((p) => r.url.startsWith(p)));
    expect(routes.length).toBeGreaterThanOrEqual(24); // at least the actions' 12 routes × 2 paths
    for (const r of routes) {
      const key = keyOf(r.method, r.url);
      expect(EXPECTED[key], `no expected roles for ${key}: add it to the table`).toBeDefined();
      const registered = r.roles === ANY ? ANY : [...r.roles].sort();
      const expected = EXPECTED[key] === ANY ? ANY : [...(EXPECTED[key] as Role[])].sort();
      expect(registered, key).toEqual(expected);
    }
  });

  it('answers 401 to anonymous callers, 403 to roles not listed, and never 500', async () => {
    // DELETE /my last: it deletes the calling member.
    const routes = s.app.router.routes
      .filter((r) => PREFIXES.some((p) => r.url.startsWith(p)))
      .sort(
        (a, b) =>
          Number(keyOf(a.method, a.url) === 'DELETE /my') - Number(keyOf(b.method, b.url) === 'DELETE /my'),
      );
    const seen: string[] = [];
    for (const r of routes) {
      const path = r.url.replace(/:[A-Za-z]+/g, NOBODY);
      const allowed = EXPECTED[keyOf(r.method, r.url)] ?? ADMIN;
      for (const kind of ['anonymous', 'visitor', 'member', 'admin'] as const) {
        const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
        const res = await s.request(r.method, path, { ...(body ? { body } : {}), auth: auth[kind] });
        const label = `${kind} ${r.method} ${r.url} → ${res.status} ${JSON.stringify(res.body)}`;
        seen.push(label);
        expect(res.status, label).toBeLessThan(500);
        if (allowed === ANY) continue;
        if (kind === 'anonymous') expect(res.status, label).toBe(401);
        else if (!allowed.includes(kind)) expect(res.status, label).toBe(403);
        else if (kind === 'admin') expect(res.status, label).not.toBe(403);
      }
    }
    expect(seen.length).toBe(routes.length * 4);
  });
});
