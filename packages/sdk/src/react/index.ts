/**
 * `@vitrine/sdk/react`: the TanStack Query layer over the typed client. One file per domain
 * holds its `queryOptions` factories (one query-key scheme for every app) and the calls that
 * change its data; `createQueryClient` carries spec §9's defaults.
 */
export {
  createQueryClient,
  queryDefaults,
  retryDelay,
  shouldRetry,
  GC_TIME_MS,
  MAX_RETRY_DELAY_MS,
  MIN_STALE_TIME_MS,
  QUERY_RETRIES,
} from './query-client.ts';
export type { VitrineQueryClientOptions } from './query-client.ts';
export { catalogQueries, searchBody, PRODUCT_SORTS, STORES_APP_ID } from './catalog.ts';
export type { ProductPage, ProductSearch, ProductSort } from './catalog.ts';
export { cartCalls, cartQueries, itemCount, shippingQueries } from './cart.ts';
export type { AddItem } from './cart.ts';
export { checkoutQueries, checkoutRedirect } from './checkout.ts';
export type { Checkout, CheckoutCallbacks } from './checkout.ts';
export { orderQueries } from './orders.ts';
export { memberCalls, memberQueries } from './members.ts';
export type { MemberPatch } from './members.ts';
export type * from './types.ts';
