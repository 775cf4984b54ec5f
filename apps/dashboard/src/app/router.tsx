/**
 * The route table: the sign-in pages, then the signed-in shell with every feature's routes
 * (`features.ts`), all under the `/dashboard` basename. Pages are code-split with React Router's
 * `lazy` (a feature's route: `{ path, lazy: () => import('./list/orders-page.tsx').then((m) => ({ Component: m.OrdersPage })) }`).
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { authUrls } from '../features/auth/urls.ts';
import type { Feature } from './feature.ts';
import { NotFound, RouteError } from './not-found.tsx';
import { RequireStaff } from './session.tsx';
import { Shell } from './shell.tsx';

export const BASENAME = '/dashboard';

export function dashboardRoutes(features: readonly Feature[]): RouteObject[] {
  return [
    {
      path: authUrls.login.path,
      lazy: () => import('../features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
      errorElement: <RouteError />,
    },
    {
      path: authUrls.setup.path,
      lazy: () => import('../features/auth/setup-page.tsx').then((m) => ({ Component: m.SetupPage })),
      errorElement: <RouteError />,
    },
    {
      path: authUrls.invite.path,
      lazy: () => import('../features/auth/invite-page.tsx').then((m) => ({ Component: m.InvitePage })),
      errorElement: <RouteError />,
    },
    {
      element: (
        <RequireStaff>
          <Shell features={features} />
        </RequireStaff>
      ),
      errorElement: <RouteError />,
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
