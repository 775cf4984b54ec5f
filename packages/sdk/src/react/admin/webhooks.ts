/**
 * Webhooks as TanStack Query options over ../../admin/webhooks.ts. Keys: `['webhooks', 'list']`,
 * `['webhooks', 'one', id]`, `['webhooks', 'deliveries', {webhookId, status, limit}]` (an infinite
 * query: its pages follow the cursors), `['webhooks', 'signing-key']`, `['webhooks', 'event-types']`.
 * A change puts the webhook in its key and reads the list again; a test event or another attempt
 * puts the delivery in the pages that hold it and reads the deliveries and the webhook's figures
 * again; deleting drops the webhook and its deliveries.
 */
import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Webhook, WebhookDelivery } from '@vitrine/contract';
import {
  webhookCalls,
  type WebhookDeliveriesPage,
  type WebhookDeliverySearch,
  type WebhookFields,
  type WebhookPatch,
} from '../../admin/webhooks.ts';
import type { HttpClient } from '../../http.ts';

const ALL = ['webhooks'] as const;
const LIST = [...ALL, 'list'] as const;
const DELIVERIES = [...ALL, 'deliveries'] as const;
const one = (id: string) => [...ALL, 'one', id] as const;

/*
 * Each key holds what its call is made with; the HttpClient is the app's one client (`useHttp()`),
 * not an input of the answer, so it stays out of the keys (as in the other factories).
 */
export const webhookQueries = {
  list: (http: HttpClient) => queryOptions({ queryKey: LIST, queryFn: () => webhookCalls.list(http) }),
  one: (http: HttpClient, id: string) =>
    queryOptions({ queryKey: one(id), queryFn: () => webhookCalls.get(http, id) }),
  /** Pages of deliveries, newest first; `fetchNextPage()` loads the next (`hasNextPage`). */
  deliveries: (http: HttpClient, s: Omit<WebhookDeliverySearch, 'cursor'>) => {
    const criteria = { webhookId: s.webhookId, status: s.status, limit: s.limit ?? 20 };
    return infiniteQueryOptions({
      queryKey: [...DELIVERIES, criteria] as const,
      queryFn: ({ pageParam }) =>
        webhookCalls.queryDeliveries(http, { ...criteria, ...(pageParam ? { cursor: pageParam } : {}) }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: WebhookDeliveriesPage) =>
        (last.pagingMetadata.hasNext && last.pagingMetadata.cursors.next) || undefined,
    });
  },
  signingKey: (http: HttpClient) =>
    queryOptions({
      queryKey: [...ALL, 'signing-key'] as const,
      queryFn: () => webhookCalls.signingKey(http),
      staleTime: 5 * 60_000,
    }),
  eventTypes: (http: HttpClient) =>
    queryOptions({
      queryKey: [...ALL, 'event-types'] as const,
      queryFn: () => webhookCalls.eventTypes(http),
      staleTime: 60_000,
    }),
};

/** The webhook in its own key and in the list kept, then the list read again. */
async function webhookChanged(client: QueryClient, w: Webhook) {
  client.setQueryData(one(w.id), w);
  client.setQueryData<Webhook[]>(LIST, (list) => list?.map((x) => (x.id === w.id ? w : x)));
  await client.invalidateQueries({ queryKey: LIST });
}

/** A delivery's new state in every page that holds it; then its lists and its webhook's figures read again. */
async function deliveryChanged(client: QueryClient, d: WebhookDelivery) {
  client.setQueriesData<InfiniteData<WebhookDeliveriesPage>>({ queryKey: DELIVERIES }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            deliveries: p.deliveries.map((x) => (x.id === d.id ? d : x)),
          })),
        }
      : data,
  );
  await Promise.all([
    client.invalidateQueries({ queryKey: DELIVERIES }),
    client.invalidateQueries({ queryKey: LIST }),
    client.invalidateQueries({ queryKey: one(d.webhookId) }),
  ]);
}

export const webhookMutations = {
  /** Replaces the signing key; the key shown is the new one at once. */
  rotateSigningKey: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...ALL, 'rotate-signing-key'] as const,
      mutationFn: () => webhookCalls.rotateSigningKey(http),
      onSuccess: (k, _v, _r, context) => context.client.setQueryData([...ALL, 'signing-key'], k),
    }),
  create: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...ALL, 'create'] as const,
      mutationFn: (webhook: WebhookFields) => webhookCalls.create(http, webhook),
      onSuccess: async (w, _v, _r, context) => {
        context.client.setQueryData(one(w.id), w);
        await context.client.invalidateQueries({ queryKey: LIST });
      },
    }),
  /** Changes fields, pauses (`{status: 'PAUSED'}`) or resumes (`'ACTIVE'`). */
  update: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...ALL, 'update'] as const,
      mutationFn: (v: { id: string; webhook: WebhookPatch }) => webhookCalls.update(http, v),
      onSuccess: (w, _v, _r, context) => webhookChanged(context.client, w),
      onError: (_e, v, _r, context) => context.client.invalidateQueries({ queryKey: one(v.id) }),
    }),
  delete: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...ALL, 'delete'] as const,
      mutationFn: (id: string) => webhookCalls.delete(http, id),
      onSuccess: async (_d, id, _r, context) => {
        context.client.removeQueries({ queryKey: one(id) });
        context.client.removeQueries({ queryKey: [...DELIVERIES, { webhookId: id }] });
        // Gone from the list kept, so that it never shows again while the list is read anew.
        context.client.setQueryData<Webhook[]>(LIST, (list) => list?.filter((w) => w.id !== id));
        await context.client.invalidateQueries({ queryKey: LIST });
      },
    }),
  /** Sends a test event now: answers the delivery, whose `lastAttempt` says what the receiver answered. */
  test: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...ALL, 'test'] as const,
      mutationFn: (id: string) => webhookCalls.test(http, id),
      onSuccess: (d, _id, _r, context) => deliveryChanged(context.client, d),
    }),
  /** One more attempt now: answers the delivery with its result. */
  redeliver: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...ALL, 'redeliver'] as const,
      mutationFn: (deliveryId: string) => webhookCalls.redeliver(http, deliveryId),
      onSuccess: (d, _id, _r, context) => deliveryChanged(context.client, d),
    }),
};
