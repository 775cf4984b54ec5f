/** "Send test event": an event made for one webhook, sent at once, its outcome in the answer. */
import { ENTITY_FQDN, eventType } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { emitEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { attempt } from './deliver.ts';
import { insertDeliveries, type WebhookRow } from './store.ts';

/** `vitrine.webhooks.v1.webhook_test`: never fanned out; only the webhook tested gets it. */
export const TEST_EVENT_TYPE = eventType(ENTITY_FQDN.webhook, 'test');

export async function sendTestEvent(ctx: Ctx, w: WebhookRow) {
  const now = ctx.clock.now();
  const id = await inTransaction(ctx, async (tx) => {
    const eventId = await emitEvent(tx, {
      entityFqdn: ENTITY_FQDN.webhook,
      slug: 'test',
      entityId: w.id,
      actionEvent: { body: { webhookId: w.id, url: w.url, message: 'A test event from Vitrine' } },
    });
    const deliveryId = newId();
    await insertDeliveries(tx.db, [
      {
        id: deliveryId,
        webhook_id: w.id,
        event_id: eventId,
        event_type: TEST_EVENT_TYPE,
        entity_id: w.id,
        status: 'PENDING',
        attempts: 0,
        max_attempts: 1,
        next_attempt_at: now,
        last_attempt: null,
        created_at: now,
        updated_at: now,
        delivered_at: null,
      },
    ]);
    return deliveryId;
  });
  return (await attempt(ctx, id, { final: true, byHand: true }))!.delivery;
}
