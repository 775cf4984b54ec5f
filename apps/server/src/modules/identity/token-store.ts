import { sql } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import type { ChallengeKind, ChallengeRow } from './store.ts';

/** SQL of the identity module's short-lived rows: challenges, session tokens, throttling, captcha. */

// ---- challenges ----

export async function insertChallenge(db: Executor, r: ChallengeRow): Promise<void> {
  await db.insertInto('identity_challenge').values(r).execute();
}

/** A live (unused, unexpired) challenge of one of `kinds` by its token hash, locked for update. */
export const liveChallenge = (
  db: Executor,
  kinds: ChallengeKind[],
  tokenHash: string,
  now: Date,
): Promise<ChallengeRow | undefined> =>
  db
    .selectFrom('identity_challenge')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('kind', 'in', kinds)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();

/** A challenge of one of `kinds` by its token hash, whatever its state (used, expired or live). */
export const anyChallenge = (
  db: Executor,
  kinds: ChallengeKind[],
  tokenHash: string,
): Promise<ChallengeRow | undefined> =>
  db
    .selectFrom('identity_challenge')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('kind', 'in', kinds)
    .executeTakeFirst();

export async function updateChallenge(
  db: Executor,
  id: string,
  set: Partial<Pick<ChallengeRow, 'code_hash' | 'code_expires_at' | 'attempts' | 'sends' | 'used_at'>>,
): Promise<void> {
  await db.updateTable('identity_challenge').set(set).where('id', '=', id).execute();
}

/** Ends every live challenge of these kinds for the identity (a new one replaces them). */
export async function endChallenges(
  db: Executor,
  identityId: string,
  kinds: ChallengeKind[],
  now: Date,
): Promise<void> {
  await db
    .updateTable('identity_challenge')
    .set({ used_at: now })
    .where('identity_id', '=', identityId)
    .where('kind', 'in', kinds)
    .where('used_at', 'is', null)
    .execute();
  // Old rows are of no further use; keep the table small.
  await db
    .deleteFrom('identity_challenge')
    .where('identity_id', '=', identityId)
    .where('expires_at', '<', new Date(now.getTime() - 86_400_000))
    .execute();
}

/** How many steps of a kind were started for an identity since `since` (mail rate limits). */
export async function countRecentChallenges(
  db: Executor,
  identityId: string,
  kind: ChallengeKind,
  since: Date,
): Promise<number> {
  const r = await db
    .selectFrom('identity_challenge')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('identity_id', '=', identityId)
    .where('kind', '=', kind)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return r.n;
}

// ---- session tokens ----

export async function insertSessionToken(
  db: Executor,
  r: {
    token_hash: string;
    identity_id: string;
    visitor_id: string | null;
    expires_at: Date;
    created_at: Date;
  },
): Promise<void> {
  await db
    .deleteFrom('identity_session_token')
    .where('expires_at', '<', new Date(r.created_at.getTime() - 3_600_000))
    .execute();
  await db
    .insertInto('identity_session_token')
    .values({ ...r, used_at: null })
    .execute();
}

/** Marks the token used and returns its identity (and visitor), exactly once, while it is unexpired. */
export const spendSessionToken = (db: Executor, tokenHash: string, now: Date) =>
  db
    .updateTable('identity_session_token')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['identity_id', 'visitor_id'])
    .executeTakeFirst();

// ---- throttling ----

export async function recordFailures(db: Executor, keys: string[], now: Date): Promise<void> {
  await db
    .insertInto('auth_failure')
    .values(keys.map((key) => ({ key, created_at: now })))
    .execute();
  await db
    .deleteFrom('auth_failure')
    .where('key', 'in', keys)
    .where('created_at', '<', new Date(now.getTime() - 3_600_000))
    .execute();
}

export async function countFailures(db: Executor, key: string, since: Date): Promise<number> {
  const r = await db
    .selectFrom('auth_failure')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return r.n;
}

export async function clearFailures(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('auth_failure').where('key', '=', key).execute();
  await db.deleteFrom('auth_lock').where('key', '=', key).execute();
}

/** Forgets the failures and locks of every key starting with `prefix`. */
export async function clearFailuresByPrefix(db: Executor, prefix: string): Promise<void> {
  await db
    .deleteFrom('auth_failure')
    .where(sql<boolean>`starts_with(key, ${prefix})`)
    .execute();
  await db
    .deleteFrom('auth_lock')
    .where(sql<boolean>`starts_with(key, ${prefix})`)
    .execute();
}

export async function lockedUntil(db: Executor, key: string, now: Date): Promise<Date | undefined> {
  const r = await db
    .selectFrom('auth_lock')
    .select('locked_until')
    .where('key', '=', key)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return r?.locked_until;
}

export async function setLock(db: Executor, key: string, until: Date): Promise<void> {
  await db
    .insertInto('auth_lock')
    .values({ key, locked_until: until })
    .onConflict((oc) => oc.column('key').doUpdateSet({ locked_until: until }))
    .execute();
}

// ---- captcha ----

/** The HMAC key, created by whichever process asks first. */
export async function captchaKey(db: Executor, make: () => string, now: Date): Promise<string> {
  await db
    .insertInto('captcha_key')
    .values({ id: 1, hmac_key: make(), created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await db.selectFrom('captcha_key').select('hmac_key').where('id', '=', 1).executeTakeFirstOrThrow())
    .hmac_key;
}

/** Records a redeemed challenge; false when it had been redeemed before (a replay). */
export async function spendCaptcha(
  db: Executor,
  nonce: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db.deleteFrom('captcha_use').where('expires_at', '<', now).execute();
  const r = await db
    .insertInto('captcha_use')
    .values({ nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return r !== undefined;
}
