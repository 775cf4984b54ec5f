export { seedDiscountsDemo } from './demo.ts';
export { discountsRoutes } from './routes.ts';
export { findCouponByCode, loadDiscountRules, recordDiscountRuleUsage, redeemCoupon } from './service.ts';
export { type DiscountsTables } from './store.ts';
