/**
 * Checkouts their shoppers left, for the abandoned-checkouts module: open ones with a buyer's e-mail
 * and an item, unchanged in a window of time; and which of some checkouts were completed since.
 */
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import { firstIdAt } from '../../platform/ids.ts';

/**
 * Open checkouts with an e-mail and at least one item, made since `madeSince` and last changed in
 * [after, before), oldest change first. Walks the UUIDv7 primary key from `madeSince` rather than an
 * index on the last change: such an index would cost every checkout write (no HOT update) in the
 * buy flow, for a search that runs every few minutes.
 */
export function leftCheckouts(
  db: Executor,
  o: { madeSince: Date; after: Date; before: Date; limit: number },
) {
  return db
    .selectFrom('checkout')
    .select(['id', 'updated_at'])
    .where('id', '>=', firstIdAt(o.madeSince))
    .where('completed', '=', false)
    .where('updated_at', '>=', o.after)
    .where('updated_at', '<', o.before)
    .where(sql<boolean>`coalesce(buyer->>'email', '') <> '' and jsonb_array_length(line_items) > 0`)
    .orderBy('updated_at')
    .limit(o.limit)
    .execute();
}

/** Those of `ids` completed now: their order and when (the checkout's last change). */
export async function completedCheckouts(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('checkout')
    .select(['id', 'order_id', 'updated_at'])
    .where('id', 'in', ids)
    .where('completed', '=', true)
    .execute();
}
