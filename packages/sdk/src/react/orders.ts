/** The shopper's own orders as TanStack Query options over `orderCalls` (../orders.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';
import { orderCalls } from '../orders.ts';

export const orderQueries = {
  all: () => ['orders'] as const,
  /** Newest first, one page of `limit`; `cursor` for the next ones. */
  mine: (http: HttpClient, o: { cursor?: string; limit?: number } = {}) =>
    queryOptions({
      queryKey: ['orders', 'mine', o.cursor ?? null, o.limit ?? 20] as const,
      queryFn: () => orderCalls.mine(http, o),
    }),
  byId: (http: HttpClient, id: string) =>
    queryOptions({ queryKey: ['orders', 'one', id] as const, queryFn: () => orderCalls.get(http, id) }),
  /** How the order was paid (gift card, card…) and refunded; the buyer's own orders only. */
  transactions: (http: HttpClient, id: string) =>
    queryOptions({
      queryKey: ['orders', 'transactions', id] as const,
      queryFn: () => orderCalls.transactions(http, id),
    }),
  /** The order's shipments (or pickups) so far, with their tracking. */
  fulfillments: (http: HttpClient, id: string) =>
    queryOptions({
      queryKey: ['orders', 'fulfillments', id] as const,
      queryFn: () => orderCalls.fulfillments(http, id),
    }),
  /** The order an e-mail's signed link names, with its fulfillments (no sign-in). */
  byLink: (http: HttpClient, token: string) =>
    queryOptions({
      queryKey: ['orders', 'link', token] as const,
      queryFn: () => orderCalls.openLink(http, token),
    }),
};
