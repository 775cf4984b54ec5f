/** The tax module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import { seedTaxDemo } from './demo.ts';
import { taxRoutes } from './routes.ts';
export { seedTaxDemo } from './demo.ts';
export { loadTaxConfig } from './service.ts';
export { type TaxTables } from './store.ts';

export const taxModule: ServerModule = {
  name: 'tax',
  routes: ({ router }) => taxRoutes(router),
  demo: seedTaxDemo,
};
