/**
 * The open checkouts the merchant made for buyers (`channelType: BACKOFFICE_MERCHANT`, not completed):
 * payment links sent and not yet paid, newest first, for the dashboard to follow them up. Walks the
 * partial index `checkout_merchant_open`; each checkout is answered as its GET answers it (priced now).
 * One the merchant no longer wants (a mistake, the buyer changed their mind) is deleted, and its
 * payment link then opens nothing.
 */
import { AppError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/context.ts';
import { isUuid } from '../../platform/ids.ts';
import { forgetCheckout } from './kept.ts';
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

const notFound = (id: string) => new AppError(404, 'CHECKOUT_NOT_FOUND', 'No checkout with this id.', { id });

/**
 * Deletes a checkout the merchant made for a buyer, unless an order was placed from it. The buyer
 * placing that order at the same moment holds the checkout's row lock (create-order.ts), so one of
 * the two wins: the order (this answers 409 CHECKOUT_COMPLETED) or the deletion (the order is
 * refused as CHECKOUT_NOT_FOUND). A shopper's checkout is theirs and is not deleted here.
 */
export async function deleteMerchantCheckout(ctx: Ctx, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(id);
  const gone = await ctx.db
    .deleteFrom('checkout')
    .where('id', '=', id)
    .where('channel_type', '=', 'BACKOFFICE_MERCHANT')
    .where('completed', '=', false)
    .returning('id')
    .executeTakeFirst();
  forgetCheckout(id);
  if (gone) return;
  const row = await ctx.db
    .selectFrom('checkout')
    .select(['completed'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(id);
  if (row.completed)
    throw new AppError(
      409,
      'CHECKOUT_COMPLETED',
      'An order was placed from this checkout: cancel the order instead.',
      { id },
    );
  throw new AppError(
    409,
    'NOT_A_MERCHANT_CHECKOUT',
    "Only a checkout made for a buyer (channelType BACKOFFICE_MERCHANT) is deleted; a shopper's checkout is theirs.",
    { id },
  );
}
