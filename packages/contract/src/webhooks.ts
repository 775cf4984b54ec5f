import { z } from 'zod';
import { cursorPaging, cursorPagingMetadata } from './query.ts';
import { id, isoDate } from './scalars.ts';
import { WEBHOOK_EVENT_PATTERN, WEBHOOK_EVENT_PATTERN_MESSAGE, WEBHOOK_LIMITS } from './webhook-rules.ts';

/**
 * Webhooks (Vitrine; apps/server/src/modules/webhooks/README.md): the merchant names a URL and the
 * events it wants; every such event is POSTed there as the hosted platform sends it (a JWT signed
 * RS256 with the store's webhook key, contract/conventions.md §10), so `@wix/sdk`'s
 * `client.webhooks.process(body)` with `AppStrategy({ appId, publicKey })` reads it unchanged.
 */

export { WEBHOOK_EVENT_PATTERN, WEBHOOK_EVENT_PATTERN_MESSAGE, WEBHOOK_LIMITS } from './webhook-rules.ts';

/** `*`, `<entity FQDN>_*` or one event type (webhook-rules.ts). */
export const webhookEventPattern = z
  .string()
  .trim()
  .max(WEBHOOK_LIMITS.eventType)
  .regex(WEBHOOK_EVENT_PATTERN, WEBHOOK_EVENT_PATTERN_MESSAGE);

export const webhookStatus = z.enum(['ACTIVE', 'PAUSED']);
export type WebhookStatus = z.infer<typeof webhookStatus>;

export const webhookDeliveryStatus = z.enum(['PENDING', 'DELIVERED', 'FAILED']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatus>;

/** The last answer a delivery got (or why it got none). */
export const webhookAttempt = z.object({
  /** The receiver's HTTP status; null when it could not be reached (see `error`). */
  statusCode: z.number().int().nullable(),
  /** Why the attempt failed: a refused address, a time-out, a non-2xx answer. */
  error: z.string().nullable(),
  durationMs: z.number().int(),
  date: isoDate,
  /** The start of the receiver's answer (at most 500 characters). */
  responseBody: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDelivery = z.object({
  id,
  webhookId: id,
  eventId: id,
  eventType: z.string(),
  entityId: z.string(),
  status: webhookDeliveryStatus,
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** When the next attempt is due (PENDING after a failed attempt). */
  nextAttemptDate: isoDate.nullable(),
  lastAttempt: webhookAttempt.nullable(),
  createdDate: isoDate,
  deliveredDate: isoDate.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhook = z.object({
  id,
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  status: webhookStatus,
  createdDate: isoDate,
  updatedDate: isoDate,
  /** Deliveries of the last 7 days, by outcome. */
  stats: z.object({ delivered: z.number().int(), failed: z.number().int(), pending: z.number().int() }),
  lastDelivery: webhookDelivery.nullable(),
});
export type Webhook = z.infer<typeof webhook>;

const url = z
  .string()
  .trim()
  .min(1)
  .max(WEBHOOK_LIMITS.url)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'must be an http or https URL');
const eventTypes = z.array(webhookEventPattern).min(1).max(WEBHOOK_LIMITS.eventTypes);
const description = z.string().trim().max(WEBHOOK_LIMITS.description);

export const createWebhookRequest = z.strictObject({
  webhook: z.strictObject({
    url,
    eventTypes,
    description: description.optional(),
    status: webhookStatus.optional(),
  }),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequest>;
export const updateWebhookRequest = z.strictObject({
  webhook: z.strictObject({
    url: url.optional(),
    eventTypes: eventTypes.optional(),
    description: description.optional(),
    status: webhookStatus.optional(),
  }),
});
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequest>;

export const webhookIdParams = z.strictObject({ webhookId: z.string().max(100) });
export const webhookDeliveryIdParams = z.strictObject({ deliveryId: z.string().max(100) });
export const webhookResponse = z.object({ webhook });
export const listWebhooksResponse = z.object({ webhooks: z.array(webhook) });

/** `POST /webhooks/v1/deliveries/query`: newest first. */
export const queryWebhookDeliveriesRequest = z.strictObject({
  webhookId: z.string().max(100).optional(),
  status: webhookDeliveryStatus.optional(),
  cursorPaging: cursorPaging.optional(),
});
export type QueryWebhookDeliveriesRequest = z.infer<typeof queryWebhookDeliveriesRequest>;
export const queryWebhookDeliveriesResponse = z.object({
  deliveries: z.array(webhookDelivery),
  pagingMetadata: cursorPagingMetadata,
});
export const webhookDeliveryResponse = z.object({ delivery: webhookDelivery });

/** `GET /webhooks/v1/signing-key`: what receivers verify with (`AppStrategy({ appId, publicKey })`). */
export const webhookSigningKeyResponse = z.object({
  /** SPKI PEM of the RS256 key every delivery is signed with. */
  publicKey: z.string(),
  /** The JWT's audience (`aud`), for receivers that check it: the store's instance id. */
  appId: z.string(),
  /** The `instanceId` (and `accountInfo.siteId`) every event names. */
  instanceId: z.string(),
  /** When this key was made (on first use, or by the last rotation). */
  createdDate: z.string(),
});
export type WebhookSigningKeyResponse = z.infer<typeof webhookSigningKeyResponse>;

/** `GET /webhooks/v1/event-types`: what the picker offers. */
export const webhookEventTypesResponse = z.object({
  /** Every entity whose events can be chosen at once (`<entityFqdn>_*`). */
  entities: z.array(z.object({ entityFqdn: z.string(), label: z.string() })),
  /** Event types this store emitted lately (within the event retention), by name. */
  recentEventTypes: z.array(z.string()),
});
export type WebhookEventTypesResponse = z.infer<typeof webhookEventTypesResponse>;
