import { QueryClientProvider } from '@tanstack/react-query';
import type { Checkout } from '@vitrine/sdk';
import { checkoutQueries, createQueryClient, shippingQueries } from '@vitrine/sdk/react';
import type { ReactNode } from 'react';
import { http, sessionHttp } from './api.ts';

/** The checkout pages' server data lives in one TanStack Query cache for the page view. */
const client = createQueryClient();

/**
 * Asks for what the checkout's first step needs and no session gates (the countries the store
 * ships to, `GET /ecom/v1/shipping-destinations`) while the session opens, instead of after the
 * checkout is read: one round trip less before the address form shows (≈ 0.6 s on slow 4G).
 */
export function prefetchCheckoutStart() {
  void client.prefetchQuery(shippingQueries.destinations(sessionHttp));
}

export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The checkout the session's answer carried, in the cache as reading it would have put it. */
export function seedCheckout(checkout: Checkout) {
  client.setQueryData(checkoutQueries.byId(http, checkout.id).queryKey, checkout);
}
