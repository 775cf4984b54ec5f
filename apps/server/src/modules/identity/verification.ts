import type { StateMachineResponse } from '@vitrine/contract';
import type { z } from 'zod';
import type { legacyVerifyRequest } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, forbidden, notFound, violation } from '../../platform/errors.ts';
import { checkEmailCode, findStep, resendEmailCode, startEmailChallenge } from './challenges.ts';
import { identityEntity, stateResponse } from './entity.ts';
import { unsupportedFactor, verificationFailed } from './errors.ts';
import { completeAuthentication, markEmailVerified } from './flow.ts';
import { findIdentity } from './store.ts';
import { recordFailure } from './throttle.ts';
import { countRecentChallenges } from './token-store.ts';
import { checkSecondFactor, secondFactorInput } from './totp.ts';

/** At most this many verification codes started per identity and hour through `start`. */
export const MAX_STARTS_PER_HOUR = 5;

type Check =
  | { kind: 'EMAIL'; code: string }
  | { kind: 'MFA'; input: { totp?: string; recoveryCode?: string } }
  | { kind: 'ANY'; code: string };

/**
 * Checks a code against the step a state token names and, when right, continues the sign-in.
 * A wrong attempt is committed (attempt counters, failure counts) before the error is thrown.
 */
async function verifyStep(
  ctx: Ctx,
  stateToken: string,
  check: Check,
  ip: string,
): Promise<StateMachineResponse> {
  const kinds =
    check.kind === 'EMAIL'
      ? ['EMAIL_VERIFICATION' as const]
      : check.kind === 'MFA'
        ? ['MFA' as const]
        : ['EMAIL_VERIFICATION' as const, 'MFA' as const];
  const outcome = await inTransaction(
    ctx,
    async (tx): Promise<{ error: AppError } | { answer: StateMachineResponse }> => {
      const step = await findStep(tx, kinds, stateToken);
      if (!step) return { error: verificationFailed('NOT_FOUND') };
      const identity = await findIdentity(tx.db, step.identity_id, true);
      if (!identity || identity.status === 'DELETED') return { error: verificationFailed('NOT_FOUND') };
      if (step.kind === 'EMAIL_VERIFICATION') {
        const error = await checkEmailCode(tx, step, check.kind === 'MFA' ? '' : check.code);
        if (error) return { error };
        await markEmailVerified(tx, identity);
        return { answer: await completeAuthentication(tx, identity.id, { mfaDone: step.mfa_done }) };
      }
      const error = await checkSecondFactor(
        tx,
        step,
        check.kind === 'MFA' ? check.input : secondFactorInput(check.code),
      );
      if (error) {
        await recordFailure(tx, { email: identity.email, ip });
        return { error };
      }
      return { answer: await completeAuthentication(tx, identity.id, { mfaDone: true }) };
    },
  );
  if ('error' in outcome) throw outcome.error;
  return outcome.answer;
}

/** `verification/v1/auth/verify`: the e-mail code of a REQUIRE_EMAIL_VERIFICATION step, or a second-factor code. */
export const verifyDuringAuthentication = (
  ctx: Ctx,
  body: { code: string; stateToken: string },
  ip: string,
) => verifyStep(ctx, body.stateToken, { kind: 'ANY', code: body.code }, ip);

/** Legacy `authentication/v2/{factorType}/verify`: EMAIL, TOTP and RECOVERY_CODE are offered. */
export function verifyFactor(
  ctx: Ctx,
  factorType: string,
  body: z.output<typeof legacyVerifyRequest>,
  ip: string,
): Promise<StateMachineResponse> {
  const need = (field: string, code: string | undefined): string => {
    if (code === undefined) throw violation(`${field}.code`, 'is required', 'REQUIRED_FIELD');
    return code;
  };
  switch (factorType.toUpperCase()) {
    case 'EMAIL':
      return verifyStep(
        ctx,
        body.stateToken,
        { kind: 'EMAIL', code: need('emailData', body.emailData?.code) },
        ip,
      );
    case 'TOTP':
      return verifyStep(
        ctx,
        body.stateToken,
        { kind: 'MFA', input: { totp: need('totpData', body.totpData?.code) } },
        ip,
      );
    case 'RECOVERY_CODE':
      return verifyStep(
        ctx,
        body.stateToken,
        { kind: 'MFA', input: { recoveryCode: need('recoveryCodeData', body.recoveryCodeData?.code) } },
        ip,
      );
    default:
      throw unsupportedFactor(factorType);
  }
}

/** `verification/v1/auth/resend`: a new code for a live e-mail step, same state token. */
export async function resendDuringAuthentication(
  ctx: Ctx,
  stateToken: string,
): Promise<StateMachineResponse> {
  const outcome = await inTransaction(
    ctx,
    async (tx): Promise<{ error: AppError } | { answer: StateMachineResponse }> => {
      const step = await findStep(tx, ['EMAIL_VERIFICATION'], stateToken);
      const identity = step && (await findIdentity(tx.db, step.identity_id));
      if (!step || !identity || identity.status === 'DELETED')
        return { error: verificationFailed('NOT_FOUND') };
      const error = await resendEmailCode(tx, step, identity.email);
      if (error) return { error };
      return {
        answer: stateResponse('REQUIRE_EMAIL_VERIFICATION', {
          identity: await identityEntity(tx.db, identity),
          stateToken,
        }),
      };
    },
  );
  if ('error' in outcome) throw outcome.error;
  return outcome.answer;
}

/**
 * `verification/v1/start`: mails a code to the identity's address; the returned verificationId is
 * the state token to verify it with (`auth/verify`). Allowed to admins, to the member for their
 * own identity, and to anyone for an identity still waiting for e-mail verification.
 */
export async function startVerification(ctx: Ctx, identityId: string): Promise<{ verificationId: string }> {
  const identity = await findIdentity(ctx.db, identityId);
  if (!identity || identity.status === 'DELETED') throw notFound('Identity');
  const c = ctx.caller;
  const allowed =
    c.role === 'admin' ||
    (c.role === 'member' && c.memberId === identityId) ||
    identity.reasons.includes('PENDING_EMAIL_VERIFICATION_REQUIRED');
  if (!allowed) throw forbidden();
  const hourAgo = new Date(ctx.clock.now().getTime() - 3_600_000);
  if (
    (await countRecentChallenges(ctx.db, identityId, 'EMAIL_VERIFICATION', hourAgo)) >= MAX_STARTS_PER_HOUR
  ) {
    throw new AppError(429, 'THROTTLED_FEATURE', 'Too many verification codes were sent; try again later');
  }
  const verificationId = await inTransaction(ctx, (tx) =>
    startEmailChallenge(tx, identity, { mfaDone: false }),
  );
  return { verificationId };
}
