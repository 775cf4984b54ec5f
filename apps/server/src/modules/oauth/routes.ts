import { jwksResponse, tokenInfoRequest, tokenInfoResponse, tokenRequest, tokenResponse, userInfoResponse } from '@vitrine/contract';
import type { Router } from '../../platform/http/route.ts';
import { authorizeRoutes } from './authorize-routes.ts';
import { clientRoutes } from './client-routes.ts';
import { tokenGrant } from './grants.ts';
import { userInfoOf } from './identity.ts';
import type { OAuthRuntime } from './runtime.ts';
import { tokenInfo } from './tokens.ts';

/** The OAuth server: token endpoint, token info, keys, user info, authorize, logout and the client admin API. */
export function oauthRoutes(r: Router, rt: OAuthRuntime) {
  r.route({
    method: 'POST', url: ['/oauth2/token', '/oauth/token'], roles: 'any', tags: ['oauth'],
    summary: 'Issue tokens: anonymous, refresh_token, authorization_code (PKCE) or authorized_client grant',
    body: tokenRequest, response: tokenResponse,
    async handler(ctx, { body }, req, reply) {
      const answer = await tokenGrant(ctx, rt, body, req.headers.authorization);
      reply.header('cache-control', 'no-store');
      return answer;
    },
  });

  r.route({
    method: 'POST', url: '/oauth2/token-info', roles: 'any', tags: ['oauth'],
    summary: 'Describe an access or refresh token (inactive ones answer {active:false})',
    body: tokenInfoRequest, response: tokenInfoResponse,
    async handler(ctx, { body }) { return tokenInfo(ctx, rt, body.token); },
  });

  r.route({
    method: 'GET', url: '/oauth2/jwks', roles: 'any', tags: ['oauth'], summary: 'The public keys access tokens are signed with',
    response: jwksResponse,
    async handler(_ctx, _input, _req, reply) {
      reply.header('cache-control', 'public, max-age=300');
      return { keys: await rt.keys.jwks() };
    },
  });

  r.route({
    method: 'GET', url: '/oauth2/user-info', roles: ['member'], tags: ['oauth'], summary: 'The signed-in member\'s OpenID-style claims',
    response: userInfoResponse,
    async handler(ctx) {
      if (ctx.caller.role !== 'member') return {};
      return userInfoOf(ctx, ctx.caller.memberId);
    },
  });

  authorizeRoutes(r, rt);
  clientRoutes(r, rt);
}
