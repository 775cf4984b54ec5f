/**
 * createClient: the transport bound to one auth. Module calls carry the auth's headers
 * (`Authorization: <access token>`); an OAuthStrategy without its own host/fetch uses the
 * client's, so token requests go through the same injected fetch.
 */
import { createHttpClient } from '../http.ts';
import type { HttpClient, HttpClientOptions } from '../http.ts';
import type { AuthStrategy } from './types.ts';

export interface ClientOptions<A extends AuthStrategy> {
  /** Origin of the Vitrine server, e.g. `https://shop.example.test`. */
  host: string;
  auth: A;
  /** Replaces the global fetch for module calls and (through `attach`) token requests. */
  fetch?: typeof fetch;
  /** Runs before a failed module call's error is rethrown. */
  onError?: HttpClientOptions['onError'];
  /** Static headers sent on every module call. */
  headers?: Record<string, string>;
}

export interface Client<A extends AuthStrategy> extends HttpClient {
  auth: A;
}

export function createClient<A extends AuthStrategy>(o: ClientOptions<A>): Client<A> {
  o.auth.attach?.({ host: o.host, fetch: o.fetch });
  const http = createHttpClient({
    baseUrl: o.host,
    fetch: o.fetch,
    getAuthHeaders: () => o.auth.getAuthHeaders(),
    onError: o.onError,
    headers: o.headers,
    onRefused: (sent) => o.auth.refused?.(sent) ?? false,
  });
  return { request: http.request, auth: o.auth };
}
