export { seedShippingDemo } from './demo.ts';
export { shippingRoutes } from './routes.ts';
export { loadShippingConfig } from './service.ts';
export { type ShippingTables } from './store.ts';
