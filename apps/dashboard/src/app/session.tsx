/**
 * The staff session: `RequireStaff` wraps the signed-in shell (a signed-out visitor is sent to
 * `/login?next=<where they were>`), and `useSession()` gives its pages who is signed in.
 */
import { useQuery } from '@tanstack/react-query';
import type { StaffSession } from '@vitrine/sdk';
import { staffQueries } from '@vitrine/sdk/react';
import { Alert, Button, Loading } from '@vitrine/ui';
import { createContext, useContext, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { authUrls } from '../features/auth/urls.ts';
import { errorMessage } from './errors.ts';
import { useHttp } from './http.tsx';

const SessionContext = createContext<StaffSession | null>(null);

export function RequireStaff({ children }: { children: ReactNode }) {
  const http = useHttp();
  const me = useQuery(staffQueries.me(http));
  const location = useLocation();
  if (me.isPending) return <Loading className="py-24" label="Opening the dashboard…" />;
  if (me.isError)
    return (
      <main className="mx-auto max-w-md p-6">
        <Alert>{errorMessage(me.error)}</Alert>
        <Button onClick={() => void me.refetch()}>Try again</Button>
      </main>
    );
  if (!me.data) {
    const here = location.pathname + location.search;
    return <Navigate to={authUrls.login.href(here === '/' ? {} : { next: here })} replace />;
  }
  return <SessionContext value={me.data}>{children}</SessionContext>;
}

/** Who is signed in (inside `RequireStaff`). */
export function useSession(): StaffSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() outside <RequireStaff>');
  return session;
}
