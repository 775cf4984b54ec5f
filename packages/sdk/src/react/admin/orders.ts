/**
 * The merchant's orders as TanStack Query options over `adminOrderCalls` (../../admin/orders.ts).
 * Keys live under `['orders', …]`, shared with the shopper's `orderQueries` (one order is
 * `['orders', 'one', id]` and its transactions `['orders', 'transactions', id]` in both): a search
 * page `['orders', 'search', {…}]`, fulfilments `['orders', 'fulfillments', id]` (several orders' `['orders', 'fulfillments', 'of', ids]`), refundability
 * `['orders', 'refundability', id]`. Every change refreshes what it touched, and the home page's
 * figures (`['analytics']`).
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Order, OrderTransactions } from '@vitrine/contract';
import { adminOrderCalls, type AdminOrderSearch } from '../../admin/orders.ts';
import { isVitrineError } from '../../errors.ts';
import type { HttpClient } from '../../http.ts';
import { orderQueries } from '../orders.ts';

const one = (id: string) => ['orders', 'one', id] as const;
const transactionsKey = (id: string) => ['orders', 'transactions', id] as const;

export const adminOrderQueries = {
  /** One page of a search: the key holds every criterion (absent ones as null). */
  search: (http: HttpClient, s: AdminOrderSearch) =>
    queryOptions({
      queryKey: [
        'orders',
        'search',
        {
          text: s.text?.trim() || null,
          paymentStatus: s.paymentStatus ?? [],
          fulfillmentStatus: s.fulfillmentStatus ?? [],
          status: s.status ?? [],
          createdFrom: s.createdFrom ?? null,
          createdBefore: s.createdBefore ?? null,
          tags: s.tags ?? [],
          archived: s.archived ?? null,
          authorizationHeld: s.authorizationHeld ?? null,
          ids: s.ids ?? null,
          sort: s.sort ?? 'newest',
          cursor: s.cursor ?? null,
          limit: s.limit ?? 20,
        },
      ] as const,
      queryFn: () => adminOrderCalls.search(http, s),
    }),
  byId: orderQueries.byId,
  transactions: orderQueries.transactions,
  fulfillments: (http: HttpClient, orderId: string) =>
    queryOptions({
      queryKey: ['orders', 'fulfillments', orderId] as const,
      queryFn: () => adminOrderCalls.fulfillments(http, orderId),
    }),
  /** The fulfillments of several orders (a page of a search), by order id. */
  fulfillmentsOf: (http: HttpClient, orderIds: readonly string[]) =>
    queryOptions({
      queryKey: ['orders', 'fulfillments', 'of', [...orderIds]] as const,
      queryFn: () => adminOrderCalls.fulfillmentsOf(http, orderIds),
    }),
  refundability: (http: HttpClient, orderId: string) =>
    queryOptions({
      queryKey: ['orders', 'refundability', orderId] as const,
      queryFn: () => adminOrderCalls.refundability(http, orderId),
    }),
};

/** After a change to an order: it, its lists and the home page's figures are read again. */
const refresh = (client: QueryClient, orderId: string, also: readonly (readonly string[])[] = []) =>
  Promise.all([
    client.invalidateQueries({ queryKey: one(orderId) }),
    client.invalidateQueries({ queryKey: ['orders', 'search'] }),
    client.invalidateQueries({ queryKey: ['analytics'] }),
    ...also.map((queryKey) => client.invalidateQueries({ queryKey })),
  ]);

/** A change to a recorded shipment: the order, its fulfilments (one order's and several's) are read again. */
const shipmentChange = <V extends { orderId: string }, R>(name: string, fn: (v: V) => Promise<R>) =>
  mutationOptions({
    mutationKey: ['orders', name] as const,
    mutationFn: fn,
    onSuccess: (_d, v, _r, context) =>
      refresh(context.client, v.orderId, [
        ['orders', 'fulfillments', v.orderId],
        ['orders', 'fulfillments', 'of'],
      ]),
  });

/**
 * A payments change: the answer is the order's transactions; the order's payment status follows.
 * Refused because the payments changed elsewhere meanwhile (428: `PAYMENT_ALREADY_VOIDED`,
 * `PAYMENT_ALREADY_CAPTURED`…; 409), the order and its transactions are read again, so that a page
 * stops offering what can no longer be done.
 */
const paymentChange = <V extends { orderId: string }>(
  name: string,
  fn: (v: V) => Promise<OrderTransactions>,
) =>
  mutationOptions({
    mutationKey: ['orders', name] as const,
    mutationFn: fn,
    onSuccess: async (txns, v, _r, context) => {
      context.client.setQueryData(transactionsKey(v.orderId), txns);
      await refresh(context.client, v.orderId, [['orders', 'refundability', v.orderId]]);
    },
    onError: async (e, v, _r, context) => {
      if (!changedElsewhere(e)) return;
      await refresh(context.client, v.orderId, [
        transactionsKey(v.orderId),
        ['orders', 'refundability', v.orderId],
      ]);
    },
  });

/** A refusal that says the order's payments are not as the caller saw them. */
const changedElsewhere = (e: unknown) => {
  const status = isVitrineError(e) ? e.status : undefined;
  return status === 428 || status === 409;
};

const withOrder = (client: QueryClient, order: Order) => client.setQueryData(one(order.id), order);

export const adminOrderMutations = {
  /**
   * Adds and removes tags, optimistically: the cached order shows the new tags at once and gets
   * its old ones back if the server refuses.
   */
  updateTags: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['orders', 'update-tags'] as const,
      mutationFn: (v: { orderId: string; assign: string[]; unassign: string[] }) =>
        adminOrderCalls.updateTags(http, v),
      onMutate: async (v, context) => {
        await context.client.cancelQueries({ queryKey: one(v.orderId) });
        const before = context.client.getQueryData<Order>(one(v.orderId));
        if (before) {
          const kept = before.tags.tags.tagIds.filter((t) => !v.unassign.includes(t));
          const tagIds = [...kept, ...v.assign.filter((t) => !kept.includes(t))];
          withOrder(context.client, { ...before, tags: { ...before.tags, tags: { tagIds } } });
        }
        return { before };
      },
      onError: (_e, v, result, context) => {
        if (result?.before) withOrder(context.client, result.before);
      },
      onSettled: (_d, _e, v, _r, context) => refresh(context.client, v.orderId),
    }),
  addNote: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['orders', 'add-note'] as const,
      mutationFn: (v: { orderId: string; message: string }) => adminOrderCalls.addNote(http, v),
      onSuccess: (order, _v, _r, context) => withOrder(context.client, order),
    }),
  cancel: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['orders', 'cancel'] as const,
      mutationFn: (v: Parameters<typeof adminOrderCalls.cancel>[1]) => adminOrderCalls.cancel(http, v),
      onSuccess: async (order, v, _r, context) => {
        withOrder(context.client, order);
        await refresh(context.client, v.orderId, [['catalog']]);
      },
    }),
  fulfil: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['orders', 'fulfil'] as const,
      mutationFn: (v: Parameters<typeof adminOrderCalls.fulfil>[1]) => adminOrderCalls.fulfil(http, v),
      onSuccess: (_d, v, _r, context) =>
        refresh(context.client, v.orderId, [
          ['orders', 'fulfillments', v.orderId],
          ['orders', 'fulfillments', 'of'],
          transactionsKey(v.orderId),
        ]),
    }),
  bulkTags: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['orders', 'bulk-tags'] as const,
      mutationFn: (v: Parameters<typeof adminOrderCalls.bulkTags>[1]) => adminOrderCalls.bulkTags(http, v),
      onSettled: (_d, _e, v, _r, context) =>
        Promise.all([
          ...v.orderIds.map((id) => context.client.invalidateQueries({ queryKey: one(id) })),
          context.client.invalidateQueries({ queryKey: ['orders', 'search'] }),
        ]),
    }),
  bulkFulfil: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['orders', 'bulk-fulfil'] as const,
      mutationFn: (v: Parameters<typeof adminOrderCalls.bulkFulfil>[1]) =>
        adminOrderCalls.bulkFulfil(http, v),
      onSettled: (_d, _e, v, _r, context) =>
        Promise.all([
          ...v.orders.map((o) => context.client.invalidateQueries({ queryKey: one(o.orderId) })),
          context.client.invalidateQueries({ queryKey: ['orders', 'search'] }),
          context.client.invalidateQueries({ queryKey: ['orders', 'fulfillments'] }),
          context.client.invalidateQueries({ queryKey: ['analytics'] }),
        ]),
    }),
  updateShipment: (http: HttpClient) =>
    shipmentChange('update-shipment', (v: Parameters<typeof adminOrderCalls.updateShipment>[1]) =>
      adminOrderCalls.updateShipment(http, v),
    ),
  deleteShipment: (http: HttpClient) =>
    shipmentChange('delete-shipment', (v: Parameters<typeof adminOrderCalls.deleteShipment>[1]) =>
      adminOrderCalls.deleteShipment(http, v),
    ),
  capture: (http: HttpClient) =>
    paymentChange('capture', (v: Parameters<typeof adminOrderCalls.capture>[1]) =>
      adminOrderCalls.capture(http, v),
    ),
  void: (http: HttpClient) =>
    paymentChange('void', (v: Parameters<typeof adminOrderCalls.void>[1]) => adminOrderCalls.void(http, v)),
  refund: (http: HttpClient) =>
    paymentChange('refund', (v: Parameters<typeof adminOrderCalls.refund>[1]) =>
      adminOrderCalls.refund(http, v),
    ),
  markPaid: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['orders', 'mark-paid'] as const,
      mutationFn: (v: Parameters<typeof adminOrderCalls.markPaid>[1]) => adminOrderCalls.markPaid(http, v),
      onSuccess: async (order, v, _r, context) => {
        withOrder(context.client, order);
        await refresh(context.client, v.orderId, [
          transactionsKey(v.orderId),
          ['orders', 'refundability', v.orderId],
        ]);
      },
      onError: async (e, v, _r, context) => {
        if (changedElsewhere(e)) await refresh(context.client, v.orderId, [transactionsKey(v.orderId)]);
      },
    }),
};
