import { duePayments, optionsText, type DuePayment } from '@vitrine/sdk';
import { useQuery } from '@tanstack/react-query';
import { orderQueries } from '@vitrine/sdk/react';
import { useEffect, useRef, useState } from 'react';
import { Alert, buttonClass, Card, formatMoney, Loading, PageHeading } from '@vitrine/ui';
import { useDocumentTitle } from '../store-name.ts';
import { hasAccessToken, http } from './api.ts';
import { describe } from './errors.ts';
import { orderTotals, pickupPlace } from './order-totals.ts';
import { afterOrderUrl, currentSession } from './session.ts';
import { LineItem, Shell, Totals } from './parts.tsx';
import { WithQueries } from './query.tsx';

/** `/checkout/thank-you?orderId=…`: the order number and summary, then back to the caller's page. */
export function ThankYouPage() {
  return (
    <WithQueries>
      <ThankYou />
    </WithQueries>
  );
}

function ThankYou() {
  const [search] = useState(() => new URLSearchParams(window.location.search));
  const orderId = search.get('orderId') ?? '';
  const enabled = !!orderId && hasAccessToken();
  const orderQuery = useQuery({ ...orderQueries.byId(http, orderId), enabled });
  // The payments say what a gift card paid; without them the order still shows.
  const paymentsQuery = useQuery({ ...orderQueries.transactions(http, orderId), enabled, retry: false });
  const order =
    orderQuery.data && !paymentsQuery.isPending
      ? { order: orderQuery.data, payments: paymentsQuery.data?.payments ?? [] }
      : undefined;
  const error = orderQuery.error ? describe(orderQuery.error).message : undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  const back = afterOrderUrl(currentSession(), orderId, search);

  useDocumentTitle('Thank you for your order');
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const totals = order && orderTotals(order.order, order.payments);
  const pickup = order && pickupPlace(order.order);
  const due = order ? duePayments(order.payments) : [];

  return (
    <Shell>
      <Card className="mx-auto max-w-xl">
        <PageHeading ref={heading} tabIndex={-1} size="md" className="mb-2 outline-none">
          Thank you for your order
        </PageHeading>
        {order && (
          <p className="mb-1 text-lg">
            Order number <strong data-testid="order-number">#{order.order.number}</strong>
          </p>
        )}
        {due.map((d, i) => (
          <HowToPay key={i} id={`how-to-pay-${i}`} due={d} />
        ))}
        {pickup && <p className="mb-1">Pick it up at {pickup}; we will e-mail you when it is ready.</p>}
        {order?.order.buyerInfo?.email && (
          <p className="mb-4 text-sm text-muted">
            A confirmation is on its way to {order.order.buyerInfo.email}
            {order.order.buyerInfo.memberId
              ? ', and the order is in your account.'
              : ', with a link to follow your order from any device.'}
          </p>
        )}
        {!order && !error && hasAccessToken() && (
          <Loading label="Loading your order…" className="mb-4 justify-start text-sm" />
        )}
        {!hasAccessToken() && (
          <p className="mb-4 text-sm">Your order is placed. The confirmation e-mail has all its details.</p>
        )}
        <Alert>{error}</Alert>
        {order && (
          <>
            <ul className="divide-y divide-line">
              {order.order.lineItems.map((l) => (
                <LineItem
                  key={l.id}
                  name={l.productName?.translated ?? l.productName?.original ?? 'Item'}
                  image={l.image?.url}
                  options={optionsText(l.descriptionLines)}
                  quantity={l.quantity}
                  price={formatMoney(l.lineItemPrice ?? l.price)}
                />
              ))}
            </ul>
            {totals && <Totals rows={totals.rows} total={totals.total} />}
          </>
        )}
        {back && (
          <a href={back} className={`mt-6 w-full ${buttonClass()}`}>
            Continue to the shop
          </a>
        )}
      </Card>
    </Shell>
  );
}

/** A payment the buyer still makes (a manual payment method): how, in the method's words, and how much. */
function HowToPay({ id, due }: { id: string; due: DuePayment }) {
  return (
    <section aria-labelledby={id} className="my-4 rounded-lg border-2 border-accent bg-hover p-4">
      <h2 id={id} className="text-lg font-semibold">
        How to pay: {due.method}
      </h2>
      <p className="mt-1">Your order is placed and waits for your payment of {formatMoney(due.amount)}.</p>
      {due.instructions && <p className="mt-2 break-words whitespace-pre-wrap">{due.instructions}</p>}
    </section>
  );
}
