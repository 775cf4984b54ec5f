import type { Ctx } from '../../platform/context.ts';
import { createGiftCard } from './cards.ts';

/** Demo gift card DEMO-GIFT-50 worth $50 (in the store currency), no expiry. */
export async function seedGiftCardsDemo(ctx: Ctx) {
  await createGiftCard(ctx, { code: 'DEMO-GIFT-50', initialValue: { amount: '50' } });
}
