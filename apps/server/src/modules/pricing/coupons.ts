/** Coupon validation as a pure function over the coupon and its redemption counts. */
import type { CouponDefinition, CouponInput } from './types.ts';
import { ruleStatus } from './discounts.ts';

export type CouponReason =
  | 'ERROR_COUPON_DOES_NOT_EXIST'
  | 'ERROR_COUPON_IS_NOT_ACTIVE_YET'
  | 'ERROR_COUPON_HAS_EXPIRED'
  | 'ERROR_COUPON_USAGE_EXCEEDED'
  | 'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED'
  | 'ERROR_COUPON_BELOW_MINIMUM_SUBTOTAL';

export type CouponCheck = { ok: true; coupon: CouponDefinition } | { ok: false; reason: CouponReason };

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Finds a coupon by code, ignoring case and surrounding spaces. */
export function findCoupon(code: string, coupons: readonly CouponDefinition[]): CouponDefinition | undefined {
  const wanted = normalizeCode(code);
  return coupons.find((c) => normalizeCode(c.code) === wanted);
}

/**
 * Checks in this order: existence (and code match), active window, usage limit, per-customer
 * limit, minimum subtotal (the subtotal before any discount).
 */
export function checkCoupon(input: CouponInput, subtotalMinor: number, now: Date): CouponCheck {
  const c = input.definition;
  if (!c || normalizeCode(c.code) !== normalizeCode(input.code))
    return { ok: false, reason: 'ERROR_COUPON_DOES_NOT_EXIST' };
  const status = ruleStatus(c, now);
  if (status === 'PENDING') return { ok: false, reason: 'ERROR_COUPON_IS_NOT_ACTIVE_YET' };
  if (status === 'EXPIRED') return { ok: false, reason: 'ERROR_COUPON_HAS_EXPIRED' };
  if (c.usageLimit !== undefined && c.usedTotal >= c.usageLimit)
    return { ok: false, reason: 'ERROR_COUPON_USAGE_EXCEEDED' };
  if (c.perCustomerLimit !== undefined && c.usedByCustomer >= c.perCustomerLimit) {
    return { ok: false, reason: 'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED' };
  }
  if (c.minimumSubtotalMinor !== undefined && subtotalMinor < c.minimumSubtotalMinor) {
    return { ok: false, reason: 'ERROR_COUPON_BELOW_MINIMUM_SUBTOTAL' };
  }
  return { ok: true, coupon: c };
}
