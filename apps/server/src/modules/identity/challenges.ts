import { timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../../platform/context.ts';
import type { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { verificationFailed } from './errors.ts';
import { mailVerificationCode } from './mails.ts';
import { codeHash, randomToken, sha256, sixDigitCode } from './secrets.ts';
import type { ChallengeKind, ChallengeRow, IdentityRow } from './store.ts';
import {
  anyChallenge,
  endChallenges,
  insertChallenge,
  liveChallenge,
  updateChallenge,
} from './token-store.ts';

/**
 * Pending steps of a sign-in and e-mailed links. Tokens and codes are random, single use and
 * stored as SHA-256 only:
 * - e-mail verification: a state token (1 hour) and a 6-digit code (10 minutes, 5 attempts, then
 *   void); up to 5 codes per state token (the first and 4 resends);
 * - second factor: a state token (10 minutes, 5 attempts);
 * - recovery link: 1 hour; activation link: 24 hours.
 */
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
export const EMAIL_STATE_TTL_MS = 60 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_CODE_SENDS = 5;
export const MFA_STATE_TTL_MS = 10 * 60_000;
export const LINK_TTL_MS: Record<'RECOVERY' | 'ACTIVATION', number> = {
  RECOVERY: 60 * 60_000,
  ACTIVATION: 24 * 60 * 60_000,
};

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

async function newChallenge(
  ctx: Ctx,
  identityId: string,
  kind: ChallengeKind,
  ttlMs: number,
  extra: Partial<ChallengeRow> = {},
): Promise<{ token: string; id: string }> {
  const now = ctx.clock.now();
  const token = randomToken();
  const id = extra.id ?? newId();
  await endChallenges(ctx.db, identityId, [kind], now);
  await insertChallenge(ctx.db, {
    id,
    identity_id: identityId,
    kind,
    token_hash: sha256(token),
    code_hash: null,
    code_expires_at: null,
    attempts: 0,
    sends: 0,
    mfa_done: true,
    expires_at: later(now, ttlMs),
    used_at: null,
    created_at: now,
    ...extra,
  });
  return { token, id };
}

/** Starts e-mail verification: mails a code and returns the state token. `mfaDone` says whether a second factor was already passed. */
export async function startEmailChallenge(
  ctx: Ctx,
  identity: Pick<IdentityRow, 'id' | 'email'>,
  o: { mfaDone: boolean },
): Promise<string> {
  const id = newId();
  const code = sixDigitCode();
  const now = ctx.clock.now();
  const { token } = await newChallenge(ctx, identity.id, 'EMAIL_VERIFICATION', EMAIL_STATE_TTL_MS, {
    id,
    code_hash: codeHash(id, code),
    code_expires_at: later(now, EMAIL_CODE_TTL_MS),
    sends: 1,
    mfa_done: o.mfaDone,
  });
  await mailVerificationCode(ctx, identity.email, code, EMAIL_CODE_TTL_MS / 60_000);
  return token;
}

/** A new code for a live e-mail step (the old code stops working); at most MAX_CODE_SENDS per step. */
export async function resendEmailCode(ctx: Ctx, c: ChallengeRow, email: string): Promise<AppError | null> {
  if (c.sends >= MAX_CODE_SENDS) return verificationFailed('SEND_CODE_ERROR', { maxSends: MAX_CODE_SENDS });
  const code = sixDigitCode();
  await updateChallenge(ctx.db, c.id, {
    code_hash: codeHash(c.id, code),
    code_expires_at: later(ctx.clock.now(), EMAIL_CODE_TTL_MS),
    attempts: 0,
    sends: c.sends + 1,
  });
  await mailVerificationCode(ctx, email, code, EMAIL_CODE_TTL_MS / 60_000);
  return null;
}

export const startMfaChallenge = async (ctx: Ctx, identityId: string): Promise<string> =>
  (await newChallenge(ctx, identityId, 'MFA', MFA_STATE_TTL_MS)).token;

/** The live step a state token names (locked for update in the caller's transaction). */
export const findStep = (ctx: Ctx, kinds: ChallengeKind[], token: string) =>
  liveChallenge(ctx.db, kinds, sha256(token), ctx.clock.now());

/** The step or link a token named, live or not (a link opened after it was used or expired). */
export const findPastStep = (ctx: Ctx, kinds: ChallengeKind[], token: string) =>
  anyChallenge(ctx.db, kinds, sha256(token));

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks an e-mail code against its step: spends the step when right; counts a wrong attempt and
 * voids the code after MAX_CODE_ATTEMPTS. Returns the error to throw (after the caller commits), or null.
 */
export async function checkEmailCode(ctx: Ctx, c: ChallengeRow, code: string): Promise<AppError | null> {
  const now = ctx.clock.now();
  if (!c.code_hash || !c.code_expires_at || c.code_expires_at <= now) return verificationFailed('NOT_FOUND');
  if (sameHash(codeHash(c.id, code.trim()), c.code_hash)) {
    await updateChallenge(ctx.db, c.id, { used_at: now });
    return null;
  }
  const attempts = c.attempts + 1;
  const spent = attempts >= MAX_CODE_ATTEMPTS;
  await updateChallenge(ctx.db, c.id, {
    attempts,
    ...(spent ? { code_hash: null, code_expires_at: null } : {}),
  });
  return verificationFailed('BAD_CODE', { attemptsLeft: MAX_CODE_ATTEMPTS - attempts });
}

/** Counts a wrong second-factor attempt; the step ends after MAX_CODE_ATTEMPTS. */
export async function failMfaAttempt(ctx: Ctx, c: ChallengeRow): Promise<AppError> {
  const attempts = c.attempts + 1;
  await updateChallenge(ctx.db, c.id, {
    attempts,
    ...(attempts >= MAX_CODE_ATTEMPTS ? { used_at: ctx.clock.now() } : {}),
  });
  return verificationFailed('BAD_CODE', { attemptsLeft: MAX_CODE_ATTEMPTS - attempts });
}

export const spendStep = (ctx: Ctx, c: ChallengeRow) =>
  updateChallenge(ctx.db, c.id, { used_at: ctx.clock.now() });

/** A recovery or activation link token; earlier links of the same kind stop working. */
export const issueLinkToken = async (
  ctx: Ctx,
  identityId: string,
  kind: 'RECOVERY' | 'ACTIVATION',
): Promise<string> => (await newChallenge(ctx, identityId, kind, LINK_TTL_MS[kind])).token;

/** Ends every open step and link of an identity (after a password change or reset). */
export const endAllSteps = (ctx: Ctx, identityId: string) =>
  endChallenges(ctx.db, identityId, ['EMAIL_VERIFICATION', 'MFA', 'RECOVERY', 'ACTIVATION'], ctx.clock.now());
