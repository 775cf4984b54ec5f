import { APP_ID } from '@vitrine/contract';
import type { EventIdentity } from '@vitrine/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Executor } from './db/tx.ts';
import type { Services } from './services.ts';

/** A staff member's role (modules/staff): contributors are refused the routes marked `owner`. */
export type StaffRole = 'OWNER' | 'CONTRIBUTOR';

/**
 * Who is calling. Site owners' users and API-key apps share the `admin` role; a staff session is an
 * admin caller with its `userId` (the staff id) and `staffRole`. An anonymous caller with
 * `csrfRefused` sent a valid staff session cookie on an unsafe request without its CSRF token: it
 * acts as nobody, and routes that need a caller answer 403 CSRF_TOKEN_INVALID instead of 401. A
 * visitor or anonymous caller with `sessionEnded` sent a member's access token whose session was
 * ended (a sign-out, a password change elsewhere): routes for members answer it 401, not 403.
 */
export type Caller =
  | { role: 'anonymous'; csrfRefused?: true; sessionEnded?: true }
  | { role: 'visitor'; visitorId: string; sessionEnded?: true }
  | { role: 'member'; memberId: string; visitorId?: string; sessionId?: string }
  | { role: 'admin'; appId?: string; userId?: string; staffRole?: StaffRole; onBehalfOf?: Shopper };

/** The visitor or member a call acts for: the caller, or the token part of an elevated call. */
export type Shopper = { visitorId: string; memberId?: undefined } | { memberId: string; visitorId?: string };

export function shopperOf(caller: Caller): Shopper | undefined {
  if (caller.role === 'visitor') return { visitorId: caller.visitorId };
  if (caller.role === 'member')
    return { memberId: caller.memberId, ...(caller.visitorId ? { visitorId: caller.visitorId } : {}) };
  if (caller.role === 'admin') return caller.onBehalfOf;
  return undefined;
}

export type Role = Exclude<Caller['role'], 'anonymous'>;

/** What every service function takes first. `db` is the current transaction when there is one. */
export interface Ctx {
  db: Executor;
  clock: Clock;
  config: Config;
  caller: Caller;
  requestId: string;
  log: FastifyBaseLogger;
  services: Services;
}

/** The caller as event envelopes and webhooks name it (conventions §10). */
export function callerIdentity(caller: Caller): EventIdentity {
  switch (caller.role) {
    case 'visitor':
      return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: caller.visitorId };
    case 'member':
      return { identityType: 'MEMBER', memberId: caller.memberId };
    case 'admin':
      return caller.userId
        ? { identityType: 'WIX_USER', wixUserId: caller.userId }
        : { identityType: 'APP', appId: caller.appId ?? 'unknown' };
    default:
      return { identityType: 'UNKNOWN' };
  }
}

/** The `createdBy` of what the caller creates (a checkout, an order): `{memberId | visitorId | userId | appId}`. */
export function createdByOf(caller: Caller): Record<string, string> {
  if (caller.role === 'member') return { memberId: caller.memberId };
  if (caller.role === 'visitor') return { visitorId: caller.visitorId };
  if (caller.role === 'admin')
    return caller.userId ? { userId: caller.userId } : { appId: caller.appId ?? 'unknown' };
  return {};
}

/** A context for work no HTTP request started (jobs, start-up). */
export function systemCtx(base: Omit<Ctx, 'caller' | 'requestId'>, requestId = 'system'): Ctx {
  return { ...base, caller: { role: 'admin', appId: APP_ID.vitrine }, requestId };
}
