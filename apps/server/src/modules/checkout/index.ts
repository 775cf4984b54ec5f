import type { ServerModule } from '../../platform/module.ts';
import { checkoutRoutes } from './routes.ts';
export { checkoutRoutes } from './routes.ts';
export { createCheckoutFromCart, load } from './service.ts';
export { type CheckoutTables } from './store.ts';

export const checkoutModule: ServerModule = {
  name: 'checkout',
  routes: ({ router }) => checkoutRoutes(router),
};
