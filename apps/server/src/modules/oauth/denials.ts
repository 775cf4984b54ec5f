import type { Clock } from '../../platform/clock.ts';
import type { Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db/connect.ts';
import * as store from './store.ts';

/**
 * Access tokens are verified in memory, so ending a member's access before the token expires
 * needs a list: members who are blocked or deleted. Each process keeps the list in memory and
 * re-reads the list's revision (one small SELECT) at most every `DENIALS_REFRESH_MS`, the list
 * itself only when the revision moved: a blocked or deleted member's tokens stop working within
 * that time on every process, and a request pays a map look-up.
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

export type DenialCache = ReturnType<typeof createDenialCache>;

/** This process's copy of the list. Freshness follows the injected clock (tests move time). */
export function createDenialCache(db: Db, clock: Clock) {
  let denied = new Set<string>();
  let revision = -1;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<void> | undefined;

  async function refresh(): Promise<void> {
    const at = clock.now().getTime();
    const current = await store.denialRevision(db);
    // Read after the revision: a change in between is picked up again at the next refresh.
    if (current !== revision) denied = new Set(await store.deniedSubjects(db));
    revision = current;
    checkedAt = at;
  }

  return {
    /** Whether the member's access tokens are refused: synchronous while the copy is fresh. */
    isDenied(memberId: string): boolean | Promise<boolean> {
      if (Math.abs(clock.now().getTime() - checkedAt) < DENIALS_REFRESH_MS) return denied.has(memberId);
      refreshing ??= refresh().finally(() => {
        refreshing = undefined;
      });
      return refreshing.then(() => denied.has(memberId));
    },
  };
}
