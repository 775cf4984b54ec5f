/**
 * The route table: the sign-in pages, then the signed-in shell with every feature's routes
 * (`features.ts`), all under the `/dashboard` basename. Pages are code-split with React Router's
 * `lazy` (a feature's route: `{ path, lazy: () => import('./list/orders-page.tsx').then((m) => ({ Component: m.OrdersPage })) }`).
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading } from '@vitrine/ui';
import { authUrls } from '../features/auth/urls.ts';
import type { Feature } from './feature.ts';
import { NotFound, RouteError } from './not-found.tsx';
import { RequireStaff } from './session.tsx';
import { Shell } from './shell.tsx';

export const BASENAME = '/dashboard';

/**
 * What the page shows while the first page's code loads (React Router renders it, and warns in the
 * console without one, whenever the route the browser opens is lazy): the same words as the shell's
 * own wait for the session.
 */
const opening = <Loading className="py-24" label="Opening the dashboard…" />;

export function dashboardRoutes(features: readonly Feature[]): RouteObject[] {
  return [
    {
      path: authUrls.login.path,
      lazy: () => import('../features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
      errorElement: <RouteError />,
      hydrateFallbackElement: opening,
    },
    {
      path: authUrls.setup.path,
      lazy: () => import('../features/auth/setup-page.tsx').then((m) => ({ Component: m.SetupPage })),
      errorElement: <RouteError />,
      hydrateFallbackElement: opening,
    },
    {
      path: authUrls.invite.path,
      lazy: () => import('../features/auth/invite-page.tsx').then((m) => ({ Component: m.InvitePage })),
      errorElement: <RouteError />,
      hydrateFallbackElement: opening,
    },
    {
      element: (
        <RequireStaff>
          <Shell features={features} />
        </RequireStaff>
      ),
      errorElement: <RouteError />,
      hydrateFallbackElement: opening,
      children: [
        {
          errorElement: <RouteError />,
          children: [...features.flatMap((f) => f.routes), { path: '*', element: <NotFound /> }],
        },
      ],
    },
  ];
}

export const createDashboardRouter = (features: readonly Feature[]) =>
  createBrowserRouter(dashboardRoutes(features), { basename: BASENAME });
