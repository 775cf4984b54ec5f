import type { QueryClient } from '@tanstack/react-query';
import type { OAuthData, OAuthStrategy, Tokens } from '@vitrine/sdk';
import { cartQueries, memberQueries, orderQueries } from '@vitrine/sdk/react';
import { announceSignIn, BLOCKED_ACCOUNT_WORDS } from '@vitrine/ui';
import { cartHint, setCartHint } from './cart.ts';
import type { Env } from './env.tsx';
import { leaveNotice } from './notice.tsx';

const OAUTH_DATA = 'vitrine.shop.oauth';

/** The OAuth strategy (browser only). */
export async function auth(env: Env): Promise<OAuthStrategy> {
  if (!env.auth) throw new Error('Sign-in needs a browser');
  return env.auth.get();
}

/**
 * Keeps member tokens and refreshes what depends on who the shopper is. `newMember`: the account was
 * made just now, so it has no cart of its own (only the visitor's, handed over).
 */
export async function signedIn(
  env: Env,
  queryClient: QueryClient,
  tokens: Tokens,
  o: { newMember?: boolean } = {},
): Promise<void> {
  (await env.auth?.get())?.setTokens(tokens);
  env.session.changed();
  // A hosted sign-in page waiting on a code in another tab moves on (this browser is signed in).
  announceSignIn();
  queryClient.removeQueries({ queryKey: memberQueries.all() });
  queryClient.removeQueries({ queryKey: orderQueries.all() });
  // The server hands the visitor's cart over to the member on the member's first cart call; without
  // one, a member who signed in may still have a cart of their own (one who just signed up has not).
  if (cartHint() === 'none' && !o.newMember) setCartHint(undefined);
  await queryClient.invalidateQueries({ queryKey: cartQueries.all() });
}

/** Direct login: the session token of a successful login/register becomes member tokens (hidden iframe). */
export async function finishDirectLogin(
  env: Env,
  queryClient: QueryClient,
  sessionToken: string,
  o: { newMember?: boolean } = {},
): Promise<void> {
  const tokens = await (await auth(env)).getMemberTokensForDirectLogin(sessionToken);
  await signedIn(env, queryClient, tokens, o);
}

/** Only same-origin paths: a query parameter must never become an open redirect. */
export function safePath(raw: string | null | undefined, fallback = '/account'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}

/**
 * "Continue with hosted login": the platform's sign-in page, back to /callback with a code.
 * `o.signedIn`: the hosted page has just signed this browser in, so no page is shown (`prompt=none`);
 * `o.signUp`: its sign-up page instead (`prompt=create`).
 */
export async function startHostedLogin(
  env: Env,
  returnTo: string,
  o: { signedIn?: boolean; signUp?: boolean } = {},
): Promise<void> {
  const a = await auth(env);
  const data = await a.generateOAuthData(`${env.origin}/callback`, returnTo);
  sessionStorage.setItem(OAUTH_DATA, JSON.stringify(data));
  const { authUrl } = await a.getAuthUrl(data, {
    responseMode: 'query',
    ...(o.signedIn ? { prompt: 'none' as const } : o.signUp ? { prompt: 'create' as const } : {}),
  });
  window.location.assign(authUrl);
}

/** On /callback: the code and state of the URL become member tokens; answers where to go next. */
export async function finishHostedLogin(env: Env, queryClient: QueryClient): Promise<string> {
  const a = await auth(env);
  const raw = sessionStorage.getItem(OAUTH_DATA);
  if (!raw) throw new Error('This sign-in link has expired. Please sign in again.');
  sessionStorage.removeItem(OAUTH_DATA);
  const data = JSON.parse(raw) as OAuthData;
  const { code, state, error, errorDescription } = a.parseFromUrl(window.location.href, 'query');
  if (error) throw new Error(errorDescription ?? error);
  await signedIn(env, queryClient, await a.getMemberTokens(code, state, data));
  return safePath(data.originalUri);
}

/**
 * Signs out: ends the platform session, clears tokens and everything cached about the shopper.
 * `o.notice`: said once on the home page it leads to (`notice.tsx`).
 */
export async function signOut(
  env: Env,
  queryClient: QueryClient,
  o: { notice?: string } = {},
): Promise<void> {
  const { logoutUrl } = await (await auth(env)).logout(`${env.origin}/`);
  if (o.notice) leaveNotice(o.notice, '/');
  queryClient.clear();
  setCartHint('none');
  env.session.changed();
  window.location.assign(logoutUrl);
}

/**
 * The member's session ended without a sign-out here: the SDK's renewal was refused (the password was
 * changed on another device, the account blocked or deleted) and it went on as a new visitor. What
 * was the member's is forgotten, pages follow (the account sends to sign-in), and the sign-in page
 * says why: `reason` is the refusal's (MEMBER_BLOCKED: the store blocked the account).
 */
export function sessionEnded(env: Env, queryClient: QueryClient, reason?: string): void {
  leaveNotice(
    reason === 'MEMBER_BLOCKED' ? BLOCKED_ACCOUNT_WORDS : 'You were signed out. Please sign in again.',
    '/login',
  );
  queryClient.removeQueries({ queryKey: memberQueries.all() });
  queryClient.removeQueries({ queryKey: orderQueries.all() });
  // The new visitor has no cart (the member's stays theirs).
  setCartHint('none');
  queryClient.removeQueries({ queryKey: cartQueries.all() });
  env.session.changed();
}
