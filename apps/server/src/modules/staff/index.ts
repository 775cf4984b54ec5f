/** The staff module's face: staff accounts, their sessions, the actions log, API keys (README). */
import type { ServerModule } from '../../platform/module.ts';
import { installActionLog } from './actions.ts';
import { apiKeyRoutes, staffRoutes } from './routes.ts';
import { staffSessionPort } from './sessions.ts';
export { createSetupLink, firstOwnerSetupLink } from './service.ts';
export { type StaffTables } from './store.ts';

export const staffModule: ServerModule = {
  name: 'staff',
  routes: (host) => {
    staffRoutes(host.router);
    apiKeyRoutes(host.router);
    // The log's hooks need the router's request context, so they are added with the routes
    // (Fastify applies hooks to every route of the instance, whenever they were declared).
    installActionLog(host);
  },
  ports: { staffSessions: staffSessionPort },
};
