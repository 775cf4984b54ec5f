/** The merchant's home page figures, from the modules that own them (README). */
import type { AnalyticsOverview } from '@vitrine/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { fromMinor } from '../../platform/money.ts';
import { lowStockCount } from '../catalog/index.ts';
import { dailyCheckouts } from '../checkout/index.ts';
import { dailyOrderStats, ordersAwaitingPayment, ordersToFulfil } from '../orders/index.ts';
import { openAuthorizations } from '../payments/index.ts';
import { reviewsAwaitingModeration } from '../reviews/index.ts';
import { getSettings } from '../settings/index.ts';
import { failedDeliveries } from '../webhooks/index.ts';

/** Items with at most this many units left count as low stock. */
export const LOW_STOCK = 5;
const DAY = 86_400_000;

/** Failed mail and jobs (the platform's own tables), and webhook deliveries that failed for good. */
async function failures(ctx: Ctx) {
  const [mail, jobs, webhooks] = await Promise.all([
    ctx.db
      .selectFrom('mail_message')
      .select(sql<string>`count(*)`.as('n'))
      .where('status', '=', 'FAILED')
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('job')
      .select(sql<string>`count(*)`.as('n'))
      .where('status', '=', 'FAILED')
      .executeTakeFirstOrThrow(),
    failedDeliveries(ctx),
  ]);
  return { failedEmails: Number(mail.n), failedJobs: Number(jobs.n), failedWebhookDeliveries: webhooks };
}

export async function overview(ctx: Ctx, days: number): Promise<AnalyticsOverview> {
  const now = ctx.clock.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY);
  const settings = await getSettings(ctx);
  const [orders, checkouts, toFulfil, toCapture, awaited, toModerate, lowStock, failed] = await Promise.all([
    dailyOrderStats(ctx, since),
    dailyCheckouts(ctx, since),
    ordersToFulfil(ctx),
    openAuthorizations(ctx),
    ordersAwaitingPayment(ctx),
    reviewsAwaitingModeration(ctx),
    lowStockCount(ctx.db, LOW_STOCK),
    failures(ctx),
  ]);
  const byDay = new Map(orders.map((o) => [o.day, o]));
  const checkoutsByDay = new Map(checkouts.map((c) => [c.day, c.checkouts]));
  const money = (minor: number) => fromMinor(minor, settings.currency);
  const series = Array.from({ length: days }, (_, i) => {
    const date = new Date(since.getTime() + i * DAY).toISOString().slice(0, 10);
    const o = byDay.get(date);
    return {
      date,
      orders: o?.orders ?? 0,
      salesMinor: o?.salesMinor ?? 0,
      checkouts: checkoutsByDay.get(date) ?? 0,
    };
  });
  const totalOrders = series.reduce((s, d) => s + d.orders, 0);
  const totalSales = series.reduce((s, d) => s + d.salesMinor, 0);
  const totalCheckouts = series.reduce((s, d) => s + d.checkouts, 0);
  return {
    currency: settings.currency,
    series: series.map((d) => ({
      date: d.date,
      orders: d.orders,
      sales: money(d.salesMinor),
      checkouts: d.checkouts,
    })),
    totals: {
      orders: totalOrders,
      sales: money(totalSales),
      averageOrderValue: money(totalOrders ? Math.round(totalSales / totalOrders) : 0),
      checkouts: totalCheckouts,
      conversionRate: totalCheckouts
        ? Math.round((Math.min(totalOrders, totalCheckouts) / totalCheckouts) * 10_000) / 10_000
        : 0,
    },
    attention: {
      ordersToFulfil: toFulfil,
      paymentsToCapture: toCapture,
      paymentsAwaited: awaited,
      reviewsToModerate: toModerate,
      lowStock,
      ...failed,
    },
  };
}
