import type { ServerModule } from '../../platform/module.ts';
import { cartRoutes } from './routes.ts';
import { cartPort } from './port.ts';
export { cartRoutes } from './routes.ts';
export { deleteCartById } from './service.ts';
export { type CartRow, type CartTables, setCartCheckout } from './store.ts';
export { cartPort } from './port.ts';

export const cartModule: ServerModule = {
  name: 'cart',
  routes: ({ router }) => cartRoutes(router),
  ports: { carts: cartPort },
};
