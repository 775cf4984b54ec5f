/**
 * `@vitrine/sdk/react`: TanStack Query options over the framework-free calls of `@vitrine/sdk`
 * (one file per domain here and there). Query factories own their keys (one scheme for every
 * app); mutation options keep the answers in the cache. `createQueryClient` carries spec §9's defaults.
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
export { catalogQueries } from './catalog.ts';
export { cartMutations, cartQueries } from './cart.ts';
export { shippingQueries } from './shipping.ts';
export { checkoutMutations, checkoutQueries } from './checkout.ts';
export { orderQueries } from './orders.ts';
export { paymentMutations } from './payments.ts';
export { memberMutations, memberQueries } from './members.ts';
