import type { HostedCheckoutSession } from '@vitrine/contract';
import type { Caller, Ctx, Shopper } from '../../platform/context.ts';
import { shopperOf } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, violation } from '../../platform/errors.ts';
import { getCheckout } from '../checkout/index.ts';
import { cookieValue } from '../oauth/index.ts';
import { memberMayHaveTokens } from '../oauth/index.ts';
import { getSettings } from '../settings/index.ts';
import type { OAuthRuntime } from '../oauth/index.ts';
import { forgetExpiredLinks, spendLink } from './store.ts';
import {
  linkError,
  LINK_TTL_SECONDS,
  LINK_TYP,
  readGrant,
  RESUME_TTL_SECONDS,
  RESUME_TYP,
  shopperOfGrant,
  signGrant,
  type Grant,
  type LinkCallbacks,
} from './tokens.ts';

export { LINK_TTL_SECONDS, RESUME_TTL_SECONDS, type LinkCallbacks } from './tokens.ts';
/** The access token the page gets lasts at most this long (no refresh token; the page asks again). */
export const SESSION_TTL_SECONDS = 60 * 60;
/** Used links are kept this long past their expiry, for processes whose clocks differ a little. */
const FORGET_AFTER_MS = 5 * 60_000;
/** The resume cookie is sent to the session call only. */
export const RESUME_COOKIE_PATH = '/_api/hosted-checkout/v1/session';
export const resumeCookieName = (checkoutId: string) => `vitrine_checkout_${checkoutId}`;

/**
 * Who a checkout link should stand for: the calling shopper (who can see the checkout), else the
 * checkout's owner (`visitor:<id>` / `member:<id>`, when an app asks); undefined when neither is known.
 */
export function linkOwner(caller: Caller, ownerKey: string | null): Shopper | undefined {
  const shopper = shopperOf(caller);
  if (shopper) return shopper;
  const [kind, id] = (ownerKey ?? '').split(':');
  if (!id) return undefined;
  if (kind === 'visitor') return { visitorId: id };
  if (kind === 'member') return { memberId: id };
  return undefined;
}

/**
 * A signed, single-use grant (30 minutes) naming the checkout and its owner, for the
 * `checkoutToken` query parameter of the hosted checkout page.
 */
export function checkoutLinkToken(
  ctx: Ctx,
  checkoutId: string,
  owner: Shopper,
  callbacks: LinkCallbacks = {},
): Promise<string> {
  return signGrant(ctx, LINK_TYP, LINK_TTL_SECONDS, { checkoutId, owner, callbacks });
}

/** A `Set-Cookie` value for a checkout's resume cookie (`value` null: clear it). */
export function resumeCookie(ctx: Ctx, checkoutId: string, value: string | null): string {
  const secure = ctx.config.PUBLIC_URL.startsWith('https:') ? '; Secure' : '';
  const life = value === null ? 'Max-Age=0' : `Max-Age=${RESUME_TTL_SECONDS}`;
  return `${resumeCookieName(checkoutId)}=${value ?? ''}; Path=${RESUME_COOKIE_PATH}; HttpOnly; SameSite=Strict; ${life}${secure}`;
}

export interface OpenedSession {
  session: HostedCheckoutSession;
  setCookie?: string;
}

/** The resume grant this browser holds for the checkout, if it holds a valid one. */
async function resumeGrant(
  ctx: Ctx,
  cookieHeader: string | undefined,
  checkoutId: string,
): Promise<Grant | undefined> {
  const value = cookieValue(cookieHeader, resumeCookieName(checkoutId));
  if (!value) return undefined;
  const grant = await readGrant(ctx, value, RESUME_TYP).catch(() => undefined);
  return grant?.checkoutId === checkoutId ? grant : undefined;
}

/** Spends a link once; false when it was spent before. */
async function spend(ctx: Ctx, link: Grant): Promise<boolean> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (tx) => {
    await forgetExpiredLinks(tx.db, new Date(now.getTime() - FORGET_AFTER_MS));
    return spendLink(tx.db, {
      jti: link.jti,
      checkout_id: link.checkoutId,
      used_at: now,
      expires_at: new Date(link.exp * 1000),
    });
  });
}

/**
 * `POST /_api/hosted-checkout/v1/session`. With a `checkoutToken`: spends the link (once) and sets
 * the checkout's resume cookie; a link spent before still opens in the browser that holds the
 * cookie. With only a `checkoutId`: reopens the checkout with that cookie (F5, another tab).
 * Either way the answer is a short-lived access token of the same visitor or member, with the
 * checkout id and the callbacks signed into the link — while the checkout is open.
 */
export async function openCheckoutSession(
  ctx: Ctx,
  rt: OAuthRuntime,
  body: { checkoutToken?: string; checkoutId?: string },
  cookieHeader: string | undefined,
): Promise<OpenedSession> {
  let grant: Grant;
  let setCookie: string | undefined;
  if (body.checkoutToken !== undefined) {
    const link = await readGrant(ctx, body.checkoutToken, LINK_TYP);
    if (body.checkoutId !== undefined && body.checkoutId !== link.checkoutId) {
      throw linkError('CHECKOUT_LINK_MISMATCH', 'This checkout link was made for another checkout.', {
        checkoutId: body.checkoutId,
      });
    }
    if (await spend(ctx, link)) {
      grant = link;
      setCookie = resumeCookie(
        ctx,
        link.checkoutId,
        await signGrant(ctx, RESUME_TYP, RESUME_TTL_SECONDS, {
          checkoutId: link.checkoutId,
          owner: shopperOfGrant(link),
          callbacks: link.callbacks,
        }),
      );
    } else {
      const held = await resumeGrant(ctx, cookieHeader, link.checkoutId);
      if (!held || held.role !== link.role || held.subjectId !== link.subjectId) {
        throw linkError(
          'CHECKOUT_LINK_USED',
          'This checkout link was already used; start the checkout again from the shop.',
        );
      }
      grant = held;
    }
  } else if (body.checkoutId !== undefined) {
    const held = await resumeGrant(ctx, cookieHeader, body.checkoutId);
    if (!held)
      throw linkError(
        'CHECKOUT_NOT_OPEN_HERE',
        'This checkout was not opened in this browser; start the checkout again from the shop.',
        { checkoutId: body.checkoutId },
      );
    grant = held;
  } else {
    throw violation(
      'checkoutToken',
      'is required (or checkoutId, to reopen a checkout this browser opened)',
      'REQUIRED_FIELD',
    );
  }
  return { session: await sessionFor(ctx, rt, grant), ...(setCookie ? { setCookie } : {}) };
}

/** The access token for a grant, once the member may still sign in and the checkout is still open. */
async function sessionFor(ctx: Ctx, rt: OAuthRuntime, grant: Grant): Promise<HostedCheckoutSession> {
  if (grant.role === 'member' && !(await memberMayHaveTokens(ctx, grant.subjectId))) {
    throw linkError(
      'MEMBER_CANNOT_SIGN_IN',
      'The member this checkout link was made for can no longer sign in.',
    );
  }
  const caller: Caller =
    grant.role === 'member'
      ? {
          role: 'member',
          memberId: grant.subjectId,
          ...(grant.visitorId ? { visitorId: grant.visitorId } : {}),
        }
      : { role: 'visitor', visitorId: grant.subjectId };
  const [checkout, settings] = await Promise.all([
    getCheckout({ ...ctx, caller }, grant.checkoutId).catch((e: unknown) => {
      if (e instanceof AppError && e.status === 404)
        throw linkError('CHECKOUT_LINK_INVALID', 'This checkout link is not valid.');
      throw e;
    }),
    getSettings(ctx),
  ]);
  if (checkout.completed) {
    throw linkError(
      'CHECKOUT_COMPLETED',
      'The order of this checkout has been placed; its confirmation was e-mailed.',
      { checkoutId: grant.checkoutId },
    );
  }
  const clientId = rt.instance?.oauthClientId;
  if (!clientId) throw new AppError(503, 'NOT_READY', 'The store is still starting; try again in a moment.');
  const ttl = Math.min(ctx.config.ACCESS_TOKEN_TTL, SESSION_TTL_SECONDS);
  const token = await rt.issueAccessToken(
    { role: grant.role, subjectId: grant.subjectId, visitorId: grant.visitorId, clientId },
    ctx.clock.now(),
    ttl,
  );
  return {
    checkoutId: grant.checkoutId,
    accessToken: token,
    expiresIn: ttl,
    role: grant.role,
    manualPaymentMethods: settings.manualPaymentMethods,
    ...grant.callbacks,
    // The GET route's answer (its wire type names custom fields less precisely than the schema).
    checkout: checkout as HostedCheckoutSession['checkout'],
  };
}
