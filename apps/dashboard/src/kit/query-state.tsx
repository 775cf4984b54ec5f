/**
 * What a page shows while its data loads or when it failed: a skeleton with a spoken label, or the
 * API's words and "Try again". `children` runs with the data once it is there.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, LoadingSkeleton, Skeleton } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { errorMessage } from '../app/errors.ts';

export function QueryState<T>({
  query,
  label,
  children,
  height = 'h-48',
}: {
  query: UseQueryResult<T>;
  /** What is loading, for screen readers ("Loading coupons…"). */
  label: string;
  children: (data: T) => ReactNode;
  height?: string;
}) {
  if (query.isError && query.data === undefined)
    return (
      <div className="mb-4">
        <Alert>{errorMessage(query.error)}</Alert>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (query.data === undefined)
    return (
      <LoadingSkeleton label={label} className="mb-4">
        <Skeleton className={`${height} rounded-2xl`} />
      </LoadingSkeleton>
    );
  // Data from before, and a refresh that failed: show both.
  return (
    <>
      {query.isError && <Alert>{`Could not refresh: ${errorMessage(query.error)}`}</Alert>}
      {children(query.data)}
    </>
  );
}
