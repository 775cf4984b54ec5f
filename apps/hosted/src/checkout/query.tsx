import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@vitrine/sdk/react';
import type { ReactNode } from 'react';

/** The checkout pages' server data lives in one TanStack Query cache for the page view. */
const client = createQueryClient();

export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
