import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { getSettings } from '../settings/index.ts';
import { fulfillmentsOf } from './fulfillments.ts';
import { orderOfLink } from './order-link.ts';
import { readOrder } from './store.ts';
import { toOrder } from './wire.ts';

/**
 * The order a signed link names (`order-link.ts`), with its fulfillments and payments: what its buyer sees,
 * without signing in. A tampered, expired or foreign link is 400 INVALID_ORDER_LINK.
 */
export async function openOrderLink(ctx: Ctx, token: string) {
  const id = await orderOfLink(ctx, token);
  const row = id === undefined ? undefined : await readOrder(ctx.db, { id });
  if (!row) throw new AppError(400, 'INVALID_ORDER_LINK', 'This order link is not valid or has expired', {});
  return {
    order: toOrder(row, (await getSettings(ctx)).locale),
    orderWithFulfillments: await fulfillmentsOf(ctx, row.id),
    orderTransactions: await ctx.services.ports.payments.transactionsOf(ctx, row.id),
  };
}
