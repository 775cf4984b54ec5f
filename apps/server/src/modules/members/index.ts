/** The members module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { memberBulkJob } from './bulk.ts';
import { memberActionRoutes } from './routes-actions.ts';
import { membersRoutes } from './routes.ts';
import { accountPort } from './port.ts';
export { getMember, syncMemberFromIdentity } from './service.ts';
export { type MembersTables } from './store.ts';

export const membersModule: ServerModule = {
  name: 'members',
  routes: ({ router }) => {
    membersRoutes(router);
    memberActionRoutes(router);
  },
  jobs: [memberBulkJob as JobHandler<never>],
  ports: { accounts: accountPort },
};
