/**
 * Webhooks as plain typed calls (`/webhooks/v1`, contract webhooks.ts; server module webhooks),
 * owners only (403 `OWNER_ONLY`): the store's webhooks (a URL and the events it wants: list, one,
 * create, change, pause or resume, delete), a test event sent at once, their deliveries (newest
 * first, by webhook and status, one more attempt at once), the key receivers verify deliveries
 * with, and the event types the picker offers.
 */
import type {
  CreateWebhookRequest,
  CursorPagingMetadata,
  QueryWebhookDeliveriesRequest,
  UpdateWebhookRequest,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEventTypesResponse,
  WebhookSigningKeyResponse,
  WebhookStatus,
} from '@vitrine/contract';
import type { HttpClient } from '../http.ts';
import type { CursorSearch } from './paging.ts';

const BASE = '/webhooks/v1';

export const WEBHOOK_STATUSES = ['ACTIVE', 'PAUSED'] as const satisfies readonly WebhookStatus[];
export const WEBHOOK_DELIVERY_STATUSES = [
  'PENDING',
  'DELIVERED',
  'FAILED',
] as const satisfies readonly WebhookDeliveryStatus[];
/** The type of the event "Send test event" sends. */
export const WEBHOOK_TEST_EVENT = 'vitrine.webhooks.v1.webhook_test';

/** A new webhook: its URL, the event types or patterns it receives, a description, its status. */
export type WebhookFields = CreateWebhookRequest['webhook'];
/** The fields to change (the others are kept). */
export type WebhookPatch = UpdateWebhookRequest['webhook'];

export interface WebhookDeliverySearch extends CursorSearch {
  /** One webhook's deliveries; every webhook's without. */
  webhookId?: string;
  status?: WebhookDeliveryStatus;
}

export interface WebhookDeliveriesPage {
  deliveries: WebhookDelivery[];
  pagingMetadata: CursorPagingMetadata;
}

/** `POST …/deliveries/query`'s body: the filters on every page, with the cursor of the next one. */
export function webhookDeliveriesBody(s: WebhookDeliverySearch): QueryWebhookDeliveriesRequest {
  return {
    ...(s.webhookId ? { webhookId: s.webhookId } : {}),
    ...(s.status ? { status: s.status } : {}),
    cursorPaging: { limit: s.limit ?? 20, ...(s.cursor ? { cursor: s.cursor } : {}) },
  };
}

const webhookOf = async (answer: Promise<{ webhook: Webhook }>) => (await answer).webhook;
const deliveryOf = async (answer: Promise<{ delivery: WebhookDelivery }>) => (await answer).delivery;

export const webhookCalls = {
  /** The store's webhooks (at most 50), newest first. */
  list: async (http: HttpClient): Promise<Webhook[]> =>
    (await http.request<{ webhooks: Webhook[] }>({ method: 'GET', path: `${BASE}/webhooks` })).webhooks,
  get: (http: HttpClient, id: string): Promise<Webhook> =>
    webhookOf(
      http.request({ method: 'GET', path: `${BASE}/webhooks/{webhookId}`, pathParams: { webhookId: id } }),
    ),
  /**
   * 400 `WEBHOOK_URL_REFUSED` for a URL on a private or loopback address (or one that does not
   * resolve), 409 `WEBHOOKS_LIMIT_EXCEEDED` past 50.
   */
  create: (http: HttpClient, webhook: WebhookFields): Promise<Webhook> =>
    webhookOf(http.request({ method: 'POST', path: `${BASE}/webhooks`, body: { webhook } })),
  /** Changes the given fields; `{status: 'PAUSED'}` pauses it, `'ACTIVE'` resumes it. */
  update: (http: HttpClient, v: { id: string; webhook: WebhookPatch }): Promise<Webhook> =>
    webhookOf(
      http.request({
        method: 'PATCH',
        path: `${BASE}/webhooks/{webhookId}`,
        pathParams: { webhookId: v.id },
        body: { webhook: v.webhook },
      }),
    ),
  delete: (http: HttpClient, id: string) =>
    http.request<object>({
      method: 'DELETE',
      path: `${BASE}/webhooks/{webhookId}`,
      pathParams: { webhookId: id },
    }),
  /** Sends a test event (`WEBHOOK_TEST_EVENT`) now; its `lastAttempt` is what the receiver answered. */
  test: (http: HttpClient, id: string): Promise<WebhookDelivery> =>
    deliveryOf(
      http.request({
        method: 'POST',
        path: `${BASE}/webhooks/{webhookId}/test`,
        pathParams: { webhookId: id },
        body: {},
      }),
    ),
  /** One more attempt now (whatever the delivery's status); the answer carries its result. */
  redeliver: (http: HttpClient, deliveryId: string): Promise<WebhookDelivery> =>
    deliveryOf(
      http.request({
        method: 'POST',
        path: `${BASE}/deliveries/{deliveryId}/redeliver`,
        pathParams: { deliveryId },
        body: {},
      }),
    ),
  /** Deliveries, newest first. */
  queryDeliveries: (http: HttpClient, s: WebhookDeliverySearch): Promise<WebhookDeliveriesPage> =>
    http.request<WebhookDeliveriesPage>({
      method: 'POST',
      path: `${BASE}/deliveries/query`,
      body: webhookDeliveriesBody(s),
    }),
  /** The public key (SPKI PEM), app id and instance id receivers verify deliveries with. */
  signingKey: (http: HttpClient): Promise<WebhookSigningKeyResponse> =>
    http.request<WebhookSigningKeyResponse>({ method: 'GET', path: `${BASE}/signing-key` }),
  /** A new signing key in place of the old; answers it. Receivers must be given the new public key. */
  rotateSigningKey: (http: HttpClient): Promise<WebhookSigningKeyResponse> =>
    http.request<WebhookSigningKeyResponse>({ method: 'POST', path: `${BASE}/signing-key/rotate`, body: {} }),
  /** The entities whose events can be chosen at once, and the event types the store emitted lately. */
  eventTypes: (http: HttpClient): Promise<WebhookEventTypesResponse> =>
    http.request<WebhookEventTypesResponse>({ method: 'GET', path: `${BASE}/event-types` }),
};
