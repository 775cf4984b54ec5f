import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { captchaToken } from '@vitrine/contract';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Ctx } from '../../platform/context.ts';
import type { Services } from '../../platform/services.ts';
import { captchaKey, spendCaptcha } from './token-store.ts';

/**
 * Self-hosted captcha: ALTCHA proof of work (PBKDF2/SHA-256). The HMAC key is made at first use
 * and kept in the database, so every process signs and checks with the same key. A solved
 * challenge is accepted once (its nonce is recorded until it expires).
 */

export const CAPTCHA_TTL_MS = 10 * 60_000;
const ALGORITHM = 'PBKDF2/SHA-256';

const keyCache = new WeakMap<Services, Promise<string>>();
function hmacKey(ctx: Ctx): Promise<string> {
  const load = () => captchaKey(ctx.db, () => randomBytes(32).toString('hex'), ctx.clock.now());
  // Only a committed key may be cached: outside a transaction the insert commits at once.
  if (ctx.db.isTransaction) return load();
  let k = keyCache.get(ctx.services);
  if (!k) {
    k = load();
    keyCache.set(ctx.services, k);
    k.catch(() => keyCache.delete(ctx.services));
  }
  return k;
}
/** The derived-key signature secret, derived from the HMAC key (ALTCHA's deterministic mode). */
const keySecret = (key: string) => createHmac('sha256', key).update('derived-secret').digest('hex');

/** A signed challenge for the widget. The expiry lives in the signed data, checked against our clock. */
export async function newChallenge(ctx: Ctx): Promise<Challenge> {
  const key = await hmacKey(ctx);
  return createChallenge({
    algorithm: ALGORITHM,
    cost: ctx.config.CAPTCHA_COST,
    counter: randomInt(5000, 10_000),
    deriveKey,
    hmacSignatureSecret: key,
    hmacKeySignatureSecret: keySecret(key),
    data: { exp: Math.floor((ctx.clock.now().getTime() + CAPTCHA_TTL_MS) / 1000) },
  });
}

type CaptchaToken = z.infer<typeof captchaToken>;
const tokenValue = (t: CaptchaToken) =>
  t.Recaptcha ?? t.InvisibleRecaptcha ?? t.NoCaptcha ?? t.recaptchaForClientSiteKey?.token;

function parsePayload(value: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const p = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as {
      challenge?: Challenge;
      solution?: Solution;
    };
    if (!p || typeof p !== 'object' || typeof p.challenge?.parameters?.nonce !== 'string' || !p.solution)
      return null;
    return { challenge: p.challenge, solution: p.solution };
  } catch {
    return null;
  }
}

async function verifyOne(ctx: Ctx, value: string): Promise<boolean> {
  const payload = parsePayload(value);
  if (!payload) return false;
  const key = await hmacKey(ctx);
  let result;
  try {
    result = await verifySolution({
      ...payload,
      deriveKey,
      hmacSignatureSecret: key,
      hmacKeySignatureSecret: keySecret(key),
    });
  } catch {
    return false;
  }
  if (!result.verified) return false;
  const exp = Number(payload.challenge.parameters.data?.exp);
  const now = ctx.clock.now();
  if (!Number.isFinite(exp) || exp * 1000 <= now.getTime()) return false;
  return spendCaptcha(ctx.db, payload.challenge.parameters.nonce, new Date(exp * 1000), now);
}

/**
 * The captcha outcome of a request: `none` when no token came, `valid` when one verified,
 * `invalid` otherwise. Tokens are checked whenever given, required or not.
 */
export async function checkCaptcha(
  ctx: Ctx,
  tokens: CaptchaToken[] | undefined,
): Promise<'none' | 'valid' | 'invalid'> {
  const values = (tokens ?? []).map(tokenValue).filter((v): v is string => typeof v === 'string' && v !== '');
  if (values.length === 0) return 'none';
  for (const v of values) if (await verifyOne(ctx, v)) return 'valid';
  return 'invalid';
}
