/** The back-in-stock module's face: notification requests, notified when their item is restocked (README). */
import type { JobHandler } from '../../platform/jobs.ts';
import type { ServerModule } from '../../platform/module.ts';
import { inventorySubscriber, notifyJob } from './notify.ts';
import { backInStockRoutes } from './routes.ts';
import { expireJob } from './service.ts';
export { type BackInStockTables } from './store.ts';

export const backInStockModule: ServerModule = {
  name: 'back-in-stock',
  routes: ({ router }) => backInStockRoutes(router),
  jobs: [notifyJob, expireJob] as JobHandler<never>[],
  subscribers: [inventorySubscriber],
};
