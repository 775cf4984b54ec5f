import {
  captchaChallengeResponse,
  captchaConfigResponse,
  changePasswordRequest,
  emptyResponse,
  endOtherSessionsResponse,
  memberSessionsResponse,
  sessionIdParams,
  legacyVerifyRequest,
  loginRequest,
  logoutQuery,
  noJsonResponse,
  rawHttpResponse,
  registerRequest,
  signOnRequest,
  signOnResponse,
  stateMachineResponse,
  factorsResponse,
  totpConfirmRequest,
  totpConfirmResponse,
  totpEnrollResponse,
  totpRemoveRequest,
  validateEmailRequest,
  validateEmailResponse,
} from '@vitrine/contract';
import { z } from 'zod';
import type { Caller } from '../../platform/context.ts';
import { forbidden, violation } from '../../platform/errors.ts';
import type { Router } from '../../platform/http/route.ts';
import { newChallenge } from './captcha.ts';
import { ssoNotConfigured } from './errors.ts';
import { iam } from './paths.ts';
import { recoveryRoutes } from './routes-recovery.ts';
import {
  login,
  logoutLocation,
  malformedLogin,
  register,
  setPassword,
  signOn,
  validateEmail,
} from './service.ts';
import { endOtherSessions, endSession, sessionsOf } from './sessions.ts';
import { confirmTotp, enrollTotp, factorsOf, removeTotp } from './totp.ts';
import { verifyFactor } from './verification.ts';

const INVALID = Symbol('invalid');
type Invalid = { [INVALID]: readonly z.core.$ZodIssue[] };
/** A body schema that never fails (for docs it is the real schema): the handler turns problems into application errors. */
function lenient<S extends z.ZodType>(s: S) {
  return s.catch((c) => ({ [INVALID]: c.error.issues }) as never) as unknown as z.ZodType<
    z.output<S> | Invalid,
    z.input<S>
  >;
}

const memberId = (c: Caller) => {
  if (c.role !== 'member') throw forbidden();
  return c.memberId;
};
const tags = ['identity'];

export function identityRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: iam('authentication', '/v2/register'),
    roles: 'any',
    tags,
    summary: 'Sign up with e-mail and password',
    body: registerRequest,
    response: stateMachineResponse,
    handler: (ctx, { body }, req) => register(ctx, body, req.ip),
  });

  r.route({
    method: 'POST',
    url: iam('authentication', '/v2/login'),
    roles: 'any',
    tags,
    summary: 'Sign in with e-mail and password (errors are application errors only)',
    body: lenient(loginRequest),
    response: stateMachineResponse,
    handler(ctx, { body }, req) {
      if (INVALID in body) throw malformedLogin(body[INVALID]);
      return login(ctx, body, req.ip);
    },
  });

  r.route({
    method: 'POST',
    url: iam('authentication', '/v2/validate-email'),
    roles: 'any',
    tags,
    summary: 'Check an e-mail address',
    body: validateEmailRequest,
    response: validateEmailResponse,
    handler: async (_ctx, { body }) => validateEmail(body.email),
  });

  r.route({
    method: 'POST',
    url: iam('authentication', '/v2/change-password'),
    roles: ['member'],
    tags,
    summary: "Change the signed-in member's password",
    body: changePasswordRequest,
    response: emptyResponse,
    async handler(ctx, { body }) {
      const caller = ctx.caller;
      const keepSession = caller.role === 'member' ? caller.sessionId : undefined;
      await setPassword(ctx, memberId(caller), body.newPassword, 'newPassword', { keepSession });
      return {};
    },
  });

  r.route({
    method: 'POST',
    url: iam('authentication', '/v2/sign-on'),
    roles: ['admin'],
    owner: true,
    tags,
    summary: 'Trusted sign-in without credentials: find or create the identity, return a session token',
    body: signOnRequest,
    response: signOnResponse,
    handler: (ctx, { body }) => signOn(ctx, body),
  });

  r.route({
    method: 'GET',
    url: iam('authentication', '/v1/logout'),
    roles: 'any',
    tags,
    summary: 'Where to send the browser after signing out (raw HTTP answer, 302)',
    query: logoutQuery,
    response: rawHttpResponse,
    handler: async (ctx, { query }) => ({
      body: '',
      statusCode: 302,
      headers: [{ key: 'Location', value: await logoutLocation(ctx, query) }],
    }),
  });

  r.route({
    method: 'POST',
    url: iam('authentication', '/v2/:factorType/verify'),
    roles: 'any',
    tags,
    summary: 'Legacy: verify a factor (EMAIL, TOTP, RECOVERY_CODE) of a pending sign-in step',
    params: z.object({ factorType: z.string().max(50) }),
    body: legacyVerifyRequest,
    response: stateMachineResponse,
    handler(ctx, { params, body }, req) {
      if (body.factorType !== undefined && body.factorType !== params.factorType)
        throw violation('factorType', 'must match the path', 'VALIDATION');
      return verifyFactor(ctx, params.factorType, body, req.ip);
    },
  });

  r.route({
    method: 'POST',
    url: iam('authentication', '/v2/factors/totp/enroll'),
    roles: ['member'],
    tags,
    summary: 'Start setting up an authenticator app (TOTP)',
    response: totpEnrollResponse,
    handler: (ctx) => enrollTotp(ctx, memberId(ctx.caller)),
  });

  r.route({
    method: 'POST',
    url: iam('authentication', '/v2/factors/totp/confirm'),
    roles: ['member'],
    tags,
    summary: 'Confirm the authenticator app with a code; returns 10 single-use recovery codes',
    body: totpConfirmRequest,
    response: totpConfirmResponse,
    handler: (ctx, { body }) => confirmTotp(ctx, memberId(ctx.caller), body.code),
  });

  r.route({
    method: 'GET',
    url: iam('authentication', '/v2/factors'),
    roles: ['member'],
    tags,
    summary: "The signed-in member's sign-in factors (TOTP ACTIVE once an authenticator app is set up)",
    response: factorsResponse,
    handler: (ctx) => factorsOf(ctx, memberId(ctx.caller)),
  });

  r.route({
    method: 'POST',
    url: iam('authentication', '/v2/factors/totp/remove'),
    roles: ['member'],
    tags,
    summary: 'Turn the authenticator app off, with a current code or an unused recovery code',
    body: totpRemoveRequest,
    response: emptyResponse,
    async handler(ctx, { body }, req) {
      await removeTotp(ctx, memberId(ctx.caller), body.code, req.ip);
      return {};
    },
  });

  const sessionOf = (c: Caller) => (c.role === 'member' ? c.sessionId : undefined);
  r.route({
    method: 'GET',
    url: iam('authentication', '/v2/sessions'),
    roles: ['member'],
    tags,
    summary:
      "Where the signed-in member is signed in: their live sessions (the caller's first), each with its device and app",
    response: memberSessionsResponse,
    handler: (ctx) => sessionsOf(ctx, memberId(ctx.caller), sessionOf(ctx.caller)),
  });

  r.route({
    method: 'POST',
    url: iam('authentication', '/v2/sessions/:sessionId/end'),
    roles: ['member'],
    tags,
    summary:
      "Sign out of one session (and the hosted sign-in it came from); 404 SESSION_NOT_FOUND unless it is one of the member's live sessions",
    params: sessionIdParams,
    response: emptyResponse,
    async handler(ctx, { params }) {
      await endSession(ctx, memberId(ctx.caller), params.sessionId, sessionOf(ctx.caller));
      return {};
    },
  });

  r.route({
    method: 'POST',
    url: iam('authentication', '/v2/sessions/end-others'),
    roles: ['member'],
    tags,
    summary: "Sign out of every other device: the member's sessions but the caller's end",
    response: endOtherSessionsResponse,
    handler: async (ctx) => ({
      endedSessions: await endOtherSessions(ctx, memberId(ctx.caller), sessionOf(ctx.caller)),
    }),
  });

  const sso = {
    roles: 'any' as const,
    tags,
    summary: 'Single sign-on with an external identity provider: not configured (501 SSO_NOT_CONFIGURED)',
  };
  const anyQuery = z.record(z.string(), z.unknown());
  r.route({
    ...sso,
    method: 'GET',
    url: iam('authentication', '/v1/sso/login/:tenantId/:idpConnectionId'),
    params: z.object({ tenantId: z.string(), idpConnectionId: z.string() }),
    query: anyQuery,
    response: noJsonResponse,
    handler: async () => {
      throw ssoNotConfigured();
    },
  });
  r.route({
    ...sso,
    method: 'GET',
    url: iam('authentication', '/v1/callback'),
    query: anyQuery,
    response: noJsonResponse,
    handler: async () => {
      throw ssoNotConfigured();
    },
  });
  r.route({
    ...sso,
    method: 'POST',
    url: iam('authentication', '/v1/sso/login-with-token-params'),
    body: z.looseObject({}),
    response: noJsonResponse,
    handler: async () => {
      throw ssoNotConfigured();
    },
  });

  r.route({
    method: 'GET',
    url: iam('captcha', '/v1/challenge'),
    roles: 'any',
    tags,
    summary: 'A new ALTCHA challenge (10 minutes, solvable once)',
    response: captchaChallengeResponse,
    async handler(ctx, _input, _req, reply) {
      reply.header('cache-control', 'no-store');
      return newChallenge(ctx);
    },
  });

  r.route({
    method: 'GET',
    url: iam('captcha', '/v1/config'),
    roles: 'any',
    tags,
    summary: 'Captcha provider and site keys for the storefront widget',
    response: captchaConfigResponse,
    handler: async (ctx) => ({
      provider: 'ALTCHA' as const,
      siteKey: ctx.config.CAPTCHA_SITE_KEY,
      invisibleSiteKey: ctx.config.CAPTCHA_INVISIBLE_SITE_KEY,
      challengeUrl: `${ctx.config.PUBLIC_URL}/_api/iam/captcha/v1/challenge`,
    }),
  });

  recoveryRoutes(r);
}
