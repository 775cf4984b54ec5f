import type { Identity, IdentityStatusReason, StateMachineResponse } from '@vitrine/contract';
import { z } from 'zod';
import type { loginRequest, registerRequest, signOnRequest } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, notFound, ValidationError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { getSettings } from '../settings/index.ts';
import { endChallenges, spendSessionToken } from './token-store.ts';
import { identityEntity } from './entity.ts';
import {
  emailExists,
  identityBlocked,
  identityNotActive,
  invalidCredentials,
  resetRequired,
} from './errors.ts';
import {
  completeAuthentication,
  createIdentity,
  issueSessionToken,
  markEmailVerified,
  statusFor,
} from './flow.ts';
import { allowedUrl } from './links.ts';
import { mailSecurityChange } from './mails.ts';
import { hashPassword, needsRehash, passwordViolation, verifyPassword } from './password.ts';
import { sha256 } from './secrets.ts';
import {
  approveIdentityRows,
  blockIdentityRows,
  findIdentity,
  findLiveIdentityByEmail,
  updateIdentity,
  upsertFactor,
} from './store.ts';
import {
  accountKey,
  assertNotLocked,
  clearAccount,
  enforceCaptcha,
  ipKey,
  recordFailure,
  recordWrongPassword,
} from './throttle.ts';

/** E-mail addresses are compared trimmed and lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Redeems a session token for the oauth module's authorize step: single use, within 5 minutes
 * of issue, and only while the identity is ACTIVE. Null for anything else. `visitorId` is the
 * anonymous visitor whose token signed in, when there was one.
 */
export async function redeemSessionToken(
  ctx: Ctx,
  token: string,
): Promise<{ identityId: string; visitorId?: string } | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 500) return null;
  const spent = await spendSessionToken(ctx.db, sha256(token), ctx.clock.now());
  if (!spent) return null;
  const row = await findIdentity(ctx.db, spent.identity_id);
  if (row?.status !== 'ACTIVE') return null;
  return spent.visitor_id
    ? { identityId: spent.identity_id, visitorId: spent.visitor_id }
    : { identityId: spent.identity_id };
}

export async function getIdentity(ctx: Ctx, id: string): Promise<Identity | null> {
  const row = await findIdentity(ctx.db, id);
  return row && row.status !== 'DELETED' ? identityEntity(ctx.db, row) : null;
}

/** Sign-up: captcha when the address has failed recently, password rules, then the state machine. */
export async function register(
  ctx: Ctx,
  body: z.output<typeof registerRequest>,
  ip: string,
): Promise<StateMachineResponse> {
  const email = normaliseEmail(body.loginId.email);
  await enforceCaptcha(ctx, body.captchaTokens, [ipKey(ip)]);
  const problem = passwordViolation(ctx.config, 'password', body.password, email);
  if (problem) throw new ValidationError([problem]);
  const duplicate = async () => {
    await recordFailure(ctx, { ip });
    return emailExists();
  };
  // Checked before the (deliberately slow) hash; the insert checks again.
  if (await findLiveIdentityByEmail(ctx.db, email)) throw await duplicate();
  const passwordHash = await hashPassword(ctx.config, body.password);
  const { memberApprovalRequired } = await getSettings(ctx);
  const reasons: IdentityStatusReason[] = [
    ...(ctx.config.EMAIL_VERIFICATION_REQUIRED ? ['PENDING_EMAIL_VERIFICATION_REQUIRED' as const] : []),
    ...(memberApprovalRequired ? ['PENDING_ADMIN_APPROVAL_REQUIRED' as const] : []),
  ];
  const answer = await inTransaction(ctx, async (tx) => {
    const row = await createIdentity(tx, {
      email,
      passwordHash,
      profile: body.profile ?? {},
      emailVerified: false,
      reasons,
    });
    return row ? completeAuthentication(tx, row.id, { mfaDone: true }) : null;
  });
  if (!answer) throw await duplicate();
  return answer;
}

/** A login body that does not parse: an application error, as the SDK's login helper requires. */
export function malformedLogin(issues: readonly z.core.$ZodIssue[]): AppError {
  if (issues.every((i) => i.path[0] === 'password')) return invalidCredentials();
  return new AppError(400, 'INVALID_LOGIN_REQUEST', 'The sign-in request needs loginId.email and password', {
    fields: [...new Set(issues.map((i) => i.path.join('.')))],
  });
}

/**
 * Sign-in with e-mail and password. Unknown e-mail and wrong password answer alike (-19976),
 * after the same amount of hashing work; failures count towards captcha and lock-out.
 */
export async function login(
  ctx: Ctx,
  body: z.output<typeof loginRequest>,
  ip: string,
): Promise<StateMachineResponse> {
  const email = normaliseEmail(body.loginId.email);
  await assertNotLocked(ctx, email, ip);
  await enforceCaptcha(ctx, body.captchaTokens, [accountKey(email), ipKey(ip)]);
  const identity = await findLiveIdentityByEmail(ctx.db, email);
  const ok = await verifyPassword(ctx.config, identity?.password_hash ?? null, body.password);
  if (!ok || !identity) throw invalidCredentials(await recordWrongPassword(ctx, email, ip));
  await clearAccount(ctx, email, ip);
  if (identity.password_reset_required) throw resetRequired();
  if (identity.password_hash && (await needsRehash(ctx.config, identity.password_hash))) {
    await updateIdentity(
      ctx.db,
      identity.id,
      { password_hash: await hashPassword(ctx.config, body.password) },
      ctx.clock.now(),
    );
  }
  return inTransaction(ctx, (tx) => completeAuthentication(tx, identity.id, { mfaDone: false }));
}

/**
 * Sets a new password (after the rules); outstanding reset links stop working, and every session but
 * `o.keepSession` (the caller's) ends: refresh tokens and hosted sign-in sessions.
 */
export async function setPassword(
  ctx: Ctx,
  identityId: string,
  password: string,
  field: string,
  o: { keepSession?: string } = {},
): Promise<void> {
  const identity = await findIdentity(ctx.db, identityId);
  if (!identity || identity.status === 'DELETED') throw notFound('Identity');
  if (identity.status === 'BLOCKED') throw identityBlocked();
  const problem = passwordViolation(ctx.config, field, password, identity.email);
  if (problem) throw new ValidationError([problem]);
  const passwordHash = await hashPassword(ctx.config, password);
  await inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    await updateIdentity(
      tx.db,
      identityId,
      { password_hash: passwordHash, password_reset_required: false },
      now,
    );
    await upsertFactor(tx.db, {
      id: newId(),
      identity_id: identityId,
      type: 'PASSWORD',
      status: 'ACTIVE',
      secret: null,
      last_used_step: null,
      created_at: now,
      updated_at: now,
    });
    await endChallenges(tx.db, identityId, ['RECOVERY', 'ACTIVATION'], now);
    // Whoever else held a session (another device, a thief) signs in again, with the new password.
    await tx.services.ports.tokens.revokeTokensOf(tx, identityId, { except: o.keepSession });
    await mailSecurityChange(tx, identity.email, 'PASSWORD_CHANGED');
  });
}

/** Makes the next sign-in answer -19973 until the password is reset or changed. */
export async function requirePasswordReset(ctx: Ctx, identityId: string): Promise<void> {
  const identity = await findIdentity(ctx.db, identityId);
  if (!identity || identity.status === 'DELETED') throw notFound('Identity');
  await updateIdentity(ctx.db, identityId, { password_reset_required: true }, ctx.clock.now());
}

/** The owner approves a pending identity: the approval reason goes, and the member becomes APPROVED. */
export async function approveIdentity(ctx: Ctx, identityId: string): Promise<Identity> {
  return inTransaction(ctx, async (tx) => {
    const row = await findIdentity(tx.db, identityId, true);
    if (!row || row.status === 'DELETED') throw notFound('Identity');
    const reasons = row.reasons.filter((r) => r !== 'PENDING_ADMIN_APPROVAL_REQUIRED');
    const saved =
      reasons.length === row.reasons.length
        ? row
        : await updateIdentity(
            tx.db,
            identityId,
            { reasons, status: statusFor(row.status, reasons) },
            tx.clock.now(),
          );
    if (saved.status !== 'BLOCKED')
      await tx.services.ports.accounts.identityChanged(tx, identityId, { status: 'APPROVED' });
    return identityEntity(tx.db, saved);
  });
}

/** Blocks an identity (no sign-in, no session token redeems) or lifts the block; the member follows. */
export async function setIdentityBlocked(ctx: Ctx, identityId: string, blocked: boolean): Promise<Identity> {
  return inTransaction(ctx, async (tx) => {
    const row = await findIdentity(tx.db, identityId, true);
    if (!row || row.status === 'DELETED') throw notFound('Identity');
    const status = blocked ? 'BLOCKED' : row.reasons.length ? 'PENDING' : 'ACTIVE';
    const saved =
      status === row.status ? row : await updateIdentity(tx.db, identityId, { status }, tx.clock.now());
    const approval = row.reasons.includes('PENDING_ADMIN_APPROVAL_REQUIRED');
    await tx.services.ports.accounts.identityChanged(tx, identityId, {
      status: blocked ? 'BLOCKED' : approval ? 'PENDING' : 'APPROVED',
    });
    return identityEntity(tx.db, saved);
  });
}

/**
 * Trusted sign-in without credentials (admin or API key): finds the identity by e-mail or creates
 * it (ACTIVE, no password; `verifyEmail: true` marks the address verified), and returns a session token.
 */
export async function signOn(
  ctx: Ctx,
  body: z.output<typeof signOnRequest>,
): Promise<{ sessionToken: string; identity: Identity }> {
  const email = normaliseEmail(body.loginId.email);
  return inTransaction(ctx, async (tx) => {
    let row = await findLiveIdentityByEmail(tx.db, email);
    if (!row) {
      row = await createIdentity(tx, {
        email,
        passwordHash: null,
        profile: body.profile ?? {},
        emailVerified: body.verifyEmail === true,
        reasons: [],
      });
      row ??= await findLiveIdentityByEmail(tx.db, email);
      if (!row) throw emailExists();
    } else if (body.verifyEmail) {
      row = await markEmailVerified(tx, row);
    }
    if (row.status === 'BLOCKED') throw identityBlocked();
    if (row.status !== 'ACTIVE') throw identityNotActive(row.status);
    const sessionToken = await issueSessionToken(tx, row.id);
    // The site's own back end signed the member in: a sign-in like a password's (lastLoginDate).
    await tx.services.ports.accounts.loggedIn(tx, row.id);
    return { sessionToken, identity: await identityEntity(tx.db, row) };
  });
}

/** validateEmail: the address's format only (no DNS look-ups; this never says whether an account exists). */
export function validateEmail(email: string) {
  const valid = email.trim().length <= 320 && z.email().safeParse(email.trim()).success;
  return valid
    ? { valid: true, formatInvalid: false }
    : { valid: false, formatInvalid: true, failure: { reason: 'EMAIL_DOMAIN_FORMAT_INVALID' as const } };
}

/** Where logout sends the browser: the requested URL when allowed, else the store's home page. */
export const logoutLocation = async (
  ctx: Ctx,
  o: { postLogoutRedirectUri?: string; clientId?: string },
): Promise<string> =>
  (await allowedUrl(ctx, o.postLogoutRedirectUri, o.clientId))?.toString() ?? `${ctx.config.PUBLIC_URL}/`;

// ---- the identity side of the members module's actions (members depends on identity, not back) ----

/** Lifts the block and the owner-approval reason of many identities (in the caller's transaction). */
export const approveIdentities = (ctx: Ctx, ids: readonly string[], now: Date) =>
  approveIdentityRows(ctx.db, ids, now);

/** Blocks many identities (in the caller's transaction). */
export const blockIdentities = (ctx: Ctx, ids: readonly string[], now: Date) =>
  blockIdentityRows(ctx.db, ids, now);

/** The identity of a deleted member becomes DELETED: its e-mail may register again. */
export async function markIdentityDeleted(ctx: Ctx, id: string): Promise<void> {
  await updateIdentity(ctx.db, id, { status: 'DELETED' }, ctx.clock.now());
}
