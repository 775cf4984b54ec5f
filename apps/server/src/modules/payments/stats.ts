/** Payment figures for the merchant's home page (analytics). */
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';

/** Orders with an authorization still open (money to capture or void). */
export async function openAuthorizations(ctx: Ctx): Promise<number> {
  const r = await ctx.db
    .selectFrom('payment')
    .select(sql<string>`count(distinct order_id)`.as('n'))
    .where('status', '=', 'AUTHORIZED')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
