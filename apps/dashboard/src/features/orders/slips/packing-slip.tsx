/**
 * One order's packing slip, as it goes in the parcel: the store (name, business address, e-mail),
 * the order's number and day, the recipient's address (or the pickup point), each item with its
 * options, SKU, the quantity ordered and the quantity still to pack, and the buyer's note. A
 * printed page each (`break-after: page`); on screen a card.
 */
import type { Fulfillment, Order, StoreSettings } from '@vitrine/contract';
import { addressLines, Table, type AddressLike, type ContactLike } from '@vitrine/ui';
import { buyerName, fulfilledByLine } from '../format.ts';
import { LineName } from '../line-head.tsx';

type Addressed = { address?: AddressLike; contactDetails?: ContactLike } | undefined;

const day = (iso: string, locale: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: 'long' });

export function PackingSlip({
  order,
  store,
  fulfillments,
}: {
  order: Order;
  store: StoreSettings;
  fulfillments: readonly Fulfillment[];
}) {
  const id = `slip-${order.id}`;
  const logistics = order.shippingInfo?.logistics;
  const pickup = logistics?.pickupDetails as Addressed;
  const recipient = logistics?.shippingDestination as Addressed;
  const shipped = fulfilledByLine(fulfillments);
  return (
    <article
      aria-labelledby={id}
      className="rounded-2xl border border-line bg-surface p-6 text-sm break-inside-avoid-page break-after-page print:rounded-none print:border-0 print:p-0"
    >
      <header className="mb-6 flex flex-wrap justify-between gap-4">
        <div>
          <p className="text-base font-semibold">{store.storeName}</p>
          <Lines lines={store.businessAddress ? addressLines(store.businessAddress) : []} />
          {store.contactEmail && <p>{store.contactEmail}</p>}
        </div>
        <div className="text-right">
          <h2 id={id} className="text-xl font-semibold">
            Packing slip · Order #{order.number}
          </h2>
          <p>Ordered {day(order.createdDate, store.locale)}</p>
          {order.shippingInfo?.title && <p>{order.shippingInfo.title}</p>}
        </div>
      </header>
      <div className="mb-6 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <section aria-label={pickup ? 'Picked up by' : 'Ship to'}>
          <h3 className="mb-1 font-semibold">{pickup ? 'Picked up by' : 'Ship to'}</h3>
          <Lines
            lines={
              pickup
                ? [buyerName(order) ?? ''].filter(Boolean)
                : addressLines(recipient?.address, recipient?.contactDetails)
            }
            none={pickup ? undefined : 'No address given'}
          />
          {order.buyerInfo.email && <p>{order.buyerInfo.email}</p>}
        </section>
        {pickup && (
          <section aria-label="Pickup point">
            <h3 className="mb-1 font-semibold">Pickup point</h3>
            <Lines lines={addressLines(pickup.address)} none="The store" />
          </section>
        )}
      </div>
      <Table caption={`Items of order #${order.number}`} hideCaption stack={false} className="mb-6">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">SKU</th>
            <th scope="col" className="text-right">
              Ordered
            </th>
            <th scope="col" className="text-right">
              To pack
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lineItems.map((l) => {
            const done = shipped.get(l.id) ?? 0;
            return (
              <tr key={l.id}>
                <LineName line={l}>
                  {done > 0 && <span className="block text-muted">{done} shipped earlier</span>}
                </LineName>
                <td>{l.physicalProperties?.sku ?? '—'}</td>
                <td className="text-right tabular-nums">{l.quantity}</td>
                <td className="text-right font-semibold tabular-nums">
                  {l.itemType?.preset === 'DIGITAL' ? 'Digital' : Math.max(0, l.quantity - done)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {order.lineItems.every(
        (l) => l.itemType?.preset === 'DIGITAL' || (shipped.get(l.id) ?? 0) >= l.quantity,
      ) && (
        <p className="mb-6 font-semibold">
          Nothing left to pack: every item of this order has been shipped or is digital.
        </p>
      )}
      {order.buyerNote && (
        <section aria-label="Note from the buyer" className="mb-6">
          <h3 className="mb-1 font-semibold">Note from the buyer</h3>
          <p className="whitespace-pre-line">{order.buyerNote}</p>
        </section>
      )}
      <p>Thank you for your order!</p>
    </article>
  );
}

function Lines({ lines, none }: { lines: string[]; none?: string }) {
  if (lines.length === 0) return none ? <p>{none}</p> : null;
  return (
    <address className="not-italic">
      {lines.map((l, i) => (
        <span key={i} className="block">
          {l}
        </span>
      ))}
    </address>
  );
}
