import type { Ctx } from '../../platform/context.ts';
import { createCoupon } from './coupons.ts';

/** Demo coupon SAVE10: 10 % off the whole order, 1000 uses in all, one per customer. */
export async function seedDiscountsDemo(ctx: Ctx) {
  await createCoupon(ctx, {
    name: 'Save 10%',
    code: 'SAVE10',
    startTime: ctx.clock.now().toISOString(),
    percentOffRate: 10,
    usageLimit: 1000,
    limitPerCustomer: 1,
    scope: { namespace: 'stores' },
  });
}
