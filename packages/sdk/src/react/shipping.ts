/** Where the store ships, as TanStack Query options over `shippingCalls` (../shipping.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';
import { shippingCalls } from '../shipping.ts';

/** The countries the store ships to, for country lists. */
export const shippingQueries = {
  destinations: (http: HttpClient) =>
    queryOptions({
      queryKey: ['shipping', 'destinations'] as const,
      queryFn: () => shippingCalls.destinations(http),
      staleTime: 5 * 60_000,
    }),
};
