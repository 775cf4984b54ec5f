import type { TokenPort } from '../../platform/ports.ts';
import { allowAccess, denyAccess } from './denials.ts';
import { urlAllowedForClient } from './service.ts';
import { endMemberSession, memberSessions, revokeTokensOf } from './tokens.ts';

/** The OAuth server's side of a member's access, for identity and members (platform/ports.ts). */
export const tokenPort: TokenPort = {
  revokeTokensOf,
  memberSessions,
  endMemberSession,
  denyAccess,
  allowAccess,
  urlAllowedForClient,
};
