import { QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useRoutes } from 'react-router';
import { EnvProvider, type Env } from './env.tsx';
import { routes } from './routes.tsx';

/** The providers around the routes, the same on the server and in the browser. */
export function Providers({
  env,
  queryClient,
  children,
}: {
  env: Env;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <EnvProvider env={env}>{children}</EnvProvider>
    </QueryClientProvider>
  );
}

export function AppRoutes() {
  return useRoutes(routes);
}

/** What the server hands to the browser in the page (a JSON data block, never executed). */
export interface PageState {
  clientId: string;
  origin: string;
  storeName: string;
  /** TanStack Query's dehydrated cache. */
  queries: DehydratedState;
}
export const STATE_ELEMENT_ID = 'vitrine-state';
