import { hostedCheckoutSessionRequest, hostedCheckoutSessionResponse } from '@vitrine/contract';
import type { Router } from '../../platform/http/route.ts';
import type { OAuthRuntime } from '../oauth/service.ts';
import { exchangeCheckoutLink } from './service.ts';

export function hostedCheckoutRoutes(r: Router, rt: OAuthRuntime) {
  r.route({
    method: 'POST', url: '/_api/hosted-checkout/v1/session', roles: 'any', tags: ['hosted-checkout'],
    summary: 'Exchange a checkout link (checkoutToken) once for a short-lived access token of its shopper',
    body: hostedCheckoutSessionRequest, response: hostedCheckoutSessionResponse,
    async handler(ctx, { body }) { return exchangeCheckoutLink(ctx, rt, body); },
  });
}
