import { ALL_PRODUCTS_COLLECTION_ID } from '@vitrine/contract';
/**
 * What other modules call: the calculator's view of discount rules and coupons, and coupon
 * redemption at order creation. The admin APIs live in rules.ts and coupons.ts.
 */
import type { Ctx } from '../../platform/context.ts';
import { inTransaction, type Executor } from '../../platform/db/tx.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { CouponDefinition, DiscountRule, DiscountSpec } from '../pricing/index.ts';
import {
  addRuleUsage,
  allRules,
  codeKey,
  findCouponRowByCode,
  redeem,
  sendRedeem,
  type CouponRow,
  type RuleRow,
} from './store.ts';
import { scopedItems } from './scopes.ts';
import { triggerForPricing } from './triggers.ts';

const activeTime = (start: Date | null, end: Date | null) =>
  start || end ? { ...(start ? { start } : {}), ...(end ? { end } : {}) } : undefined;

/** The calculator's rule for a stored one. */
export function ruleForPricing(r: RuleRow): DiscountRule {
  const value = r.discount_type === 'PERCENTAGE' ? Number(r.percentage) : Number(r.amount);
  const selection = r.target_type === 'SPECIFIC_ITEMS' ? scopedItems(r.scopes) : undefined;
  const activeTimeInfo = activeTime(r.start_at, r.end_at);
  return {
    id: r.id,
    name: r.name,
    type: r.discount_type,
    scope: r.target_type,
    value,
    ...(r.quantity !== null ? { quantity: r.quantity } : {}),
    ...(selection?.catalogItemIds ? { catalogItemIds: [...selection.catalogItemIds] } : {}),
    ...(selection?.collectionIds ? { collectionIds: [...selection.collectionIds] } : {}),
    ...(activeTimeInfo ? { activeTimeInfo } : {}),
    ...(r.trigger ? { trigger: triggerForPricing(r.trigger) } : {}),
  };
}

/**
 * Every stored rule that is switched on (`active`), with its activeTimeInfo; the calculator
 * decides LIVE / PENDING / EXPIRED from the clock. Rules switched off are left out.
 */
export async function loadDiscountRules(db: Executor): Promise<DiscountRule[]> {
  return (await allRules(db)).filter((r) => r.active).map(ruleForPricing);
}

/** The calculator's discount for a coupon. */
export function couponDiscount(
  c: Pick<CouponRow, 'kind' | 'percent_off' | 'amount' | 'scope'>,
): DiscountSpec {
  if (c.kind === 'FREE_SHIPPING') return { type: 'PERCENTAGE', scope: 'SHIPPING', value: 100 };
  const group = c.scope?.group;
  const target =
    group?.entityId && group.name === 'product'
      ? { scope: 'SPECIFIC_ITEMS' as const, catalogItemIds: [group.entityId] }
      : group?.entityId && group.name === 'collection' && group.entityId !== ALL_PRODUCTS_COLLECTION_ID
        ? { scope: 'SPECIFIC_ITEMS' as const, collectionIds: [group.entityId] }
        : { scope: 'GLOBAL' as const };
  switch (c.kind) {
    case 'PERCENT_OFF_RATE':
      return { type: 'PERCENTAGE', value: Number(c.percent_off), ...target };
    case 'MONEY_OFF_AMOUNT':
      return { type: 'FIXED_AMOUNT', value: Number(c.amount), ...target };
    case 'FIXED_PRICE_AMOUNT':
      return { type: 'FIXED_PRICE', value: Number(c.amount), ...target };
  }
}

/**
 * The coupon with this code, ignoring case and surrounding spaces, with its redemption counts
 * (`usedByCustomer` is 0 without a customer key). A coupon switched off (`active: false`) is not found.
 */
export async function findCouponByCode(
  db: Executor,
  code: string,
  customerKey?: string,
): Promise<CouponDefinition | undefined> {
  return (await readCoupon(db, code, customerKey)).definition;
}

/**
 * A coupon as pricing read it for a customer (`readCoupon`): its definition if found (and switched
 * on), and the version it was read at, which a later write made from it may carry as its condition
 * (store.ts `couponStillAt`), so that the coupon need not be read again for it.
 */
export interface CouponRead {
  codeKey: string;
  customerKey: string | null;
  /** null: no coupon had the code. */
  version: string | null;
  definition?: CouponDefinition;
}

/** findCouponByCode, with the version it was read at. */
export async function readCoupon(db: Executor, code: string, customerKey?: string): Promise<CouponRead> {
  const c = await findCouponRowByCode(db, code, customerKey);
  const read = { codeKey: codeKey(code), customerKey: customerKey ?? null, version: c?.version ?? null };
  if (!c || !c.active) return read;
  return {
    ...read,
    definition: {
      id: c.id,
      code: c.code,
      name: c.name,
      discount: couponDiscount(c),
      activeTimeInfo: activeTime(c.start_at, c.expiration_at),
      ...(c.minimum_subtotal !== null ? { minimumSubtotalMinor: Number(c.minimum_subtotal) } : {}),
      ...(c.usage_limit !== null ? { usageLimit: c.usage_limit } : {}),
      ...(c.limit_per_customer !== null ? { perCustomerLimit: c.limit_per_customer } : {}),
      usedTotal: c.times_used,
      usedByCustomer: c.used_by_customer,
    },
  };
}

/** Whether `read` is of this code for this customer (then pricing may use it instead of reading again). */
export const couponReadFits = (read: CouponRead, code: string, customerKey?: string): boolean =>
  read.codeKey === codeKey(code) && read.customerKey === (customerKey ?? null);

/**
 * Inside the caller's transaction (order creation): records one use, in one round trip (store.ts
 * `redeem`). The coupon row is locked first, so concurrent redemptions of one coupon run one after
 * another and every limit check sees the uses committed before it. Idempotent per order: a second call for the same order is 'OK'
 * and records nothing. A coupon deleted since the checkout is COUPON_NOT_FOUND (404).
 */
export async function redeemCoupon(
  ctx: Ctx,
  couponId: string,
  customerKey: string,
  orderId: string,
): Promise<'OK' | 'ERROR_COUPON_USAGE_EXCEEDED' | 'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED'> {
  return inTransaction(ctx, async (tx) => {
    const verdict = await redeem(tx.db, { id: newId(), couponId, customerKey, orderId, at: tx.clock.now() });
    if (verdict === 'NOT_FOUND') throw notFound('Coupon', { couponId }, 'COUPON_NOT_FOUND');
    return verdict;
  });
}

/**
 * redeemCoupon without waiting for its answer, in a transaction `inTransaction` opened (order
 * creation from a kept checkout): unless the coupon may be used, the transaction fails with
 * ROW_CHANGED, and the caller places the order again from a read, where redeemCoupon answers why.
 */
export async function sendRedeemCoupon(
  ctx: Ctx,
  couponId: string,
  customerKey: string,
  orderId: string,
): Promise<void> {
  await sendRedeem(ctx.db, { id: newId(), couponId, customerKey, orderId, at: ctx.clock.now() });
}

/** Counts one use of each applied discount rule (the rules' read-only `usageCount`); call at order creation. */
export async function recordDiscountRuleUsage(ctx: Ctx, ruleIds: readonly string[]): Promise<void> {
  await addRuleUsage(ctx.db, [...new Set(ruleIds)]);
}
