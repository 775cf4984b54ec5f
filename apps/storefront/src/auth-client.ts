/** The browser's API client with the OAuth strategy: its own chunk, loaded by the first API call. */
import { createClient, OAuthStrategy, type TokenStorage } from '@vitrine/sdk';

export function createBrowserClient(host: string, clientId: string, tokenStorage: TokenStorage) {
  return createClient({ host, auth: OAuthStrategy({ clientId, tokenStorage }) });
}
