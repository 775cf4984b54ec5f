/**
 * Checkouts their shoppers left, for the abandoned-checkouts module: open ones with a buyer's e-mail
 * and an item, unchanged in a window of time; and which of some checkouts were completed since.
 */
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import { firstIdAt } from '../../platform/ids.ts';

/**
 * Whether the buyer of checkout `c` has bought since `c` last changed: a checkout completed after
 * that (an order placed from it) of the same cart, of the same owner (member, or visitor session),
 * or with the same buyer e-mail. Each is a probe of an index: `checkout_cart`, `checkout_owner`, and
 * `checkout_completed_email` (completed checkouts only).
 */
const boughtSince = sql<boolean>`(
  exists (select 1 from checkout d where d.cart_id = c.cart_id and d.completed and d.updated_at > c.updated_at)
  or exists (select 1 from checkout d where d.owner_key = c.owner_key and d.completed and d.updated_at > c.updated_at)
  or exists (select 1 from checkout d where lower(d.buyer->>'email') = lower(c.buyer->>'email') and d.completed
    and d.updated_at > c.updated_at))`;

/**
 * Open checkouts with an e-mail and at least one item, made since `madeSince` and last changed in
 * [after, before), oldest change first, but for those whose buyer has bought since (`boughtSince`).
 * Walks the UUIDv7 primary key from `madeSince` rather than an index on the last change: such an
 * index would cost every checkout write (no HOT update) in the buy flow, for a search that runs
 * every few minutes.
 */
export function leftCheckouts(
  db: Executor,
  o: { madeSince: Date; after: Date; before: Date; limit: number },
) {
  return (
    db
      .selectFrom('checkout as c')
      .select(['c.id', 'c.updated_at'])
      .where('c.id', '>=', firstIdAt(o.madeSince))
      .where('c.completed', '=', false)
      // The merchant's own (a payment link they sent): theirs to follow up, not a shopper who left.
      .where('c.channel_type', '<>', 'BACKOFFICE_MERCHANT')
      .where('c.updated_at', '>=', o.after)
      .where('c.updated_at', '<', o.before)
      .where(sql<boolean>`coalesce(c.buyer->>'email', '') <> '' and jsonb_array_length(c.line_items) > 0`)
      .where(sql<boolean>`not ${boughtSince}`)
      .orderBy('c.updated_at')
      .limit(o.limit)
      .execute()
  );
}

/**
 * Those of `ids` that came back: the checkout itself completed, or else its buyer bought since it last
 * changed (`boughtSince`: the earliest checkout completed after it, of the same cart, owner or
 * e-mail). Each with its order and when (that checkout's completion).
 */
export async function recoveredCheckouts(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const first = (on: ReturnType<typeof sql>) => sql`(select d.order_id, d.updated_at from checkout d
    where ${on} and d.completed and d.updated_at > c.updated_at order by d.updated_at limit 1)`;
  const { rows } = await sql<{ id: string; order_id: string | null; updated_at: Date }>`
    select c.id, r.order_id, r.updated_at
    from checkout c
    cross join lateral (
      select x.order_id, x.updated_at from (
        select c.order_id, c.updated_at, 0 as rank where c.completed
        union all select *, 1 from ${first(sql`d.cart_id = c.cart_id`)} a
        union all select *, 1 from ${first(sql`d.owner_key = c.owner_key`)} b
        union all select *, 1 from ${first(sql`lower(d.buyer->>'email') = lower(c.buyer->>'email')`)} e
      ) x order by x.rank, x.updated_at limit 1
    ) r
    where c.id in (${sql.join(ids)})`.execute(db);
  return rows;
}
