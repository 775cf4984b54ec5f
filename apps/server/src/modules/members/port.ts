import type { AccountPort } from '../../platform/ports.ts';
import { createMemberForIdentity, recordMemberLogin, syncMemberFromIdentity } from './service.ts';

/** The member side of an account's lifecycle, as identity drives it (platform/ports.ts). */
export const accountPort: AccountPort = {
  memberCreated: async (ctx, m) => {
    await createMemberForIdentity(ctx, m);
  },
  identityChanged: syncMemberFromIdentity,
  loggedIn: recordMemberLogin,
};
