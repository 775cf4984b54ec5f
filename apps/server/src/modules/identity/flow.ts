import type { IdentityProfile, IdentityStatusReason, StateMachineResponse } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { startEmailChallenge, startMfaChallenge } from './challenges.ts';
import { identityEntity } from './entity.ts';
import { stateResponse } from './entity.ts';
import { identityBlocked, identityNotActive } from './errors.ts';
import { randomToken, sha256 } from './secrets.ts';
import {
  findIdentity,
  insertIdentity,
  updateIdentity,
  upsertFactor,
  type IdentityRow,
  type IdentityRowStatus,
} from './store.ts';
import { insertSessionToken } from './token-store.ts';
import { hasActiveTotp } from './totp.ts';

/** Session tokens are exchanged once, within 5 minutes, for OAuth tokens (oauth's authorize). */
export const SESSION_TOKEN_TTL_MS = 5 * 60_000;

/** PENDING while any reason remains; BLOCKED/DELETED/OFFLINE stay as they are. */
export const statusFor = (current: IdentityRowStatus, reasons: IdentityStatusReason[]): IdentityRowStatus =>
  current === 'PENDING' || current === 'ACTIVE' ? (reasons.length ? 'PENDING' : 'ACTIVE') : current;

export interface NewIdentity {
  email: string;
  passwordHash: string | null;
  profile: IdentityProfile;
  emailVerified: boolean;
  reasons: IdentityStatusReason[];
}

/**
 * Creates an identity with its factors and its member (same id), in the caller's transaction.
 * Returns undefined when a live identity already has the e-mail.
 */
export async function createIdentity(ctx: Ctx, n: NewIdentity): Promise<IdentityRow | undefined> {
  const now = ctx.clock.now();
  const id = newId();
  const emails = [n.email, ...(n.profile.emails ?? []).filter((e) => e.toLowerCase() !== n.email)];
  const row = await insertIdentity(ctx.db, {
    id,
    email: n.email,
    email_verified: n.emailVerified,
    password_hash: n.passwordHash,
    password_reset_required: false,
    status: statusFor('PENDING', n.reasons),
    reasons: n.reasons,
    profile: { ...n.profile, emails },
    revision: 1,
    created_at: now,
    updated_at: now,
  });
  if (!row) return undefined;
  const factor = (type: 'PASSWORD' | 'EMAIL', active: boolean) =>
    upsertFactor(ctx.db, {
      id: newId(),
      identity_id: id,
      type,
      status: active ? 'ACTIVE' : 'INACTIVE',
      secret: null,
      last_used_step: null,
      created_at: now,
      updated_at: now,
    });
  if (n.passwordHash) await factor('PASSWORD', true);
  await factor('EMAIL', n.emailVerified);
  const p = n.profile;
  await ctx.services.ports.accounts.memberCreated(ctx, {
    identityId: id,
    loginEmail: n.email,
    loginEmailVerified: n.emailVerified,
    status: n.reasons.includes('PENDING_ADMIN_APPROVAL_REQUIRED') ? 'PENDING' : 'APPROVED',
    privacyStatus: p.privacyStatus === 'PUBLIC' ? 'PUBLIC' : 'PRIVATE',
    contact: {
      ...(p.firstName ? { firstName: p.firstName } : {}),
      ...(p.lastName ? { lastName: p.lastName } : {}),
      ...(p.phones?.length ? { phones: p.phones } : {}),
      emails,
      ...(p.company ? { company: p.company } : {}),
      ...(p.position ? { jobTitle: p.position } : {}),
      ...(p.birthdate ? { birthdate: p.birthdate } : {}),
    },
    profile: {
      ...(p.nickname ? { nickname: p.nickname } : {}),
      ...(p.picture ? { photo: { url: p.picture } } : {}),
    },
  });
  return row;
}

/** Marks the e-mail verified: drops the pending reason, activates the EMAIL factor, tells the member. */
export async function markEmailVerified(ctx: Ctx, identity: IdentityRow): Promise<IdentityRow> {
  if (identity.email_verified && !identity.reasons.includes('PENDING_EMAIL_VERIFICATION_REQUIRED'))
    return identity;
  const now = ctx.clock.now();
  const reasons = identity.reasons.filter((r) => r !== 'PENDING_EMAIL_VERIFICATION_REQUIRED');
  const row = await updateIdentity(
    ctx.db,
    identity.id,
    { email_verified: true, reasons, status: statusFor(identity.status, reasons) },
    now,
  );
  await upsertFactor(ctx.db, {
    id: newId(),
    identity_id: identity.id,
    type: 'EMAIL',
    status: 'ACTIVE',
    secret: null,
    last_used_step: null,
    created_at: now,
    updated_at: now,
  });
  await ctx.services.ports.accounts.identityChanged(ctx, identity.id, { loginEmailVerified: true });
  return row;
}

export async function issueSessionToken(ctx: Ctx, identityId: string): Promise<string> {
  const token = randomToken();
  const now = ctx.clock.now();
  const c = ctx.caller;
  const visitorId = c.role === 'visitor' || c.role === 'member' ? (c.visitorId ?? null) : null;
  await insertSessionToken(ctx.db, {
    token_hash: sha256(token),
    identity_id: identityId,
    visitor_id: visitorId,
    expires_at: new Date(now.getTime() + SESSION_TOKEN_TTL_MS),
    created_at: now,
  });
  return token;
}

/**
 * The next step of a sign-in whose first factor passed (in the caller's transaction): the second
 * factor (STATUS_CHECK with `additionalData.factorType: "TOTP"`) unless `mfaDone`, then e-mail
 * verification, then owner approval, else SUCCESS with a session token.
 */
export async function completeAuthentication(
  ctx: Ctx,
  identityId: string,
  o: { mfaDone: boolean },
): Promise<StateMachineResponse> {
  const row = await findIdentity(ctx.db, identityId, true);
  if (!row || row.status === 'DELETED') throw notFound('Identity');
  if (row.status === 'BLOCKED') throw identityBlocked();
  if (!o.mfaDone && (await hasActiveTotp(ctx, row.id))) {
    const stateToken = await startMfaChallenge(ctx, row.id);
    return stateResponse('STATUS_CHECK', {
      identity: await identityEntity(ctx.db, row),
      stateToken,
      additionalData: { factorType: 'TOTP' },
    });
  }
  if (row.reasons.includes('PENDING_EMAIL_VERIFICATION_REQUIRED')) {
    const stateToken = await startEmailChallenge(ctx, row, { mfaDone: true });
    return stateResponse('REQUIRE_EMAIL_VERIFICATION', {
      identity: await identityEntity(ctx.db, row),
      stateToken,
    });
  }
  if (row.reasons.includes('PENDING_ADMIN_APPROVAL_REQUIRED')) {
    return stateResponse('REQUIRE_OWNER_APPROVAL', { identity: await identityEntity(ctx.db, row) });
  }
  if (row.status !== 'ACTIVE') throw identityNotActive(row.status);
  const sessionToken = await issueSessionToken(ctx, row.id);
  await ctx.services.ports.accounts.loggedIn(ctx, row.id);
  return stateResponse('SUCCESS', { identity: await identityEntity(ctx.db, row), sessionToken });
}
