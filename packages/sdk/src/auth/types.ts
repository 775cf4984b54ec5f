/** Shapes shared by the auth helpers (spec §3 "Tokens", §4 login states; contract oauth-identity.md). */

/** `none` after logout or before any token; `visitor` from the anonymous grant; `member` after login. */
export type TokenRole = 'none' | 'visitor' | 'member';

export interface AccessToken {
  value: string;
  /** Seconds since the epoch: `floor(now / 1000) + expires_in` at issue time. */
  expiresAt: number;
}

export interface RefreshToken {
  value: string;
  role: TokenRole;
}

export interface Tokens {
  accessToken: AccessToken;
  refreshToken: RefreshToken;
}

/** Where tokens survive between page loads. All methods are synchronous. */
export interface TokenStorage {
  get(): Tokens | null;
  set(tokens: Tokens): void;
  clear(): void;
}

/** What `createClient` needs from any auth: the headers for one module call. */
export interface AuthStrategy {
  getAuthHeaders(): Promise<Record<string, string>>;
  /**
   * Called once by `createClient` with its host and fetch; a strategy uses them for values
   * it was not given itself.
   */
  attach?(env: { host: string; fetch?: typeof fetch }): void;
  /**
   * The server refused the credentials a call sent (401 `UNAUTHENTICATED`: e.g. the session was
   * ended on another device). True when the strategy has others to try: the call is sent once more.
   */
  refused?(headers: Record<string, string>): boolean;
}

/** PKCE data for one authorization-code flow; keep it (e.g. in sessionStorage) across the redirect. */
export interface OAuthData {
  codeVerifier: string;
  codeChallenge: string;
  state: string;
  /** Undefined for the direct-login (iframe) flow, which has no redirect. */
  redirectUri: string | undefined;
  originalUri: string;
}

export type ResponseMode = 'fragment' | 'query' | 'web_message';
/** `create`: the hosted sign-up page rather than sign-in (OpenID Connect's prompt=create). */
export type Prompt = 'login' | 'none' | 'consent' | 'select_account' | 'create';

export interface AuthUrlOptions {
  prompt?: Prompt;
  responseMode?: ResponseMode;
  sessionToken?: string;
  /** Identity-provider connection id for social login. */
  idp?: string;
}

export interface AuthUrl {
  authUrl: string;
  authorizationEndpoint: string;
  sessionToken: string | null;
}

export interface ParsedAuthResult {
  code: string | null;
  state: string | null;
  error?: string;
  errorDescription?: string | null;
}

export type LoginErrorCode =
  | 'invalidEmail'
  | 'missingCaptchaToken'
  | 'emailAlreadyExists'
  | 'invalidCaptchaToken'
  | 'invalidPassword'
  | 'resetPassword';

export type StateMachineResult =
  | { loginState: 'SUCCESS'; data: { sessionToken: string } }
  | { loginState: 'EMAIL_VERIFICATION_REQUIRED'; data: { stateToken: string } }
  | { loginState: 'OWNER_APPROVAL_REQUIRED' }
  /**
   * Vitrine's addition: the account has an authenticator app (TOTP), so a code is asked next
   * (`processVerification`: six digits from the app, or a recovery code). The platform's SDK
   * answers 'Unknown _state' here.
   */
  | { loginState: 'SECOND_FACTOR_REQUIRED'; data: { stateToken: string } }
  | { loginState: 'FAILURE'; error: string; errorCode?: LoginErrorCode };

export interface CaptchaTokens {
  /** Sent as `{"Recaptcha": …}`. */
  recaptchaToken?: string;
  /** Sent as `{"InvisibleRecaptcha": …}`. */
  invisibleRecaptchaToken?: string;
  /** Sent as `{"NoCaptcha": …}`. */
  noCaptchaToken?: string;
}

export interface RegisterParams {
  email: string;
  password: string;
  /** Identity profile as the contract's `profile` (firstName, lastName, nickname, …). */
  profile?: Record<string, unknown>;
  captchaTokens?: CaptchaTokens;
}

export interface LoginParams {
  email: string;
  password: string;
  captchaTokens?: CaptchaTokens;
}
