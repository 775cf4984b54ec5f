/**
 * OAuthStrategy: the visitor/member token lifecycle of spec §4–§5 and the browser login flows
 * of contract oauth-identity.md §1–§4, on top of the transport in ../http.ts.
 */
import { createHttpClient } from '../http.ts';
import type { HttpClient } from '../http.ts';
import { browserWindow, waitForFrameMessage } from './direct-login.ts';
import type { BrowserWindow } from './direct-login.ts';
import * as identity from './identity.ts';
import { generateOAuthData } from './pkce.ts';
import type { OAuthDataOptions } from './pkce.ts';
import { createRedirectSession, getAuthUrl, logoutBody, parseFromUrl } from './redirects.ts';
import {
  accessTokenFrom,
  emptyTokens,
  isTokenExpired,
  issuedTokens,
  requestTokens,
  tokenRefusal,
} from './token-endpoint.ts';
import type { TokenEndpoint } from './token-endpoint.ts';
import type {
  AuthStrategy,
  AuthUrl,
  AuthUrlOptions,
  LoginParams,
  OAuthData,
  ParsedAuthResult,
  RefreshToken,
  RegisterParams,
  ResponseMode,
  StateMachineResult,
  Tokens,
  TokenStorage,
} from './types.ts';

export interface OAuthStrategyOptions {
  clientId: string;
  /** Origin of the Vitrine server; taken from `createClient` when omitted. */
  host?: string;
  /** Used for token requests and the helpers' calls; taken from `createClient` when omitted. */
  fetch?: typeof fetch;
  /** Where tokens are kept between page loads; read once at creation, written on every change. */
  tokenStorage?: TokenStorage;
  /** Initial tokens (win over stored ones, and are written to the storage). */
  tokens?: Tokens;
  /** Clock in milliseconds (default `Date.now`); expiry is judged against it. */
  now?: () => number;
  /** Extra headers for every `POST /oauth2/token` (contract §1 `tokenRequestOptions.headers`). */
  tokenRequestOptions?: { headers?: Record<string, string> };
  /** The browser window for direct login (default: the global `window`). */
  window?: BrowserWindow;
  /**
   * Called when the server refuses to renew the tokens (before the strategy goes on as a new
   * visitor), with the refusal's code and `data.reason` when it gave them (MEMBER_BLOCKED: the
   * store blocked the member): a front end can say why the member was signed out.
   */
  onRenewalRefused?: (refusal: { code?: string; reason?: string }) => void;
}

export interface OAuthStrategy extends AuthStrategy {
  getAuthHeaders(): Promise<{ Authorization: string }>;
  attach(env: { host: string; fetch?: typeof fetch }): void;
  refused(headers: Record<string, string>): boolean;
  getTokens(): Tokens;
  setTokens(tokens: Tokens): void;
  loggedIn(): boolean;
  /** Returns `tokens` while valid, else renews them, else (or without tokens) a new visitor grant. Stores nothing. */
  generateVisitorTokens(tokens?: Partial<Tokens>): Promise<Tokens>;
  /** The refresh grant; keeps the given refresh token (default: the current one). Stores nothing. */
  renewToken(refreshToken?: RefreshToken): Promise<Tokens>;
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
  generateOAuthData(
    redirectUri: string,
    originalUri?: string,
    options?: OAuthDataOptions,
  ): Promise<OAuthData>;
  getAuthUrl(oauthData: OAuthData, options?: AuthUrlOptions): Promise<AuthUrl>;
  parseFromUrl(url?: string, responseMode?: ResponseMode): ParsedAuthResult;
  /** The authorization-code grant; returns member tokens without storing them (call setTokens). */
  getMemberTokens(
    code: string | null | undefined,
    state: string | null | undefined,
    oauthData: OAuthData,
  ): Promise<Tokens>;
  /** Browser only: exchanges a login/register session token through a hidden iframe. Stores nothing. */
  getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens>;
  register(params: RegisterParams): Promise<StateMachineResult>;
  login(params: LoginParams): Promise<StateMachineResult>;
  processVerification(
    inputs: { verificationCode: string },
    state?: StateMachineResult,
  ): Promise<StateMachineResult>;
  sendPasswordResetEmail(email: string, redirectUri: string): Promise<void>;
}

const copy = (t: Tokens): Tokens => ({
  accessToken: { ...t.accessToken },
  refreshToken: { ...t.refreshToken },
});

export function OAuthStrategy(options: OAuthStrategyOptions): OAuthStrategy {
  const { clientId, tokenStorage } = options;
  const now = options.now ?? (() => Date.now());
  let attached: { host: string; fetch?: typeof fetch } | undefined;
  let inner: HttpClient | undefined;

  let tokens: Tokens = options.tokens ? copy(options.tokens) : (tokenStorage?.get() ?? emptyTokens());
  if (options.tokens) tokenStorage?.set(copy(tokens));
  /** Bumped by every explicit change, so a token fetch that started before one does not overwrite it. */
  let generation = 0;
  let pending: Promise<Tokens> | undefined;
  /** The last register/login/verification result (its state token feeds processVerification). */
  let loginState: StateMachineResult | undefined;

  const endpoint = (): TokenEndpoint => {
    const host = options.host ?? attached?.host;
    if (!host) throw new Error('OAuthStrategy needs a host: pass `host`, or use it through createClient');
    const custom = options.fetch ?? attached?.fetch;
    // Called detached, so a browser's window.fetch keeps a valid `this`.
    const doFetch: typeof fetch = custom ?? ((input, init) => globalThis.fetch(input, init));
    return { host, fetch: doFetch, headers: options.tokenRequestOptions?.headers };
  };
  /** The helpers' own client: same host and fetch, Authorization = the current access token. */
  const http = (): HttpClient => {
    if (!inner) {
      const e = endpoint();
      inner = createHttpClient({
        baseUrl: e.host,
        fetch: e.fetch,
        getAuthHeaders: strategy.getAuthHeaders,
        onRefused: strategy.refused,
      });
    }
    return inner;
  };
  const store = (next: Tokens): void => {
    tokens = copy(next);
    generation++;
    tokenStorage?.set(copy(next));
  };

  const anonymous = async (): Promise<Tokens> =>
    issuedTokens(await requestTokens(endpoint(), { clientId, grantType: 'anonymous' }), 'visitor', now());

  const renewToken = async (refreshToken: RefreshToken = tokens.refreshToken): Promise<Tokens> => {
    const answer = await requestTokens(endpoint(), {
      clientId,
      refreshToken: refreshToken.value,
      grantType: 'refresh_token',
    });
    // The old refresh token is kept; a new one in the answer is ignored (contract §1).
    return { accessToken: accessTokenFrom(answer, now()), refreshToken: { ...refreshToken } };
  };

  const generateVisitorTokens = async (given?: Partial<Tokens>): Promise<Tokens> => {
    const { accessToken, refreshToken } = given ?? {};
    if (accessToken?.value && refreshToken?.value && !isTokenExpired(accessToken, now())) {
      return copy({ accessToken, refreshToken });
    }
    if (refreshToken?.value) {
      try {
        return await renewToken(refreshToken);
      } catch (e) {
        // Renewal failed (revoked, expired, server error): start over as a visitor (spec §4).
        const refusal = tokenRefusal(e);
        if (refusal) options.onRenewalRefused?.(refusal);
      }
    }
    return anonymous();
  };

  const getMemberTokens = async (
    code: string | null | undefined,
    state: string | null | undefined,
    data: OAuthData,
  ): Promise<Tokens> => {
    if (!code || !state) throw new Error('Missing code or _state');
    if (state !== data.state) throw new Error('Invalid _state');
    try {
      const grant = {
        clientId,
        grantType: 'authorization_code' as const,
        redirectUri: data.redirectUri || undefined,
        code,
        codeVerifier: data.codeVerifier,
      };
      return issuedTokens(await requestTokens(endpoint(), grant), 'member', now());
    } catch (e) {
      throw new Error('Failed to get member tokens', { cause: e });
    }
  };

  const strategy: OAuthStrategy = {
    async getAuthHeaders() {
      const current = tokens.accessToken;
      if (current.value && !isTokenExpired(current, now())) return { Authorization: current.value };
      // One token request at a time: concurrent calls share it.
      if (!pending) {
        const startedAt = generation;
        pending = generateVisitorTokens({ refreshToken: tokens.refreshToken })
          .then((next) => {
            if (generation === startedAt) store(next);
            return next;
          })
          .finally(() => {
            pending = undefined;
          });
      }
      const next = await pending;
      // setTokens() during the fetch wins when what it set is usable.
      const latest = tokens.accessToken;
      const usable = latest.value && !isTokenExpired(latest, now());
      return { Authorization: usable ? latest.value : next.accessToken.value };
    },
    attach(env) {
      attached = env;
      inner = undefined;
    },
    refused(sent) {
      // The current access token was refused before its time (its session ended elsewhere, the
      // member was blocked): renew it as if expired. A refused renewal makes a visitor (spec §4).
      const current = tokens.accessToken;
      if (!current.value || sent.Authorization !== current.value || !tokens.refreshToken.value) return false;
      tokens = { ...tokens, accessToken: { ...current, expiresAt: 0 } };
      return true;
    },
    getTokens: () => copy(tokens),
    setTokens: (next) => store(next),
    loggedIn: () => tokens.refreshToken.role === 'member',
    generateVisitorTokens,
    renewToken,
    async logout(originalUrl) {
      const session = await createRedirectSession(http(), logoutBody(clientId, originalUrl));
      tokens = emptyTokens();
      generation++;
      loginState = undefined;
      tokenStorage?.clear();
      return { logoutUrl: session.fullUrl };
    },
    generateOAuthData: (redirectUri, originalUri, o) => generateOAuthData(redirectUri, originalUri, o),
    getAuthUrl: (data, o) => getAuthUrl(http(), clientId, data, o),
    parseFromUrl: (url, mode) => parseFromUrl(url, mode),
    getMemberTokens,
    async getMemberTokensForDirectLogin(sessionToken) {
      const win = options.window ?? browserWindow();
      if (!win) throw new Error('getMemberTokensForDirectLogin needs a browser window');
      const data = await generateOAuthData(undefined);
      const { authUrl } = await getAuthUrl(http(), clientId, data, {
        prompt: 'none',
        responseMode: 'web_message',
        sessionToken,
      });
      const message = await waitForFrameMessage(win, authUrl, data.state);
      if (!message.code) {
        throw new Error('Missing code or _state', {
          cause: { error: message.error, errorDescription: message.errorDescription },
        });
      }
      return getMemberTokens(message.code, message.state, data);
    },
    async register(params) {
      loginState = await identity.register(http(), params);
      return loginState;
    },
    async login(params) {
      loginState = await identity.login(http(), params);
      return loginState;
    },
    async processVerification(inputs, state) {
      const from = state ?? loginState;
      const result = await identity.verify(http(), from, inputs.verificationCode);
      // A failed attempt keeps the verification state, so the code can be entered again.
      const codeStep =
        from?.loginState === 'EMAIL_VERIFICATION_REQUIRED' || from?.loginState === 'SECOND_FACTOR_REQUIRED';
      if (!(result.loginState === 'FAILURE' && codeStep)) loginState = result;
      return result;
    },
    sendPasswordResetEmail: (email, redirectUri) =>
      identity.sendRecoveryEmail(http(), clientId, email, redirectUri),
  };
  return strategy;
}
