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
