import {
  hostedCheckoutSessionRequest,
  hostedCheckoutSessionResponse,
  idParams,
  noJsonResponse,
  paymentLinkParams,
  paymentLinkQuery,
  paymentLinkRequest,
  paymentLinkResponse,
} from '@vitrine/contract';
import { violation } from '../../platform/errors.ts';
import { followLink, linkPage } from '../../platform/http/link-page.ts';
import type { Router } from '../../platform/http/route.ts';
import type { OAuthRuntime } from '../oauth/index.ts';
import { getSettings } from '../settings/index.ts';
import { makePaymentLink, PAYMENT_LINK_DAYS, paymentLinkTarget } from './payment-link.ts';
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
  r.route({
    method: 'POST',
    url: '/ecom/v1/checkouts/:id/payment-link',
    roles: ['admin'],
    tags: ['hosted-checkout'],
    summary: `A link (${PAYMENT_LINK_DAYS} days) that opens the checkout on the hosted checkout page for its buyer; e-mailed to them with sendEmail`,
    params: idParams,
    body: paymentLinkRequest,
    response: paymentLinkResponse,
    async handler(ctx, { params, body }) {
      if (body.id !== undefined && body.id !== params.id)
        throw violation('id', 'must match the path', 'VALIDATION');
      return { paymentLink: await makePaymentLink(ctx, params.id, body) };
    },
  });
  r.route({
    method: 'GET',
    url: '/ecom/v1/checkouts/:id/pay',
    roles: 'any',
    tags: ['hosted-checkout'],
    summary: 'A payment link: opens its checkout on the hosted checkout page (signed token)',
    params: paymentLinkParams,
    query: paymentLinkQuery,
    response: noJsonResponse,
    handler: (ctx, { params, query }, req, reply) =>
      followLink(
        req,
        reply,
        () => paymentLinkTarget(ctx, params.id, query.token),
        async (e) => {
          const { storeName } = await getSettings(ctx);
          const paid = e.code === 'CHECKOUT_COMPLETED';
          return linkPage({
            status: e.status,
            storeName,
            shopUrl: `${ctx.config.PUBLIC_URL}/`,
            title: paid ? 'This order has been placed' : 'This payment link no longer opens a checkout',
            text: paid
              ? 'It was paid with this link already; its confirmation was e-mailed to the buyer.'
              : `It may have expired after ${PAYMENT_LINK_DAYS} days, or the order was withdrawn. Ask ${storeName} for a new link.`,
          });
        },
      ),
  });
}
