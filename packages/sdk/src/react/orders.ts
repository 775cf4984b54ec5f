/**
 * The shopper's own orders (contract orders-payments.md §1: `getOrder`, `searchOrders`; buyers
 * see only theirs) as TanStack Query options.
 */
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';
import type { CursorPagingMetadata, Order, OrderTransactions } from './types.ts';

export const orderQueries = {
  all: () => ['orders'] as const,
  /** Newest first, one page of `limit`; `cursor` for the next ones. */
  mine: (http: HttpClient, o: { cursor?: string; limit?: number } = {}) =>
    queryOptions({
      queryKey: ['orders', 'mine', o.cursor ?? null, o.limit ?? 20] as const,
      queryFn: () =>
        http.request<{ orders: Order[]; metadata?: CursorPagingMetadata }>({
          method: 'POST',
          path: '/ecom/v1/orders/search',
          body: {
            search: o.cursor
              ? { cursorPaging: { limit: o.limit ?? 20, cursor: o.cursor } }
              : {
                  sort: [{ fieldName: 'createdDate', order: 'DESC' }],
                  cursorPaging: { limit: o.limit ?? 20 },
                },
          },
        }),
    }),
  byId: (http: HttpClient, id: string) =>
    queryOptions({
      queryKey: ['orders', 'one', id] as const,
      queryFn: async () =>
        (
          await http.request<{ order: Order }>({
            method: 'GET',
            path: '/ecom/v1/orders/{id}',
            pathParams: { id },
          })
        ).order,
    }),
  /** How the order was paid (gift card, card…) and refunded; the buyer's own orders only. */
  transactions: (http: HttpClient, id: string) =>
    queryOptions({
      queryKey: ['orders', 'transactions', id] as const,
      queryFn: async () =>
        (
          await http.request<{ orderTransactions: OrderTransactions }>({
            method: 'GET',
            path: '/ecom/v1/payments-collector/orders/{ecomOrderId}/transactions',
            pathParams: { ecomOrderId: id },
          })
        ).orderTransactions,
    }),
};
