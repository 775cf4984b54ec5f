/** The browser's API client with the OAuth strategy: its own chunk, loaded by the first API call. */
import type { QueryClient } from '@tanstack/react-query';
import { createClient, OAuthStrategy, type TokenStorage, type Tokens } from '@vitrine/sdk';
import { cartHint, setCartHint } from './cart.ts';
import type { Env } from './env.tsx';

const isMember = (t: Tokens | null) => t?.refreshToken.role === 'member';

export function createBrowserClient(env: Env, queryClient: QueryClient, stored: TokenStorage) {
  // A visitor without tokens has no cart. The first call of any kind (a recommendation rail) makes
  // their tokens, after which that could no longer be told: remember it before it is made.
  if (cartHint() === 'none') setCartHint('none');
  // Member tokens replaced by a visitor's without a sign-out (which clears them first): the SDK's
  // renewal was refused, so the member's session is over; the refusal says why when the store
  // blocked the member. (That code loads then: not with the client.)
  let refusedBecause: string | undefined;
  const tokenStorage: TokenStorage = {
    get: stored.get,
    clear: stored.clear,
    set(next) {
      const ended = isMember(stored.get()) && !isMember(next);
      const reason = refusedBecause;
      refusedBecause = undefined;
      stored.set(next);
      if (ended) void import('./session.ts').then((m) => m.sessionEnded(env, queryClient, reason));
    },
  };
  const onRenewalRefused = (r: { reason?: string }) => {
    refusedBecause = r.reason;
  };
  return createClient({
    host: window.location.origin,
    auth: OAuthStrategy({ clientId: env.clientId, tokenStorage, onRenewalRefused }),
  });
}
