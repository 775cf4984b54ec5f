import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { z } from 'zod';
import type { factorsResponse, totpConfirmResponse, totpEnrollResponse } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { conflict, notFound, type AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { getSettings } from '../settings/index.ts';
import { failMfaAttempt, spendStep } from './challenges.ts';
import { verificationFailed } from './errors.ts';
import { mailSecurityChange } from './mails.ts';
import { sha256 } from './secrets.ts';
import { assertNotLocked, recordFailure } from './throttle.ts';
import {
  deleteFactor,
  findFactor,
  findIdentity,
  listFactors,
  replaceRecoveryCodes,
  spendRecoveryCode,
  updateFactor,
  updateIdentity,
  upsertFactor,
  type ChallengeRow,
} from './store.ts';

/**
 * TOTP second factor (RFC 6238: SHA-1, 6 digits, 30 s; ±30 s of clock drift accepted). A code is
 * accepted once: the time step of the last accepted code is kept and later codes must be newer.
 * Confirming the enrolment hands out 10 single-use recovery codes (kept as SHA-256 only).
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** The time step a code belongs to near `now`, or null when it is not a current code. */
export async function matchStep(secret: string, code: string, now: Date): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const r = await verify({ secret, token, epoch: Math.floor(now.getTime() / 1000), epochTolerance: 30 });
    return r.valid && 'timeStep' in r ? r.timeStep : null;
  } catch {
    return null;
  }
}

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const recoveryCodeHash = (identityId: string, code: string) =>
  sha256(`${identityId}:${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`);

/** Starts (or restarts) a TOTP enrolment: a new secret, INACTIVE until confirmed with a code. */
export async function enrollTotp(ctx: Ctx, identityId: string): Promise<z.infer<typeof totpEnrollResponse>> {
  return inTransaction(ctx, async (tx) => {
    const identity = await findIdentity(tx.db, identityId, true);
    if (!identity || identity.status === 'DELETED') throw notFound('Identity');
    const existing = await findFactor(tx.db, identityId, 'TOTP', true);
    if (existing?.status === 'ACTIVE')
      throw conflict('TOTP_ALREADY_ENROLLED', 'An authenticator app is already set up for this account');
    const now = tx.clock.now();
    const secret = generateSecret();
    const factor = await upsertFactor(tx.db, {
      id: newId(),
      identity_id: identityId,
      type: 'TOTP',
      status: 'INACTIVE',
      secret,
      last_used_step: null,
      created_at: now,
      updated_at: now,
    });
    const { storeName } = await getSettings(tx);
    return {
      factor: { factorId: factor.id, type: 'TOTP', status: factor.status },
      secret,
      otpauthUri: generateURI({ issuer: storeName, label: identity.email, secret }),
    };
  });
}

/** Confirms the enrolment with a current code: the factor becomes ACTIVE and recovery codes are issued. */
export async function confirmTotp(
  ctx: Ctx,
  identityId: string,
  code: string,
): Promise<z.infer<typeof totpConfirmResponse>> {
  return inTransaction(ctx, async (tx) => {
    const factor = await findFactor(tx.db, identityId, 'TOTP', true);
    if (!factor || factor.status !== 'INACTIVE' || !factor.secret)
      throw conflict('TOTP_NOT_PENDING', 'Start the authenticator set-up first');
    const now = tx.clock.now();
    const step = await matchStep(factor.secret, code, now);
    if (step === null) throw verificationFailed('BAD_CODE');
    const active = await updateFactor(tx.db, factor.id, { status: 'ACTIVE', last_used_step: step }, now);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await replaceRecoveryCodes(
      tx.db,
      identityId,
      codes.map((c) => recoveryCodeHash(identityId, c)),
      now,
    );
    const identity = await updateIdentity(tx.db, identityId, {}, now);
    await mailSecurityChange(tx, identity.email, 'TOTP_ON');
    return { factor: { factorId: active.id, type: 'TOTP', status: 'ACTIVE' }, recoveryCodes: codes };
  });
}

/** The member's own factors (`GET …/v2/factors`). */
export async function factorsOf(ctx: Ctx, identityId: string): Promise<z.infer<typeof factorsResponse>> {
  const factors = await listFactors(ctx.db, identityId);
  return { factors: factors.map((f) => ({ factorId: f.id, type: f.type, status: f.status })) };
}

/**
 * Turns the authenticator off, with a current code (newer than the last one used) or an unused
 * recovery code: a session alone is not enough. A wrong code counts as a failed sign-in of the
 * account at this address (captcha, then lock-out after 100 in an hour: no guessing through it).
 */
export async function removeTotp(ctx: Ctx, identityId: string, code: string, ip: string): Promise<void> {
  const identity = await findIdentity(ctx.db, identityId);
  if (!identity || identity.status === 'DELETED') throw notFound('Identity');
  await assertNotLocked(ctx, identity.email, ip);
  const removed = await inTransaction(ctx, async (tx) => {
    const factor = await findFactor(tx.db, identityId, 'TOTP', true);
    if (factor?.status !== 'ACTIVE' || !factor.secret)
      throw conflict('TOTP_NOT_ENROLLED', 'No authenticator app is set up for this account');
    const now = tx.clock.now();
    const step = await matchStep(factor.secret, code, now);
    const right =
      step !== null
        ? factor.last_used_step === null || step > factor.last_used_step
        : await spendRecoveryCode(tx.db, identityId, recoveryCodeHash(identityId, code), now);
    if (!right) return false;
    await deleteFactor(tx.db, identityId, 'TOTP');
    await updateIdentity(tx.db, identityId, {}, now);
    await mailSecurityChange(tx, identity.email, 'TOTP_OFF');
    return true;
  });
  if (!removed) {
    await recordFailure(ctx, { email: identity.email, ip });
    throw verificationFailed('BAD_CODE');
  }
}

export const hasActiveTotp = async (ctx: Ctx, identityId: string): Promise<boolean> =>
  (await findFactor(ctx.db, identityId, 'TOTP'))?.status === 'ACTIVE';

/**
 * Checks the second factor of a live MFA step: a TOTP code newer than the last one used, or an
 * unused recovery code. Spends the step when right; returns the error to throw after commit.
 */
export async function checkSecondFactor(
  ctx: Ctx,
  c: ChallengeRow,
  input: { totp?: string; recoveryCode?: string },
): Promise<AppError | null> {
  const now = ctx.clock.now();
  if (input.totp !== undefined) {
    const factor = await findFactor(ctx.db, c.identity_id, 'TOTP', true);
    if (factor?.status !== 'ACTIVE' || !factor.secret) return verificationFailed('NOT_FOUND');
    const step = await matchStep(factor.secret, input.totp, now);
    if (step === null || (factor.last_used_step !== null && step <= factor.last_used_step))
      return failMfaAttempt(ctx, c);
    await updateFactor(ctx.db, factor.id, { last_used_step: step }, now);
  } else if (input.recoveryCode !== undefined) {
    if (
      !(await spendRecoveryCode(
        ctx.db,
        c.identity_id,
        recoveryCodeHash(c.identity_id, input.recoveryCode),
        now,
      ))
    )
      return failMfaAttempt(ctx, c);
  } else {
    return verificationFailed('BAD_CODE');
  }
  await spendStep(ctx, c);
  return null;
}

/** A 6-digit code is a TOTP code; anything else is taken as a recovery code. */
export const secondFactorInput = (code: string) =>
  /^\s*\d{6}\s*$/.test(code) ? { totp: code } : { recoveryCode: code };
