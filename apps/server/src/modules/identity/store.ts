import type { IdentityProfile, IdentityStatusReason } from '@vitrine/contract';
import { sql, type Generated, type JSONColumnType, type Selectable } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';

export type IdentityRowStatus = 'PENDING' | 'ACTIVE' | 'BLOCKED' | 'DELETED' | 'OFFLINE';
export type ChallengeKind = 'EMAIL_VERIFICATION' | 'MFA' | 'RECOVERY' | 'ACTIVATION';

export interface IdentityTables {
  identity: {
    id: string;
    email: string;
    email_verified: boolean;
    password_hash: string | null;
    password_reset_required: boolean;
    status: IdentityRowStatus;
    reasons: JSONColumnType<IdentityStatusReason[]>;
    profile: JSONColumnType<IdentityProfile>;
    revision: number;
    created_at: Date;
    updated_at: Date;
  };
  identity_factor: {
    id: string;
    identity_id: string;
    type: 'PASSWORD' | 'EMAIL' | 'TOTP';
    status: 'INACTIVE' | 'ACTIVE' | 'REQUIRE_REENROLL';
    secret: string | null;
    last_used_step: number | null;
    created_at: Date;
    updated_at: Date;
  };
  identity_recovery_code: { identity_id: string; code_hash: string; used_at: Date | null; created_at: Date };
  identity_challenge: {
    id: string;
    identity_id: string;
    kind: ChallengeKind;
    token_hash: string;
    code_hash: string | null;
    code_expires_at: Date | null;
    attempts: number;
    sends: number;
    mfa_done: boolean;
    expires_at: Date;
    used_at: Date | null;
    created_at: Date;
  };
  identity_session_token: {
    token_hash: string;
    identity_id: string;
    visitor_id: string | null;
    expires_at: Date;
    used_at: Date | null;
    created_at: Date;
  };
  auth_failure: { id: Generated<number>; key: string; created_at: Date };
  auth_lock: { key: string; locked_until: Date };
  captcha_key: { id: number; hmac_key: string; created_at: Date };
  captcha_use: { nonce: string; expires_at: Date };
}
export type IdentityRow = Selectable<IdentityTables['identity']>;
export type FactorRow = Selectable<IdentityTables['identity_factor']>;
export type ChallengeRow = Selectable<IdentityTables['identity_challenge']>;

const json = (v: unknown) => JSON.stringify(v);

// ---- identities ----

/** Inserts the identity unless a live one has its e-mail; undefined then. */
export function insertIdentity(db: Executor, r: IdentityRow): Promise<IdentityRow | undefined> {
  return db
    .insertInto('identity')
    .values({ ...r, reasons: json(r.reasons), profile: json(r.profile) })
    .onConflict((oc) => oc.column('email').where('status', '<>', 'DELETED').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findIdentity(db: Executor, id: string, forUpdate = false): Promise<IdentityRow | undefined> {
  let q = db.selectFrom('identity').selectAll().where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export const findLiveIdentityByEmail = (db: Executor, email: string): Promise<IdentityRow | undefined> =>
  db
    .selectFrom('identity')
    .selectAll()
    .where('email', '=', email)
    .where('status', '<>', 'DELETED')
    .executeTakeFirst();

export type IdentityChange = Partial<
  Pick<
    IdentityRow,
    'email_verified' | 'password_hash' | 'password_reset_required' | 'status' | 'reasons' | 'profile'
  >
>;

/** Applies a change, bumping `revision` and `updated_at`. */
export function updateIdentity(
  db: Executor,
  id: string,
  set: IdentityChange,
  now: Date,
): Promise<IdentityRow> {
  const { reasons, profile, ...rest } = set;
  return db
    .updateTable('identity')
    .set((eb) => ({
      ...rest,
      ...(reasons ? { reasons: json(reasons) } : {}),
      ...(profile ? { profile: json(profile) } : {}),
      revision: eb('revision', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ---- factors and recovery codes ----

export const listFactors = (db: Executor, identityId: string): Promise<FactorRow[]> =>
  db
    .selectFrom('identity_factor')
    .selectAll()
    .where('identity_id', '=', identityId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findFactor = (db: Executor, identityId: string, type: FactorRow['type'], forUpdate = false) => {
  let q = db
    .selectFrom('identity_factor')
    .selectAll()
    .where('identity_id', '=', identityId)
    .where('type', '=', type);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
};

/** Creates the factor, or resets the existing one of that type to the given status and secret. */
export const upsertFactor = (db: Executor, r: FactorRow): Promise<FactorRow> =>
  db
    .insertInto('identity_factor')
    .values(r)
    .onConflict((oc) =>
      oc.columns(['identity_id', 'type']).doUpdateSet({
        status: r.status,
        secret: r.secret,
        last_used_step: r.last_used_step,
        updated_at: r.updated_at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();

export const updateFactor = (
  db: Executor,
  id: string,
  set: Partial<Pick<FactorRow, 'status' | 'last_used_step' | 'secret'>>,
  now: Date,
) =>
  db
    .updateTable('identity_factor')
    .set({ ...set, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export async function replaceRecoveryCodes(
  db: Executor,
  identityId: string,
  hashes: string[],
  now: Date,
): Promise<void> {
  await db.deleteFrom('identity_recovery_code').where('identity_id', '=', identityId).execute();
  await db
    .insertInto('identity_recovery_code')
    .values(
      hashes.map((code_hash) => ({ identity_id: identityId, code_hash, used_at: null, created_at: now })),
    )
    .execute();
}

/** Removes the identity's factor of that type (and, for TOTP, its recovery codes). */
export async function deleteFactor(db: Executor, identityId: string, type: FactorRow['type']): Promise<void> {
  await db
    .deleteFrom('identity_factor')
    .where('identity_id', '=', identityId)
    .where('type', '=', type)
    .execute();
  if (type === 'TOTP')
    await db.deleteFrom('identity_recovery_code').where('identity_id', '=', identityId).execute();
}

/** Spends a recovery code: true exactly once per code. */
export async function spendRecoveryCode(
  db: Executor,
  identityId: string,
  hash: string,
  now: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('identity_recovery_code')
    .set({ used_at: now })
    .where('identity_id', '=', identityId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('code_hash')
    .executeTakeFirst();
  return r !== undefined;
}

export async function unusedRecoveryCodes(db: Executor, identityId: string): Promise<number> {
  const r = await db
    .selectFrom('identity_recovery_code')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('identity_id', '=', identityId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return r.n;
}

// ---- status changes, set-based (one statement per batch) ----
// They follow this module's rules (flow.ts statusFor, approveIdentity, setIdentityBlocked) for many
// identities at once (the members' bulk jobs would otherwise spend ~10 queries a member).

const idList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}::uuid`));

/** Lifts the block and the owner-approval reason: ACTIVE, or PENDING while other reasons remain. */
export async function approveIdentityRows(db: Executor, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await sql`update identity set
      reasons = reasons - 'PENDING_ADMIN_APPROVAL_REQUIRED',
      status = case when jsonb_array_length(reasons - 'PENDING_ADMIN_APPROVAL_REQUIRED') > 0 then 'PENDING' else 'ACTIVE' end,
      revision = revision + 1, updated_at = ${now}
    where id in (${idList(ids)}) and status in ('PENDING', 'ACTIVE', 'BLOCKED')
      and (status = 'BLOCKED' or reasons @> '["PENDING_ADMIN_APPROVAL_REQUIRED"]'::jsonb)`.execute(db);
}

export async function blockIdentityRows(db: Executor, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await sql`update identity set status = 'BLOCKED', revision = revision + 1, updated_at = ${now}
    where id in (${idList(ids)}) and status not in ('BLOCKED', 'DELETED')`.execute(db);
}
