import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import './index.css';
import { ForgotPassword, ResetPassword } from './pages/recovery.tsx';
import { SignIn } from './pages/sign-in.tsx';
import { SignUp } from './pages/sign-up.tsx';
import { AwaitingApproval, NotFound, TotpStep, VerifyEmail } from './pages/steps.tsx';

const router = createBrowserRouter([
  { path: '/', element: <Navigate to={{ pathname: '/login', search: window.location.search }} replace /> },
  { path: '/login', element: <SignIn /> },
  { path: '/signup', element: <SignUp /> },
  { path: '/forgot', element: <ForgotPassword /> },
  { path: '/reset', element: <ResetPassword /> },
  { path: '/verify', element: <VerifyEmail /> },
  { path: '/mfa', element: <TotpStep /> },
  { path: '/pending', element: <AwaitingApproval /> },
  { path: '*', element: <NotFound /> },
], { basename: '/auth' });

createRoot(document.getElementById('root')!).render(<StrictMode><RouterProvider router={router} /></StrictMode>);
