import { Loading } from '@vitrine/ui';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import './index.css';
import { ForgotPassword, ResetPassword } from './pages/recovery.tsx';
import { SignIn } from './pages/sign-in.tsx';
import { SignUp } from './pages/sign-up.tsx';
import { AwaitingApproval, NotFound, TotpStep, VerifyEmail } from './pages/steps.tsx';

// The hosted checkout (`/checkout`, outside the /auth basename) is its own lazily loaded chunk.
const CheckoutPage = lazy(() =>
  import('./checkout/checkout-page.tsx').then((m) => ({ default: m.CheckoutPage })),
);
const ThankYouPage = lazy(() =>
  import('./checkout/thank-you.tsx').then((m) => ({ default: m.ThankYouPage })),
);
const loading = <Loading className="py-20" />;
const checkoutRouter = () =>
  createBrowserRouter([
    {
      path: '/checkout',
      element: (
        <Suspense fallback={loading}>
          <CheckoutPage />
        </Suspense>
      ),
    },
    {
      path: '/checkout/thank-you',
      element: (
        <Suspense fallback={loading}>
          <ThankYouPage />
        </Suspense>
      ),
    },
    { path: '*', element: <NotFound /> },
  ]);

const authRouter = () =>
  createBrowserRouter(
    [
      {
        path: '/',
        element: <Navigate to={{ pathname: '/login', search: window.location.search }} replace />,
      },
      { path: '/login', element: <SignIn /> },
      { path: '/signup', element: <SignUp /> },
      { path: '/forgot', element: <ForgotPassword /> },
      { path: '/reset', element: <ResetPassword /> },
      { path: '/verify', element: <VerifyEmail /> },
      { path: '/mfa', element: <TotpStep /> },
      { path: '/pending', element: <AwaitingApproval /> },
      { path: '*', element: <NotFound /> },
    ],
    { basename: '/auth' },
  );
const router = /^\/checkout(\/|$)/.test(window.location.pathname) ? checkoutRouter() : authRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
