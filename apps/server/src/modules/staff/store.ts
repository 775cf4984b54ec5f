/** The staff module's SQL: staff, sessions, setup tokens, invitations, enrolments, the actions log. */
import type { CursorQuery } from '@vitrine/contract';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import { cursorPage, type CursorPage } from '../../platform/query/page.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';

export type StaffRoleValue = 'OWNER' | 'CONTRIBUTOR';
export type StaffStatus = 'INVITED' | 'ACTIVE' | 'REMOVED';
export type EnrolmentPurpose = 'SETUP' | 'INVITE' | 'SIGN_IN';

export interface StaffTables {
  staff_user: {
    id: string;
    email: string;
    name: string;
    role: StaffRoleValue;
    status: StaffStatus;
    password_hash: string | null;
    totp_secret: string | null;
    totp_last_step: number | null;
    created_at: Date;
    updated_at: Date;
    last_login_at: Date | null;
    removed_at: Date | null;
  };
  staff_session: {
    id: string;
    staff_id: string;
    token_hash: string;
    csrf_secret: string;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
    ip: string | null;
    user_agent: string | null;
  };
  staff_setup_token: {
    id: string;
    token_hash: string;
    created_at: Date;
    expires_at: Date;
  };
  staff_invite: {
    id: string;
    staff_id: string;
    token_hash: string;
    created_at: Date;
    expires_at: Date;
  };
  staff_enrolment: {
    id: string;
    token_hash: string;
    purpose: EnrolmentPurpose;
    source_id: string | null;
    staff_id: string | null;
    email: string;
    name: string;
    password_hash: string | null;
    totp_secret: string;
    attempts: number;
    created_at: Date;
    expires_at: Date;
  };
  staff_action: {
    id: string;
    staff_id: string;
    method: string;
    route: string;
    path: string;
    entity_id: string | null;
    status: number;
    created_at: Date;
  };
}

export type StaffRow = Selectable<StaffTables['staff_user']>;
export type SessionRow = Selectable<StaffTables['staff_session']>;
export type EnrolmentRow = Selectable<StaffTables['staff_enrolment']>;
export type ActionRow = Selectable<StaffTables['staff_action']> & {
  staff_email: string | null;
  staff_name: string | null;
};

/** Serialises changes to who is staff (setup, invitations, roles, removal): they are rare. */
const STAFF_LOCK = 7_331_017;
export async function lockStaff(db: Executor): Promise<void> {
  await sql`select pg_advisory_xact_lock(${STAFF_LOCK})`.execute(db);
}

// ---- staff ----

export async function insertStaff(db: Executor, row: StaffRow): Promise<StaffRow> {
  return db.insertInto('staff_user').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateStaff(
  db: Executor,
  id: string,
  set: Partial<Omit<StaffRow, 'id' | 'created_at'>>,
): Promise<StaffRow | undefined> {
  return db.updateTable('staff_user').set(set).where('id', '=', id).returningAll().executeTakeFirst();
}

/** A staff member who is not removed. */
export const findStaff = (db: Executor, id: string, lock = false) => {
  let q = db.selectFrom('staff_user').selectAll().where('id', '=', id).where('status', '<>', 'REMOVED');
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
};

/** Records a TOTP code's time step as used: false when it is not newer than the last one (a replay). */
export async function spendTotpStep(db: Executor, id: string, step: number): Promise<boolean> {
  const r = await db
    .updateTable('staff_user')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

export const findStaffByEmail = (db: Executor, email: string) =>
  db
    .selectFrom('staff_user')
    .selectAll()
    .where('email', '=', email)
    .where('status', '<>', 'REMOVED')
    .executeTakeFirst();

export async function countActiveOwners(db: Executor): Promise<number> {
  const r = await db
    .selectFrom('staff_user')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('role', '=', 'OWNER')
    .where('status', '=', 'ACTIVE')
    .executeTakeFirstOrThrow();
  return r.n;
}

export const staffSpec: QuerySpec = {
  entity: 'staff',
  idSql: 'id',
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  fields: {
    id: { sql: 'id', type: 'uuid', sortable: true },
    email: { sql: 'email', type: 'string', sortable: true },
    name: { sql: 'name', type: 'string', sortable: true },
    role: { sql: 'role', type: 'string', sortable: true, values: ['OWNER', 'CONTRIBUTOR'] },
    status: { sql: 'status', type: 'string', sortable: true, values: ['INVITED', 'ACTIVE'] },
    createdDate: { sql: 'created_at', type: 'date', sortable: true },
    lastLoginDate: { sql: 'last_login_at', type: 'date' },
  },
};

export function queryStaff(db: Executor, query: CursorQuery | undefined): Promise<CursorPage<StaffRow>> {
  return cursorPage(
    db.selectFrom('staff_user').selectAll().where('status', '<>', 'REMOVED'),
    staffSpec,
    query,
  );
}

// ---- sessions ----

export async function insertSession(db: Executor, row: SessionRow): Promise<void> {
  // Ended sessions of this staff member are of no further use.
  await db
    .deleteFrom('staff_session')
    .where('staff_id', '=', row.staff_id)
    .where('expires_at', '<=', row.created_at)
    .execute();
  await db.insertInto('staff_session').values(row).execute();
}

/** A live session (not past its end, not idle since `idleSince`) of an ACTIVE staff member, by token hash. */
export const liveSession = (db: Executor, tokenHash: string, now: Date, idleSince: Date) =>
  db
    .selectFrom('staff_session as s')
    .innerJoin('staff_user as u', 'u.id', 's.staff_id')
    .select(['s.id', 's.staff_id', 's.csrf_secret', 's.last_seen_at', 'u.role'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', idleSince)
    .where('u.status', '=', 'ACTIVE')
    .executeTakeFirst();

export async function touchSession(db: Executor, id: string, now: Date): Promise<void> {
  await db.updateTable('staff_session').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function deleteSessionByHash(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('staff_session').where('token_hash', '=', tokenHash).execute();
}

/** A staff member's live sessions (not past their end, not idle since `idleSince`), the most recently active first. */
export const liveSessionsOf = (db: Executor, staffId: string, now: Date, idleSince: Date, limit: number) =>
  db
    .selectFrom('staff_session')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('staff_id', '=', staffId)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** Ends one session of a staff member; false when they have no such session. */
export async function deleteSessionOf(db: Executor, staffId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('staff_session')
    .where('staff_id', '=', staffId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Ends every session of a staff member (all but `keep`, when given); returns how many ended. */
export async function deleteSessionsOf(db: Executor, staffId: string, keep?: string): Promise<number> {
  let q = db.deleteFrom('staff_session').where('staff_id', '=', staffId);
  if (keep) q = q.where('id', '<>', keep);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- setup tokens ----

export async function insertSetupToken(
  db: Executor,
  row: Selectable<StaffTables['staff_setup_token']>,
): Promise<void> {
  await db.deleteFrom('staff_setup_token').where('expires_at', '<=', row.created_at).execute();
  await db.insertInto('staff_setup_token').values(row).execute();
}

export const liveSetupToken = (db: Executor, tokenHash: string, now: Date) =>
  db
    .selectFrom('staff_setup_token')
    .select(['id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();

/** Spends a live setup token: true once; every other setup link stops working with it. */
export async function spendSetupToken(db: Executor, id: string, now: Date): Promise<boolean> {
  const spent = await db
    .deleteFrom('staff_setup_token')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  if (!spent) return false;
  await db.deleteFrom('staff_setup_token').execute();
  return true;
}

// ---- invitations ----

export async function replaceInvite(
  db: Executor,
  row: Selectable<StaffTables['staff_invite']>,
): Promise<void> {
  await db.deleteFrom('staff_invite').where('staff_id', '=', row.staff_id).execute();
  await db.insertInto('staff_invite').values(row).execute();
}

export const liveInvite = (db: Executor, tokenHash: string, now: Date) =>
  db
    .selectFrom('staff_invite')
    .select(['id', 'staff_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();

export async function spendInvite(db: Executor, id: string, now: Date): Promise<string | undefined> {
  const r = await db
    .deleteFrom('staff_invite')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .returning('staff_id')
    .executeTakeFirst();
  return r?.staff_id;
}

export async function deleteInvitesOf(db: Executor, staffId: string): Promise<void> {
  await db.deleteFrom('staff_invite').where('staff_id', '=', staffId).execute();
}

// ---- enrolments ----

export async function insertEnrolment(db: Executor, row: EnrolmentRow): Promise<void> {
  await db.deleteFrom('staff_enrolment').where('expires_at', '<=', row.created_at).execute();
  await db.insertInto('staff_enrolment').values(row).execute();
}

/** A live enrolment by token hash, locked until the transaction ends. */
export const liveEnrolment = (db: Executor, tokenHash: string, now: Date) =>
  db
    .selectFrom('staff_enrolment')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();

export async function countEnrolmentAttempt(db: Executor, id: string): Promise<number> {
  const r = await db
    .updateTable('staff_enrolment')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return r.attempts;
}

export async function deleteEnrolment(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('staff_enrolment').where('id', '=', id).execute();
}

export async function deleteEnrolmentsOf(db: Executor, staffId: string): Promise<void> {
  await db.deleteFrom('staff_enrolment').where('staff_id', '=', staffId).execute();
}

// ---- actions ----

export async function insertAction(
  db: Executor,
  row: Selectable<StaffTables['staff_action']>,
): Promise<void> {
  await db.insertInto('staff_action').values(row).execute();
}

export const actionSpec: QuerySpec = {
  entity: 'staff_action',
  idSql: 'a.id',
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  fields: {
    id: { sql: 'a.id', type: 'uuid', sortable: true },
    staffId: { sql: 'a.staff_id', type: 'uuid' },
    entityId: { sql: 'a.entity_id', type: 'string' },
    method: { sql: 'a.method', type: 'string', values: ['POST', 'PUT', 'PATCH', 'DELETE'] },
    route: { sql: 'a.route', type: 'string' },
    path: { sql: 'a.path', type: 'string' },
    status: { sql: 'a.status', type: 'number' },
    createdDate: { sql: 'a.created_at', type: 'date', sortable: true },
  },
};

export function queryActions(db: Executor, query: CursorQuery | undefined): Promise<CursorPage<ActionRow>> {
  return cursorPage(
    db
      .selectFrom('staff_action as a')
      .leftJoin('staff_user as u', 'u.id', 'a.staff_id')
      .selectAll('a')
      .select(['u.email as staff_email', 'u.name as staff_name']),
    actionSpec,
    query,
  );
}
