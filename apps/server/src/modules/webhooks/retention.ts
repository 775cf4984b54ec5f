import { sql } from 'kysely';
import { daysBefore, hourlyPurge } from '../../platform/db/purge.ts';

/** How long the delivery log keeps a delivery that ended (DELIVERED or FAILED). */
export const DELIVERY_LOG_DAYS = 30;

/** Hourly: deliveries that ended more than DELIVERY_LOG_DAYS ago leave the log. */
export const purgeDeliveries = hourlyPurge('webhooks.purge', (_ctx, now) => {
  const before = daysBefore(now, DELIVERY_LOG_DAYS);
  return {
    table: 'webhook_delivery',
    before,
    which: sql<boolean>`status <> 'PENDING' and updated_at < ${before}`,
    walk: 'created',
  };
});
