export { createHttpClient } from './http.ts';
export type { HttpClient, HttpClientOptions, HttpMethod, RequestOptions } from './http.ts';
export { VitrineError, errorCode, errorFromAnswer, isVitrineError, systemError } from './errors.ts';
export type {
  FailedAnswer,
  VitrineApplicationError,
  VitrineErrorDetails,
  VitrineErrorInit,
  VitrineFieldViolation,
} from './errors.ts';
export {
  MAX_GET_QUERY_LENGTH,
  base64UrlEncode,
  buildQueryString,
  fillPath,
  flattenQuery,
  toWireJson,
} from './encode.ts';
export type { FlatQuery } from './encode.ts';
export { base64UrlFromBytes } from './encode.ts';

export { createClient } from './auth/client.ts';
export type { Client, ClientOptions } from './auth/client.ts';
export { OAuthStrategy } from './auth/oauth-strategy.ts';
export type { OAuthStrategyOptions } from './auth/oauth-strategy.ts';
export {
  DEFAULT_VERIFIER_LENGTH,
  MAX_VERIFIER_LENGTH,
  MIN_VERIFIER_LENGTH,
  codeChallengeFor,
  generateCodeVerifier,
  generateOAuthData,
  generateState,
} from './auth/pkce.ts';
export type { OAuthDataOptions } from './auth/pkce.ts';
export { parseFromUrl, REDIRECT_SESSION_PATH } from './auth/redirects.ts';
export type { RedirectSession } from './auth/redirects.ts';
export { DIRECT_LOGIN_TIMEOUT_MS, waitForFrameMessage } from './auth/direct-login.ts';
export type {
  BrowserWindow,
  FrameLike,
  FrameMessage,
  MessageEventLike,
  MessageListener,
} from './auth/direct-login.ts';
export { IDENTITY_PATHS, mapLoginError, mapRegisterError, mapStateMachine } from './auth/identity.ts';
export { isTokenExpired } from './auth/token-endpoint.ts';
export { cookieStorage, localStorageStorage, memoryStorage, parseTokens } from './auth/storage.ts';
export type { CookieDocument, CookieOptions, StorageLike } from './auth/storage.ts';
export type {
  AccessToken,
  AuthStrategy,
  AuthUrl,
  AuthUrlOptions,
  CaptchaTokens,
  LoginErrorCode,
  LoginParams,
  OAuthData,
  ParsedAuthResult,
  Prompt,
  RefreshToken,
  RegisterParams,
  ResponseMode,
  StateMachineResult,
  TokenRole,
  Tokens,
  TokenStorage,
} from './auth/types.ts';

// Framework-free typed calls, one file per domain (`@vitrine/sdk/react` wraps them for TanStack Query).
export {
  catalogCalls,
  categories,
  productBySlug,
  PRODUCT_SORTS,
  searchBody,
  searchProducts,
  STORES_APP_ID,
} from './catalog.ts';
export type { ProductPage, ProductSearch, ProductSort } from './catalog.ts';
export { cartCalls, currentCart, estimateCart, itemCount, optionsText } from './cart.ts';
export { duePayments, restLabel, type DuePayment } from './order-payments.ts';
export { needsShipping, shippingCalls } from './shipping.ts';
export type { AddItem } from './cart.ts';
export { checkoutCalls, checkoutRedirect, openHostedCheckoutSession } from './checkout.ts';
export type { CheckoutCallbacks, CheckoutUpdate } from './checkout.ts';
export { orderCalls } from './orders.ts';
export type { OrdersPage } from './orders.ts';
export { paymentCalls } from './payments.ts';
export { memberCalls } from './members.ts';
export type { MemberPatch } from './members.ts';
export { publicName } from '@vitrine/contract/public-name';
export {
  createReview,
  deleteReview,
  myReview,
  openReviewLink,
  queryReviews,
  ratingSummaries,
  REVIEW_SORTS,
  REVIEWS_NAMESPACE,
  reviewCalls,
  reviewsQueryBody,
  submitReviewLink,
  updateReview,
  uploadReviewPhoto,
} from './reviews.ts';
export type {
  NewReview,
  ReviewEdit,
  ReviewLink,
  ReviewSearch,
  ReviewSort,
  ReviewsPage,
  UploadFile,
  UploadOptions,
  UploadProgress,
  XhrLike,
} from './reviews.ts';
export {
  BACK_IN_STOCK_PATH,
  backInStockCalls,
  backInStockRequest,
  backInStockRequestBody,
  deleteBackInStockRequest,
  requestBackInStockNotification,
} from './back-in-stock.ts';
export type { BackInStockItem, NewBackInStockRequest } from './back-in-stock.ts';
export {
  getRecommendation,
  productsByIds,
  RECOMMENDATION_ALGORITHMS,
  recommendationAlgorithms,
  recommendationBody,
  recommendationCalls,
} from './recommendations.ts';
export type {
  Recommendation,
  RecommendationAlgorithm,
  RecommendationAlgorithmInfo,
  RecommendationRequest,
} from './recommendations.ts';
// The merchant's calls (the dashboard): staff sessions, orders and payments, abandoned checkouts,
// the home page's figures.
export { staffCalls, staffHeaders } from './admin/staff.ts';
export type {
  StaffEnrolment,
  StaffMember,
  StaffRole,
  StaffSession,
  StaffSessionView,
} from './admin/staff.ts';
export {
  ADMIN_ORDER_SORTS,
  adminOrderCalls,
  adminOrderExportPath,
  adminOrderFilter,
  adminOrderSearchBody,
  newIdempotencyKey,
} from './admin/orders.ts';
export type {
  AdminOrderSearch,
  AdminOrderSort,
  NewFulfillment,
  PaymentAmount,
  Refundability,
} from './admin/orders.ts';
export {
  ABANDONED_SORTS,
  ABANDONED_STATUSES,
  abandonedCheckoutCalls,
  abandonedSearchBody,
} from './admin/abandoned-checkouts.ts';
export type {
  AbandonedPage,
  AbandonedSearch,
  AbandonedSort,
  AbandonedStatus,
  DayRange,
} from './admin/abandoned-checkouts.ts';
export { ANALYTICS_PERIODS, analyticsCalls } from './admin/analytics.ts';
export type { AnalyticsPeriod } from './admin/analytics.ts';
// The merchant's catalog (products, stock, categories) and media library.
export {
  ADMIN_PRODUCT_SORTS,
  adminCatalogCalls,
  adminProductFilter,
  adminProductSearchBody,
  EDITOR_FIELDS,
} from './admin/catalog.ts';
export type {
  AdminProductSearch,
  AdminProductSort,
  StockChange,
  VariantWithProduct,
} from './admin/catalog.ts';
export { adminMediaCalls, MEDIA_ROOT_ID, MEDIA_SORTS } from './admin/media.ts';
export type {
  MediaFileSearch,
  MediaFilesPage,
  MediaFoldersPage,
  MediaSort,
  MediaUploadTarget,
} from './admin/media.ts';
export { putToUploadUrl } from './upload.ts';
// The merchant's marketing, customers, reviews, settings and webhooks (the dashboard's).
export {
  couponCalls,
  couponFilter,
  discountRuleCalls,
  discountRuleFilter,
  giftCardCalls,
} from './admin/marketing.ts';
export type { CouponSearch, DiscountRuleSearch, GiftCardSearch } from './admin/marketing.ts';
export { allOf, cursorQueryBody } from './admin/paging.ts';
export type { CursorPage, CursorSearch } from './admin/paging.ts';
export {
  adminBackInStockCalls,
  adminBackInStockFilter,
  adminMemberCalls,
  BACK_IN_STOCK_WAITING,
  catalogReferenceOf,
  MEMBER_SORTS,
  MEMBER_STATUSES,
  memberQueryBody,
} from './admin/customers.ts';
export type {
  AdminBackInStockPage,
  AdminBackInStockSearch,
  AdminMemberStatus,
  MemberSearch,
  MemberSort,
  MembersPage,
} from './admin/customers.ts';
export { productLookupCalls } from './admin/product-lookup.ts';
export { merchantCheckoutBody, paymentLinkCalls } from './admin/payment-links.ts';
export type {
  DraftLine,
  ItemsChange,
  MerchantCheckoutInput,
  MerchantDiscount,
} from './admin/payment-links.ts';
export type { ProductRef } from './admin/product-lookup.ts';
export {
  ADMIN_REVIEW_SORTS,
  ADMIN_REVIEW_STATUSES,
  adminReviewCalls,
  adminReviewFilter,
  adminReviewsQueryBody,
} from './admin/reviews.ts';
export type {
  AdminReviewSearch,
  AdminReviewSort,
  AdminReviewStatus,
  ModerationTarget,
} from './admin/reviews.ts';
export { JOB_STATUSES, jobCalls, MAIL_STATUSES, mailCalls, storeSettingsCalls } from './admin/settings.ts';
export type {
  EditableStoreSettings,
  JobSearch,
  JobStatus,
  MailSearch,
  MailStatus,
} from './admin/settings.ts';
export {
  additionalFeeCalls,
  pickupLocationCalls,
  shippingRegionCalls,
  taxRateCalls,
} from './admin/shipping-tax.ts';
export { apiKeyCalls, oauthClientCalls, staffAdminCalls } from './admin/access.ts';
export type { ApiKey, ClientFields } from './admin/access.ts';
export {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_STATUSES,
  WEBHOOK_TEST_EVENT,
  webhookCalls,
  webhookDeliveriesBody,
} from './admin/webhooks.ts';
export type {
  WebhookDeliveriesPage,
  WebhookDeliverySearch,
  WebhookFields,
  WebhookPatch,
} from './admin/webhooks.ts';
/** The wire shapes the calls answer: inferred from the contract's response schemas. */
export type {
  AnalyticsOverview,
  AvailabilityStatus,
  Cart,
  CartLineItem,
  CategoriesPage,
  Category,
  CategoryInput,
  CategoryPatch,
  Checkout,
  CheckoutAppliedDiscount,
  CheckoutLineItem,
  CheckoutShippingOption,
  CheckoutViolation,
  CreateOrderFromCheckout,
  CursorPagingMetadata,
  EstimateTotals,
  FileDescriptor,
  Folder,
  Fulfillment,
  HostedCheckoutSession,
  InventoryItem,
  InventoryItemsPage,
  MediaItem,
  MediaType,
  IdentityFactor,
  MemberAddress,
  MemberView,
  Money,
  OpenOrderLinkResponse,
  OptionChoice,
  Order,
  OrderPayment,
  OrderTransactions,
  PriceSummary,
  RatingSummary,
  RecoveryLinkStatus,
  ReviewContentInput,
  ReviewMedia,
  Product,
  ProductImage,
  ProductInput,
  ProductOption,
  ProductPatch,
  ProductsPage,
  ShippingDestinations,
  StateMachineResponse,
  TestGatewayCard,
  TestGatewayPay,
  Variant,
  WireAddress,
  WireBackInStockRequest,
  WireContactDetails,
  WireReview,
} from '@vitrine/contract';
