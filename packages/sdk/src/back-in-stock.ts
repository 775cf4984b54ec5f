/**
 * Back-in-stock notification requests (contract back-in-stock-recommendations.md §2, `@wix/ecom`
 * `backInStockNotifications`): the shopper's calls, as plain typed calls over an
 * {@link HttpClient}; `@vitrine/sdk/react` wraps them in query and mutation options. The merchant's
 * calls (query, counts, report-items-back-in-stock) are admin-only and not here.
 */
import type { WireBackInStockRequest } from '@vitrine/contract';
import { STORES_APP_ID } from './catalog.ts';
import type { HttpClient } from './http.ts';

export const BACK_IN_STOCK_PATH = '/back-in-stock-service/v1/back-in-stock-notification-requests';

export interface BackInStockItem {
  /** The product id. */
  productId: string;
  /** The variant asked for; without it, the product as a whole (any variant coming back). */
  variantId?: string;
}

export interface NewBackInStockRequest extends BackInStockItem {
  email: string;
  /** The product page's address (the store's e-mail links to its own product page regardless). */
  itemUrl?: string;
  /** What the e-mail shows: the item's name, its price (a decimal string) and picture (an http(s) URL). */
  itemDetails?: { name?: string; price?: string; imageUrl?: string };
}

/** The `createBackInStockNotificationRequest` body. */
export function backInStockRequestBody(r: NewBackInStockRequest): object {
  const d = r.itemDetails;
  const itemDetails = d && {
    ...(d.name ? { name: d.name } : {}),
    ...(d.price ? { price: d.price } : {}),
    ...(d.imageUrl ? { image: { url: d.imageUrl } } : {}),
  };
  return {
    request: {
      catalogReference: {
        catalogItemId: r.productId,
        appId: STORES_APP_ID,
        ...(r.variantId ? { options: { variantId: r.variantId } } : {}),
      },
      email: r.email,
      ...(r.itemUrl ? { itemUrl: r.itemUrl } : {}),
    },
    ...(itemDetails && Object.keys(itemDetails).length ? { itemDetails } : {}),
  };
}

/**
 * Asks to be e-mailed when the item is back in stock (visitors and members). A repeat for the same
 * e-mail and item answers the request still open, so pressing "Notify me" twice is harmless.
 * Fails with 429 `TOO_MANY_REQUESTS` after many requests in an hour.
 */
export const requestBackInStockNotification = (
  http: HttpClient,
  r: NewBackInStockRequest,
): Promise<WireBackInStockRequest> =>
  http
    .request<{
      request: WireBackInStockRequest;
    }>({ method: 'POST', path: BACK_IN_STOCK_PATH, body: backInStockRequestBody(r) })
    .then((a) => a.request);

/** One of the shopper's own requests (someone else's is 404). */
export const backInStockRequest = (http: HttpClient, id: string): Promise<WireBackInStockRequest> =>
  http
    .request<{
      request: WireBackInStockRequest;
    }>({ method: 'GET', path: `${BACK_IN_STOCK_PATH}/{id}`, pathParams: { id } })
    .then((a) => a.request);

/** Withdraws one of the shopper's own requests. */
export const deleteBackInStockRequest = (http: HttpClient, id: string): Promise<void> =>
  http
    .request({ method: 'DELETE', path: `${BACK_IN_STOCK_PATH}/{id}`, pathParams: { id } })
    .then(() => undefined);

/** The shopper's back-in-stock calls together. */
export const backInStockCalls = {
  request: requestBackInStockNotification,
  get: backInStockRequest,
  delete: deleteBackInStockRequest,
};
