/**
 * The current cart (contract cart-checkout.md §1) as plain typed calls. Every change answers the
 * whole cart; `@vitrine/sdk/react` wraps the reads in query options and the changes in mutation
 * options that put the answer in the cache.
 */
import type { Cart, EstimateTotals } from '@vitrine/contract';
import { STORES_APP_ID } from './catalog.ts';
import { errorCode } from './errors.ts';
import type { HttpClient } from './http.ts';

const BASE = '/ecom/v1/carts/current';

export interface AddItem {
  productId: string;
  variantId?: string;
  quantity: number;
}

const cartOf = (answer: Promise<{ cart: Cart }>) => answer.then((a) => a.cart);

/** The shopper's cart, or `null` before the first item (the server's 404 `OWNED_CART_NOT_FOUND`). */
export const currentCart = (http: HttpClient): Promise<Cart | null> =>
  cartOf(http.request({ method: 'GET', path: BASE })).catch((e: unknown) => {
    if (errorCode(e) === 'OWNED_CART_NOT_FOUND') return null;
    throw e;
  });

/** Totals with a shipping estimate for a destination country (ISO 3166-1 alpha-2); without one, no shipping. */
export const estimateCart = (http: HttpClient, country?: string): Promise<EstimateTotals> =>
  http.request<EstimateTotals>({
    method: 'POST',
    path: `${BASE}/estimate-totals`,
    body: {
      ...(country ? { shippingAddress: { country } } : {}),
      calculateShipping: !!country,
      calculateTax: true,
    },
  });

export const cartCalls = {
  current: currentCart,
  estimate: estimateCart,
  add: (http: HttpClient, items: AddItem[]): Promise<Cart> =>
    cartOf(
      http.request({
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
      }),
    ),
  setQuantity: (http: HttpClient, lineItemId: string, quantity: number): Promise<Cart> =>
    cartOf(
      http.request({
        method: 'POST',
        path: `${BASE}/update-line-items-quantity`,
        body: { lineItems: [{ id: lineItemId, quantity }] },
      }),
    ),
  remove: (http: HttpClient, lineItemIds: string[]): Promise<Cart> =>
    cartOf(http.request({ method: 'POST', path: `${BASE}/remove-line-items`, body: { lineItemIds } })),
  applyCoupon: (http: HttpClient, couponCode: string): Promise<Cart> =>
    cartOf(http.request({ method: 'PATCH', path: BASE, body: { couponCode } })),
  removeCoupon: (http: HttpClient): Promise<Cart> =>
    cartOf(http.request({ method: 'POST', path: `${BASE}/remove-coupon`, body: {} })),
  /** Turns the cart into a checkout; answers its id. */
  createCheckout: (http: HttpClient): Promise<string> =>
    http
      .request<{ checkoutId: string }>({
        method: 'POST',
        path: `${BASE}/create-checkout`,
        body: { channelType: 'WEB' },
      })
      .then((a) => a.checkoutId),
};

/** Number of items (sum of quantities) in a cart. */
export const itemCount = (cart: Cart | null | undefined): number =>
  (cart?.lineItems ?? []).reduce((n, l) => n + l.quantity, 0);

/** A line's options as the platform describes them (`descriptionLines`: a name and a text or colour). */
interface DescriptionLine {
  name?: { original?: string; translated?: string | null } | null;
  plainText?: { original?: string; translated?: string | null } | null;
  colorInfo?: { original?: string; translated?: string | null } | null;
}

/** A cart, checkout or order line's options as one text: "Size: M · Color: Navy". */
export function optionsText(lines: readonly DescriptionLine[] | null | undefined): string {
  return (lines ?? [])
    .map((l) => {
      const name = l.name?.translated ?? l.name?.original;
      const value =
        l.colorInfo?.translated ?? l.colorInfo?.original ?? l.plainText?.translated ?? l.plainText?.original;
      return name && value ? `${name}: ${value}` : (value ?? name ?? '');
    })
    .filter(Boolean)
    .join(' · ');
}
