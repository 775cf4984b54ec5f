import { useEffect, useRef } from 'react';
import { buttonClass, Card, LoadingSkeleton, PageHeading, Skeleton } from '@vitrine/ui';
import { Shell } from './parts.tsx';
import { shopOrigin } from './session.ts';

/** The page has no session: the link was spent or expired elsewhere, this browser never opened it, or its order is placed. */
export function LostSession({ message, placed = false }: { message: string; placed?: boolean }) {
  const shop = shopOrigin();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Shell>
      <Card className="mx-auto max-w-lg">
        <PageHeading ref={heading} tabIndex={-1} size="md" className="mb-3 outline-none">
          {placed ? 'This order has been placed' : 'This checkout link has expired'}
        </PageHeading>
        <div role={placed ? 'status' : 'alert'} className="mb-4">
          <p>{message}</p>
          {!placed && (
            <p className="mt-2">
              A checkout link opens once, for 30 minutes, and then only in the browser that opened it. Go back
              to the shop and select “Checkout” again; your cart is still there.
            </p>
          )}
        </div>
        {shop ? (
          <a href={shop} className={buttonClass()}>
            Go back to the shop ({new URL(shop).host})
          </a>
        ) : (
          <p className="text-sm text-muted">Go back to the shop you came from to continue.</p>
        )}
      </Card>
    </Shell>
  );
}

/** The checkout's shape while it loads: the steps and the summary as skeletons, the label read to screen readers. */
export function Loading({ what }: { what: string }) {
  return (
    <Shell>
      <LoadingSkeleton label={what} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="space-y-3">
          <Skeleton className="h-7 w-1/2" />
          <Skeleton className="h-11" />
          <Skeleton className="h-11" />
          <Skeleton className="h-11 w-2/3" />
        </Card>
        <Card className="space-y-3">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-14" />
          <Skeleton className="w-2/3" />
        </Card>
      </LoadingSkeleton>
    </Shell>
  );
}
