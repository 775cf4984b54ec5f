import {
  jwksResponse,
  rawHttpResponse,
  tokenInfoRequest,
  tokenInfoResponse,
  tokenRequest,
  tokenResponse,
  userInfoResponse,
} from '@vitrine/contract';
import { z } from 'zod';
import { violation } from '../../platform/errors.ts';
import type { Router } from '../../platform/http/route.ts';
import { authorizeRoutes } from './authorize-routes.ts';
import { clientRoutes } from './client-routes.ts';
import { tokenGrant } from './grants.ts';
import { isRawRequest, rawCall, unwrapRaw } from './raw-http.ts';
import { userInfoOf } from './identity.ts';
import type { OAuthRuntime } from './runtime.ts';
import { tokenInfo, userAgentOf } from './tokens.ts';

/** The OAuth server: token endpoint, token info, keys, user info, authorize, logout and the client admin API. */
export function oauthRoutes(r: Router, rt: OAuthRuntime) {
  r.route({
    method: 'POST',
    url: ['/oauth2/token', '/oauth/token'],
    roles: 'any',
    tags: ['oauth'],
    summary:
      "Issue tokens: anonymous, refresh_token, authorization_code (PKCE) or authorized_client grant (also wrapped as @wix/identity's raw request)",
    body: tokenRequest,
    response: z.union([tokenResponse, rawHttpResponse]),
    async handler(ctx, { body }, req, reply) {
      reply.header('cache-control', 'no-store');
      const userAgent = userAgentOf(req.headers['user-agent']);
      if (!isRawRequest(body)) return tokenGrant(ctx, rt, body, req.headers.authorization, userAgent);
      return rawCall(async () => {
        const { params, authorization } = unwrapRaw(
          body as { body: string; headers?: { key: string; value: string }[] },
        );
        // The wrapped request's own Authorization (an elevated grant's `<token>,<API key>`) names its caller.
        const inner =
          authorization === undefined
            ? ctx
            : { ...ctx, caller: await ctx.services.resolveCaller(authorization) };
        return tokenGrant(inner, rt, params, authorization ?? req.headers.authorization, userAgent);
      });
    },
  });

  r.route({
    method: 'POST',
    url: '/oauth2/token-info',
    roles: 'any',
    tags: ['oauth'],
    summary:
      "Describe an access or refresh token (inactive ones answer {active:false}); also wrapped as @wix/identity's raw request",
    body: tokenInfoRequest,
    response: tokenInfoResponse,
    async handler(ctx, { body }) {
      if ('token' in body) return tokenInfo(ctx, rt, body.token);
      const { token } = unwrapRaw(body).params;
      if (typeof token !== 'string' || token === '' || token.length > 4096)
        throw violation(
          'body',
          'the wrapped request needs a token (a string of at most 4096 characters)',
          'REQUIRED_FIELD',
        );
      return tokenInfo(ctx, rt, token);
    },
  });

  r.route({
    method: 'GET',
    url: '/oauth2/jwks',
    roles: 'any',
    tags: ['oauth'],
    summary: 'The public keys access tokens are signed with',
    response: jwksResponse,
    async handler(_ctx, _input, _req, reply) {
      reply.header('cache-control', 'public, max-age=300');
      return { keys: await rt.keys.jwks() };
    },
  });

  r.route({
    method: 'GET',
    url: '/oauth2/user-info',
    roles: ['member'],
    tags: ['oauth'],
    summary: "The signed-in member's OpenID-style claims",
    response: userInfoResponse,
    async handler(ctx) {
      if (ctx.caller.role !== 'member') return {};
      return userInfoOf(ctx, ctx.caller.memberId);
    },
  });

  authorizeRoutes(r, rt);
  clientRoutes(r, rt);
}
