/**
 * The webhooks' limits and event-pattern rule, free of zod: the dashboard's form checks with them
 * without loading the contract's schemas (`@vitrine/contract/webhook-rules`); `webhooks.ts` builds
 * its schemas from them.
 */
export const WEBHOOK_LIMITS = {
  /** Webhooks per store. */
  webhooks: 50,
  url: 2048,
  description: 200,
  /** Event types (or patterns) per webhook. */
  eventTypes: 100,
  eventType: 200,
} as const;

/**
 * What a webhook receives: `*` (every event), every event of one entity (`wix.ecom.v1.order_*`),
 * or one event type (`wix.ecom.v1.order_approved`).
 */
export const WEBHOOK_EVENT_PATTERN = /^(\*|[a-z][a-z0-9]*(\.[a-z0-9_]+)+_(\*|[a-z][a-z0-9_]*))$/;
export const WEBHOOK_EVENT_PATTERN_MESSAGE =
  'must be *, an event type (wix.ecom.v1.order_approved) or every event of an entity (wix.ecom.v1.order_*)';
