import { KeyObject, sign, verify } from 'node:crypto';
import type { CryptoKey } from 'jose';
import type { Clock } from '../../platform/clock.ts';
import type { Caller } from '../../platform/context.ts';
import { ALG, type Keyring } from './keys.ts';

/** RFC 9068's media type for JWT access tokens: a token of another kind never passes as one. */
const TYP = 'at+jwt';

/**
 * Who a token stands for. `visitorId` is the visitor the session started as (members: when known);
 * `sessionId` the refresh token the access token came with (members: so a password change can end
 * every other session and keep this one).
 */
export interface Subject {
  role: 'visitor' | 'member';
  subjectId: string;
  visitorId: string | null;
  clientId: string;
  sessionId?: string;
}

export interface AccessClaims extends Subject {
  iat: number;
  exp: number;
}

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const keyObjects = new WeakMap<object, KeyObject>();
/** node:crypto's form of a cached WebCrypto key (one per key, kept as long as the key is). */
function keyObjectOf(key: CryptoKey): KeyObject {
  let k = keyObjects.get(key);
  if (!k) {
    k = KeyObject.from(key);
    keyObjects.set(key, k);
  }
  return k;
}

/**
 * Signs with node:crypto's Ed25519 directly: the same JWS jose would produce, at a tenth of the cost
 * of WebCrypto's signing on Node 20 (the anonymous grant is on every new visitor's path).
 */
export async function signAccessToken(
  keys: Keyring,
  s: Subject,
  o: { now: Date; ttl: number; issuer: string },
): Promise<{ token: string; exp: number }> {
  const { kid, key } = await keys.signingKey();
  const keyObject = keyObjectOf(key);
  const iat = Math.floor(o.now.getTime() / 1000);
  const exp = iat + o.ttl;
  const payload = {
    role: s.role,
    ...(s.visitorId ? { vid: s.visitorId } : {}),
    ...(s.role === 'member' && s.sessionId ? { sid: s.sessionId } : {}),
    cid: s.clientId,
    iss: o.issuer,
    sub: s.subjectId,
    iat,
    exp,
  };
  const input = `${b64({ alg: ALG, kid, typ: TYP })}.${b64(payload)}`;
  return { token: `${input}.${sign(null, Buffer.from(input), keyObject).toString('base64url')}`, exp };
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

type Json = Record<string, unknown>;

function jsonObjectOf(part: string): Json | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null;
  } catch {
    return null;
  }
}

function claimsOf(p: Json): AccessClaims | null {
  const { sub, role, vid, sid, cid, iat, exp } = p;
  if (typeof sub !== 'string' || (role !== 'visitor' && role !== 'member') || typeof cid !== 'string')
    return null;
  if (typeof iat !== 'number' || typeof exp !== 'number') return null;
  if (vid !== undefined && typeof vid !== 'string') return null;
  if (sid !== undefined && typeof sid !== 'string') return null;
  return {
    role,
    subjectId: sub,
    visitorId: vid ?? null,
    clientId: cid,
    iat,
    exp,
    ...(sid ? { sessionId: sid } : {}),
  };
}

/** How far in the future a token's `iat` may lie (processes' clocks differ a little); beyond, it is refused. */
export const MAX_CLOCK_SKEW_S = 60;

/**
 * Checks signature, type, issuer, expiry and issue time (against `now`); null for anything that is
 * not a live access token. A token issued in the future (beyond MAX_CLOCK_SKEW_S) comes from a
 * clock gone wrong or a leaked key, and would outlive its lifetime: it is refused.
 *
 * The checks are RFC 7515/7519/9068's for the one form this server signs (`signAccessToken`): the
 * header names EdDSA, `at+jwt` and a known `kid`, and no `crit` extension; the Ed25519 signature
 * is checked with node:crypto (jose's WebCrypto verification costs about 2.5x as much CPU, on every
 * new visitor's first call); then the claims (`exp` and `nbf` numeric and live, the issuer ours).
 * `tokens.test.ts` refuses each deviation, and checks that jose verifies what we sign.
 */
export async function verifyAccessJwt(
  keys: Keyring,
  token: string,
  o: { now: Date; issuer: string },
): Promise<AccessClaims | null> {
  if (token.length > 4096 || !JWT_SHAPE.test(token)) return null;
  const [h, p, sig] = token.split('.') as [string, string, string];
  const header = jsonObjectOf(h);
  if (!header || header.alg !== ALG || 'crit' in header || typeof header.kid !== 'string') return null;
  if (typeof header.typ !== 'string' || header.typ.toLowerCase().replace(/^application\//, '') !== TYP)
    return null;
  const key = await keys.verifyingKey(header.kid);
  if (!key) return null;
  try {
    if (!verify(null, Buffer.from(`${h}.${p}`), keyObjectOf(key), Buffer.from(sig, 'base64url'))) return null;
  } catch {
    return null;
  }
  const payload = jsonObjectOf(p);
  if (!payload || payload.iss !== o.issuer) return null;
  const now = Math.floor(o.now.getTime() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= now) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
  const claims = claimsOf(payload);
  return claims && claims.iat <= o.now.getTime() / 1000 + MAX_CLOCK_SKEW_S ? claims : null;
}

export function callerOf(c: Subject): Caller {
  return c.role === 'member'
    ? {
        role: 'member',
        memberId: c.subjectId,
        ...(c.visitorId ? { visitorId: c.visitorId } : {}),
        ...(c.sessionId ? { sessionId: c.sessionId } : {}),
      }
    : { role: 'visitor', visitorId: c.subjectId };
}

/** Why a member's token no longer stands for the member: blocked or deleted, or its session ended. */
export type Denial = 'member' | 'session' | undefined;

/** Whether a member's token is refused (blocked or deleted) or its session ended: `denials.ts`. */
export interface Denials {
  check(memberId: string, sessionId?: string): Denial | Promise<Denial>;
}

/**
 * The caller resolver's token verifier: in memory (the keys are cached), with verified tokens
 * remembered until they expire so a hot token costs one map lookup, and a member's token checked
 * against the denied members (a set look-up; the set is re-read every few seconds). Expiry
 * follows the injected clock. `remember` takes a token this process has just signed
 * (`issueAccessToken` in runtime.ts) as verified: its first call costs no signature check either
 * (an Ed25519 verification was 2.4% of the server's main thread under the buy flow, once a visitor).
 */
export function createAccessTokenVerifier(keys: Keyring, clock: Clock, issuer: string, denials: Denials) {
  const MAX_CACHED = 10_000;
  const verified = new Map<string, { caller: Caller; exp: number }>();
  const keep = (token: string, caller: Caller, exp: number) => {
    if (verified.size >= MAX_CACHED) verified.clear();
    verified.set(token, { caller, exp });
  };
  const allowed = async (caller: Caller): Promise<Caller | null> => {
    if (caller.role !== 'member') return caller;
    const pending = denials.check(caller.memberId, caller.sessionId);
    const denial = typeof pending === 'object' ? await pending : pending;
    if (denial === 'member') return null;
    if (denial === undefined) return caller;
    // The session ended (signed out, password changed elsewhere): no longer the member, only the
    // visitor it began as, so a front end that keeps the token still browses; member calls answer 401.
    return caller.visitorId
      ? { role: 'visitor', visitorId: caller.visitorId, sessionEnded: true }
      : { role: 'anonymous', sessionEnded: true };
  };
  async function verifyAccessToken(token: string): Promise<Caller | null> {
    const now = clock.now();
    const hit = verified.get(token);
    if (hit) return hit.exp > now.getTime() / 1000 ? allowed(hit.caller) : null;
    const claims = await verifyAccessJwt(keys, token, { now, issuer });
    if (!claims) return null;
    const caller = callerOf(claims);
    keep(token, caller, claims.exp);
    return allowed(caller);
  }
  return Object.assign(verifyAccessToken, {
    /** A token signed by this process for `s`, valid until `exp` (s since the epoch). */
    remember: (token: string, s: Subject, exp: number) => keep(token, callerOf(s), exp),
  });
}
