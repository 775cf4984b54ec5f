/**
 * The shopper's back-in-stock requests as TanStack Query options over the calls of
 * ../back-in-stock.ts. Keys start with `['back-in-stock', …]`: one request `['back-in-stock', id]`.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  backInStockRequest,
  deleteBackInStockRequest,
  requestBackInStockNotification,
  type NewBackInStockRequest,
} from '../back-in-stock.ts';
import type { HttpClient } from '../http.ts';

export const backInStockQueries = {
  all: () => ['back-in-stock'] as const,
  /** One of the shopper's own requests (its status: RECEIVED … NOTIFICATION_SENT). */
  byId: (http: HttpClient, id: string) =>
    queryOptions({
      queryKey: ['back-in-stock', id] as const,
      queryFn: () => backInStockRequest(http, id),
    }),
};

export const backInStockMutations = {
  /** "Notify me when it's back": the answer (a new request, or the open one) goes into the cache. */
  request: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['back-in-stock', 'request'] as const,
      mutationFn: (v: NewBackInStockRequest) => requestBackInStockNotification(http, v),
      onSuccess: (request, _v, _r, context) =>
        context.client.setQueryData(backInStockQueries.byId(http, request.id).queryKey, request),
    }),
  /** Withdraws a request; it leaves the cache. */
  delete: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['back-in-stock', 'delete'] as const,
      mutationFn: (id: string) => deleteBackInStockRequest(http, id),
      onSuccess: (_a, id, _r, context) =>
        context.client.removeQueries({ queryKey: backInStockQueries.byId(http, id).queryKey }),
    }),
};
