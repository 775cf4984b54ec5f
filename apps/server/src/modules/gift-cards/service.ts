/**
 * What other modules call: the calculator's view of a gift card, and the balance changes of order
 * creation, cancellation and refund. The admin API lives in cards.ts.
 */
import type { Ctx } from '../../platform/context.ts';
import { inTransaction, type Executor } from '../../platform/db/tx.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { GiftCardInput } from '../pricing/index.ts';
import {
  claimRedemption,
  debit,
  dropRedemption,
  findCard,
  findCardByCode,
  refundRedemption,
} from './store.ts';

/** The card with this code, ignoring case and surrounding spaces (without requestedAmountMinor). */
export async function findGiftCardByCode(db: Executor, code: string): Promise<GiftCardInput | undefined> {
  const c = await findCardByCode(db, code);
  if (!c) return undefined;
  return {
    id: c.id,
    code: c.code,
    balanceMinor: Number(c.balance),
    disabled: c.disabled,
    ...(c.expiration_at ? { expiresAt: c.expiration_at } : {}),
  };
}

/**
 * Inside the caller's transaction: takes `amountMinor` off the balance only if the card is enabled,
 * not expired and its balance covers it (one conditional update, so concurrent orders can never
 * take the balance below zero), and records the redemption. Idempotent per order: a second call
 * for the same order is 'OK' and takes nothing more. An unknown card is GIFT_CARD_NOT_FOUND (404).
 */
export async function redeemGiftCard(
  ctx: Ctx,
  giftCardId: string,
  amountMinor: number,
  orderId: string,
): Promise<'OK' | 'GIFT_CARD_INSUFFICIENT_BALANCE' | 'GIFT_CARD_DISABLED' | 'GIFT_CARD_EXPIRED'> {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new RangeError(`gift card amount must be a positive integer, got ${amountMinor}`);
  return inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    // Checked first: a foreign-key error would abort the caller's whole transaction.
    if (!(await findCard(tx.db, giftCardId)))
      throw notFound('Gift card', { giftCardId }, 'GIFT_CARD_NOT_FOUND');
    const claimed = await claimRedemption(tx.db, {
      id: newId(),
      gift_card_id: giftCardId,
      order_id: orderId,
      amount: amountMinor,
      created_at: now,
      refunded_at: null,
    });
    if (!claimed) return 'OK';
    if (await debit(tx.db, giftCardId, amountMinor, now)) return 'OK';
    await dropRedemption(tx.db, claimed.id);
    const card = (await findCard(tx.db, giftCardId))!;
    if (card.disabled) return 'GIFT_CARD_DISABLED';
    if (card.expiration_at && card.expiration_at.getTime() <= now.getTime()) return 'GIFT_CARD_EXPIRED';
    return 'GIFT_CARD_INSUFFICIENT_BALANCE';
  });
}

/** Gives back what an order took (order canceled/refunded). Does nothing when there is nothing left to give back. */
export async function refundGiftCardRedemption(ctx: Ctx, giftCardId: string, orderId: string): Promise<void> {
  await inTransaction(ctx, (tx) => refundRedemption(tx.db, giftCardId, orderId, tx.clock.now()));
}
