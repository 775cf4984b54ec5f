/**
 * The current cart as TanStack Query options over `cartCalls` (../cart.ts). Every change answers
 * the whole cart: the mutation options put it in the cache under `cartQueries.current`'s key.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Cart } from '@vitrine/contract';
import { cartCalls, currentCart, estimateCart, type AddItem } from '../cart.ts';
import type { HttpClient } from '../http.ts';

const CURRENT = ['cart', 'current'] as const;

export const cartQueries = {
  all: () => ['cart'] as const,
  /** The shopper's cart, or `null` before the first item. */
  current: (http: HttpClient) => queryOptions({ queryKey: CURRENT, queryFn: () => currentCart(http) }),
  /** Totals with a shipping estimate for a destination country (ISO 3166-1 alpha-2); without one, no shipping. */
  estimate: (http: HttpClient, o: { country?: string; cartRevision: string }) =>
    queryOptions({
      queryKey: ['cart', 'estimate', o.country ?? null, o.cartRevision] as const,
      queryFn: () => estimateCart(http, o.country),
    }),
};

const change = <V>(http: HttpClient, name: string, fn: (http: HttpClient, v: V) => Promise<Cart>) =>
  mutationOptions({
    mutationKey: ['cart', name] as const,
    mutationFn: (v: V) => fn(http, v),
    onSuccess: (cart, _v, _r, context) => context.client.setQueryData(CURRENT, cart),
  });

/** The calls that change the cart, each answering it and keeping it in the cache. */
export const cartMutations = {
  add: (http: HttpClient) => change(http, 'add', (h, items: AddItem[]) => cartCalls.add(h, items)),
  setQuantity: (http: HttpClient) =>
    change(http, 'set-quantity', (h, v: { lineItemId: string; quantity: number }) =>
      cartCalls.setQuantity(h, v.lineItemId, v.quantity),
    ),
  remove: (http: HttpClient) =>
    change(http, 'remove', (h, lineItemIds: string[]) => cartCalls.remove(h, lineItemIds)),
  applyCoupon: (http: HttpClient) =>
    change(http, 'apply-coupon', (h, code: string) => cartCalls.applyCoupon(h, code)),
  removeCoupon: (http: HttpClient) =>
    change(http, 'remove-coupon', (h, _: void) => cartCalls.removeCoupon(h)),
};
