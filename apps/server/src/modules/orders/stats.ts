/** Order figures for the merchant's home page (analytics): per UTC day, and what waits on the merchant. */
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';

/** Approved (placed and not canceled) orders per UTC day since `since`: count and total (minor units). */
export async function dailyOrderStats(ctx: Ctx, since: Date) {
  const rows = await ctx.db
    .selectFrom('ecom_order')
    .select([
      sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      sql<string>`count(*)`.as('orders'),
      sql<string>`coalesce(sum(total_minor), 0)`.as('sales'),
    ])
    .where('status', '=', 'APPROVED')
    .where('created_at', '>=', since)
    .groupBy(sql`1`)
    .execute();
  return rows.map((r) => ({ day: r.day, orders: Number(r.orders), salesMinor: Number(r.sales) }));
}

/** Approved orders not yet (wholly) fulfilled. */
export async function ordersToFulfil(ctx: Ctx): Promise<number> {
  const r = await ctx.db
    .selectFrom('ecom_order')
    .select(sql<string>`count(*)`.as('n'))
    .where('status', '=', 'APPROVED')
    .where('fulfillment_status', '!=', 'FULFILLED')
    .where('archived', '=', false)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Approved orders waiting for a payment made outside the store (a manual payment method's), to mark paid. */
export async function ordersAwaitingPayment(ctx: Ctx): Promise<number> {
  const r = await ctx.db
    .selectFrom('ecom_order')
    .select(sql<string>`count(*)`.as('n'))
    .where('status', '=', 'APPROVED')
    .where('payment_status', '=', 'PENDING_MERCHANT')
    .where('archived', '=', false)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
