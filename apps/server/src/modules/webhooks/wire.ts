/** Rows as the wire names them (packages/contract/src/webhooks.ts). */
import type { Webhook, WebhookAttempt, WebhookDelivery } from '@vitrine/contract';
import type { DeliveryRow, Stats, WebhookRow } from './store.ts';

export const toDelivery = (d: DeliveryRow): WebhookDelivery => ({
  id: d.id,
  webhookId: d.webhook_id,
  eventId: d.event_id,
  eventType: d.event_type,
  entityId: d.entity_id,
  status: d.status,
  attempts: d.attempts,
  maxAttempts: d.max_attempts,
  nextAttemptDate: d.status === 'PENDING' && d.next_attempt_at ? d.next_attempt_at.toISOString() : null,
  lastAttempt: d.last_attempt,
  createdDate: d.created_at.toISOString(),
  deliveredDate: d.delivered_at?.toISOString() ?? null,
});

export const toWebhook = (w: WebhookRow, stats?: Stats, last?: DeliveryRow): Webhook => ({
  id: w.id,
  url: w.url,
  description: w.description,
  eventTypes: w.event_types,
  status: w.status,
  createdDate: w.created_at.toISOString(),
  updatedDate: w.updated_at.toISOString(),
  stats: stats ?? { delivered: 0, failed: 0, pending: 0 },
  lastDelivery: last ? toDelivery(last) : null,
});

/** Why a delivery's waiting attempts ended when its webhook was paused. */
export const PAUSED = 'The webhook was paused';

/** An attempt that sent nothing (the webhook paused, the event gone), at `at`. */
export const notSent = (error: string, at: Date): WebhookAttempt => ({
  statusCode: null,
  error,
  durationMs: 0,
  date: at.toISOString(),
  responseBody: null,
});
