/** The discounts module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import { seedDiscountsDemo } from './demo.ts';
import { discountsRoutes } from './routes.ts';
export { seedDiscountsDemo } from './demo.ts';
export {
  couponReadFits,
  findCouponByCode,
  readCoupon,
  loadDiscountRules,
  recordDiscountRuleUsage,
  redeemCoupon,
  sendRedeemCoupon,
  type CouponRead,
} from './service.ts';
export { couponStillAt, type DiscountsTables } from './store.ts';

export const discountsModule: ServerModule = {
  name: 'discounts',
  routes: ({ router }) => discountsRoutes(router),
  demo: seedDiscountsDemo,
};
