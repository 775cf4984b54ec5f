import { hostedCheckoutSessionRequest, hostedCheckoutSessionResponse } from '@vitrine/contract';
import type { Router } from '../../platform/http/route.ts';
import type { OAuthRuntime } from '../oauth/index.ts';
import { openCheckoutSession } from './service.ts';

export function hostedCheckoutRoutes(r: Router, rt: OAuthRuntime) {
  r.route({
    method: 'POST',
    url: '/_api/hosted-checkout/v1/session',
    roles: 'any',
    tags: ['hosted-checkout'],
    summary:
      "Open the hosted checkout: exchange a checkout link (checkoutToken) once, or reopen it with this browser's checkout cookie, for a short-lived access token of its shopper",
    body: hostedCheckoutSessionRequest,
    response: hostedCheckoutSessionResponse,
    async handler(ctx, { body }, req, reply) {
      const { session, setCookie } = await openCheckoutSession(ctx, rt, body, req.headers.cookie);
      reply.header('cache-control', 'no-store');
      if (setCookie) reply.header('set-cookie', setCookie);
      return session;
    },
  });
}
