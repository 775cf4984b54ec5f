/** The dashboard's entry: the query client (spec §9 defaults), the API client, the router. */
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, keepStaffActionsFresh } from '@vitrine/sdk/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { features } from './app/features.ts';
import { createDashboardHttp, HttpProvider } from './app/http.tsx';
import { createDashboardRouter } from './app/router.tsx';
import './index.css';

// The merchant's data changes under them (new orders): answers are fresh for 10 s, not 30.
const queryClient = createQueryClient({ staleTime: 10_000 });
// "Staff changes" on a detail page shows the merchant's own changes as soon as they are made.
keepStaffActionsFresh(queryClient);
const http = createDashboardHttp(queryClient);
const router = createDashboardRouter(features);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <HttpProvider http={http}>
        <RouterProvider router={router} />
      </HttpProvider>
    </QueryClientProvider>
  </StrictMode>,
);
