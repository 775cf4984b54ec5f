import type { ServerModule } from '../../platform/module.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { memberBulkJob } from './bulk.ts';
import { memberActionRoutes } from './routes-actions.ts';
import { membersRoutes } from './routes.ts';
import { accountPort } from './port.ts';
export { memberBulkJob } from './bulk.ts';
export { memberActionRoutes } from './routes-actions.ts';
export { membersRoutes } from './routes.ts';
export { createMemberForIdentity, getMember, recordMemberLogin, syncMemberFromIdentity } from './service.ts';
export { type MembersTables } from './store.ts';
export { accountPort } from './port.ts';

export const membersModule: ServerModule = {
  name: 'members',
  routes: ({ router }) => {
    membersRoutes(router);
    memberActionRoutes(router);
  },
  jobs: [memberBulkJob as JobHandler<never>],
  ports: { accounts: accountPort },
};
