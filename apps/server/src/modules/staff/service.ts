import type { StaffEnrolmentResponse, StaffRole } from '@vitrine/contract';
import type { z } from 'zod';
import type {
  inviteStaffRequest,
  staffLoginRequest,
  staffPasswordRequest,
  staffSetupRequest,
} from '@vitrine/contract';
import { generateSecret, generateURI } from 'otplib';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, notFound, ValidationError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import {
  clearSignInFailures,
  guardSignIn,
  hashPassword,
  needsRehash,
  passwordViolation,
  recordSignInFailure,
  totpStep,
  verifyPassword,
} from '../identity/index.ts';
import { getSettings } from '../settings/index.ts';
import {
  captchaInvalid,
  captchaRequired,
  invalidCredentials,
  invalidLink,
  invalidTotpCode,
  lastOwner,
  staffExists,
  totpEnrolmentRequired,
  totpRequired,
} from './errors.ts';
import { normaliseEmail, randomToken, sha256 } from './secrets.ts';
import { openSession, type Client, type Opened } from './sessions.ts';
import * as store from './store.ts';
import type { EnrolmentPurpose, StaffRow } from './store.ts';

/** A set-up link lasts 7 days, an invitation 7 days, a TOTP enrolment 30 minutes and 5 wrong codes. */
export const SETUP_LINK_TTL_MS = 7 * 86_400_000;
export const INVITE_TTL_MS = 7 * 86_400_000;
export const ENROLMENT_TTL_MS = 30 * 60_000;
export const ENROLMENT_ATTEMPTS = 5;

/** A session opened for a staff member. */
export interface SignedIn extends Opened {
  staff: StaffRow;
}

const notFoundStaff = (id: string) => notFound('Staff', { id });

// ---- set-up links ----

/** A new one-time set-up link: whoever opens it creates an owner (or re-enrols one: README). */
export async function createSetupLink(ctx: Ctx): Promise<string> {
  const now = ctx.clock.now();
  const token = randomToken();
  await store.insertSetupToken(ctx.db, {
    id: newId(),
    token_hash: sha256(token),
    created_at: now,
    expires_at: new Date(now.getTime() + SETUP_LINK_TTL_MS),
  });
  return `${ctx.config.PUBLIC_URL}/dashboard/setup?token=${token}`;
}

/** At start: a set-up link while the store has no owner who can sign in, else undefined. */
export async function firstOwnerSetupLink(ctx: Ctx): Promise<string | undefined> {
  if ((await store.countActiveOwners(ctx.db)) > 0) return undefined;
  return createSetupLink(ctx);
}

// ---- TOTP enrolment ----

async function newEnrolment(
  ctx: Ctx,
  e: {
    purpose: EnrolmentPurpose;
    sourceId: string | null;
    staffId: string | null;
    email: string;
    name: string;
    passwordHash: string | null;
    until?: Date;
  },
): Promise<StaffEnrolmentResponse> {
  const now = ctx.clock.now();
  const token = randomToken();
  const secret = generateSecret();
  const end = now.getTime() + ENROLMENT_TTL_MS;
  await store.insertEnrolment(ctx.db, {
    id: newId(),
    token_hash: sha256(token),
    purpose: e.purpose,
    source_id: e.sourceId,
    staff_id: e.staffId,
    email: e.email,
    name: e.name,
    password_hash: e.passwordHash,
    totp_secret: secret,
    attempts: 0,
    created_at: now,
    expires_at: new Date(e.until ? Math.min(end, e.until.getTime()) : end),
  });
  const { storeName } = await getSettings(ctx);
  return {
    enrollmentToken: token,
    totp: { secret, otpauthUri: generateURI({ issuer: `${storeName} dashboard`, label: e.email, secret }) },
  };
}

function checkPassword(ctx: Ctx, password: string, email: string, field = 'password') {
  const problem = passwordViolation(ctx.config, field, password, email);
  if (problem) throw new ValidationError([problem]);
}

/** First-owner set-up: checks the link and the password, and hands out the TOTP secret to confirm. */
export async function startSetup(
  ctx: Ctx,
  body: z.output<typeof staffSetupRequest>,
): Promise<StaffEnrolmentResponse> {
  const now = ctx.clock.now();
  const link = await store.liveSetupToken(ctx.db, sha256(body.token), now);
  if (!link) throw invalidLink('SETUP');
  const email = normaliseEmail(body.email);
  checkPassword(ctx, body.password, email);
  const passwordHash = await hashPassword(ctx.config, body.password);
  const existing = await store.findStaffByEmail(ctx.db, email);
  return newEnrolment(ctx, {
    purpose: 'SETUP',
    sourceId: link.id,
    staffId: existing?.id ?? null,
    email,
    name: body.name,
    passwordHash,
    until: link.expires_at,
  });
}

/**
 * Confirms an enrolment with a first code: the set-up link or invitation is spent, the account
 * made or completed, and a session opened. Wrong codes count; the fifth ends the enrolment.
 */
export async function confirmEnrolment(
  ctx: Ctx,
  body: { enrollmentToken: string; code: string },
  client: Client,
): Promise<SignedIn> {
  const outcome = await inTransaction(ctx, async (tx): Promise<SignedIn | AppError> => {
    await store.lockStaff(tx.db);
    const now = tx.clock.now();
    const e = await store.liveEnrolment(tx.db, sha256(body.enrollmentToken), now);
    if (!e) return invalidLink('ENROLMENT');
    const step = await totpStep(e.totp_secret, body.code, now);
    if (step === null) {
      const attempts = await store.countEnrolmentAttempt(tx.db, e.id);
      if (attempts >= ENROLMENT_ATTEMPTS) await store.deleteEnrolment(tx.db, e.id);
      return invalidTotpCode(Math.max(0, ENROLMENT_ATTEMPTS - attempts));
    }
    const totp = { totp_secret: e.totp_secret, totp_last_step: step, updated_at: now, last_login_at: now };
    let staff: StaffRow | undefined;
    if (e.purpose === 'SETUP') {
      if (!e.source_id || !(await store.spendSetupToken(tx.db, e.source_id, now))) {
        await store.deleteEnrolment(tx.db, e.id);
        return invalidLink('SETUP');
      }
      const existing =
        (e.staff_id ? await store.findStaff(tx.db, e.staff_id, true) : undefined) ??
        (await store.findStaffByEmail(tx.db, e.email));
      if (existing) {
        // A set-up link for an existing address re-enrols it as an owner (lost authenticator).
        staff = await store.updateStaff(tx.db, existing.id, {
          ...totp,
          name: e.name,
          role: 'OWNER',
          status: 'ACTIVE',
          password_hash: e.password_hash,
        });
        await store.deleteSessionsOf(tx.db, existing.id);
        await store.deleteInvitesOf(tx.db, existing.id);
      } else {
        staff = await store.insertStaff(tx.db, {
          id: newId(),
          email: e.email,
          name: e.name,
          role: 'OWNER',
          status: 'ACTIVE',
          password_hash: e.password_hash,
          totp_secret: e.totp_secret,
          totp_last_step: step,
          created_at: now,
          updated_at: now,
          last_login_at: now,
          removed_at: null,
        });
      }
    } else if (e.purpose === 'INVITE') {
      const staffId = e.source_id ? await store.spendInvite(tx.db, e.source_id, now) : undefined;
      if (!staffId || staffId !== e.staff_id) {
        await store.deleteEnrolment(tx.db, e.id);
        return invalidLink('INVITE');
      }
      staff = await store.updateStaff(tx.db, staffId, {
        ...totp,
        status: 'ACTIVE',
        password_hash: e.password_hash,
      });
    } else {
      const current = e.staff_id ? await store.findStaff(tx.db, e.staff_id, true) : undefined;
      if (current?.status === 'ACTIVE') staff = await store.updateStaff(tx.db, current.id, totp);
    }
    await store.deleteEnrolment(tx.db, e.id);
    if (!staff) return invalidLink('ENROLMENT');
    return { staff, ...(await openSession(tx, staff.id, client)) };
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

// ---- sign-in ----

/** The throttling key of a staff account (never a shopper's: no e-mail address has a space). */
const accountKey = (email: string) => `staff ${email}`;

/**
 * Sign-in with e-mail, password and (once enrolled) a TOTP code. Unknown e-mail, wrong password and
 * a wrong code answer 401 alike and count as failures (captcha, then lock-out, as shoppers'); a
 * missing code answers 428 TOTP_REQUIRED, only after the right password.
 */
export async function login(
  ctx: Ctx,
  body: z.output<typeof staffLoginRequest>,
  client: Client,
): Promise<SignedIn> {
  const email = normaliseEmail(body.email);
  const account = accountKey(email);
  const gate = await guardSignIn(ctx, account, client.ip, body.captchaToken);
  if (gate === 'captcha-required') throw captchaRequired();
  if (gate === 'captcha-invalid') throw captchaInvalid();
  const found = await store.findStaffByEmail(ctx.db, email);
  const staff = found?.status === 'ACTIVE' ? found : undefined;
  const ok = await verifyPassword(ctx.config, staff?.password_hash ?? null, body.password);
  if (!ok || !staff) {
    await recordSignInFailure(ctx, { email: account, ip: client.ip });
    throw invalidCredentials();
  }
  const now = ctx.clock.now();
  if (staff.totp_secret) {
    if (body.code === undefined) throw totpRequired();
    const step = await totpStep(staff.totp_secret, body.code, now);
    // A code is accepted once: the step must be newer than the last one used (checked in the update).
    if (step === null || !(await store.spendTotpStep(ctx.db, staff.id, step))) {
      await recordSignInFailure(ctx, { email: account, ip: client.ip });
      throw invalidCredentials('WRONG_CODE');
    }
  } else if (staff.role === 'OWNER') {
    await clearSignInFailures(ctx, account, client.ip);
    throw totpEnrolmentRequired(
      await newEnrolment(ctx, {
        purpose: 'SIGN_IN',
        sourceId: null,
        staffId: staff.id,
        email: staff.email,
        name: staff.name,
        passwordHash: null,
      }),
    );
  }
  await clearSignInFailures(ctx, account, client.ip);
  const rehash =
    staff.password_hash && (await needsRehash(ctx.config, staff.password_hash))
      ? { password_hash: await hashPassword(ctx.config, body.password) }
      : {};
  return inTransaction(ctx, async (tx) => {
    const saved = await store.updateStaff(tx.db, staff.id, { ...rehash, last_login_at: now });
    return { staff: saved ?? staff, ...(await openSession(tx, staff.id, client)) };
  });
}

/** Changes one's password (the current one is checked and throttled like a sign-in); other sessions end. */
export async function changePassword(
  ctx: Ctx,
  staffId: string,
  sessionId: string,
  body: z.output<typeof staffPasswordRequest>,
  ip: string,
): Promise<StaffRow> {
  const staff = await store.findStaff(ctx.db, staffId);
  if (!staff) throw notFoundStaff(staffId);
  const account = accountKey(staff.email);
  const gate = await guardSignIn(ctx, account, ip, body.captchaToken);
  if (gate === 'captcha-required') throw captchaRequired();
  if (gate === 'captcha-invalid') throw captchaInvalid();
  if (!(await verifyPassword(ctx.config, staff.password_hash, body.password))) {
    await recordSignInFailure(ctx, { email: account, ip });
    throw invalidCredentials();
  }
  checkPassword(ctx, body.newPassword, staff.email, 'newPassword');
  const passwordHash = await hashPassword(ctx.config, body.newPassword);
  return inTransaction(ctx, async (tx) => {
    await store.deleteSessionsOf(tx.db, staffId, sessionId);
    const saved = await store.updateStaff(tx.db, staffId, {
      password_hash: passwordHash,
      updated_at: tx.clock.now(),
    });
    if (!saved) throw notFoundStaff(staffId);
    return saved;
  });
}

// ---- staff management (owners) ----

export async function getStaff(ctx: Ctx, id: string): Promise<StaffRow> {
  const staff = await store.findStaff(ctx.db, id);
  if (!staff) throw notFoundStaff(id);
  return staff;
}

/** Invites someone: an INVITED staff member and a 7-day link (shown to the owner, not mailed: README). */
export async function inviteStaff(
  ctx: Ctx,
  body: z.output<typeof inviteStaffRequest>,
): Promise<{ staff: StaffRow; inviteUrl: string }> {
  const email = normaliseEmail(body.email);
  const token = randomToken();
  const staff = await inTransaction(ctx, async (tx) => {
    await store.lockStaff(tx.db);
    if (await store.findStaffByEmail(tx.db, email)) throw staffExists(email);
    const now = tx.clock.now();
    const row = await store.insertStaff(tx.db, {
      id: newId(),
      email,
      name: body.name,
      role: body.role,
      status: 'INVITED',
      password_hash: null,
      totp_secret: null,
      totp_last_step: null,
      created_at: now,
      updated_at: now,
      last_login_at: null,
      removed_at: null,
    });
    await store.replaceInvite(tx.db, {
      id: newId(),
      staff_id: row.id,
      token_hash: sha256(token),
      created_at: now,
      expires_at: new Date(now.getTime() + INVITE_TTL_MS),
    });
    return row;
  });
  return { staff, inviteUrl: `${ctx.config.PUBLIC_URL}/dashboard/invite?token=${token}` };
}

/** Accepts an invitation with a password: owners enrol TOTP next, contributors are signed in. */
export async function acceptInvite(
  ctx: Ctx,
  body: { token: string; password: string },
  client: Client,
): Promise<StaffEnrolmentResponse | SignedIn> {
  const now = ctx.clock.now();
  const invite = await store.liveInvite(ctx.db, sha256(body.token), now);
  const invited = invite && (await store.findStaff(ctx.db, invite.staff_id));
  if (!invite || invited?.status !== 'INVITED') throw invalidLink('INVITE');
  checkPassword(ctx, body.password, invited.email);
  const passwordHash = await hashPassword(ctx.config, body.password);
  if (invited.role === 'OWNER')
    return newEnrolment(ctx, {
      purpose: 'INVITE',
      sourceId: invite.id,
      staffId: invited.id,
      email: invited.email,
      name: invited.name,
      passwordHash,
      until: invite.expires_at,
    });
  return inTransaction(ctx, async (tx) => {
    await store.lockStaff(tx.db);
    if ((await store.spendInvite(tx.db, invite.id, now)) !== invited.id) throw invalidLink('INVITE');
    const staff = await store.updateStaff(tx.db, invited.id, {
      status: 'ACTIVE',
      password_hash: passwordHash,
      updated_at: now,
      last_login_at: now,
    });
    if (!staff || staff.status !== 'ACTIVE') throw invalidLink('INVITE');
    return { staff, ...(await openSession(tx, staff.id, client)) };
  });
}

/** Whether taking `staff` out of the active owners would leave none. */
async function isLastOwner(ctx: Ctx, staff: StaffRow): Promise<boolean> {
  return staff.role === 'OWNER' && staff.status === 'ACTIVE' && (await store.countActiveOwners(ctx.db)) <= 1;
}

/**
 * Changes a role. The last owner who can sign in stays one; someone made an owner without TOTP
 * loses their sessions and enrols at their next sign-in.
 */
export async function changeRole(ctx: Ctx, id: string, role: StaffRole): Promise<StaffRow> {
  return inTransaction(ctx, async (tx) => {
    await store.lockStaff(tx.db);
    const staff = await store.findStaff(tx.db, id, true);
    if (!staff) throw notFoundStaff(id);
    if (staff.role === role) return staff;
    if (await isLastOwner(tx, staff)) throw lastOwner();
    const saved = await store.updateStaff(tx.db, id, { role, updated_at: tx.clock.now() });
    if (role === 'OWNER' && !staff.totp_secret) await store.deleteSessionsOf(tx.db, id);
    return saved!;
  });
}

/**
 * Removes a staff member: their sessions end at once (every process reads sessions from the
 * database), their invitation and secrets go; the row stays, REMOVED, for the actions log.
 */
/** Ends every session of a staff member (a lost laptop), who stays on the staff and signs in again. */
export async function signOutStaff(ctx: Ctx, id: string): Promise<number> {
  if (!(await store.findStaff(ctx.db, id))) throw notFoundStaff(id);
  return store.deleteSessionsOf(ctx.db, id);
}

export async function removeStaff(ctx: Ctx, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await store.lockStaff(tx.db);
    const staff = await store.findStaff(tx.db, id, true);
    if (!staff) throw notFoundStaff(id);
    if (await isLastOwner(tx, staff)) throw lastOwner();
    const now = tx.clock.now();
    await store.deleteSessionsOf(tx.db, id);
    await store.deleteInvitesOf(tx.db, id);
    await store.deleteEnrolmentsOf(tx.db, id);
    await store.updateStaff(tx.db, id, {
      status: 'REMOVED',
      removed_at: now,
      updated_at: now,
      password_hash: null,
      totp_secret: null,
    });
  });
}
