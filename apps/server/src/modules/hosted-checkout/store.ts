import type { Executor } from '../../platform/db/tx.ts';

/** The hosted checkout's tables; only this file touches them. */
export interface HostedCheckoutTables {
  hosted_checkout_secret: { id: number; secret: string; created_at: Date };
  hosted_checkout_token_use: { jti: string; checkout_id: string; used_at: Date; expires_at: Date };
}

/** The link-signing secret, created once (concurrent first uses keep one). */
export async function linkSecret(db: Executor, candidate: string, now: Date): Promise<string> {
  const row = await db
    .selectFrom('hosted_checkout_secret')
    .select('secret')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (row) return row.secret;
  await db
    .insertInto('hosted_checkout_secret')
    .values({ id: 1, secret: candidate, created_at: now })
    .onConflict((c) => c.doNothing())
    .execute();
  return (
    await db
      .selectFrom('hosted_checkout_secret')
      .select('secret')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
  ).secret;
}

/** Records a link as used; false when it was used before. */
export async function spendLink(
  db: Executor,
  use: HostedCheckoutTables['hosted_checkout_token_use'],
): Promise<boolean> {
  const inserted = await db
    .insertInto('hosted_checkout_token_use')
    .values(use)
    .onConflict((c) => c.doNothing())
    .returning('jti')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Forgets used links that have expired (a replay of one fails on its expiry instead). */
export async function forgetExpiredLinks(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('hosted_checkout_token_use').where('expires_at', '<', now).execute();
}
