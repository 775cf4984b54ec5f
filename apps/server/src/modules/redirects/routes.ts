import { createRedirectSessionRequest, redirectSessionResponse } from '@vitrine/contract';
import type { Router } from '../../platform/http/route.ts';
import type { OAuthRuntime } from '../oauth/index.ts';
import { createRedirectSession } from './service.ts';

export function redirectsRoutes(r: Router, rt: OAuthRuntime) {
  r.route({
    method: 'POST',
    url: [
      '/_api/redirects-api/v1/redirect-session',
      '/redirect-session/v1/redirect-session',
      '/headless/v1/redirect-session',
    ],
    roles: 'any',
    tags: ['redirects'],
    summary: 'The URL of a hosted page (sign-in, logout, checkout, product) for one intent',
    body: createRedirectSessionRequest,
    response: redirectSessionResponse,
    async handler(ctx, { body }) {
      return { redirectSession: await createRedirectSession(ctx, rt, body) };
    },
  });
}
