/**
 * The current cart (contract cart-checkout.md §1) as TanStack Query options plus the calls
 * that change it. Every change answers the whole cart; callers put it in the cache with
 * `queryClient.setQueryData(cartQueries.current(http).queryKey, cart)`.
 */
import { queryOptions } from '@tanstack/react-query';
import { errorCode } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import { STORES_APP_ID } from './catalog.ts';
import type { Cart, EstimateTotals, ShippingDestinations } from './types.ts';

const BASE = '/ecom/v1/carts/current';

export const cartQueries = {
  all: () => ['cart'] as const,
  /** The shopper's cart, or `null` before the first item (the server's 404 `OWNED_CART_NOT_FOUND`). */
  current: (http: HttpClient) =>
    queryOptions({
      queryKey: ['cart', 'current'] as const,
      queryFn: async (): Promise<Cart | null> => {
        try {
          return (await http.request<{ cart: Cart }>({ method: 'GET', path: BASE })).cart;
        } catch (e) {
          if (errorCode(e) === 'OWNED_CART_NOT_FOUND') return null;
          throw e;
        }
      },
    }),
  /** Totals with a shipping estimate for a destination country (ISO 3166-1 alpha-2); without one, no shipping. */
  estimate: (http: HttpClient, o: { country?: string; cartRevision: string }) =>
    queryOptions({
      queryKey: ['cart', 'estimate', o.country ?? null, o.cartRevision] as const,
      queryFn: () =>
        http.request<EstimateTotals>({
          method: 'POST',
          path: `${BASE}/estimate-totals`,
          body: o.country
            ? { shippingAddress: { country: o.country }, calculateShipping: true, calculateTax: true }
            : { calculateShipping: false, calculateTax: true },
        }),
    }),
};

/** The countries the store ships to (Vitrine's own `GET /ecom/v1/shipping-destinations`), for country lists. */
export const shippingQueries = {
  destinations: (http: HttpClient) =>
    queryOptions({
      queryKey: ['shipping', 'destinations'] as const,
      queryFn: () =>
        http.request<ShippingDestinations>({ method: 'GET', path: '/ecom/v1/shipping-destinations' }),
      staleTime: 5 * 60_000,
    }),
};

export interface AddItem {
  productId: string;
  variantId?: string;
  quantity: number;
}

export const cartCalls = {
  add: async (http: HttpClient, items: AddItem[]) =>
    (
      await http.request<{ cart: Cart }>({
        method: 'POST',
        path: `${BASE}/add-to-cart`,
        body: {
          lineItems: items.map((i) => ({
            catalogReference: {
              catalogItemId: i.productId,
              appId: STORES_APP_ID,
              ...(i.variantId ? { options: { variantId: i.variantId } } : {}),
            },
            quantity: i.quantity,
          })),
        },
      })
    ).cart,
  setQuantity: async (http: HttpClient, lineItemId: string, quantity: number) =>
    (
      await http.request<{ cart: Cart }>({
        method: 'POST',
        path: `${BASE}/update-line-items-quantity`,
        body: { lineItems: [{ id: lineItemId, quantity }] },
      })
    ).cart,
  remove: async (http: HttpClient, lineItemIds: string[]) =>
    (
      await http.request<{ cart: Cart }>({
        method: 'POST',
        path: `${BASE}/remove-line-items`,
        body: { lineItemIds },
      })
    ).cart,
  applyCoupon: async (http: HttpClient, couponCode: string) =>
    (
      await http.request<{ cart: Cart }>({
        method: 'PATCH',
        path: BASE,
        body: { couponCode },
      })
    ).cart,
  removeCoupon: async (http: HttpClient) =>
    (await http.request<{ cart: Cart }>({ method: 'POST', path: `${BASE}/remove-coupon`, body: {} })).cart,
  /** Turns the cart into a checkout; answers its id. */
  createCheckout: async (http: HttpClient) =>
    (
      await http.request<{ checkoutId: string }>({
        method: 'POST',
        path: `${BASE}/create-checkout`,
        body: { channelType: 'WEB' },
      })
    ).checkoutId,
};

/** Number of items (sum of quantities) in a cart. */
export const itemCount = (cart: Cart | null | undefined): number =>
  (cart?.lineItems ?? []).reduce((n, l) => n + l.quantity, 0);
