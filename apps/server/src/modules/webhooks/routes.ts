import {
  createWebhookRequest,
  emptyResponse,
  listWebhooksResponse,
  queryWebhookDeliveriesRequest,
  queryWebhookDeliveriesResponse,
  updateWebhookRequest,
  webhookDeliveryIdParams,
  webhookDeliveryResponse,
  webhookEventTypesResponse,
  webhookIdParams,
  webhookResponse,
  webhookSigningKeyResponse,
} from '@vitrine/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.ts';
import { publicSigningKey, rotateSigningKey } from './keys.ts';
import {
  createWebhook,
  deleteWebhook,
  eventTypes,
  getWebhook,
  listWebhooks,
  queryDeliveries,
  redeliver,
  testWebhook,
  updateWebhook,
} from './service.ts';

const BASE = '/webhooks/v1';
const admin = ['admin'] as const;
const tags = ['webhooks'] as const;
const noBody = z.strictObject({});
/** Where the store's events go is the owners' decision, as API keys and OAuth clients are. */
const owner = true;

export function webhookRoutes(r: Router) {
  r.route({
    method: 'GET',
    url: `${BASE}/webhooks`,
    roles: admin,
    owner,
    summary: "The store's webhooks, newest first, with the last 7 days' deliveries by outcome",
    tags,
    response: listWebhooksResponse,
    handler: async (ctx) => ({ webhooks: await listWebhooks(ctx) }),
  });
  r.route({
    method: 'POST',
    url: `${BASE}/webhooks`,
    roles: admin,
    owner,
    summary: 'Add a webhook: a URL and the events to POST there (signed RS256)',
    tags,
    body: createWebhookRequest,
    response: webhookResponse,
    handler: async (ctx, { body }) => ({ webhook: await createWebhook(ctx, body.webhook) }),
  });
  r.route({
    method: 'GET',
    url: `${BASE}/webhooks/:webhookId`,
    roles: admin,
    owner,
    summary: 'A webhook',
    tags,
    params: webhookIdParams,
    response: webhookResponse,
    handler: async (ctx, { params }) => ({ webhook: await getWebhook(ctx, params.webhookId) }),
  });
  r.route({
    method: 'PATCH',
    url: `${BASE}/webhooks/:webhookId`,
    roles: admin,
    owner,
    summary:
      "Change a webhook's URL, events or description; pause (its waiting deliveries fail) or resume it",
    tags,
    params: webhookIdParams,
    body: updateWebhookRequest,
    response: webhookResponse,
    handler: async (ctx, { params, body }) => ({
      webhook: await updateWebhook(ctx, params.webhookId, body.webhook),
    }),
  });
  r.route({
    method: 'DELETE',
    url: `${BASE}/webhooks/:webhookId`,
    roles: admin,
    owner,
    summary: 'Delete a webhook and its delivery log',
    tags,
    params: webhookIdParams,
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deleteWebhook(ctx, params.webhookId);
      return {};
    },
  });
  r.route({
    method: 'POST',
    url: `${BASE}/webhooks/:webhookId/test`,
    roles: admin,
    owner,
    summary:
      'Send the webhook a test event now (vitrine.webhooks.v1.webhook_test); the answer says how it went',
    tags,
    params: webhookIdParams,
    body: noBody,
    response: webhookDeliveryResponse,
    handler: async (ctx, { params }) => ({ delivery: await testWebhook(ctx, params.webhookId) }),
  });
  r.route({
    method: 'POST',
    url: `${BASE}/deliveries/query`,
    roles: admin,
    owner,
    summary: "Deliveries, newest first: a webhook's, by status (cursor paging)",
    tags,
    body: queryWebhookDeliveriesRequest,
    response: queryWebhookDeliveriesResponse,
    handler: (ctx, { body }) => queryDeliveries(ctx, body),
  });
  r.route({
    method: 'POST',
    url: `${BASE}/deliveries/:deliveryId/redeliver`,
    roles: admin,
    owner,
    summary: 'Attempt a delivery once more, now; the answer says how it went',
    tags,
    params: webhookDeliveryIdParams,
    body: noBody,
    response: webhookDeliveryResponse,
    handler: async (ctx, { params }) => ({ delivery: await redeliver(ctx, params.deliveryId) }),
  });
  r.route({
    method: 'GET',
    url: `${BASE}/signing-key`,
    roles: admin,
    owner,
    summary: 'The public key deliveries are signed with (PEM), and the app and instance ids they name',
    tags,
    response: webhookSigningKeyResponse,
    handler: (ctx) => publicSigningKey(ctx),
  });
  r.route({
    method: 'POST',
    url: `${BASE}/signing-key/rotate`,
    roles: admin,
    owner,
    summary:
      'A new signing key in place of the old: every delivery from now on is signed with it (receivers must be given the new public key)',
    tags,
    body: noBody,
    response: webhookSigningKeyResponse,
    handler: (ctx) => rotateSigningKey(ctx),
  });
  r.route({
    method: 'GET',
    url: `${BASE}/event-types`,
    roles: admin,
    owner,
    summary: 'What a webhook can ask for: the entities, and the event types among the kept events',
    tags,
    response: webhookEventTypesResponse,
    handler: (ctx) => eventTypes(ctx),
  });
}
