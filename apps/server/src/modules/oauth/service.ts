import type { AuthRequest } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { closeBrowserSession } from './browser-sessions.ts';
import * as store from './store.ts';
import { oauthError } from './tokens.ts';
import { originOf, redirectUriAllowed, urlOnOrigins } from './uris.ts';

/**
 * What other modules may use of the OAuth server. Logout and password changes revoke tokens here;
 * blocking and deleting members deny their access tokens here; the redirects module checks clients
 * and URLs here.
 */
export { revokeRefreshToken, revokeTokensOf } from './tokens.ts';
export { allowAccess, denyAccess } from './denials.ts';
export { createOAuth, type OAuthRuntime } from './runtime.ts';
export { signVisitorLink } from './visitor-link.ts';

export async function clientExists(ctx: Ctx, clientId: string): Promise<boolean> {
  return (await store.getClient(ctx.db, clientId)) !== undefined;
}

/** Checks an authorize request's client and redirect URI (400 `invalid_client` / `invalid_request`). */
export async function checkAuthRequestTarget(
  ctx: Ctx,
  req: Pick<AuthRequest, 'clientId' | 'redirectUri'>,
): Promise<void> {
  const client = await store.getClient(ctx.db, req.clientId);
  if (!client) throw oauthError('invalid_client', 'Unknown client', { clientId: req.clientId });
  if (req.redirectUri !== undefined && !redirectUriAllowed(client.redirect_uris, req.redirectUri)) {
    throw oauthError('invalid_request', 'The redirect URI is not registered for this client', {
      redirectUri: req.redirectUri,
    });
  }
}

/**
 * Whether a page may send the browser to `url` afterwards: it must be on an origin the client allows
 * (any client's, when none is named) or on PUBLIC_URL's origin.
 */
export async function urlAllowedForClient(ctx: Ctx, url: string, clientId?: string): Promise<boolean> {
  const origins =
    clientId === undefined
      ? await store.allAllowedOrigins(ctx.db)
      : ((await store.getClient(ctx.db, clientId))?.allowed_origins ?? []);
  return urlOnOrigins(url, [...origins, new URL(ctx.config.PUBLIC_URL).origin]);
}

/**
 * After the hosted page signed a browser in with no app's request (a `login` redirect session): a
 * `postFlowUrl` on another origin that a client allows is a front end of its own, and the browser
 * goes back there (its own authorize request, `prompt=none`, then finds the browser signed in). The
 * URL came unsigned in the page's address, so it is checked again here: never an open redirect.
 * Undefined: none, one on the store's origin, or one no client allows; the page goes on to the
 * store's own sign-in.
 */
export async function frontEndAfterSignIn(ctx: Ctx, postFlowUrl: string | undefined) {
  const origin = postFlowUrl === undefined ? null : originOf(postFlowUrl);
  if (origin === null || origin === new URL(ctx.config.PUBLIC_URL).origin) return undefined;
  return (await urlAllowedForClient(ctx, postFlowUrl!)) ? postFlowUrl : undefined;
}

/** `GET /oauth2/logout`: ends the browser session; returns where to send the browser next. */
export async function logout(
  ctx: Ctx,
  cookieHeader: string | undefined,
  o: { clientId?: string; postFlowUrl?: string },
): Promise<string> {
  await closeBrowserSession(ctx, cookieHeader);
  if (
    o.postFlowUrl !== undefined &&
    o.clientId !== undefined &&
    (await urlAllowedForClient(ctx, o.postFlowUrl, o.clientId))
  )
    return o.postFlowUrl;
  return `${ctx.config.PUBLIC_URL}/`;
}
