import { describe, expect, it } from 'vitest';
import { checkCoupon, findCoupon } from './coupons.ts';
import type { CouponDefinition } from './types.ts';

const now = new Date('2025-06-01T00:00:00Z');
const base: CouponDefinition = {
  id: 'c1',
  code: 'Save10',
  name: 'Save 10',
  discount: { type: 'PERCENTAGE', scope: 'GLOBAL', value: 10 },
  usedTotal: 0,
  usedByCustomer: 0,
};
const check = (over: Partial<CouponDefinition>, code = 'save10', subtotal = 5000) =>
  checkCoupon({ code, definition: { ...base, ...over } }, subtotal, now);

describe('coupons', () => {
  it('matches codes case-insensitively', () => {
    expect(findCoupon(' SAVE10 ', [base])?.id).toBe('c1');
    expect(check({})).toEqual({ ok: true, coupon: base });
  });
  it('reports each failure reason', () => {
    expect(checkCoupon({ code: 'nope' }, 0, now)).toEqual({
      ok: false,
      reason: 'ERROR_COUPON_DOES_NOT_EXIST',
    });
    expect(check({}, 'other')).toMatchObject({ reason: 'ERROR_COUPON_DOES_NOT_EXIST' });
    expect(check({ activeTimeInfo: { start: '2025-07-01' } })).toMatchObject({
      reason: 'ERROR_COUPON_IS_NOT_ACTIVE_YET',
    });
    expect(check({ activeTimeInfo: { end: '2025-05-01' } })).toMatchObject({
      reason: 'ERROR_COUPON_HAS_EXPIRED',
    });
    expect(check({ usageLimit: 5, usedTotal: 5 })).toMatchObject({ reason: 'ERROR_COUPON_USAGE_EXCEEDED' });
    expect(check({ perCustomerLimit: 1, usedByCustomer: 1 })).toMatchObject({
      reason: 'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED',
    });
    expect(check({ minimumSubtotalMinor: 5001 })).toMatchObject({
      reason: 'ERROR_COUPON_BELOW_MINIMUM_SUBTOTAL',
    });
  });
  it('accepts at the limits', () => {
    expect(check({ usageLimit: 5, usedTotal: 4, perCustomerLimit: 1, minimumSubtotalMinor: 5000 }).ok).toBe(
      true,
    );
  });
});
