/** The cart module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import { cartRoutes } from './routes.ts';
import { cartPort } from './port.ts';
import { purgeUnreachableCarts } from './purge.ts';
export { type CartTables } from './store.ts';

export const cartModule: ServerModule = {
  name: 'cart',
  routes: ({ router }) => cartRoutes(router),
  ports: { carts: cartPort },
  periodic: [purgeUnreachableCarts],
};
