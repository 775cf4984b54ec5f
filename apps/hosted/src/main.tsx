import { Loading } from '@vitrine/ui';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
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

// Declarative routes (no data router: nothing here loads data through the router, and data mode
// costs ≈ 17 KB more gzipped, on the checkout's first load too).
const checkoutRoutes = (
  <BrowserRouter>
    <Routes>
      <Route
        path="/checkout"
        element={
          <Suspense fallback={loading}>
            <CheckoutPage />
          </Suspense>
        }
      />
      <Route
        path="/checkout/thank-you"
        element={
          <Suspense fallback={loading}>
            <ThankYouPage />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  </BrowserRouter>
);

const authRoutes = (
  <BrowserRouter basename="/auth">
    <Routes>
      <Route
        path="/"
        element={<Navigate to={{ pathname: '/login', search: window.location.search }} replace />}
      />
      <Route path="/login" element={<SignIn />} />
      <Route path="/signup" element={<SignUp />} />
      <Route path="/forgot" element={<ForgotPassword />} />
      <Route path="/reset" element={<ResetPassword />} />
      <Route path="/verify" element={<VerifyEmail />} />
      <Route path="/mfa" element={<TotpStep />} />
      <Route path="/pending" element={<AwaitingApproval />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  </BrowserRouter>
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>{/^\/checkout(\/|$)/.test(window.location.pathname) ? checkoutRoutes : authRoutes}</StrictMode>,
);
