/** The recommendations' SQL: pairs bought together, daily sales, counted orders. */
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';

export interface RecommendationsTables {
  recommendation_pair: { item_id: string; other_id: string; weight: number };
  recommendation_sale: { item_id: string; day: string; quantity: number };
  recommendation_order: { order_id: string; counted_at: Date };
}

/** True the first time an order is counted (a repeated event counts nothing). */
export async function claimOrder(db: Executor, orderId: string, now: Date): Promise<boolean> {
  const r = await db
    .insertInto('recommendation_order')
    .values({ order_id: orderId, counted_at: now })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('order_id')
    .executeTakeFirst();
  return r !== undefined;
}

/** Adds `weight` to every ordered pair of distinct items (both directions), in one statement. */
export async function addPairs(db: Executor, items: readonly string[], weight: number) {
  // Sorted, so concurrent orders lock shared rows in one order (no deadlock).
  const sorted = [...new Set(items)].sort();
  const pairs = sorted.flatMap((a) =>
    sorted.filter((b) => b !== a).map((b) => ({ item_id: a, other_id: b, weight })),
  );
  if (pairs.length === 0) return;
  await db
    .insertInto('recommendation_pair')
    .values(pairs)
    .onConflict((oc) =>
      oc
        .columns(['item_id', 'other_id'])
        .doUpdateSet({ weight: sql`recommendation_pair.weight + excluded.weight` }),
    )
    .execute();
}

export async function addSales(
  db: Executor,
  day: string,
  sales: readonly { itemId: string; quantity: number }[],
) {
  if (sales.length === 0) return;
  await db
    .insertInto('recommendation_sale')
    .values(
      [...sales]
        .sort((a, b) => (a.itemId < b.itemId ? -1 : 1))
        .map((s) => ({ item_id: s.itemId, day, quantity: s.quantity })),
    )
    .onConflict((oc) =>
      oc
        .columns(['item_id', 'day'])
        .doUpdateSet({ quantity: sql`recommendation_sale.quantity + excluded.quantity` }),
    )
    .execute();
}

/** The items most bought with any of `items`, heaviest first (one index range per item). */
export async function boughtWith(db: Executor, items: readonly string[], limit: number): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = await db
    .selectFrom('recommendation_pair')
    .select(['other_id', sql<number>`sum(weight)`.as('w')])
    .where('item_id', 'in', [...items])
    .where('other_id', 'not in', [...items])
    .groupBy('other_id')
    .orderBy('w', 'desc')
    .orderBy('other_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.other_id);
}

/** The best sellers since `since` (a date), most sold first. */
export async function bestSellers(db: Executor, since: string, exclude: readonly string[], limit: number) {
  let q = db
    .selectFrom('recommendation_sale')
    .select(['item_id', sql<number>`sum(quantity)`.as('n')])
    .where('day', '>=', since);
  if (exclude.length) q = q.where('item_id', 'not in', [...exclude]);
  const rows = await q.groupBy('item_id').orderBy('n', 'desc').orderBy('item_id').limit(limit).execute();
  return rows.map((r) => r.item_id);
}
