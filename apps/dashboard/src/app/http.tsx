/**
 * How the dashboard calls the API: one `HttpClient` (`@vitrine/sdk`) for the whole app, same-origin,
 * with the staff session's cookie (http-only, sent by the browser) and its CSRF token in
 * `X-CSRF-Token`, read from the cached session (`['staff', 'me']`). It never sends
 * `Authorization`: a request carrying one is judged by it alone. Features get it with `useHttp()`
 * and hand it to the SDK's query and mutation options:
 *
 *   const http = useHttp();
 *   const orders = useQuery(adminOrderQueries.search(http, search));
 *   const capture = useMutation(adminOrderMutations.capture(http));
 */
import type { QueryClient } from '@tanstack/react-query';
import { createHttpClient, errorCode, staffHeaders, type HttpClient, type StaffSession } from '@vitrine/sdk';
import { STAFF_SESSION_KEY } from '@vitrine/sdk/react';
import { createContext, useContext, type ReactNode } from 'react';

export function createDashboardHttp(queryClient: QueryClient): HttpClient {
  return createHttpClient({
    baseUrl: window.location.origin,
    fetch: (input, init) => window.fetch(input, { ...init, credentials: 'same-origin' }),
    getAuthHeaders: () =>
      staffHeaders(queryClient.getQueryData<StaffSession | null>(STAFF_SESSION_KEY)?.csrfToken),
    onError: (e) => {
      // The session ended (expired, or signed out everywhere from another device): back to sign-in.
      // A wrong current password (a new password's form) is a 401 too, of a session that goes on.
      if (
        e.status === 401 &&
        errorCode(e) !== 'INVALID_CREDENTIALS' &&
        queryClient.getQueryData(STAFF_SESSION_KEY)
      )
        queryClient.setQueryData(STAFF_SESSION_KEY, null);
      // A stale CSRF token: read the session again, so that the next attempt carries the right one.
      if (errorCode(e) === 'CSRF_TOKEN_INVALID')
        void queryClient.invalidateQueries({ queryKey: STAFF_SESSION_KEY });
    },
  });
}

const HttpContext = createContext<HttpClient | null>(null);

export function HttpProvider({ http, children }: { http: HttpClient; children: ReactNode }) {
  return <HttpContext value={http}>{children}</HttpContext>;
}

export function useHttp(): HttpClient {
  const http = useContext(HttpContext);
  if (!http) throw new Error('useHttp() outside <HttpProvider>');
  return http;
}
