/**
 * Checkouts as TanStack Query options over `checkoutCalls` (../checkout.ts). The changes answer the
 * whole checkout; their mutation options put it in the cache under `checkoutQueries.byId`'s key.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Checkout } from '@vitrine/contract';
import { checkoutCalls, type CheckoutUpdate } from '../checkout.ts';
import type { HttpClient } from '../http.ts';

const key = (id: string) => ['checkout', id] as const;

export const checkoutQueries = {
  all: () => ['checkout'] as const,
  byId: (http: HttpClient, id: string) =>
    queryOptions({ queryKey: key(id), queryFn: () => checkoutCalls.get(http, id) }),
};

const change = <V>(http: HttpClient, id: string, name: string, fn: (v: V) => Promise<Checkout>) =>
  mutationOptions({
    mutationKey: ['checkout', id, name] as const,
    mutationFn: fn,
    onSuccess: (checkout, _v, _r, context) => context.client.setQueryData(key(id), checkout),
  });

export const checkoutMutations = {
  update: (http: HttpClient, id: string) =>
    change(http, id, 'update', (body: CheckoutUpdate) => checkoutCalls.update(http, id, body)),
  removeCoupon: (http: HttpClient, id: string) =>
    change(http, id, 'remove-coupon', (_: void) => checkoutCalls.removeCoupon(http, id)),
  removeGiftCard: (http: HttpClient, id: string) =>
    change(http, id, 'remove-gift-card', (_: void) => checkoutCalls.removeGiftCard(http, id)),
  /** Places the order (the checkout is not refetched: it is completed, and the page moves on). */
  createOrder: (http: HttpClient, id: string) =>
    mutationOptions({
      mutationKey: ['checkout', id, 'create-order'] as const,
      mutationFn: () => checkoutCalls.createOrder(http, id),
    }),
};
