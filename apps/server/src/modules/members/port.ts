import type { AccountPort } from '../../platform/ports.ts';
import { mailAwaitingApproval } from './mails.ts';
import { createMemberForIdentity, recordMemberLogin, syncMemberFromIdentity } from './service.ts';

/** The member side of an account's lifecycle, as identity drives it (platform/ports.ts). */
export const accountPort: AccountPort = {
  memberCreated: async (ctx, m) => {
    const member = await createMemberForIdentity(ctx, m);
    if (m.status === 'PENDING') await mailAwaitingApproval(ctx, { id: member.id, loginEmail: m.loginEmail });
  },
  identityChanged: syncMemberFromIdentity,
  loggedIn: recordMemberLogin,
};
