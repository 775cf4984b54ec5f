import { describe, expect, it } from 'vitest';
import { redeemGiftCard } from './gift-cards.ts';

const now = new Date('2025-06-01T00:00:00Z');
const card = { id: 'g', code: 'GC-1', balanceMinor: 5000 };

describe('redeemGiftCard', () => {
  it('redeems min(balance, amount due, requested)', () => {
    expect(redeemGiftCard(card, 3000, now)).toEqual({ ok: true, amountMinor: 3000 });
    expect(redeemGiftCard(card, 8000, now)).toEqual({ ok: true, amountMinor: 5000 });
    expect(redeemGiftCard({ ...card, requestedAmountMinor: 1000 }, 8000, now)).toEqual({
      ok: true,
      amountMinor: 1000,
    });
    expect(redeemGiftCard(card, 0, now)).toEqual({ ok: true, amountMinor: 0 });
  });
  it('refuses expired, disabled and empty cards', () => {
    expect(redeemGiftCard({ ...card, expiresAt: '2025-06-01T00:00:00Z' }, 100, now)).toEqual({
      ok: false,
      reason: 'GIFT_CARD_EXPIRED',
    });
    expect(redeemGiftCard({ ...card, disabled: true }, 100, now)).toEqual({
      ok: false,
      reason: 'GIFT_CARD_DISABLED',
    });
    expect(redeemGiftCard({ ...card, balanceMinor: 0 }, 100, now)).toEqual({
      ok: false,
      reason: 'GIFT_CARD_IS_EMPTY',
    });
  });
});
