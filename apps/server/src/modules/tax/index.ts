import type { ServerModule } from '../../platform/module.ts';
import { seedTaxDemo } from './demo.ts';
import { taxRoutes } from './routes.ts';
export { seedTaxDemo } from './demo.ts';
export { taxRoutes } from './routes.ts';
export { loadTaxConfig } from './service.ts';
export { type TaxTables } from './store.ts';

export const taxModule: ServerModule = {
  name: 'tax',
  routes: ({ router }) => taxRoutes(router),
  demo: seedTaxDemo,
};
