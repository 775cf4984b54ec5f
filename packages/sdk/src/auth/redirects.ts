/**
 * Redirect sessions used by the auth flows (contract redirects.md; oauth-identity.md §2) and
 * reading the authorize result back from the redirect URL.
 */
import type { HttpClient } from '../http.ts';
import type { AuthUrl, AuthUrlOptions, OAuthData, ParsedAuthResult, ResponseMode } from './types.ts';

export const REDIRECT_SESSION_PATH = '/_api/redirects-api/v1/redirect-session';

export interface RedirectSession {
  id?: string;
  fullUrl: string;
  urlDetails: { endpoint: string; searchParams?: Record<string, string> };
  sessionToken: string | null;
  shortUrl?: string;
}

/** POST the body as given; the answer's `redirectSession` is required. */
export async function createRedirectSession(http: HttpClient, body: object): Promise<RedirectSession> {
  const answer = await http.request<{ redirectSession?: RedirectSession }>({
    method: 'POST',
    path: REDIRECT_SESSION_PATH,
    body,
  });
  if (!answer.redirectSession || typeof answer.redirectSession.fullUrl !== 'string') {
    throw new Error('The redirect-session answer has no redirectSession.fullUrl');
  }
  return answer.redirectSession;
}

/**
 * The `auth` intent exactly as captured: `authRequest` keys in this order, `sessionToken` and
 * `idp` only when given, `redirectUri` only when the flow has one.
 */
export function authRequestBody(clientId: string, data: OAuthData, o: AuthUrlOptions = {}): object {
  const authRequest = {
    redirectUri: data.redirectUri,
    clientId,
    codeChallenge: data.codeChallenge,
    codeChallengeMethod: 'S256',
    responseMode: o.responseMode ?? 'fragment',
    responseType: 'code',
    scope: 'offline_access',
    state: data.state,
    sessionToken: o.sessionToken,
    idp: o.idp,
  };
  return { auth: { authRequest, prompt: o.prompt ?? 'login' } };
}

export async function getAuthUrl(
  http: HttpClient,
  clientId: string,
  data: OAuthData,
  o: AuthUrlOptions = {},
): Promise<AuthUrl> {
  const session = await createRedirectSession(http, authRequestBody(clientId, data, o));
  return {
    authUrl: session.fullUrl,
    authorizationEndpoint: session.urlDetails.endpoint,
    sessionToken: session.sessionToken ?? null,
  };
}

export function logoutBody(clientId: string, originalUrl: string): object {
  return { logout: { clientId }, callbacks: { postFlowUrl: originalUrl } };
}

/**
 * Reads `code`, `state`, `error`, `error_description` from the fragment (default) or the query
 * string of `url` (the current page's URL in a browser when omitted).
 */
export function parseFromUrl(url?: string, responseMode: ResponseMode = 'fragment'): ParsedAuthResult {
  const href = url ?? (globalThis as { location?: { href?: string } }).location?.href;
  if (href === undefined) throw new Error('parseFromUrl needs a URL outside a browser');
  const parsed = new URL(href);
  const params =
    responseMode === 'query' ? parsed.searchParams : new URLSearchParams(parsed.hash.replace(/^#/, ''));
  const result: ParsedAuthResult = { code: params.get('code'), state: params.get('state') };
  const error = params.get('error');
  if (error !== null) {
    result.error = error;
    result.errorDescription = params.get('error_description');
  }
  return result;
}
