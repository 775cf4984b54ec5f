/**
 * One order as its buyer sees it: status, payment, delivery or pickup, what was sent (with its
 * tracking), and the lines with their totals. Shown in the account (`/account/orders/:id`) and on
 * the page a visitor's order e-mail links to (`/order-status?token=…`).
 */
import { duePayments, type Fulfillment, type Order, type OrderPayment } from '@vitrine/sdk';
import { addressLines, linkClass } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { pickupPlace } from '../order-summary.ts';
import { HowToPay } from './how-to-pay.tsx';
import { OrderLines } from './order-lines.tsx';

const STATUS: Record<string, string> = {
  INITIALIZED: 'Awaiting payment',
  APPROVED: 'Confirmed',
  CANCELED: 'Canceled',
  PENDING: 'Pending',
  REJECTED: 'Rejected',
  NOT_PAID: 'Not paid',
  PAID: 'Paid',
  PARTIALLY_REFUNDED: 'Partly refunded',
  FULLY_REFUNDED: 'Refunded',
  PARTIALLY_PAID: 'Partly paid',
  // Paid outside the store (a manual payment method such as a bank transfer): the buyer's move.
  PENDING_MERCHANT: 'Awaiting payment',
  DECLINED: 'Declined',
  NOT_FULFILLED: 'Not shipped yet',
  FULFILLED: 'Shipped',
  PARTIALLY_FULFILLED: 'Partly shipped',
};
const PICKUP_STATUS: Record<string, string> = {
  NOT_FULFILLED: 'Not ready yet',
  FULFILLED: 'Ready for pickup',
  PARTIALLY_FULFILLED: 'Partly ready for pickup',
};
/** A status in words. */
export const label = (s: string | undefined) => (s ? (STATUS[s] ?? s) : '—');
/** "Dec 3, 2026". */
export const date = (iso: string | undefined) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : '';

export function OrderView({
  order: o,
  payments,
  fulfillments,
  back,
  heading: Heading = 'h2',
}: {
  order: Order;
  payments: OrderPayment[] | undefined;
  /** What was sent so far; undefined while unknown. */
  fulfillments: Fulfillment[] | undefined;
  /** A link above the heading (back to the list of orders). */
  back?: ReactNode;
  /** `h1` where the order is the page (the e-mail's link); `h2` under the account's heading. */
  heading?: 'h1' | 'h2';
}) {
  const destination = o.shippingInfo?.logistics?.shippingDestination;
  const address = destination?.address;
  const pickup = pickupPlace(o);
  const delivery = pickup ? PICKUP_STATUS[o.fulfillmentStatus ?? ''] : undefined;
  return (
    <section aria-labelledby="order-heading">
      {back && <p className="mb-2">{back}</p>}
      <Heading id="order-heading" className="mb-1 text-xl font-semibold">
        Order #{o.number}
      </Heading>
      <p className="mb-4 text-sm text-stone-700">Placed {date(o.createdDate)}</p>
      {duePayments(payments).map((d, i) => (
        <HowToPay key={i} id={`how-to-pay-${i}`} due={d} heading="h3" />
      ))}
      <dl className="mb-6 grid max-w-md grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Status</dt>
        <dd>{label(o.status)}</dd>
        <dt className="font-medium">Payment</dt>
        <dd>{label(o.paymentStatus)}</dd>
        <dt className="font-medium">Delivery</dt>
        <dd>{delivery ?? label(o.fulfillmentStatus)}</dd>
        {pickup ? (
          <>
            <dt className="font-medium">Pickup at</dt>
            <dd>{pickup}</dd>
          </>
        ) : (
          o.shippingInfo?.title && (
            <>
              <dt className="font-medium">Shipping</dt>
              <dd>{o.shippingInfo.title}</dd>
            </>
          )
        )}
        {!pickup && address && (
          <>
            <dt className="font-medium">Ship to</dt>
            <dd>
              <address className="not-italic">
                {addressLines(address, destination?.contactDetails).map((l, i) => (
                  <span key={i} className="block">
                    {l}
                  </span>
                ))}
              </address>
            </dd>
          </>
        )}
      </dl>
      {fulfillments && fulfillments.length > 0 && (
        <Sent order={o} fulfillments={fulfillments} pickup={pickup !== undefined} />
      )}
      <OrderLines order={o} payments={payments} />
    </section>
  );
}

/** Each shipment (or pickup) so far: when, what, and how to track it. */
function Sent({
  order,
  fulfillments,
  pickup,
}: {
  order: Order;
  fulfillments: Fulfillment[];
  pickup: boolean;
}) {
  const names = new Map(order.lineItems.map((l) => [l.id, l.productName?.original ?? 'Item']));
  return (
    <section aria-labelledby="sent-heading" className="mb-6">
      <h3 id="sent-heading" className="mb-2 font-semibold">
        {pickup ? 'Ready for pickup' : 'Shipments'}
      </h3>
      <ul className="grid gap-3 text-sm">
        {fulfillments.map((f) => {
          const t = f.trackingInfo;
          return (
            <li key={f.id} className="rounded-lg border border-stone-200 p-3">
              <p className="font-medium">{date(f.createdDate)}</p>
              <p>{f.lineItems.map((l) => `${l.quantity} × ${names.get(l.id) ?? 'Item'}`).join(', ')}</p>
              {t?.trackingNumber && (
                <p>
                  {t.shippingProvider ? `${t.shippingProvider.toUpperCase()} ` : ''}tracking number{' '}
                  <span className="font-mono">{t.trackingNumber}</span>
                  {t.trackingLink && (
                    <>
                      {' · '}
                      <a className={linkClass} href={t.trackingLink} target="_blank" rel="noreferrer">
                        Track the parcel
                      </a>
                    </>
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
