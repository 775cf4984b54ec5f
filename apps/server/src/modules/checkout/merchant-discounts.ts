/**
 * The merchant's own discounts on a checkout (the dashboard's Create order, an app): on the whole
 * order before delivery, each an amount or a percentage. Only the site owner and apps give them;
 * a shopper's call carrying them is refused, as a cart's is.
 */
import type { CheckoutMerchantDiscountInput } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { forbidden, violation } from '../../platform/errors.ts';
import { toMinor } from '../../platform/money.ts';
import type { MerchantDiscount } from '../lines/index.ts';

export function merchantDiscountsOf(
  ctx: Ctx,
  list: readonly CheckoutMerchantDiscountInput[],
  currency: string,
): MerchantDiscount[] {
  if (ctx.caller.role !== 'admin')
    throw forbidden('Only the site owner and apps may give merchant discounts.');
  return list.map((d, i) => {
    if (d.percentage !== undefined) return { percentage: d.percentage };
    let amountMinor: number;
    try {
      amountMinor = toMinor(d.amount ?? '', currency);
    } catch {
      throw violation(
        `merchantDiscounts.${i}.amount`,
        `is not a valid amount in ${currency}`,
        'DECIMAL_MAX_SCALE',
      );
    }
    // A discount of nothing is a mistake (a field left at 0), not a discount.
    if (amountMinor <= 0) throw violation(`merchantDiscounts.${i}.amount`, 'must be above 0', 'DECIMAL_GT');
    return { amountMinor };
  });
}
