/**
 * The QueryClient every Vitrine React app starts from, with the data-fetching defaults of
 * spec §9: 3 retries in the browser (none on the server, where a failed render must answer at
 * once), backoff min(1000·2ⁿ, 30000) ms, garbage collection after 5 minutes, and a stale time of
 * at least 1000 ms so suspense queries do not refetch straight after they resolve.
 */
import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isVitrineError } from '../errors.ts';

export const QUERY_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;
export const GC_TIME_MS = 5 * 60_000;
export const MIN_STALE_TIME_MS = 1_000;

/** min(1000·2ⁿ, 30000) ms before retry n (n = 0 for the first retry). */
export const retryDelay = (failureCount: number): number =>
  Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);

/**
 * Retry only what can succeed later: network failures, 5xx, 429 and 408. A 4xx answer is the
 * server's considered "no" (not found, validation, forbidden) and would fail the same way again.
 */
export function shouldRetry(failureCount: number, error: unknown, retries = QUERY_RETRIES): boolean {
  if (failureCount >= retries) return false;
  if (!isVitrineError(error) || error.status === undefined) return true;
  return error.status >= 500 || error.status === 429 || error.status === 408;
}

export interface VitrineQueryClientOptions {
  /** `true` while rendering on the server: no retries, and nothing is garbage-collected mid-render. */
  server?: boolean;
  /** Stale time in ms (raised to at least 1000). Default 30 s: catalog data changes rarely. */
  staleTime?: number;
}

export function queryDefaults(o: VitrineQueryClientOptions = {}): DefaultOptions {
  const staleTime = Math.max(MIN_STALE_TIME_MS, o.staleTime ?? 30_000);
  return {
    queries: {
      staleTime,
      gcTime: o.server ? Infinity : GC_TIME_MS,
      retry: o.server ? false : (n, e) => shouldRetry(n, e),
      retryDelay,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  };
}

export function createQueryClient(o: VitrineQueryClientOptions = {}): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults(o) });
}
