import { randomBytes } from 'node:crypto';
import type { HostedCheckoutSession } from '@vitrine/contract';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Caller, Ctx, Shopper } from '../../platform/context.ts';
import { shopperOf } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { newId } from '../../platform/ids.ts';
import { signAccessToken } from '../oauth/access-token.ts';
import { memberMayHaveTokens } from '../oauth/identity.ts';
import type { OAuthRuntime } from '../oauth/service.ts';
import { forgetExpiredLinks, linkSecret, spendLink } from './store.ts';

/** How long a checkout link may wait before it is opened. */
export const LINK_TTL_SECONDS = 30 * 60;
/** The access token the page gets lasts at most this long (no refresh token). */
export const SESSION_TTL_SECONDS = 60 * 60;
const TYP = 'vitrine-checkout-link+jwt';
const ALG = 'HS256';
/** Used links are kept this long past their expiry, for processes whose clocks differ a little. */
const FORGET_AFTER_MS = 5 * 60_000;

/** The callbacks a link may carry (already checked by whoever made the link). */
export interface LinkCallbacks { thankYouPageUrl?: string; postFlowUrl?: string }

const keys = new WeakMap<Services, Uint8Array>();
/** The HMAC key, kept in the database (so every process of one store shares it) and cached per app. */
async function secretKey(ctx: Ctx): Promise<Uint8Array> {
  const hit = keys.get(ctx.services);
  if (hit) return hit;
  const secret = await linkSecret(ctx.db, randomBytes(32).toString('base64url'), ctx.clock.now());
  const key = new Uint8Array(Buffer.from(secret, 'base64url'));
  keys.set(ctx.services, key);
  return key;
}

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
export async function checkoutLinkToken(ctx: Ctx, checkoutId: string, owner: Shopper, callbacks: LinkCallbacks = {}): Promise<string> {
  const claims: JWTPayload = {
    chk: checkoutId,
    own: owner.memberId ? `member:${owner.memberId}` : `visitor:${owner.visitorId}`,
    ...(owner.visitorId ? { vid: owner.visitorId } : {}),
    ...(callbacks.thankYouPageUrl ? { typ_url: callbacks.thankYouPageUrl } : {}),
    ...(callbacks.postFlowUrl ? { pf_url: callbacks.postFlowUrl } : {}),
  };
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALG, typ: TYP })
    .setJti(newId())
    .setIssuer(ctx.config.PUBLIC_URL)
    .setIssuedAt(now)
    .setExpirationTime(now + LINK_TTL_SECONDS)
    .sign(await secretKey(ctx));
}

const linkError = (code: string, description: string, data: Record<string, unknown> = {}) => new AppError(401, code, description, data);

interface Link { jti: string; checkoutId: string; role: 'visitor' | 'member'; subjectId: string; visitorId: string | null; exp: number; callbacks: LinkCallbacks }

async function readLink(ctx: Ctx, token: string): Promise<Link> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, await secretKey(ctx), {
      algorithms: [ALG], typ: TYP, issuer: ctx.config.PUBLIC_URL, currentDate: ctx.clock.now(), requiredClaims: ['jti', 'exp'],
    }));
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw linkError('CHECKOUT_LINK_EXPIRED', 'This checkout link has expired; start the checkout again from the shop.');
    throw linkError('CHECKOUT_LINK_INVALID', 'This checkout link is not valid.');
  }
  const { jti, chk, own, vid, typ_url: thanks, pf_url: postFlow, exp } = payload as JWTPayload & Record<string, unknown>;
  const [role, subjectId] = typeof own === 'string' ? own.split(':') : [];
  if (typeof jti !== 'string' || typeof chk !== 'string' || !subjectId || (role !== 'visitor' && role !== 'member') || typeof exp !== 'number') {
    throw linkError('CHECKOUT_LINK_INVALID', 'This checkout link is not valid.');
  }
  const callbacks: LinkCallbacks = {
    ...(typeof thanks === 'string' ? { thankYouPageUrl: thanks } : {}),
    ...(typeof postFlow === 'string' ? { postFlowUrl: postFlow } : {}),
  };
  const visitorId = role === 'visitor' ? subjectId : typeof vid === 'string' ? vid : null;
  return { jti, checkoutId: chk, role, subjectId, visitorId, exp, callbacks };
}

/**
 * `POST /_api/hosted-checkout/v1/session`: spends a checkout link (once) and answers a short-lived
 * access token for the same visitor or member, with the checkout id and the link's callbacks.
 */
export async function exchangeCheckoutLink(ctx: Ctx, rt: OAuthRuntime, body: { checkoutToken: string; checkoutId?: string }): Promise<HostedCheckoutSession> {
  const link = await readLink(ctx, body.checkoutToken);
  if (body.checkoutId !== undefined && body.checkoutId !== link.checkoutId) {
    throw linkError('CHECKOUT_LINK_MISMATCH', 'This checkout link was made for another checkout.', { checkoutId: body.checkoutId });
  }
  if (link.role === 'member' && !(await memberMayHaveTokens(ctx, link.subjectId))) {
    throw linkError('MEMBER_CANNOT_SIGN_IN', 'The member this checkout link was made for can no longer sign in.');
  }
  const now = ctx.clock.now();
  const fresh = await inTransaction(ctx, async (tx) => {
    await forgetExpiredLinks(tx.db, new Date(now.getTime() - FORGET_AFTER_MS));
    return spendLink(tx.db, { jti: link.jti, checkout_id: link.checkoutId, used_at: now, expires_at: new Date(link.exp * 1000) });
  });
  if (!fresh) throw linkError('CHECKOUT_LINK_USED', 'This checkout link was already used; start the checkout again from the shop.');
  const clientId = rt.instance?.oauthClientId;
  if (!clientId) throw new AppError(503, 'NOT_READY', 'The store is still starting; try again in a moment.');
  const ttl = Math.min(ctx.config.ACCESS_TOKEN_TTL, SESSION_TTL_SECONDS);
  const { token } = await signAccessToken(rt.keys, { role: link.role, subjectId: link.subjectId, visitorId: link.visitorId, clientId }, { now, ttl, issuer: rt.issuer });
  return { checkoutId: link.checkoutId, accessToken: token, expiresIn: ttl, role: link.role, ...link.callbacks };
}
