/**
 * The open checkouts the merchant made for buyers (`channelType: BACKOFFICE_MERCHANT`, not completed):
 * payment links sent and not yet paid, newest first, for the dashboard to follow them up. Walks the
 * partial index `checkout_merchant_open`; each checkout is answered as its GET answers it (priced now).
 */
import { AppError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/context.ts';
import { isUuid } from '../../platform/ids.ts';
import { getCheckout } from './service.ts';

export async function openMerchantCheckouts(ctx: Ctx, o: { cursor?: string | undefined; limit: number }) {
  if (o.cursor !== undefined && !isUuid(o.cursor))
    throw new AppError(400, 'INVALID_CURSOR', 'The cursor is not one this list gave.');
  let q = ctx.db
    .selectFrom('checkout')
    .select('id')
    .where('channel_type', '=', 'BACKOFFICE_MERCHANT')
    .where('completed', '=', false)
    .orderBy('id', 'desc')
    .limit(o.limit + 1);
  if (o.cursor) q = q.where('id', '<', o.cursor);
  const ids = (await q.execute()).map((r) => r.id);
  const page = ids.slice(0, o.limit);
  const checkouts = await Promise.all(page.map((id) => getCheckout(ctx, id)));
  return { checkouts, ...(ids.length > o.limit ? { nextCursor: page.at(-1)! } : {}) };
}
