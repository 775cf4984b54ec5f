/** Checkout figures for the merchant's home page (analytics). */
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';

/** Checkouts created per UTC day since `since`. */
export async function dailyCheckouts(ctx: Ctx, since: Date) {
  const rows = await ctx.db
    .selectFrom('checkout')
    .select([
      sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      sql<string>`count(*)`.as('n'),
    ])
    .where('created_at', '>=', since)
    .groupBy(sql`1`)
    .execute();
  return rows.map((r) => ({ day: r.day, checkouts: Number(r.n) }));
}
