export { checkoutRoutes } from './routes.ts';
export { createCheckoutFromCart, load } from './service.ts';
export { type CheckoutTables } from './store.ts';
