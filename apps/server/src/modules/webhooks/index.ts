/** The webhooks module's face: the merchant's URLs that receive the store's events, signed (README). */
import type { JobHandler } from '../../platform/jobs.ts';
import type { ServerModule } from '../../platform/module.ts';
import { deliverJob } from './deliver.ts';
import { webhookRoutes } from './routes.ts';
import { purgeDeliveries } from './retention.ts';
import { fanOutTask } from './scan.ts';
export { failedDeliveries } from './service.ts';
export { type WebhookTables } from './store.ts';

export const webhooksModule: ServerModule = {
  name: 'webhooks',
  routes: ({ router }) => webhookRoutes(router),
  jobs: [deliverJob] as JobHandler<never>[],
  periodic: [fanOutTask, purgeDeliveries],
};
