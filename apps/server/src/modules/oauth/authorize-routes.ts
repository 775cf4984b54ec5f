import {
  authorizeCompleteRequest,
  authorizeCompleteResponse,
  authRequest,
  noJsonResponse,
  openBrowserSessionRequest,
  openBrowserSessionResponse,
} from '@vitrine/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { Router } from '../../platform/http/route.ts';
import {
  authorize,
  completeAuthorize,
  deliveryUrl,
  openSessionWithToken,
  type Delivery,
} from './authorize.ts';
import { sessionCookie } from './browser-sessions.ts';
import { errorPage, webMessagePage, type Page } from './pages.ts';
import type { OAuthRuntime } from './runtime.ts';
import { frontEndAfterSignIn, logout } from './service.ts';
import { userAgentOf } from './tokens.ts';

/** RFC 6749 spells the parameters in snake_case; the SDK's redirect sessions in camelCase. Both are read. */
const snake: Record<string, string> = {
  client_id: 'clientId',
  redirect_uri: 'redirectUri',
  response_type: 'responseType',
  response_mode: 'responseMode',
  code_challenge: 'codeChallenge',
  code_challenge_method: 'codeChallengeMethod',
  session_token: 'sessionToken',
};
const queryStrings = z.record(z.string(), z.string());
const normalise = (q: Record<string, string>) =>
  Object.fromEntries(Object.entries(q).map(([k, v]) => [snake[k] ?? k, v]));

function sendPage(reply: FastifyReply, page: Page) {
  return reply.status(page.status).headers(page.headers).send(page.html);
}

function sendDelivery(reply: FastifyReply, d: Delivery) {
  if (d.mode === 'web_message') return sendPage(reply, webMessagePage(d.targetOrigins, d.data));
  return reply.header('cache-control', 'no-store').redirect(deliveryUrl(d), 302);
}

/** The browser side of sign-in: authorize (redirect or web message), completion after a form login, logout. */
export function authorizeRoutes(r: Router, rt: OAuthRuntime) {
  r.route({
    method: 'GET',
    url: '/oauth2/authorize',
    roles: 'any',
    tags: ['oauth'],
    summary:
      'OAuth authorize (PKCE): signs in with a session token or the browser session, or sends to the hosted login page',
    query: queryStrings,
    response: noJsonResponse,
    async handler(ctx, { query }, req, reply) {
      const parsed = authRequest.safeParse(normalise(query));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return sendPage(
          reply,
          errorPage(
            400,
            'Invalid sign-in request',
            `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid'}`,
          ),
        );
      }
      let outcome;
      try {
        outcome = await authorize(ctx, rt, parsed.data, {
          cookie: req.headers.cookie,
          userAgent: userAgentOf(req.headers['user-agent']),
        });
      } catch (e) {
        if (e instanceof AppError && e.status < 500)
          return sendPage(
            reply,
            errorPage(e.status, 'This sign-in request cannot be completed', e.description),
          );
        throw e;
      }
      if (outcome.kind === 'login')
        return reply.header('cache-control', 'no-store').redirect(outcome.url, 302);
      if (outcome.cookie) reply.header('set-cookie', sessionCookie(ctx, outcome.cookie));
      return sendDelivery(reply, outcome.delivery);
    },
  });

  r.route({
    method: 'POST',
    url: '/oauth2/authorize/complete',
    roles: 'any',
    tags: ['oauth'],
    summary:
      'Finish an authorize request after the hosted page signed the user in: where to go, or what to post',
    body: authorizeCompleteRequest,
    response: authorizeCompleteResponse,
    async handler(ctx, { body }, req, reply) {
      const { delivery, cookie } = await completeAuthorize(
        ctx,
        rt,
        body,
        userAgentOf(req.headers['user-agent']),
      );
      reply.header('set-cookie', sessionCookie(ctx, cookie)).header('cache-control', 'no-store');
      return delivery.mode === 'web_message'
        ? { webMessage: { targetOrigins: delivery.targetOrigins, data: delivery.data } }
        : { redirectUrl: deliveryUrl(delivery) };
    },
  });

  r.route({
    method: 'POST',
    url: '/oauth2/session',
    roles: 'any',
    tags: ['oauth'],
    summary:
      "Sign the browser in to the hosted pages with a fresh session token, when no app asked (the sign-in cookie): the store's next authorize request completes without a form",
    body: openBrowserSessionRequest,
    response: openBrowserSessionResponse,
    async handler(ctx, { body }, req, reply) {
      const cookie = await openSessionWithToken(
        ctx,
        body.sessionToken,
        userAgentOf(req.headers['user-agent']),
      );
      reply.header('set-cookie', sessionCookie(ctx, cookie)).header('cache-control', 'no-store');
      const redirectUrl = await frontEndAfterSignIn(ctx, body.postFlowUrl);
      return redirectUrl ? { redirectUrl } : {};
    },
  });

  r.route({
    method: 'GET',
    url: '/oauth2/logout',
    roles: 'any',
    tags: ['oauth'],
    summary: 'End the browser session, then go to postFlowUrl when the client allows it (else the store)',
    query: z.looseObject({
      clientId: z.string().max(64).optional(),
      postFlowUrl: z.string().max(2048).optional(),
    }),
    response: noJsonResponse,
    async handler(ctx, { query }, req, reply) {
      const next = await logout(ctx, req.headers.cookie, {
        clientId: query.clientId,
        postFlowUrl: query.postFlowUrl,
      });
      return reply
        .header('set-cookie', sessionCookie(ctx, null))
        .header('cache-control', 'no-store')
        .redirect(next, 302);
    },
  });
}
