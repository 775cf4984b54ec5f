/** The system module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import { systemRoutes } from './routes.ts';
export { mailSpec } from './store.ts';

export const systemModule: ServerModule = {
  name: 'system',
  routes: ({ router, database, version, config }) =>
    systemRoutes(router, { database, version, publicUrl: config.PUBLIC_URL }),
};
