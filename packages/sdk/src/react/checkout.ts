/**
 * Checkout reads and the hand-off to the platform-hosted checkout page (contract
 * cart-checkout.md §2, redirects.md `ecomCheckout`).
 */
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';
import { REDIRECT_SESSION_PATH } from '../auth/redirects.ts';
import type { RedirectSession } from '../auth/redirects.ts';
import type { LineItem, PriceSummary } from './types.ts';

export interface Checkout {
  id: string;
  lineItems: LineItem[];
  priceSummary?: PriceSummary;
  completed?: boolean;
}

export const checkoutQueries = {
  all: () => ['checkout'] as const,
  byId: (http: HttpClient, id: string) =>
    queryOptions({
      queryKey: ['checkout', id] as const,
      queryFn: async () =>
        (
          await http.request<{ checkout: Checkout }>({
            method: 'GET',
            path: '/ecom/v1/checkouts/{id}',
            pathParams: { id },
          })
        ).checkout,
    }),
};

export interface CheckoutCallbacks {
  /** Where the hosted page sends the buyer after paying (the storefront's thank-you page). */
  thankYouPageUrl: string;
  /** Where "back to cart" goes. */
  cartPageUrl?: string;
  /** Where the flow ends otherwise (e.g. the store's home). */
  postFlowUrl?: string;
}

/** A redirect session to the hosted checkout page of `checkoutId`; navigate to its `fullUrl`. */
export async function checkoutRedirect(
  http: HttpClient,
  checkoutId: string,
  callbacks: CheckoutCallbacks,
): Promise<RedirectSession> {
  const answer = await http.request<{ redirectSession: RedirectSession }>({
    method: 'POST',
    path: REDIRECT_SESSION_PATH,
    body: { ecomCheckout: { checkoutId }, callbacks },
  });
  return answer.redirectSession;
}
