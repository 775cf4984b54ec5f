/** The checkout module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import { purgeAbandonedCheckouts } from './purge.ts';
import { checkoutRoutes } from './routes.ts';
export { dailyCheckouts } from './stats.ts';
export { leftCheckouts, recoveredCheckouts } from './left.ts';
export { createCheckoutFromCart, type CartSource } from './from-cart.ts';
export { getCheckout, getCheckoutAndOwner, load } from './service.ts';
export { noteStockMoved as noteStockMovedFor, stockMoving as stockMovingFor } from './kept.ts';
export { type CheckoutTables } from './store.ts';

export const checkoutModule: ServerModule = {
  name: 'checkout',
  routes: ({ router }) => checkoutRoutes(router),
  periodic: [purgeAbandonedCheckouts],
};
