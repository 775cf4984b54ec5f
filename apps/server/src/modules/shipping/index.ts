/** The shipping module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import { seedShippingDemo } from './demo.ts';
import { shippingRoutes } from './routes.ts';
export { seedShippingDemo } from './demo.ts';
export { loadShippingConfig } from './service.ts';
export { type ShippingTables } from './store.ts';

export const shippingModule: ServerModule = {
  name: 'shipping',
  routes: ({ router }) => shippingRoutes(router),
  demo: seedShippingDemo,
};
