export { memberBulkJob } from './bulk.ts';
export { memberActionRoutes } from './routes-actions.ts';
export { membersRoutes } from './routes.ts';
export { createMemberForIdentity, getMember, recordMemberLogin, syncMemberFromIdentity } from './service.ts';
export { type MembersTables } from './store.ts';
