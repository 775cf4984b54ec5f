import type { z } from 'zod';
import type { captchaToken } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { checkCaptcha } from './captcha.ts';
import { accountLocked, invalidCaptcha, missingCaptcha } from './errors.ts';
import {
  clearFailures,
  clearFailuresByPrefix,
  countFailures,
  lockedUntil,
  recordFailures,
  setLock,
} from './token-store.ts';

/**
 * Sign-in throttling, counted per account (the normalised e-mail, whether or not an account has
 * it, so the answers never differ between known and unknown addresses), per client address, and
 * per account and client address together:
 * - 3 failures within 15 minutes on the account or on the address: a solved captcha is required
 *   (-19971), from every address;
 * - 100 failures within an hour on an account from one address: the account is locked for an
 *   hour for that address only (ACCOUNT_LOCKED), even for the right password. Whoever guesses
 *   cannot lock the owner out: the owner, at another address, signs in (with a captcha while the
 *   guessing goes on). A password reset by e-mail lifts every lock of the account.
 */
export const CAPTCHA_WINDOW_MS = 15 * 60_000;
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_WINDOW_MS = 60 * 60_000;
export const LOCK_AFTER_FAILURES = 100;
export const LOCK_FOR_MS = 60 * 60_000;

export const accountKey = (email: string) => `account:${email}`;
export const ipKey = (ip: string) => `ip:${ip}`;
/** An account at one address; JSON keeps any e-mail and address apart. */
const pairPrefix = (email: string) => `pair:[${JSON.stringify(email)},`;
const pairKey = (email: string, ip: string) => `${pairPrefix(email)}${JSON.stringify(ip)}]`;

export async function assertNotLocked(ctx: Ctx, email: string, ip: string): Promise<void> {
  const until = await lockedUntil(ctx.db, pairKey(email, ip), ctx.clock.now());
  if (until) throw accountLocked(until);
}

async function captchaRequired(ctx: Ctx, keys: string[]): Promise<boolean> {
  const since = new Date(ctx.clock.now().getTime() - CAPTCHA_WINDOW_MS);
  for (const key of keys)
    if ((await countFailures(ctx.db, key, since)) >= CAPTCHA_AFTER_FAILURES) return true;
  return false;
}

/** Checks the request's captcha: a given token must verify; none given is fine unless the keys' failures require one. */
export async function enforceCaptcha(
  ctx: Ctx,
  tokens: z.infer<typeof captchaToken>[] | undefined,
  keys: string[],
): Promise<void> {
  const outcome = await checkCaptcha(ctx, tokens);
  if (outcome === 'invalid') throw invalidCaptcha();
  if (outcome === 'none' && (await captchaRequired(ctx, keys))) throw missingCaptcha();
}

/**
 * Counts a failure on each key; locks the account for this address once it reaches the hourly limit
 * there. Answers the account's failures at this address within the hour (0 without an account).
 */
export async function recordFailure(ctx: Ctx, o: { email?: string; ip: string }): Promise<number> {
  const now = ctx.clock.now();
  const pair = o.email ? pairKey(o.email, o.ip) : undefined;
  await recordFailures(ctx.db, [ipKey(o.ip), ...(o.email && pair ? [accountKey(o.email), pair] : [])], now);
  if (!pair) return 0;
  const inWindow = await countFailures(ctx.db, pair, new Date(now.getTime() - LOCK_WINDOW_MS));
  if (inWindow >= LOCK_AFTER_FAILURES) await setLock(ctx.db, pair, new Date(now.getTime() + LOCK_FOR_MS));
  return inWindow;
}

/** What a wrong password's answer tells of the tries left (identity README, "Throttling"). */
export interface TriesLeft {
  /** Wrong passwords left before the account is locked for this address. */
  attemptsLeft: number;
  /** Wrong passwords left before a captcha is required; absent once one already was. */
  attemptsBeforeCaptcha?: number;
}

/**
 * Records a wrong password and answers the tries left. Every counter read is kept alike for an
 * e-mail with an account and one without, so the answer tells nothing of whether one exists.
 */
export async function recordWrongPassword(ctx: Ctx, email: string, ip: string): Promise<TriesLeft> {
  const atAddress = await recordFailure(ctx, { email, ip });
  const since = new Date(ctx.clock.now().getTime() - CAPTCHA_WINDOW_MS);
  const failures = Math.max(
    await countFailures(ctx.db, accountKey(email), since),
    await countFailures(ctx.db, ipKey(ip), since),
  );
  const attemptsLeft = Math.max(0, LOCK_AFTER_FAILURES - atAddress);
  return failures > CAPTCHA_AFTER_FAILURES
    ? { attemptsLeft }
    : { attemptsLeft, attemptsBeforeCaptcha: CAPTCHA_AFTER_FAILURES - failures };
}

/** A good sign-in forgets the account's failures, and this address's on it (other addresses stay locked). */
export async function clearAccount(ctx: Ctx, email: string, ip: string): Promise<void> {
  await clearFailures(ctx.db, accountKey(email));
  await clearFailures(ctx.db, pairKey(email, ip));
}

/** A password reset by e-mail forgets the account's failures and lifts its locks at every address. */
export async function clearAccountEverywhere(ctx: Ctx, email: string): Promise<void> {
  await clearFailures(ctx.db, accountKey(email));
  await clearFailuresByPrefix(ctx.db, pairPrefix(email));
}

/**
 * The same throttling for another kind of sign-in (staff accounts: modules/staff). `account` is
 * that sign-in's own key for the account (`staff <e-mail>`: no shopper's e-mail has a space), so
 * its failures and locks never mix with a shopper's of the same address; the client address
 * counts failures of every kind together. Throws ACCOUNT_LOCKED (429) while the account is locked
 * for this address; answers whether the captcha lets the attempt through.
 */
export async function guardSignIn(
  ctx: Ctx,
  account: string,
  ip: string,
  captcha: string | undefined,
): Promise<'ok' | 'captcha-required' | 'captcha-invalid'> {
  await assertNotLocked(ctx, account, ip);
  const outcome = await checkCaptcha(ctx, captcha === undefined ? undefined : [{ Recaptcha: captcha }]);
  if (outcome === 'invalid') return 'captcha-invalid';
  if (outcome === 'none' && (await captchaRequired(ctx, [accountKey(account), ipKey(ip)])))
    return 'captcha-required';
  return 'ok';
}
