/**
 * `/order-status?token=…`: the link of a visitor's order e-mail. Shows that order (status, what was
 * sent and its tracking, the lines) to whoever holds the link, without signing in: on another
 * device, or after the browser forgot the visitor. A tampered or expired link says so, and where
 * to go instead.
 */
import { useQuery } from '@tanstack/react-query';
import { errorCode } from '@vitrine/sdk';
import { orderQueries } from '@vitrine/sdk/react';
import { Alert, linkClass, Loading, PageHeading } from '@vitrine/ui';
import { Link, useSearchParams } from 'react-router';
import { OrderView } from '../components/order-view.tsx';
import { useEnv } from '../env.tsx';
import { describeError } from '../errors.ts';
import { useTitle } from '../use-title.ts';

const BAD_LINK =
  'This order link is not valid or has expired. The order itself is safe: the store can tell you where it is.';

export function OrderStatusPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { http } = useEnv();
  const opened = useQuery({ ...orderQueries.byLink(http, token), enabled: token !== '' });
  useTitle(opened.data ? `Order #${opened.data.order.number}` : 'Your order');
  if (token !== '' && opened.isPending) return <Loading label="Loading your order…" />;
  const data = opened.data;
  if (!data)
    return (
      <div className="mx-auto max-w-xl">
        <PageHeading>Your order</PageHeading>
        <Alert>
          {token === '' || errorCode(opened.error) === 'INVALID_ORDER_LINK'
            ? BAD_LINK
            : describeError(opened.error)}
        </Alert>
        <p className="mt-4 flex flex-wrap gap-4">
          <Link to="/login?returnTo=%2Faccount%2Forders" className={linkClass}>
            Sign in to see your orders
          </Link>
          <Link to="/shop" className={linkClass}>
            Continue shopping
          </Link>
        </p>
      </div>
    );
  const { order, orderWithFulfillments, orderTransactions } = data;
  return (
    <div className="mx-auto max-w-2xl">
      <OrderView
        order={order}
        payments={orderTransactions.payments}
        fulfillments={orderWithFulfillments.fulfillments}
        heading="h1"
      />
      <p className="mt-8">
        <Link to="/shop" className={linkClass}>
          Continue shopping
        </Link>
      </p>
    </div>
  );
}
