export { cartRoutes } from './routes.ts';
export { deleteCartById } from './service.ts';
export { type CartRow, type CartTables, setCartCheckout } from './store.ts';
