/** Expired grants are deleted: a refused token or code needs no row, and each shopper's visit leaves one. */
import { sql } from 'kysely';
import { purge } from '../../platform/db/purge.ts';
import type { PeriodicTask } from '../../platform/jobs.ts';
import { BROWSER_SESSION_TTL_MS } from './browser-sessions.ts';
import { CODE_TTL_MS } from './codes.ts';
import { REFRESH_TTL_MS } from './tokens.ts';

const DAY = 86_400_000;
/** Rows stay a day past their expiry (they are refused from the moment it passes). */
const GRACE_MS = DAY;

/**
 * Hourly: deletes refresh tokens, browser sessions and authorization codes a day after they expired.
 * Ids are UUIDv7, so each table is walked from its oldest rows up to those that may have expired
 * (made at least the shortest lifetime ago); no index on the expiry is needed, and none is written.
 */
export const purgeExpiredGrants: PeriodicTask = {
  name: 'oauth.purge-expired',
  everyMs: 3_600_000,
  async run(ctx, stopping) {
    const now = ctx.clock.now().getTime();
    const expired = sql<boolean>`expires_at < ${new Date(now - GRACE_MS)}`;
    const shortest = Math.min(...Object.values(REFRESH_TTL_MS));
    for (const [table, life] of [
      ['oauth_refresh_token', shortest],
      ['oauth_browser_session', BROWSER_SESSION_TTL_MS],
      ['oauth_code', CODE_TTL_MS],
    ] as const)
      await purge(
        ctx.db,
        { table, before: new Date(now - life - GRACE_MS), which: expired, walk: 'id' },
        stopping,
      );
  },
};
