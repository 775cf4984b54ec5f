import type { RecoveryLinkStatus, StateMachineResponse } from '@vitrine/contract';
import type { z } from 'zod';
import type {
  recoverRequest,
  resendRecoveryEmailRequest,
  sendActivationEmailRequest,
  sendRecoveryEmailRequest,
} from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { notFound, ValidationError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { endAllSteps, findPastStep, findStep, issueLinkToken, LINK_TTL_MS, spendStep } from './challenges.ts';
import { identityBlocked, invalidRecoveryToken } from './errors.ts';
import { completeAuthentication, markEmailVerified } from './flow.ts';
import { recoveryLink } from './links.ts';
import { mailRecoveryLink, mailSecurityChange } from './mails.ts';
import { hashPassword, passwordViolation } from './password.ts';
import { normaliseEmail } from './service.ts';
import { findIdentity, findLiveIdentityByEmail, updateIdentity, upsertFactor } from './store.ts';
import { clearAccountEverywhere } from './throttle.ts';
import { countRecentChallenges } from './token-store.ts';

/** At most this many recovery mails per account and hour; more requests are answered alike but send nothing. */
export const MAX_RECOVERY_MAILS_PER_HOUR = 5;

/** Mails a reset link when the address belongs to an account; the answer is the same either way. */
export async function sendRecoveryEmail(
  ctx: Ctx,
  body: z.output<typeof sendRecoveryEmailRequest>,
): Promise<void> {
  const identity = await findLiveIdentityByEmail(ctx.db, normaliseEmail(body.email));
  if (!identity || identity.status === 'BLOCKED') return;
  const hourAgo = new Date(ctx.clock.now().getTime() - 3_600_000);
  if ((await countRecentChallenges(ctx.db, identity.id, 'RECOVERY', hourAgo)) >= MAX_RECOVERY_MAILS_PER_HOUR)
    return;
  await inTransaction(ctx, async (tx) => {
    const token = await issueLinkToken(tx, identity.id, 'RECOVERY');
    await mailRecoveryLink(
      tx,
      identity.email,
      await recoveryLink(tx, token, body.redirect),
      'RECOVERY',
      LINK_TTL_MS.RECOVERY / 3_600_000,
    );
  });
}

/**
 * What became of a recovery or activation link, without spending it: the reset pages ask first, so
 * a shopper opening a dead link is told at once and offered a new one instead of typing a password
 * for nothing. `USED` also covers a link a newer one replaced, or that a password change ended.
 */
export async function recoveryLinkStatus(ctx: Ctx, recoveryToken: string): Promise<RecoveryLinkStatus> {
  const step = await findPastStep(ctx, ['RECOVERY', 'ACTIVATION'], recoveryToken);
  if (!step) return 'UNKNOWN';
  const identity = await findIdentity(ctx.db, step.identity_id);
  if (!identity || identity.status === 'DELETED') return 'UNKNOWN';
  if (step.used_at) return 'USED';
  return step.expires_at <= ctx.clock.now() ? 'EXPIRED' : 'VALID';
}

/**
 * A new link of the same kind for the account an old link (live, used or expired) was sent to,
 * mailed to that account's address: the shopper on the dead link's page need not type it. Nothing
 * is sent for an unknown token, a blocked or deleted account, or past the hourly limit; the answer
 * is the same.
 */
export async function resendRecoveryEmail(
  ctx: Ctx,
  body: z.output<typeof resendRecoveryEmailRequest>,
): Promise<void> {
  const step = await findPastStep(ctx, ['RECOVERY', 'ACTIVATION'], body.recoveryToken);
  if (!step) return;
  const kind = step.kind === 'ACTIVATION' ? 'ACTIVATION' : 'RECOVERY';
  const identity = await findIdentity(ctx.db, step.identity_id);
  if (!identity || identity.status === 'DELETED' || identity.status === 'BLOCKED') return;
  const hourAgo = new Date(ctx.clock.now().getTime() - 3_600_000);
  if ((await countRecentChallenges(ctx.db, identity.id, kind, hourAgo)) >= MAX_RECOVERY_MAILS_PER_HOUR)
    return;
  await inTransaction(ctx, async (tx) => {
    const token = await issueLinkToken(tx, identity.id, kind);
    await mailRecoveryLink(
      tx,
      identity.email,
      await recoveryLink(tx, token, body.redirect),
      kind,
      LINK_TTL_MS[kind] / 3_600_000,
    );
  });
}

/** Admin: mails an account's owner a link to choose a password (24 hours). */
export async function sendActivationEmail(
  ctx: Ctx,
  body: z.output<typeof sendActivationEmailRequest>,
): Promise<void> {
  const identity = await findIdentity(ctx.db, body.identityId);
  if (!identity || identity.status === 'DELETED') throw notFound('Identity');
  if (identity.status === 'BLOCKED') throw identityBlocked();
  await inTransaction(ctx, async (tx) => {
    const token = await issueLinkToken(tx, identity.id, 'ACTIVATION');
    await mailRecoveryLink(
      tx,
      identity.email,
      await recoveryLink(tx, token, body.emailOptions?.redirect),
      'ACTIVATION',
      LINK_TTL_MS.ACTIVATION / 3_600_000,
    );
  });
}

/**
 * Sets a new password with a recovery or activation token (single use). Opening the mailed link
 * proves the address, so it counts as verified; failures and any lock on the account are
 * forgotten, other links and pending steps end, every refresh token of the member is revoked, and
 * the sign-in continues (second factor first).
 */
export async function recover(
  ctx: Ctx,
  body: z.output<typeof recoverRequest>,
): Promise<StateMachineResponse> {
  const step = await findStep(ctx, ['RECOVERY', 'ACTIVATION'], body.recoveryToken);
  if (!step) throw invalidRecoveryToken();
  const identity = await findIdentity(ctx.db, step.identity_id);
  if (!identity || identity.status === 'DELETED') throw invalidRecoveryToken();
  if (identity.status === 'BLOCKED') throw identityBlocked();
  const problem = passwordViolation(ctx.config, 'password', body.password, identity.email);
  if (problem) throw new ValidationError([problem]);
  const passwordHash = await hashPassword(ctx.config, body.password);
  return inTransaction(ctx, async (tx) => {
    const live = await findStep(tx, ['RECOVERY', 'ACTIVATION'], body.recoveryToken);
    if (!live) throw invalidRecoveryToken();
    await spendStep(tx, live);
    const now = tx.clock.now();
    const row = await updateIdentity(
      tx.db,
      identity.id,
      { password_hash: passwordHash, password_reset_required: false },
      now,
    );
    await upsertFactor(tx.db, {
      id: newId(),
      identity_id: identity.id,
      type: 'PASSWORD',
      status: 'ACTIVE',
      secret: null,
      last_used_step: null,
      created_at: now,
      updated_at: now,
    });
    await markEmailVerified(tx, row);
    await endAllSteps(tx, identity.id);
    await clearAccountEverywhere(tx, identity.email);
    await tx.services.ports.tokens.revokeTokensOf(tx, identity.id);
    // An activation sets the first password: nothing changed that the member did not just do.
    if (live.kind === 'RECOVERY') await mailSecurityChange(tx, identity.email, 'PASSWORD_RESET');
    return completeAuthentication(tx, identity.id, { mfaDone: false });
  });
}
