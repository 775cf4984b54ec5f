import type { MemberSessionView } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { deviceOf } from '../../platform/devices.ts';
import { sessionNotFound } from './errors.ts';

/**
 * Where the member is signed in: their live sessions, the caller's (`current`) first, then the most
 * recently active, each with its device as its browser told it, and the app it was issued to.
 */
export async function sessionsOf(
  ctx: Ctx,
  identityId: string,
  current: string | undefined,
): Promise<{ sessions: MemberSessionView[] }> {
  const live = await ctx.services.ports.tokens.memberSessions(ctx, identityId);
  const sessions = live.map((s): MemberSessionView => ({
    id: s.id,
    current: s.id === current,
    device: deviceOf(s.userAgent),
    appName: s.appName,
    createdDate: s.createdAt.toISOString(),
    lastActiveDate: s.lastUsedAt.toISOString(),
  }));
  sessions.sort((a, b) => Number(b.current) - Number(a.current));
  return { sessions };
}

/**
 * Signs the member out of one of their sessions (a lost phone, a shared computer), and out of the
 * hosted sign-in it came from, so that browser needs the password again; the caller's own session
 * stays unless it is the one named. 404 when it is not one of their live sessions.
 */
export async function endSession(
  ctx: Ctx,
  identityId: string,
  sessionId: string,
  current: string | undefined,
): Promise<void> {
  const ended = await ctx.services.ports.tokens.endMemberSession(ctx, identityId, sessionId, {
    except: current,
  });
  if (!ended) throw sessionNotFound(sessionId);
}

/**
 * Ends every session of the member but `keepSession` (the caller's): refresh tokens and hosted
 * sign-in sessions, their access tokens with them (within seconds, on every process). Returns how
 * many sessions ended. A caller's token that names no session (none is issued so now) keeps none.
 */
export const endOtherSessions = (ctx: Ctx, identityId: string, keepSession: string | undefined) =>
  ctx.services.ports.tokens.revokeTokensOf(ctx, identityId, { except: keepSession });
