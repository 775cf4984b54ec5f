import type { Clock } from '../../platform/clock.ts';
import type { Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db/connect.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { MAX_CLOCK_SKEW_S, type Denial } from './access-token.ts';
import * as store from './store.ts';

/**
 * Access tokens are verified in memory, so ending access before a token expires needs lists:
 * members who are blocked or deleted, and sessions (member refresh tokens, named by the access
 * tokens' `sid`) that were ended. Each process keeps both in memory and re-reads the revision (one
 * small SELECT) at most every `DENIALS_REFRESH_MS`; when it moved, the members again (a short list)
 * and the sessions denied since the last revision it saw. A blocked member's tokens, or those of a
 * session ended by a logout or a password change, stop working within that time on every process,
 * and a request pays a map look-up.
 */
export const DENIALS_REFRESH_MS = 2000;
/** The longest ACCESS_TOKEN_TTL and an hour: older denials concern no live token (none is issued to a blocked or deleted member). */
const KEEP_MS = 7 * 86_400_000 + 3_600_000;

/** In the caller's transaction: the members' access tokens are refused from now on (block, delete). */
export async function denyAccess(ctx: Ctx, memberIds: readonly string[]): Promise<void> {
  if (memberIds.length === 0) return;
  const now = ctx.clock.now();
  await store.denySubjects(ctx.db, memberIds, now, new Date(now.getTime() - KEEP_MS));
}

/** In the caller's transaction: the members' tokens are accepted again (a block lifted). */
export async function allowAccess(ctx: Ctx, memberIds: readonly string[]): Promise<void> {
  if (memberIds.length > 0) await store.allowSubjects(ctx.db, memberIds);
}

/**
 * In a transaction (its own when `ctx` has none): revokes the live refresh tokens matching `by`
 * and denies the members' ones as sessions, until every access token they issued has expired
 * (the lifetime, a clock's skew and a margin). Returns how many were revoked.
 */
export async function endSessions(ctx: Ctx, by: store.RevokeBy): Promise<number> {
  return inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const revoked = await store.revokeRefreshTokens(tx.db, by, now);
    const members = revoked.filter((r) => r.role === 'member').map((r) => r.id);
    if (members.length > 0) {
      const lifetimeS = tx.config.ACCESS_TOKEN_TTL + MAX_CLOCK_SKEW_S;
      await store.denySessions(tx.db, members, now, new Date(now.getTime() + lifetimeS * 1000 + 3_600_000));
    }
    return revoked.length;
  });
}

export type DenialCache = ReturnType<typeof createDenialCache>;

/** This process's copy of the list. Freshness follows the injected clock (tests move time). */
export function createDenialCache(db: Db, clock: Clock) {
  let denied = new Set<string>();
  /** Denied sessions, with when their denial ends (ms). */
  const sessions = new Map<string, number>();
  let revision = -1;
  /** The highest revision among the denied sessions read (they commit in revision order). */
  let sessionsSeen = -1;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<void> | undefined;

  async function refresh(): Promise<void> {
    const at = clock.now().getTime();
    const current = await store.denialRevision(db);
    // Read after the revision: a change in between is picked up again at the next refresh.
    if (current !== revision) {
      denied = new Set(await store.deniedSubjects(db));
      for (const d of await store.deniedSessionsAfter(db, sessionsSeen, clock.now())) {
        sessions.set(d.id, d.expiresAt.getTime());
        sessionsSeen = Math.max(sessionsSeen, d.revision);
      }
      for (const [id, until] of sessions) if (until <= at) sessions.delete(id);
    }
    revision = current;
    checkedAt = at;
  }

  return {
    /**
     * Why a member's access token no longer stands for the member: `member` (blocked or deleted),
     * `session` (the session it names was ended), else undefined. Synchronous while the copy is fresh.
     */
    check(memberId: string, sessionId?: string): Denial | Promise<Denial> {
      const verdict = (): Denial =>
        denied.has(memberId)
          ? 'member'
          : sessionId !== undefined && sessions.has(sessionId)
            ? 'session'
            : undefined;
      if (Math.abs(clock.now().getTime() - checkedAt) < DENIALS_REFRESH_MS) return verdict();
      refreshing ??= refresh().finally(() => {
        refreshing = undefined;
      });
      return refreshing.then(verdict);
    },
  };
}
