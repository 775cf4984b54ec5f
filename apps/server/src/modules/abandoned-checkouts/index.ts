/** The abandoned-checkouts module's face: checkouts shoppers left, their recovery e-mail and link (README). */
import type { JobHandler } from '../../platform/jobs.ts';
import type { ServerModule } from '../../platform/module.ts';
import { findAbandoned, findRecoveredTask } from './find.ts';
import { abandonedCheckoutRoutes } from './routes.ts';
import { emailJob } from './send.ts';
export { type AbandonedCheckoutTables } from './store.ts';

export const abandonedCheckoutsModule: ServerModule = {
  name: 'abandoned-checkouts',
  routes: ({ router }) => abandonedCheckoutRoutes(router),
  jobs: [emailJob] as JobHandler<never>[],
  periodic: [findAbandoned, findRecoveredTask],
};
