/** The order page's read-only parts: items, totals, customer and addresses, payments, fulfilments, timeline. */
import type { Fulfillment, Order } from '@vitrine/contract';
import { addressLines, Card, formatMoney, Table, type AddressLike, type ContactLike } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { LineItemsHead, LineName } from '../line-head.tsx';
import { dateTime, discountsByName, fulfilledByLine } from '../format.ts';
import { showMinor, type PaymentView } from '../money.ts';
import { paymentViewLabel, StatusBadge } from '../status.tsx';
import { carrierName } from '../carriers.ts';
import { activityLabel } from './activity.ts';
import { TotalsList } from '../totals.tsx';

export function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card className="mb-4 min-w-0">
      <section aria-labelledby={id}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {action}
        </div>
        {children}
      </section>
    </Card>
  );
}

export function LineItems({ order, fulfillments }: { order: Order; fulfillments: readonly Fulfillment[] }) {
  const shipped = fulfilledByLine(fulfillments);
  const money = (m: { amount: string; formattedAmount?: string }) =>
    formatMoney(m, { currency: order.currency });
  return (
    <Table caption="Items" hideCaption className="mb-4">
      <LineItemsHead />
      <tbody>
        {order.lineItems.map((l) => (
          <tr key={l.id}>
            <LineName line={l}>
              {l.physicalProperties?.sku && (
                <span className="block text-muted">SKU {l.physicalProperties.sku}</span>
              )}
              <span className="block text-muted">
                {shipped.get(l.id) ?? 0} of {l.quantity} shipped
                {l.restockQuantity ? ` · ${l.restockQuantity} back in stock` : ''}
              </span>
            </LineName>
            <td className="text-right whitespace-nowrap tabular-nums">{money(l.price)}</td>
            <td className="text-right tabular-nums">{l.quantity}</td>
            <td className="text-right whitespace-nowrap tabular-nums">{money(l.lineItemPrice)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function Totals({ order }: { order: Order }) {
  const p = order.priceSummary;
  // Each discount by name when the order says which it got; else their sum.
  const named = discountsByName(order.appliedDiscounts);
  type Row = [string, { amount: string; formattedAmount?: string }, boolean?, boolean?];
  const discounts: Row[] = Number(p.discount.amount)
    ? (named.length ? named : [['Discount', p.discount] as const]).map(([label, m]) => [
        label,
        m,
        false,
        true,
      ])
    : [];
  const rows: Row[] = [
    ['Subtotal', p.subtotal],
    ['Shipping', p.shipping],
    ['Tax', p.tax],
    ...discounts,
    ...(Number(p.totalAdditionalFees.amount)
      ? [['Fees', p.totalAdditionalFees] as [string, typeof p.discount]]
      : []),
    ['Total', p.total, true],
    ['Paid', order.balanceSummary.paid],
    ['Balance due', order.balanceSummary.balance],
  ];
  return (
    <TotalsList
      width="max-w-xs"
      rows={rows.map(([label, m, strong, off]) => [
        label,
        `${off ? '−' : ''}${formatMoney(m, { currency: order.currency })}`,
        strong,
      ])}
    />
  );
}

type Addressed = { address?: Record<string, unknown>; contactDetails?: Record<string, unknown> } | undefined;

const linesOf = (value: Addressed) =>
  addressLines(value?.address as AddressLike, value?.contactDetails as ContactLike);

/**
 * An address under its title, line by line. With `shipping`, an address that reads the same as
 * it (the hosted checkout bills where it delivers by default) is said once, not written twice.
 */
function AddressBlock({ title, value, shipping }: { title: string; value: Addressed; shipping?: Addressed }) {
  const lines = linesOf(value);
  const same =
    shipping !== undefined && lines.length > 0 && lines.join('\n') === linesOf(shipping).join('\n');
  return (
    <div>
      <h3 className="mb-1 text-sm font-medium text-muted">{title}</h3>
      {same ? (
        <p className="text-sm">Same as the shipping address</p>
      ) : lines.length ? (
        <address className="text-sm not-italic">
          {lines.map((l, i) => (
            <span key={i} className="block">
              {l}
            </span>
          ))}
        </address>
      ) : (
        <p className="text-sm text-muted">None</p>
      )}
    </div>
  );
}

export function Customer({ order }: { order: Order }) {
  const logistics = order.shippingInfo?.logistics;
  const pickup = logistics?.pickupDetails as Addressed;
  return (
    <div className="grid gap-4">
      <div>
        <h3 className="mb-1 text-sm font-medium text-muted">Buyer</h3>
        <p className="text-sm break-words">
          {order.buyerInfo.email ? (
            <a href={`mailto:${order.buyerInfo.email}`} className="underline">
              {order.buyerInfo.email}
            </a>
          ) : (
            '—'
          )}
        </p>
        <p className="text-sm text-muted">{order.buyerInfo.memberId ? 'Member' : 'Guest'}</p>
        {order.buyerNote && <p className="mt-2 text-sm">“{order.buyerNote}”</p>}
      </div>
      {pickup ? (
        <AddressBlock title="Pickup" value={pickup} />
      ) : (
        <AddressBlock title="Shipping address" value={logistics?.shippingDestination as Addressed} />
      )}
      {order.shippingInfo?.title && (
        <p className="text-sm">
          <span className="text-muted">Delivery: </span>
          {order.shippingInfo.title}
        </p>
      )}
      <AddressBlock
        title="Billing address"
        value={order.billingInfo as Addressed}
        shipping={pickup ? undefined : (logistics?.shippingDestination as Addressed)}
      />
    </div>
  );
}

export function Payments({ views, currency }: { views: PaymentView[]; currency: string }) {
  if (!views.length) return <p className="text-sm text-muted">No payments yet.</p>;
  return (
    <Table caption="Payments" hideCaption className="mb-0">
      <thead>
        <tr>
          <th scope="col">Method</th>
          <th scope="col">Status</th>
          <th scope="col" className="text-right">
            Amount
          </th>
          <th scope="col" className="text-right">
            Captured
          </th>
          <th scope="col" className="text-right">
            Refunded
          </th>
        </tr>
      </thead>
      <tbody>
        {views.map((v) => (
          <tr key={v.payment.id}>
            <th scope="row" className="font-normal">
              {v.label}
              <span className="block text-xs text-muted">{dateTime(v.payment.createdDate)}</span>
              {v.status === 'PENDING_MERCHANT' && v.instructions && (
                <p className="mt-1 max-w-sm text-xs break-words whitespace-pre-wrap text-muted">
                  <span className="block font-medium">Buyer was told:</span>
                  {v.instructions}
                </p>
              )}
            </th>
            <td>
              <StatusBadge entry={paymentViewLabel(v)} />
              {v.held > 0 && (
                <span className="block text-xs text-muted">{showMinor(v.held, currency)} held</span>
              )}
            </td>
            <td className="text-right tabular-nums">{showMinor(v.amount, currency)}</td>
            <td className="text-right tabular-nums">{showMinor(v.captured, currency)}</td>
            <td className="text-right tabular-nums">{showMinor(v.refunded, currency)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function Fulfillments({
  fulfillments,
  order,
  actions,
}: {
  fulfillments: readonly Fulfillment[];
  order: Order;
  /** What can be done with each shipment (the order page's links to its dialogs). */
  actions?: (f: Fulfillment) => ReactNode;
}) {
  if (!fulfillments.length) return <p className="text-sm text-muted">Nothing shipped yet.</p>;
  const names = new Map(order.lineItems.map((l) => [l.id, l.productName.original]));
  return (
    <ul className="space-y-3">
      {fulfillments.map((f) => (
        <li key={f.id} className="text-sm">
          <p className="font-medium">{dateTime(f.createdDate)}</p>
          <p>{f.lineItems.map((l) => `${l.quantity} × ${names.get(l.id) ?? 'item'}`).join(', ')}</p>
          {f.trackingInfo?.trackingNumber && (
            <p>
              {f.trackingInfo.shippingProvider ? `${carrierName(f.trackingInfo.shippingProvider)} ` : ''}
              {f.trackingInfo.trackingLink ? (
                <a href={f.trackingInfo.trackingLink} className="underline" target="_blank" rel="noreferrer">
                  {f.trackingInfo.trackingNumber}
                </a>
              ) : (
                f.trackingInfo.trackingNumber
              )}
            </p>
          )}
          {actions?.(f)}
        </li>
      ))}
    </ul>
  );
}

export function Timeline({ order }: { order: Order }) {
  const activities = [...order.activities].sort((a, b) => b.createdDate.localeCompare(a.createdDate));
  if (!activities.length) return <p className="text-sm text-muted">No activity yet.</p>;
  return (
    <ol className="space-y-3 border-l border-line pl-4">
      {activities.map((a) => (
        <li key={a.id} className="text-sm">
          <p className="font-medium">{activityLabel(a.type)}</p>
          {a.description && <p>{a.description}</p>}
          {a.merchantComment && <p className="whitespace-pre-wrap">{a.merchantComment.message}</p>}
          <p className="text-muted">
            <time dateTime={a.createdDate}>{dateTime(a.createdDate)}</time>
            {a.authorEmail ? ` · ${a.authorEmail}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}
