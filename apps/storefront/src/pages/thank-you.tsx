import { useQuery, useQueryClient } from '@tanstack/react-query';
import { cartQueries, orderQueries } from '@vitrine/sdk/react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Loading, PageHeading, useTitle } from '../components/ui.tsx';
import { useEnv, useLoggedIn } from '../env.tsx';
import { describeError } from '../errors.ts';

export function ThankYou() {
  const { http } = useEnv();
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? '';
  const loggedIn = useLoggedIn();
  const queryClient = useQueryClient();
  const order = useQuery({ ...orderQueries.byId(http, orderId), enabled: orderId !== '' });
  useTitle('Thank you');
  // The order replaced the cart: forget the cached one.
  useEffect(() => { void queryClient.invalidateQueries({ queryKey: cartQueries.all() }); }, [queryClient]);
  return (
    <div className="mx-auto max-w-xl text-center">
      <PageHeading>Thank you for your order</PageHeading>
      {orderId === '' ? <p>Your order is placed. A confirmation is on its way to your inbox.</p>
        : order.isPending ? <Loading label="Loading your order…" />
        : order.isError ? <Alert>{describeError(order.error)}</Alert>
        : (
          <>
            <p className="text-lg">Your order number is <strong data-testid="order-number">#{order.data.number}</strong>.</p>
            <p className="mt-2 text-stone-700">Total {order.data.priceSummary?.total?.formattedAmount}. We will e-mail you when it ships.</p>
          </>
        )}
      <p className="mt-8 flex justify-center gap-4">
        <Link to="/shop" className="font-medium text-indigo-800 underline">Continue shopping</Link>
        {loggedIn && <Link to="/account/orders" className="font-medium text-indigo-800 underline">Your orders</Link>}
      </p>
    </div>
  );
}
