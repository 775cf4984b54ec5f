/** Expired grants are deleted: a refused token or code needs no row, and each shopper's visit leaves one. */
import { sql } from 'kysely';
import { hourlyPurge } from '../../platform/db/purge.ts';
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
export const purgeExpiredGrants = hourlyPurge('oauth.purge-expired', (_ctx, now) => {
  const which = sql<boolean>`expires_at < ${new Date(now - GRACE_MS)}`;
  const shortest = Math.min(...Object.values(REFRESH_TTL_MS));
  return (
    [
      ['oauth_refresh_token', shortest],
      ['oauth_browser_session', BROWSER_SESSION_TTL_MS],
      ['oauth_code', CODE_TTL_MS],
    ] as const
  ).map(([table, life]) => ({ table, before: new Date(now - life - GRACE_MS), which, walk: 'id' as const }));
});
