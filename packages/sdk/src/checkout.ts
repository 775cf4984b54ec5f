/**
 * Checkouts (contract cart-checkout.md §2) as plain typed calls, the hand-off to the platform-hosted
 * checkout page (redirects.md `ecomCheckout`) and the hosted page's own session call.
 */
import type {
  Checkout,
  CreateOrderFromCheckout,
  HostedCheckoutSession,
  UpdateCheckoutInput,
} from '@vitrine/contract';
import { REDIRECT_SESSION_PATH, type RedirectSession } from './auth/redirects.ts';
import type { HttpClient } from './http.ts';

const K = '/ecom/v1/checkouts';
const checkoutOf = async (answer: Promise<{ checkout: Checkout }>) => (await answer).checkout;
/** The calls on one checkout that answer it whole, its id in the path and the body. */
const onCheckout = (http: HttpClient, id: string, action: string) =>
  checkoutOf(http.request({ method: 'POST', path: `${K}/{id}/${action}`, pathParams: { id }, body: { id } }));

export type CheckoutUpdate = UpdateCheckoutInput;

export const checkoutCalls = {
  get: (http: HttpClient, id: string): Promise<Checkout> =>
    checkoutOf(http.request({ method: 'GET', path: `${K}/{id}`, query: { id } })),
  /** Buyer info, addresses, the shipping option, a coupon or a gift card. */
  update: (http: HttpClient, id: string, body: CheckoutUpdate): Promise<Checkout> =>
    checkoutOf(http.request({ method: 'PATCH', path: `${K}/{id}`, pathParams: { id }, body })),
  removeCoupon: (http: HttpClient, id: string): Promise<Checkout> => onCheckout(http, id, 'remove-coupon'),
  removeGiftCard: (http: HttpClient, id: string): Promise<Checkout> =>
    onCheckout(http, id, 'remove-gift-card'),
  /** Places the order; `paymentGatewayOrderId` when something is left to pay. */
  createOrder: (http: HttpClient, id: string): Promise<CreateOrderFromCheckout> =>
    http.request<CreateOrderFromCheckout>({
      method: 'POST',
      path: `${K}/{id}/create-order`,
      pathParams: { id },
      body: { id },
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

/**
 * The hosted checkout page's session: with the link's token, or (token undefined) reopening the
 * checkout this browser opened (its cookie is the credential; no access token is sent).
 */
export const openHostedCheckoutSession = (
  http: HttpClient,
  checkoutToken: string | undefined,
  checkoutId: string | undefined,
): Promise<HostedCheckoutSession> =>
  http.request<HostedCheckoutSession>({
    method: 'POST',
    path: '/_api/hosted-checkout/v1/session',
    body: { ...(checkoutToken ? { checkoutToken } : {}), ...(checkoutId ? { checkoutId } : {}) },
  });
