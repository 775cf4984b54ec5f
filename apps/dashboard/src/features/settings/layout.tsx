/**
 * The owners' gate around every settings page. A contributor (the session says so) sees "Only
 * owners can change settings" instead of the page. The server is the judge: whenever an answer
 * inside these pages is 403 `OWNER_ONLY` (an owner demoted meanwhile), the page says the same and
 * the session is read again (the navigation then drops Settings).
 */
import { useQueryClient } from '@tanstack/react-query';
import { errorCode } from '@vitrine/sdk';
import { STAFF_SESSION_KEY } from '@vitrine/sdk/react';
import { Alert, linkClass, PageHeading } from '@vitrine/ui';
import { useEffect, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { useTitle } from '../../app/title.ts';

export function SettingsLayout() {
  const { staff } = useSession();
  const client = useQueryClient();
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    const refusedBy = (e: unknown) => errorCode(e) === 'OWNER_ONLY';
    const seen = () => {
      setRefused(true);
      void client.invalidateQueries({ queryKey: STAFF_SESSION_KEY });
    };
    const queries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && refusedBy(event.query.state.error)) seen();
    });
    const mutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.mutation && refusedBy(event.mutation.state.error)) seen();
    });
    return () => {
      queries();
      mutations();
    };
  }, [client]);
  if (staff.role !== 'OWNER' || refused) return <OwnerOnly />;
  return <Outlet />;
}

export function OwnerOnly() {
  useTitle('Settings');
  return (
    <>
      <PageHeading>Settings</PageHeading>
      <Alert variant="info" live={false}>
        Only owners can change settings.
      </Alert>
      <p className="max-w-prose">
        The store&apos;s settings, payment methods, shipping and tax, staff, API keys, OAuth clients,
        webhooks, mail and jobs are for its owners. Ask an owner if something here needs changing.{' '}
        <Link to="/" className={linkClass}>
          Back to Home
        </Link>
      </p>
    </>
  );
}
