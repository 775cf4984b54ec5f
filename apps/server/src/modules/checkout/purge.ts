/** Visitors' abandoned checkouts their shoppers can no longer reach are deleted. */
import { sql } from 'kysely';
import { hourlyPurge } from '../../platform/db/purge.ts';
import { VISITOR_REACH_MS } from '../oauth/index.ts';

/**
 * Hourly: deletes visitors' checkouts that never became an order and are unchanged for longer than a
 * visitor id can still be presented (oauth VISITOR_REACH_MS, 150 days; past the 90 days the
 * dashboard's conversion counts checkouts for). Completed checkouts, members' and those an app or
 * the staff made stay: for a buyer (made on behalf of a visitor of its own, whose payment link the
 * merchant may send again) or on a shopper's behalf (the app keeps its id). Walks the UUIDv7 primary
 * key up to the checkouts made that long ago.
 */
export const purgeAbandonedCheckouts = hourlyPurge('checkout.purge-abandoned', (_ctx, now) => {
  const before = new Date(now - VISITOR_REACH_MS);
  return {
    table: 'checkout',
    before,
    which: sql<boolean>`not completed and owner_key like 'visitor:%' and updated_at < ${before}
      and not created_by ?| array['appId', 'userId']`,
    walk: 'id',
  };
});
