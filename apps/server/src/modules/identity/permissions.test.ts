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
 * Walks every registered identity and OAuth route (`/_api/iam/…` and its `/iam/…` alias, `/oauth2/…`,
 * `/oauth/…`) with every kind of caller. The table says who may call each route: a route missing
 * from it fails the test until someone decides its roles. Signing in, recovery, verification, the
 * captcha and the token endpoint are open by nature (the caller has no token yet, or proves who it
 * is in the body); what acts on a signed-in member's account is the member's; clients and sign-ons
 * are the merchant's.
 */
const ADMIN: Role[] = ['admin'];
const MEMBER: Role[] = ['member'];
const AUTH = 'POST /iam/authentication';
const EXPECTED: Record<string, Expected> = {
  // recovery and verification (routes-recovery.ts)
  'POST /iam/recovery/v1/send-email': ANY,
  'POST /iam/recovery/v1/activation-email': ADMIN,
  'POST /iam/recovery/v1/recover': ANY,
  'POST /iam/recovery/v1/link-status': ANY,
  'POST /iam/recovery/v1/resend-email': ANY,
  'POST /iam/verification/v1/start': ANY,
  'POST /iam/verification/v1/Start': ANY,
  'POST /iam/verification/v1/auth/verify': ANY,
  'POST /iam/verification/v1/auth/resend': ANY,
  // authentication (routes.ts)
  [`${AUTH}/v2/register`]: ANY,
  [`${AUTH}/v2/login`]: ANY,
  [`${AUTH}/v2/validate-email`]: ANY,
  [`${AUTH}/v2/:factorType/verify`]: ANY,
  [`${AUTH}/v2/sign-on`]: ADMIN,
  'GET /iam/authentication/v1/logout': ANY,
  [`${AUTH}/v2/change-password`]: MEMBER,
  [`${AUTH}/v2/factors/totp/enroll`]: MEMBER,
  [`${AUTH}/v2/factors/totp/confirm`]: MEMBER,
  'GET /iam/authentication/v2/factors': MEMBER,
  [`${AUTH}/v2/factors/totp/remove`]: MEMBER,
  'GET /iam/authentication/v2/sessions': MEMBER,
  [`${AUTH}/v2/sessions/:sessionId/end`]: MEMBER,
  [`${AUTH}/v2/sessions/end-others`]: MEMBER,
  'GET /iam/authentication/v1/sso/login/:tenantId/:idpConnectionId': ANY,
  'GET /iam/authentication/v1/callback': ANY,
  [`${AUTH}/v1/sso/login-with-token-params`]: ANY,
  'GET /iam/captcha/v1/challenge': ANY,
  'GET /iam/captcha/v1/config': ANY,
  // the OAuth server (oauth/*routes.ts)
  'POST /oauth2/token': ANY,
  'POST /oauth/token': ANY,
  'POST /oauth2/token-info': ANY,
  'GET /oauth2/jwks': ANY,
  'GET /oauth2/user-info': MEMBER,
  'GET /oauth2/authorize': ANY,
  'POST /oauth2/authorize/complete': ANY,
  'POST /oauth2/session': ANY,
  'GET /oauth2/logout': ANY,
  'POST /oauth2/v1/clients': ADMIN,
  'POST /oauth2/v1/clients/query': ADMIN,
  'GET /oauth2/v1/clients/:id': ADMIN,
  'PATCH /oauth2/v1/clients/:id': ADMIN,
  'DELETE /oauth2/v1/clients/:id': ADMIN,
};

const OURS = /^\/(_api\/)?iam\/|^\/oauth2?\//;
const keyOf = (r: RegisteredRoute) => `${r.method} ${r.url.replace(/^\/_api/, '')}`;

let s: TestServer;
let auth: Callers;
beforeAll(async () => {
  s = await startTestServer({ env: { PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1' } });
  auth = await shopCallers(s);
});
afterAll(async () => {
  await s?.stop();
});
const ours = () => s.app.router.routes.filter((r) => OURS.test(r.url));

describe('identity and OAuth permission matrix', () => {
  it('has an expected role set for every identity and OAuth route, equal to the registered one', () => {
    const keys = new Set(ours().map(keyOf));
    expect([...keys].sort()).toEqual(Object.keys(EXPECTED).sort());
    expectTabledRoles(ours(), EXPECTED, keyOf);
  });

  it('answers 401 to anonymous callers and 403 to roles not listed on the closed routes, and never 500 (SSO answers 501)', async () => {
    // The ones that sign a caller out (or might) last: the later calls keep their callers.
    const last = (url: string) => Number(/logout|sessions\/|change-password|factors\/totp/.test(url));
    const routes = ours().sort((a, b) => last(a.url) - last(b.url));
    const seen = await walkRoles(s, routes, EXPECTED, keyOf, auth, { documented5xx: 501 });
    expect(seen.length).toBe(routes.length * 4);
    // The member's session outlived the walk's sign-outs (none named it), so the member routes
    // above answered as the member, not as an ended session.
    const me = await s.request('GET', '/iam/authentication/v2/sessions', { auth: auth.member });
    expect(me.status).toBe(200);
  });
});
