import { randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Ctx, Shopper } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Services } from '../../platform/services.ts';
import { linkSecret } from './store.ts';

/**
 * The two signed grants of the hosted checkout (HS256, one secret per store): the single-use
 * `checkoutToken` of a checkout link, and the checkout-scoped session a browser keeps in a cookie
 * after opening the link, so that the same browser can reopen the checkout (F5, another tab).
 */

/** How long a checkout link may wait before it is opened. */
export const LINK_TTL_SECONDS = 30 * 60;
/** How long the browser that opened a link may reopen its checkout (until it completes first). */
export const RESUME_TTL_SECONDS = 24 * 60 * 60;
export const LINK_TYP = 'vitrine-checkout-link+jwt';
export const RESUME_TYP = 'vitrine-checkout-session+jwt';
const ALG = 'HS256';

/** The callbacks a link may carry (already checked by whoever made the link). */
export interface LinkCallbacks {
  thankYouPageUrl?: string;
  postFlowUrl?: string;
  cartPageUrl?: string;
}

/** What a link or a resume cookie stands for. */
export interface Grant {
  jti: string;
  checkoutId: string;
  role: 'visitor' | 'member';
  subjectId: string;
  visitorId: string | null;
  exp: number;
  callbacks: LinkCallbacks;
}

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

const CALLBACK_CLAIMS = {
  thankYouPageUrl: 'typ_url',
  postFlowUrl: 'pf_url',
  cartPageUrl: 'cart_url',
} as const;

/** Signs a grant of type `typ` for the checkout and its owner, valid `ttl` seconds. */
export async function signGrant(
  ctx: Ctx,
  typ: string,
  ttl: number,
  g: { checkoutId: string; owner: Shopper; callbacks: LinkCallbacks },
): Promise<string> {
  const claims: JWTPayload = {
    chk: g.checkoutId,
    own: g.owner.memberId ? `member:${g.owner.memberId}` : `visitor:${g.owner.visitorId}`,
    ...(g.owner.visitorId ? { vid: g.owner.visitorId } : {}),
  };
  for (const [k, claim] of Object.entries(CALLBACK_CLAIMS)) {
    const url = g.callbacks[k as keyof LinkCallbacks];
    if (url) claims[claim] = url;
  }
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALG, typ })
    .setJti(newId())
    .setIssuer(ctx.config.PUBLIC_URL)
    .setIssuedAt(now)
    .setExpirationTime(now + ttl)
    .sign(await secretKey(ctx));
}

export const linkError = (code: string, description: string, data: Record<string, unknown> = {}) =>
  new AppError(401, code, description, data);
const invalid = () => linkError('CHECKOUT_LINK_INVALID', 'This checkout link is not valid.');

/** Verifies a grant of type `typ` (signature, issuer, expiry on the injected clock) and reads it. */
export async function readGrant(ctx: Ctx, token: string, typ: string): Promise<Grant> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, await secretKey(ctx), {
      algorithms: [ALG],
      typ,
      issuer: ctx.config.PUBLIC_URL,
      currentDate: ctx.clock.now(),
      requiredClaims: ['jti', 'exp'],
    }));
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired)
      throw linkError(
        'CHECKOUT_LINK_EXPIRED',
        'This checkout link has expired; start the checkout again from the shop.',
      );
    throw invalid();
  }
  const { jti, chk, own, vid, exp } = payload as JWTPayload & Record<string, unknown>;
  const [role, subjectId] = typeof own === 'string' ? own.split(':') : [];
  if (
    typeof jti !== 'string' ||
    typeof chk !== 'string' ||
    !subjectId ||
    (role !== 'visitor' && role !== 'member') ||
    typeof exp !== 'number'
  )
    throw invalid();
  const callbacks: LinkCallbacks = {};
  for (const [k, claim] of Object.entries(CALLBACK_CLAIMS)) {
    const url = (payload as Record<string, unknown>)[claim];
    if (typeof url === 'string') callbacks[k as keyof LinkCallbacks] = url;
  }
  const visitorId = role === 'visitor' ? subjectId : typeof vid === 'string' ? vid : null;
  return { jti, checkoutId: chk, role, subjectId, visitorId, exp, callbacks };
}

/** The shopper a grant stands for. */
export const shopperOfGrant = (g: Grant): Shopper =>
  g.role === 'member'
    ? { memberId: g.subjectId, ...(g.visitorId ? { visitorId: g.visitorId } : {}) }
    : { visitorId: g.subjectId };
