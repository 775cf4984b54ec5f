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
export { cartCalls, currentCart, estimateCart, itemCount } from './cart.ts';
export { shippingCalls } from './shipping.ts';
export type { AddItem } from './cart.ts';
export { checkoutCalls, checkoutRedirect, openHostedCheckoutSession } from './checkout.ts';
export type { CheckoutCallbacks, CheckoutUpdate } from './checkout.ts';
export { orderCalls } from './orders.ts';
export type { OrdersPage } from './orders.ts';
export { paymentCalls } from './payments.ts';
export { memberCalls } from './members.ts';
export type { MemberPatch } from './members.ts';
/** The wire shapes the calls answer: inferred from the contract's response schemas. */
export type {
  AvailabilityStatus,
  Cart,
  CartLineItem,
  Category,
  Checkout,
  CheckoutAppliedDiscount,
  CheckoutLineItem,
  CheckoutShippingOption,
  CheckoutViolation,
  CreateOrderFromCheckout,
  CursorPagingMetadata,
  EstimateTotals,
  HostedCheckoutSession,
  MediaItem,
  MemberAddress,
  MemberView,
  Money,
  OptionChoice,
  Order,
  OrderPayment,
  OrderTransactions,
  PriceSummary,
  Product,
  ProductImage,
  ProductOption,
  ShippingDestinations,
  StateMachineResponse,
  TestGatewayCard,
  TestGatewayPay,
  Variant,
  WireAddress,
  WireContactDetails,
} from '@vitrine/contract';
