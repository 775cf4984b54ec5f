/** Visitors' carts their shoppers can no longer reach are deleted: every visit that adds an item leaves one. */
import { sql } from 'kysely';
import { hourlyPurge } from '../../platform/db/purge.ts';
import { VISITOR_REACH_MS } from '../oauth/index.ts';

/**
 * Hourly: deletes the carts of visitors (no member) unchanged for longer than a visitor id can still
 * be presented (oauth VISITOR_REACH_MS, 150 days). A member's cart, and a visitor's cart a member
 * took over, stay. Walks the UUIDv7 primary key up to the carts made that long ago.
 */
export const purgeUnreachableCarts = hourlyPurge('cart.purge-unreachable', (_ctx, now) => {
  const before = new Date(now - VISITOR_REACH_MS);
  return {
    table: 'cart',
    before,
    which: sql<boolean>`member_id is null and updated_at < ${before}`,
    walk: 'id',
  };
});
