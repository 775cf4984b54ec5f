import type { z } from 'zod';
import type { captchaToken } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { checkCaptcha } from './captcha.ts';
import { accountLocked, invalidCaptcha, missingCaptcha } from './errors.ts';
import { clearFailures, countFailures, lockedUntil, recordFailures, setLock } from './token-store.ts';

/**
 * Sign-in throttling, counted per account (the normalised e-mail, whether or not an account has
 * it, so the answers never differ between known and unknown addresses) and per client address:
 * - 3 failures within 15 minutes on either key: a solved captcha is required (-19971);
 * - 100 failures within an hour on an account: the account is locked for an hour (ACCOUNT_LOCKED),
 *   even for the right password. A password reset by e-mail lifts the lock.
 */
export const CAPTCHA_WINDOW_MS = 15 * 60_000;
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_WINDOW_MS = 60 * 60_000;
export const LOCK_AFTER_FAILURES = 100;
export const LOCK_FOR_MS = 60 * 60_000;

export const accountKey = (email: string) => `account:${email}`;
export const ipKey = (ip: string) => `ip:${ip}`;

export async function assertNotLocked(ctx: Ctx, email: string): Promise<void> {
  const until = await lockedUntil(ctx.db, accountKey(email), ctx.clock.now());
  if (until) throw accountLocked(until);
}

async function captchaRequired(ctx: Ctx, keys: string[]): Promise<boolean> {
  const since = new Date(ctx.clock.now().getTime() - CAPTCHA_WINDOW_MS);
  for (const key of keys) if ((await countFailures(ctx.db, key, since)) >= CAPTCHA_AFTER_FAILURES) return true;
  return false;
}

/** Checks the request's captcha: a given token must verify; none given is fine unless the keys' failures require one. */
export async function enforceCaptcha(ctx: Ctx, tokens: z.infer<typeof captchaToken>[] | undefined, keys: string[]): Promise<void> {
  const outcome = await checkCaptcha(ctx, tokens);
  if (outcome === 'invalid') throw invalidCaptcha();
  if (outcome === 'none' && (await captchaRequired(ctx, keys))) throw missingCaptcha();
}

/** Counts a failure on each key; locks the account once it reaches the hourly limit. */
export async function recordFailure(ctx: Ctx, o: { email?: string; ip: string }): Promise<void> {
  const now = ctx.clock.now();
  const keys = [ipKey(o.ip), ...(o.email ? [accountKey(o.email)] : [])];
  await recordFailures(ctx.db, keys, now);
  if (!o.email) return;
  const inWindow = await countFailures(ctx.db, accountKey(o.email), new Date(now.getTime() - LOCK_WINDOW_MS));
  if (inWindow >= LOCK_AFTER_FAILURES) await setLock(ctx.db, accountKey(o.email), new Date(now.getTime() + LOCK_FOR_MS));
}

/** A good sign-in (or a reset by e-mail) forgets the account's failures and lock. */
export const clearAccount = (ctx: Ctx, email: string) => clearFailures(ctx.db, accountKey(email));
