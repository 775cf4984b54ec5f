export { seedTaxDemo } from './demo.ts';
export { taxRoutes } from './routes.ts';
export { loadTaxConfig } from './service.ts';
export { type TaxTables } from './store.ts';
