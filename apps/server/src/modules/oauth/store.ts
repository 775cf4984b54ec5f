import type { CursorQuery } from '@vitrine/contract';
import { sql } from 'kysely';
import { statement } from '../../platform/db/statement.ts';
import type { Executor } from '../../platform/db/tx.ts';
import { cursorPage } from '../../platform/query/page.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';

/** The OAuth module's tables; only this file touches them. Tokens, codes and cookies are kept as SHA-256 hashes. */
export interface OAuthTables {
  oauth_signing_key: {
    kid: string;
    alg: string;
    public_jwk: unknown;
    private_jwk: unknown;
    active: boolean;
    created_at: Date;
  };
  oauth_client: {
    id: string;
    name: string;
    redirect_uris: string[];
    allowed_origins: string[];
    created_at: Date;
    updated_at: Date;
    /** The bundled client only: the PUBLIC_URL whose entries the last start added. */
    start_public_url?: string | null;
  };
  oauth_browser_session: {
    id: string;
    token_hash: string;
    member_id: string;
    visitor_id: string | null;
    created_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    /** The browser that signed in (its User-Agent, at most 300 characters). */
    user_agent?: string | null;
  };
  oauth_code: {
    id: string;
    code_hash: string;
    client_id: string;
    redirect_uri: string | null;
    code_challenge: string;
    member_id: string;
    visitor_id: string | null;
    browser_session_id: string | null;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
  };
  oauth_denied_subject: { subject_id: string; denied_at: Date };
  oauth_denied_session: { session_id: string; revision: string | number | bigint; expires_at: Date };
  oauth_denial_revision: { id: number; revision: string | number | bigint };
  oauth_refresh_token: {
    id: string;
    token_hash: string;
    client_id: string;
    role: 'visitor' | 'member';
    subject_id: string;
    visitor_id: string | null;
    code_id: string | null;
    browser_session_id: string | null;
    created_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    /** A member's only: the User-Agent of the token request (at most 300 characters). */
    user_agent?: string | null;
    /** A member's only: the last refresh (null: never refreshed since `created_at`). */
    last_used_at?: Date | null;
  };
}
export type SigningKeyRow = OAuthTables['oauth_signing_key'];
export type ClientRow = OAuthTables['oauth_client'];
export type BrowserSessionRow = OAuthTables['oauth_browser_session'];
export type CodeRow = OAuthTables['oauth_code'];
export type RefreshTokenRow = OAuthTables['oauth_refresh_token'];

// Signing keys

export const signingKeys = (db: Executor) =>
  db.selectFrom('oauth_signing_key').selectAll().orderBy('created_at').execute();

/** Inserts `row` as the active key unless one exists (a concurrent start may have won); returns the active key. */
export async function insertActiveKeyOnce(db: Executor, row: SigningKeyRow): Promise<SigningKeyRow> {
  await db
    .insertInto('oauth_signing_key')
    .values({
      ...row,
      public_jwk: JSON.stringify(row.public_jwk),
      private_jwk: JSON.stringify(row.private_jwk),
    })
    .onConflict((c) => c.doNothing())
    .execute();
  return db.selectFrom('oauth_signing_key').selectAll().where('active', '=', true).executeTakeFirstOrThrow();
}

// Clients

export const clientSpec: QuerySpec = {
  entity: 'oauth_client',
  idSql: 'id',
  idType: 'string',
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  fields: {
    id: { sql: 'id', type: 'string', sortable: true },
    name: { sql: 'name', type: 'string', sortable: true },
    redirectUris: { sql: 'redirect_uris', type: 'stringArray' },
    allowedOrigins: { sql: 'allowed_origins', type: 'stringArray' },
    createdDate: { sql: 'created_at', type: 'date', sortable: true },
    updatedDate: { sql: 'updated_at', type: 'date', sortable: true },
  },
};

export const getClient = (db: Executor, id: string, forUpdate = false) => {
  const q = db.selectFrom('oauth_client').selectAll().where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

export const insertClient = (db: Executor, row: ClientRow) =>
  db.insertInto('oauth_client').values(row).returningAll().executeTakeFirstOrThrow();

/** Creates the client unless it exists; returns whether it was created. */
export async function insertClientOnce(db: Executor, row: ClientRow): Promise<boolean> {
  const r = await db
    .insertInto('oauth_client')
    .values(row)
    .onConflict((c) => c.column('id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export const updateClient = (db: Executor, id: string, set: Partial<Omit<ClientRow, 'id' | 'created_at'>>) =>
  db.updateTable('oauth_client').set(set).where('id', '=', id).returningAll().executeTakeFirst();

export async function deleteClient(db: Executor, id: string): Promise<boolean> {
  const r = await db.deleteFrom('oauth_client').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export const queryClients = (db: Executor, q: CursorQuery | undefined) =>
  cursorPage(db.selectFrom('oauth_client').selectAll(), clientSpec, q);

/** Every origin any client allows (for CORS). */
export async function allAllowedOrigins(db: Executor): Promise<string[]> {
  const { rows } = await sql<{
    origin: string;
  }>`select distinct unnest(allowed_origins) as origin from oauth_client`.execute(db);
  return rows.map((r) => r.origin);
}

// Browser sessions

export const insertBrowserSession = (db: Executor, row: BrowserSessionRow) =>
  db.insertInto('oauth_browser_session').values(row).execute();

export const liveBrowserSession = (db: Executor, tokenHash: string, now: Date) =>
  db
    .selectFrom('oauth_browser_session')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();

export const revokeBrowserSession = (db: Executor, tokenHash: string, now: Date) =>
  db
    .updateTable('oauth_browser_session')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .returning(['id'])
    .executeTakeFirst();

export const revokeBrowserSessionsOf = (db: Executor, memberId: string, now: Date) =>
  db
    .updateTable('oauth_browser_session')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();

// Authorization codes

export const insertCode = (db: Executor, row: CodeRow) => db.insertInto('oauth_code').values(row).execute();

export const codeByHash = (db: Executor, codeHash: string) =>
  db.selectFrom('oauth_code').selectAll().where('code_hash', '=', codeHash).forUpdate().executeTakeFirst();

/** Marks the code used; false when it already was (a concurrent redemption won). */
export async function markCodeUsed(db: Executor, id: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('oauth_code')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// Refresh tokens

export const insertRefreshToken = (db: Executor, row: RefreshTokenRow) =>
  db.executeQuery(insertRefreshTokenStatement(db, row));

const insertRefreshTokenStatement = statement((db, row: RefreshTokenRow) =>
  db.insertInto('oauth_refresh_token').values(row),
);

export const refreshTokenByHash = (db: Executor, tokenHash: string) =>
  db.selectFrom('oauth_refresh_token').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** A member refresh token was used to renew access. */
export const touchRefreshToken = (db: Executor, id: string, now: Date) =>
  db.updateTable('oauth_refresh_token').set({ last_used_at: now }).where('id', '=', id).execute();

export interface MemberSessionRow {
  id: string;
  client_name: string | null;
  user_agent: string | null;
  browser_session_id: string | null;
  created_at: Date;
  last_used_at: Date | null;
}

/**
 * The member's live sessions (refresh tokens neither revoked nor expired), the most recently used
 * first, with the name of the app they were issued to and the browser: the hosted sign-in's when
 * there was one (the token request may come from the app's server), else the token request's.
 */
export const liveMemberSessions = (db: Executor, memberId: string, now: Date, limit: number) =>
  db
    .selectFrom('oauth_refresh_token as t')
    .leftJoin('oauth_client as c', 'c.id', 't.client_id')
    .leftJoin('oauth_browser_session as b', 'b.id', 't.browser_session_id')
    .select([
      't.id',
      'c.name as client_name',
      sql<string | null>`coalesce(b.user_agent, t.user_agent)`.as('user_agent'),
      't.browser_session_id',
      't.created_at',
      't.last_used_at',
    ])
    .where('t.subject_id', '=', memberId)
    .where('t.role', '=', 'member')
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .orderBy(sql`coalesce(t.last_used_at, t.created_at)`, 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute() as Promise<MemberSessionRow[]>;

/** One live session of the member (locked until the transaction ends), or undefined. */
export const liveMemberSession = (db: Executor, memberId: string, id: string, now: Date) =>
  db
    .selectFrom('oauth_refresh_token')
    .select(['id', 'browser_session_id'])
    .where('id', '=', id)
    .where('subject_id', '=', memberId)
    .where('role', '=', 'member')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();

/** Revokes a hosted sign-in session by id; true when it was live. */
export async function revokeBrowserSessionById(db: Executor, id: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('oauth_browser_session')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export type RevokeBy =
  | { tokenHash: string }
  | { id: string }
  | { subjectId: string; except?: string | undefined }
  | { codeId: string }
  | { browserSessionId: string; except?: string | undefined };

/** Revokes the live refresh tokens matching one criterion; returns them. */
export async function revokeRefreshTokens(
  db: Executor,
  by: RevokeBy,
  now: Date,
): Promise<{ id: string; role: 'visitor' | 'member' }[]> {
  let q = db.updateTable('oauth_refresh_token').set({ revoked_at: now }).where('revoked_at', 'is', null);
  if ('tokenHash' in by) q = q.where('token_hash', '=', by.tokenHash);
  else if ('id' in by) q = q.where('id', '=', by.id);
  else if ('subjectId' in by) {
    q = q.where('subject_id', '=', by.subjectId);
    if (by.except) q = q.where('id', '!=', by.except);
  } else if ('codeId' in by) q = q.where('code_id', '=', by.codeId);
  else {
    q = q.where('browser_session_id', '=', by.browserSessionId);
    if (by.except) q = q.where('id', '!=', by.except);
  }
  return q.returning(['id', 'role']).execute();
}

// Denied subjects (blocked or deleted members): their access tokens are refused before they expire

/** Raises the revision; its row stays locked until the transaction ends, so revisions commit in order. */
const bumpDenialRevision = async (db: Executor): Promise<number> =>
  Number(
    (
      await db
        .updateTable('oauth_denial_revision')
        .set({ revision: sql`revision + 1` })
        .where('id', '=', 1)
        .returning('revision')
        .executeTakeFirstOrThrow()
    ).revision,
  );

/** Denies the subjects (again: the date moves on) and forgets denials older than `forgetBefore`. */
export async function denySubjects(
  db: Executor,
  ids: readonly string[],
  now: Date,
  forgetBefore: Date,
): Promise<void> {
  await db
    .insertInto('oauth_denied_subject')
    .values(ids.map((subject_id) => ({ subject_id, denied_at: now })))
    .onConflict((c) => c.column('subject_id').doUpdateSet({ denied_at: now }))
    .execute();
  await db.deleteFrom('oauth_denied_subject').where('denied_at', '<', forgetBefore).execute();
  await bumpDenialRevision(db);
}

export async function allowSubjects(db: Executor, ids: readonly string[]): Promise<void> {
  const r = await db.deleteFrom('oauth_denied_subject').where('subject_id', 'in', ids).executeTakeFirst();
  if (Number(r.numDeletedRows) > 0) await bumpDenialRevision(db);
}

export async function denialRevision(db: Executor): Promise<number> {
  return Number(
    (
      await db
        .selectFrom('oauth_denial_revision')
        .select('revision')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow()
    ).revision,
  );
}

export const deniedSubjects = async (db: Executor): Promise<string[]> =>
  (await db.selectFrom('oauth_denied_subject').select('subject_id').execute()).map((r) => r.subject_id);

// Denied sessions (ended member refresh tokens): their access tokens are refused before they expire

/** In a transaction: denies the sessions until `until`, and forgets the denials past theirs. */
export async function denySessions(
  db: Executor,
  ids: readonly string[],
  now: Date,
  until: Date,
): Promise<void> {
  const revision = await bumpDenialRevision(db);
  await db
    .insertInto('oauth_denied_session')
    .values(ids.map((session_id) => ({ session_id, revision, expires_at: until })))
    .onConflict((c) => c.column('session_id').doUpdateSet({ revision, expires_at: until }))
    .execute();
  await db.deleteFrom('oauth_denied_session').where('expires_at', '<', now).execute();
}

/** The live denied sessions past a revision, with the revision each came with. */
export async function deniedSessionsAfter(
  db: Executor,
  revision: number,
  now: Date,
): Promise<{ id: string; revision: number; expiresAt: Date }[]> {
  const rows = await db
    .selectFrom('oauth_denied_session')
    .select(['session_id', 'revision', 'expires_at'])
    .where('revision', '>', String(revision))
    .where('expires_at', '>', now)
    .execute();
  return rows.map((r) => ({ id: r.session_id, revision: Number(r.revision), expiresAt: r.expires_at }));
}
