import {
  oauthPrompt,
  oauthResponseMode,
  pkceCodeChallenge,
  type AuthRequest,
  type OAuthResponseMode,
} from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { browserSessionOf, openBrowserSession, type BrowserSession } from './browser-sessions.ts';
import { mintCode } from './codes.ts';
import { redeemSession } from './identity.ts';
import * as store from './store.ts';
import { oauthError } from './tokens.ts';
import type { OAuthRuntime } from './runtime.ts';
import { redirectUriAllowed } from './uris.ts';
import { readVisitorLink } from './visitor-link.ts';

/** How the answer reaches the client: a redirect back (query or fragment), or a message to the framing page. */
export type Delivery =
  | { mode: 'query' | 'fragment'; redirectUri: string; params: Record<string, string> }
  | { mode: 'web_message'; targetOrigins: string[]; data: Record<string, string> };

export type AuthorizeOutcome =
  | { kind: 'deliver'; delivery: Delivery; /** a new browser-session cookie to set */ cookie?: string }
  | { kind: 'login'; url: string };

interface Target {
  clientId: string;
  redirectUri: string | null;
  mode: OAuthResponseMode;
  origins: string[];
  state: string | undefined;
}

/**
 * Who asks and where the answer goes. Failing here, nothing is sent to the client: the browser gets
 * an error page (an unregistered redirect URI must never receive a redirect).
 */
async function target(ctx: Ctx, req: AuthRequest): Promise<Target> {
  const client = await store.getClient(ctx.db, req.clientId);
  if (!client) throw oauthError('invalid_client', 'Unknown client', { clientId: req.clientId });
  const mode = oauthResponseMode.safeParse(req.responseMode ?? 'query');
  if (!mode.success)
    throw oauthError('invalid_request', `Unsupported response mode ${req.responseMode}`, {
      responseMode: req.responseMode,
    });
  const redirectUri = req.redirectUri ?? null;
  if (redirectUri === null && mode.data !== 'web_message')
    throw oauthError('invalid_request', 'redirectUri is required');
  if (redirectUri !== null && !redirectUriAllowed(client.redirect_uris, redirectUri)) {
    throw oauthError('invalid_request', 'The redirect URI is not registered for this client', {
      redirectUri,
    });
  }
  if (mode.data === 'web_message' && client.allowed_origins.length === 0) {
    throw oauthError('invalid_client', 'The client allows no origin to receive web messages', {
      clientId: client.id,
    });
  }
  return {
    clientId: client.id,
    redirectUri,
    mode: mode.data,
    origins: client.allowed_origins,
    state: req.state,
  };
}

/** Problems the client is told about (RFC 6749 §4.1.2.1), once it is known where to tell it. */
function requestProblem(req: AuthRequest): { error: string; description: string } | null {
  if (req.responseType !== 'code')
    return {
      error: req.responseType ? 'unsupported_response_type' : 'invalid_request',
      description: 'responseType must be code',
    };
  if (!req.codeChallenge)
    return { error: 'invalid_request', description: 'codeChallenge is required (PKCE)' };
  if (!pkceCodeChallenge.safeParse(req.codeChallenge).success)
    return { error: 'invalid_request', description: 'codeChallenge must be base64url of a SHA-256 digest' };
  if (req.codeChallengeMethod !== 'S256')
    return { error: 'invalid_request', description: 'codeChallengeMethod must be S256' };
  if (req.prompt !== undefined && !oauthPrompt.safeParse(req.prompt).success)
    return { error: 'invalid_request', description: `Unsupported prompt ${req.prompt}` };
  return null;
}

function deliver(t: Target, params: Record<string, string>): Delivery {
  const p = { ...params, ...(t.state !== undefined ? { state: t.state } : {}) };
  return t.mode === 'web_message'
    ? { mode: 'web_message', targetOrigins: t.origins, data: p }
    : { mode: t.mode, redirectUri: t.redirectUri!, params: p };
}

/** The code names the visitor the `auth` redirect session was created by when it says so (signed), else the sign-in's. */
async function withCode(
  ctx: Ctx,
  rt: OAuthRuntime,
  t: Target,
  req: AuthRequest,
  s: BrowserSession,
): Promise<Delivery> {
  const linked = await readVisitorLink(
    rt,
    req.visitorLink,
    { clientId: t.clientId, codeChallenge: req.codeChallenge },
    ctx.clock.now(),
  );
  const code = await mintCode(ctx, {
    clientId: t.clientId,
    redirectUri: t.redirectUri,
    codeChallenge: req.codeChallenge!,
    memberId: s.memberId,
    visitorId: linked ?? s.visitorId,
    browserSessionId: s.id,
  });
  return deliver(t, { code });
}

/** Signs the browser in with a session token (a finished sign-in); null when the token is not valid. */
async function signIn(ctx: Ctx, sessionToken: string, userAgent: string | undefined) {
  const s = await redeemSession(ctx, sessionToken);
  return s ? openBrowserSession(ctx, s.memberId, s.visitorId, userAgent) : null;
}

/** The hosted sign-in page (sign-up for `prompt=create`), carrying the authorize request. */
export function loginPageUrl(ctx: Ctx, req: AuthRequest): string {
  const { sessionToken: _drop, ...rest } = req;
  const params = new URLSearchParams(
    Object.entries(rest).filter(([, v]) => v !== undefined) as [string, string][],
  );
  return `${ctx.config.PUBLIC_URL}/auth/${req.prompt === 'create' ? 'signup' : 'login'}?${params}`;
}

/**
 * `GET /oauth2/authorize`: a session token signs in without a form; a live browser session
 * completes unless the request asks for a login; `prompt=none` never shows a page.
 */
export async function authorize(
  ctx: Ctx,
  rt: OAuthRuntime,
  req: AuthRequest,
  browser: { cookie: string | undefined; userAgent: string | undefined },
): Promise<AuthorizeOutcome> {
  const t = await target(ctx, req);
  const problem = requestProblem(req);
  if (problem)
    return {
      kind: 'deliver',
      delivery: deliver(t, { error: problem.error, error_description: problem.description }),
    };
  if (req.sessionToken) {
    const signedIn = await signIn(ctx, req.sessionToken, browser.userAgent);
    if (signedIn)
      return {
        kind: 'deliver',
        delivery: await withCode(ctx, rt, t, req, signedIn.session),
        cookie: signedIn.cookie,
      };
  } else if (req.prompt !== 'login' && req.prompt !== 'select_account' && req.prompt !== 'create') {
    const session = await browserSessionOf(ctx, browser.cookie);
    if (session) return { kind: 'deliver', delivery: await withCode(ctx, rt, t, req, session) };
  }
  if (req.prompt === 'none')
    return {
      kind: 'deliver',
      delivery: deliver(t, { error: 'login_required', error_description: 'The user is not signed in' }),
    };
  return { kind: 'login', url: loginPageUrl(ctx, req) };
}

/**
 * `POST /oauth2/session`: the hosted sign-in page was opened with no app's request (alone, or by a
 * `login` redirect session): its fresh session token signs the browser in (the cookie value to
 * set), so the store's own authorize request that follows completes without a form.
 */
export async function openSessionWithToken(
  ctx: Ctx,
  sessionToken: string,
  userAgent: string | undefined,
): Promise<string> {
  const signedIn = await signIn(ctx, sessionToken, userAgent);
  if (!signedIn) throw oauthError('login_required', 'The session token is invalid or expired', {}, 401);
  return signedIn.cookie;
}

/** `POST /oauth2/authorize/complete`: the hosted page finishes a request after its form signed the user in. */
export async function completeAuthorize(
  ctx: Ctx,
  rt: OAuthRuntime,
  req: AuthRequest & { sessionToken: string },
  userAgent: string | undefined,
): Promise<{ delivery: Delivery; cookie: string }> {
  const t = await target(ctx, req);
  const problem = requestProblem(req);
  if (problem) throw oauthError(problem.error, problem.description);
  const signedIn = await signIn(ctx, req.sessionToken, userAgent);
  if (!signedIn) throw oauthError('login_required', 'The session token is invalid or expired', {}, 401);
  return { delivery: await withCode(ctx, rt, t, req, signedIn.session), cookie: signedIn.cookie };
}

/** Where a query or fragment delivery sends the browser. */
export function deliveryUrl(d: Extract<Delivery, { redirectUri: string }>): string {
  const u = new URL(d.redirectUri);
  if (d.mode === 'fragment') {
    u.hash = new URLSearchParams(d.params).toString();
  } else {
    for (const [k, v] of Object.entries(d.params)) u.searchParams.set(k, v);
  }
  return u.toString();
}
