import { useQuery, useQueryClient } from '@tanstack/react-query';
import { duePayments, type Order, type OrderPayment } from '@vitrine/sdk';
import { orderQueries } from '@vitrine/sdk/react';
import { cartChanged } from '../cart.ts';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { addressText, Alert, linkClass, Loading, PageHeading } from '@vitrine/ui';
import { useTitle } from '../use-title.ts';
import { useEnv, useLoggedIn } from '../env.tsx';
import { describeError } from '../errors.ts';
import { giftCardPart, pickupPlace } from '../order-summary.ts';
import { HowToPay } from '../components/how-to-pay.tsx';
import { OrderLines } from '../components/order-lines.tsx';

export function ThankYou() {
  const { http } = useEnv();
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? '';
  const loggedIn = useLoggedIn();
  const queryClient = useQueryClient();
  const order = useQuery({ ...orderQueries.byId(http, orderId), enabled: orderId !== '' });
  const payments = useQuery({ ...orderQueries.transactions(http, orderId), enabled: orderId !== '' });
  useTitle('Thank you');
  // The order replaced the cart (the server deleted it): forget it, without asking again.
  useEffect(() => {
    if (orderId) cartChanged(queryClient, http, null);
  }, [queryClient, http, orderId]);
  return (
    <div className="mx-auto max-w-xl text-center">
      <PageHeading>Thank you for your order</PageHeading>
      {orderId === '' ? (
        <p>Your order is placed. A confirmation is on its way to your inbox.</p>
      ) : order.isPending || payments.isPending ? (
        <Loading label="Loading your order…" />
      ) : order.isError ? (
        <Alert>{describeError(order.error)}</Alert>
      ) : (
        <>
          <p className="text-lg">
            Your order number is <strong data-testid="order-number">#{order.data.number}</strong>.
          </p>
          <OrderNote order={order.data} payments={payments.data?.payments} />
          {order.data.buyerInfo?.email && (
            <p className="mt-1 text-sm text-stone-700">
              A confirmation is on its way to {order.data.buyerInfo.email}
              {loggedIn ? '.' : ', with a link to follow your order from any device.'}
            </p>
          )}
          {duePayments(payments.data?.payments).map((d, i) => (
            <HowToPay key={i} id={`how-to-pay-${i}`} due={d} className="mt-6" />
          ))}
          <section aria-labelledby="summary-heading" className="mt-8 text-left">
            <h2 id="summary-heading" className="mb-3 text-lg font-semibold">
              Order summary
            </h2>
            <OrderLines order={order.data} payments={payments.data?.payments} />
          </section>
        </>
      )}
      <p className="mt-8 flex justify-center gap-4">
        <Link to="/shop" className={linkClass}>
          Continue shopping
        </Link>
        {loggedIn && (
          <Link to="/account/orders" className={linkClass}>
            Your orders
          </Link>
        )}
      </p>
    </div>
  );
}

/**
 * The total, what gift cards paid of it, and what happens next: pickup, or delivery to the address
 * as given (as the country's post writes it), so a mistyped one is seen while it can be changed.
 */
function OrderNote({ order, payments }: { order: Order; payments: OrderPayment[] | undefined }) {
  const gift = giftCardPart(order, payments);
  const pickup = pickupPlace(order);
  const shipTo = order.shippingInfo?.logistics?.shippingDestination?.address;
  const paid = gift
    ? `: ${gift.cards.map((c) => `gift card ${c.code} ${c.amount.formattedAmount}`).join(', ')}; ${gift.restLabel.replace(/^\w/, (c) => c.toLowerCase())} ${gift.byCard}`
    : '';
  return (
    <p className="mt-2 text-stone-700">
      Total {order.priceSummary?.total?.formattedAmount}
      {paid}.{' '}
      {pickup
        ? `Pick it up at ${pickup}: we will e-mail you when it is ready.`
        : shipTo
          ? `We will e-mail you when it ships to ${addressText(shipTo)}.`
          : 'We will e-mail you when it ships.'}
    </p>
  );
}
