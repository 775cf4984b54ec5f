import { Alert, Button, linkClass, PageHeading } from '@vitrine/ui';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTitle } from './title.ts';

export function NotFound() {
  useTitle('Page not found');
  return (
    <>
      <PageHeading>Page not found</PageHeading>
      <p>
        There is no such page in the dashboard.{' '}
        <Link to="/" className={linkClass}>
          Go to Home
        </Link>
      </p>
    </>
  );
}

/** What a page shows when it failed to load or crashed (a new version deployed, a bug). */
export function RouteError() {
  const error = useRouteError();
  useTitle('Something went wrong');
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <div className="mx-auto max-w-xl p-6">
      <PageHeading>Something went wrong</PageHeading>
      <Alert live={false}>This page could not be shown: {text}</Alert>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </div>
  );
}
