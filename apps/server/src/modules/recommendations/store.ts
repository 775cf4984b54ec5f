/** The recommendations' SQL: pairs bought together, daily sales, counted orders. */
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';

export interface RecommendationsTables {
  recommendation_pair: { item_id: string; other_id: string; weight: number };
  recommendation_sale: { item_id: string; day: string; quantity: number };
  recommendation_order: { order_id: string; counted_at: Date };
}

/**
 * Counts an order once (`quantities`: by item id), in one statement: marks it counted, adds
 * `weight` to every ordered pair of its distinct items (both directions) and its quantities to the
 * day's sales. An order counted before (a repeated event) adds nothing. One statement commits as
 * soon as it has run: the day's sales row, which every order of a best-seller writes, is locked for
 * no round trip, and the job takes one statement where a transaction took four or five.
 */
export async function countOrder(
  db: Executor,
  o: {
    orderId: string;
    countedAt: Date;
    day: string;
    weight: number;
    quantities: ReadonlyMap<string, number>;
  },
): Promise<void> {
  // Rows are written in item order, so concurrent orders lock shared rows in one order (no deadlock).
  const items = [...o.quantities.keys()].sort();
  await sql`
    with claimed as (
      insert into recommendation_order (order_id, counted_at) values (${o.orderId}, ${o.countedAt})
      on conflict (order_id) do nothing
      returning order_id),
    sold as (
      select s.item_id, s.quantity
      from unnest(${items}::text[], ${items.map((i) => o.quantities.get(i)!)}::bigint[]) as s(item_id, quantity)
      where exists (select from claimed)),
    pairs as (
      insert into recommendation_pair (item_id, other_id, weight)
      select a.item_id, b.item_id, ${o.weight}::double precision
      from sold a join sold b on a.item_id <> b.item_id
      order by a.item_id, b.item_id
      on conflict (item_id, other_id) do update set weight = recommendation_pair.weight + excluded.weight),
    sales as (
      insert into recommendation_sale (item_id, day, quantity)
      select item_id, ${o.day}::date, quantity from sold order by item_id
      on conflict (item_id, day) do update set quantity = recommendation_sale.quantity + excluded.quantity)
    select 1`.execute(db);
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
