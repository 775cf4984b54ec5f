/**
 * The fan-out (periodic, every process, one at a time): reads the event outbox from where it
 * stopped and writes one delivery, and its job, for each event an active webhook wants (README).
 */
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueJob, type PeriodicTask } from '../../platform/jobs.ts';
import { DELIVER_WEBHOOK_JOB, MAX_ATTEMPTS } from './deliver.ts';
import { TEST_EVENT_TYPE } from './test-event.ts';
import {
  activeWebhooks,
  eventsAfter,
  insertDeliveries,
  lockScan,
  moveScan,
  scanHorizon,
  anyActive,
  type DeliveryRow,
  type OutboxEvent,
  type WebhookRow,
} from './store.ts';

const BATCH = 500;
const MAX_BATCHES = 20;
const NO_EVENT = '00000000-0000-0000-0000-000000000000';

/** Whether `w` wants `e`: `*`, every event of its entity (`<fqdn>_*`), or its very type. */
export function wants(
  w: Pick<WebhookRow, 'event_types'>,
  e: Pick<OutboxEvent, 'event_type' | 'entity_fqdn'>,
) {
  if (e.event_type === TEST_EVENT_TYPE) return false; // sent only to the webhook tested, by hand
  return w.event_types.some((p) => p === '*' || p === e.event_type || p === `${e.entity_fqdn}_*`);
}

/** One batch; whether more may follow at once. */
async function scanBatch(ctx: Ctx): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const from = await lockScan(tx.db);
    if (!from) return false; // another process is at it
    const horizon = await scanHorizon(tx.db);
    const hooks = await activeWebhooks(tx.db);
    if (hooks.length === 0) return false;
    const events = await eventsAfter(tx.db, from, horizon, BATCH);
    const now = tx.clock.now();
    const rows: DeliveryRow[] = [];
    for (const e of events)
      for (const w of hooks)
        // A webhook gets what happened since it was made (an event of a transaction that was running then, too).
        if (e.created_at >= w.created_at && wants(w, e))
          rows.push({
            id: newId(),
            webhook_id: w.id,
            event_id: e.id,
            event_type: e.event_type,
            entity_id: e.entity_id,
            status: 'PENDING',
            attempts: 0,
            max_attempts: MAX_ATTEMPTS,
            next_attempt_at: now,
            last_attempt: null,
            created_at: now,
            updated_at: now,
            delivered_at: null,
          });
    const made = await insertDeliveries(tx.db, rows);
    for (const d of made) await enqueueJob(tx, DELIVER_WEBHOOK_JOB, { deliveryId: d.id });
    const last = events.at(-1);
    const full = events.length === BATCH && last !== undefined;
    await moveScan(tx.db, full ? last.txid : horizon, full ? last.id : NO_EVENT);
    return full;
  });
}

export const fanOutTask: PeriodicTask = {
  name: 'webhooks.fan-out',
  everyMs: 1000,
  async run(ctx, stopping) {
    // Idle while no webhook is active (one read a second); making one restarts the cursor.
    if (!(await anyActive(ctx.db))) return;
    for (let i = 0; i < MAX_BATCHES && !stopping.aborted; i++) if (!(await scanBatch(ctx))) return;
  },
};
