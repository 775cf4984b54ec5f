/** Gift card redemption: min(balance, requested, amount due after everything else). */
import type { GiftCardInput } from './types.ts';
import { assertMinor } from './rounding.ts';

export type GiftCardReason = 'GIFT_CARD_DISABLED' | 'GIFT_CARD_EXPIRED' | 'GIFT_CARD_IS_EMPTY';

export type GiftCardRedemption = { ok: true; amountMinor: number } | { ok: false; reason: GiftCardReason };

export function redeemGiftCard(card: GiftCardInput, amountDueMinor: number, now: Date): GiftCardRedemption {
  assertMinor(card.balanceMinor, 'gift card balance');
  assertMinor(amountDueMinor, 'amount due');
  if (card.disabled) return { ok: false, reason: 'GIFT_CARD_DISABLED' };
  if (card.expiresAt !== undefined && now.getTime() >= new Date(card.expiresAt).getTime()) {
    return { ok: false, reason: 'GIFT_CARD_EXPIRED' };
  }
  if (card.balanceMinor === 0) return { ok: false, reason: 'GIFT_CARD_IS_EMPTY' };
  let amount = Math.min(card.balanceMinor, amountDueMinor);
  if (card.requestedAmountMinor !== undefined) {
    assertMinor(card.requestedAmountMinor, 'requested gift card amount');
    amount = Math.min(amount, card.requestedAmountMinor);
  }
  return { ok: true, amountMinor: amount };
}
