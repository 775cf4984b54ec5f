/**
 * An order's items and its totals, with what gift cards paid of it (the account and the thank-you
 * page). A line shows its price times its quantity, so the lines add up to the subtotal; discounts
 * and tax follow below it.
 */
import { optionsText, type Order, type OrderPayment } from '@vitrine/sdk';
import { Fragment } from 'react';
import { formatMoney } from '@vitrine/ui';
import { giftCardPart, pickupPlace } from '../order-summary.ts';

export function OrderLines({ order: o, payments }: { order: Order; payments: OrderPayment[] | undefined }) {
  const s = o.priceSummary;
  const pickup = pickupPlace(o);
  const gift = giftCardPart(o, payments);
  return (
    <>
      <ul
        aria-label="Items"
        className="mb-4 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white"
      >
        {o.lineItems.map((l) => (
          <li key={l.id} className="flex gap-3 p-3">
            {l.image?.url && (
              <img
                src={l.image.url}
                alt=""
                width={56}
                height={56}
                className="h-14 w-14 rounded object-cover"
              />
            )}
            <div className="flex-1">
              <p className="font-medium">{l.productName?.original}</p>
              <Options text={optionsText(l.descriptionLines)} />
              <p className="text-sm text-stone-700">
                Qty {l.quantity} × {l.price?.formattedAmount}
              </p>
            </div>
            <p className="font-semibold">{(l.lineItemPrice ?? l.totalPriceAfterTax)?.formattedAmount}</p>
          </li>
        ))}
      </ul>
      <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-y-1 text-sm">
        <dt>Subtotal</dt>
        <dd className="text-right">{s?.subtotal?.formattedAmount}</dd>
        <dt>{pickup ? 'Pickup' : 'Shipping'}</dt>
        <dd className="text-right">{formatMoney(s?.shipping, { zero: 'Free' })}</dd>
        <dt>Tax</dt>
        <dd className="text-right">{s?.tax?.formattedAmount}</dd>
        {s?.discount && Number(s.discount.amount) > 0 && (
          <>
            <dt>Discount</dt>
            <dd className="text-right">−{s.discount.formattedAmount}</dd>
          </>
        )}
        <dt className={gift ? '' : 'font-semibold'}>{gift ? 'Order total' : 'Total'}</dt>
        <dd className={`text-right ${gift ? '' : 'font-semibold'}`}>{s?.total?.formattedAmount}</dd>
        {gift?.cards.map((c) => (
          <Fragment key={c.code}>
            <dt>Gift card {c.code}</dt>
            <dd className="text-right">−{c.amount.formattedAmount}</dd>
          </Fragment>
        ))}
        {gift && (
          <>
            <dt className="font-semibold">{gift.restLabel}</dt>
            <dd className="text-right font-semibold">{gift.byCard}</dd>
          </>
        )}
      </dl>
    </>
  );
}

/** A line's options ("Size: M · Color: Sand"), when it has any. */
const Options = ({ text }: { text: string }) =>
  text ? <p className="text-sm text-stone-700">{text}</p> : null;
