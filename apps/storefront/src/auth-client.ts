/** The browser's API client with the OAuth strategy: its own chunk, loaded by the first API call. */
import { createClient, OAuthStrategy, type TokenStorage } from '@vitrine/sdk';
import { cartHint, setCartHint } from './cart.ts';

export function createBrowserClient(host: string, clientId: string, tokenStorage: TokenStorage) {
  // A visitor without tokens has no cart. The first call of any kind (a recommendation rail) makes
  // their tokens, after which that could no longer be told: remember it before it is made.
  if (cartHint() === 'none') setCartHint('none');
  return createClient({ host, auth: OAuthStrategy({ clientId, tokenStorage }) });
}
