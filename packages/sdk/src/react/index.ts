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
export { reviewMutations, reviewQueries, summaryIds } from './reviews.ts';
export { backInStockMutations, backInStockQueries } from './back-in-stock.ts';
export { recommendationQueries } from './recommendations.ts';
// The merchant's (the dashboard's): staff sessions, orders and payments, abandoned checkouts,
// the home page's figures.
export {
  keepStaffActionsFresh,
  STAFF_ACTIONS_KEY,
  STAFF_SESSION_KEY,
  staffMutations,
  staffQueries,
} from './admin/staff.ts';
export { adminOrderMutations, adminOrderQueries } from './admin/orders.ts';
export { abandonedCheckoutMutations, abandonedCheckoutQueries } from './admin/abandoned-checkouts.ts';
export { paymentLinkMutations, paymentLinkQueries } from './admin/payment-links.ts';
export { analyticsQueries } from './admin/analytics.ts';
export { adminCatalogMutations, adminCatalogQueries } from './admin/catalog.ts';
export { mediaMutations, mediaQueries } from './admin/media.ts';
export {
  couponMutations,
  couponQueries,
  discountRuleMutations,
  discountRuleQueries,
  giftCardMutations,
  giftCardQueries,
} from './admin/marketing.ts';
export {
  adminBackInStockMutations,
  adminBackInStockQueries,
  adminMemberMutations,
  adminMemberQueries,
} from './admin/customers.ts';
export { adminReviewMutations, adminReviewQueries, productLookupQueries } from './admin/reviews.ts';
export {
  additionalFeeMutations,
  additionalFeeQueries,
  jobMutations,
  jobQueries,
  mailMutations,
  mailQueries,
  pickupLocationMutations,
  pickupLocationQueries,
  shippingRegionMutations,
  shippingRegionQueries,
  STORE_SETTINGS_KEY,
  storeSettingsMutations,
  storeSettingsQueries,
  taxRateMutations,
  taxRateQueries,
} from './admin/settings.ts';
export {
  apiKeyMutations,
  apiKeyQueries,
  oauthClientMutations,
  oauthClientQueries,
  staffAdminMutations,
  staffAdminQueries,
} from './admin/access.ts';
export { webhookMutations, webhookQueries } from './admin/webhooks.ts';
