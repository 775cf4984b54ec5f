import { useEffect, useRef, useState } from 'react';
import { Alert } from '../components/ui.tsx';
import { checkoutApi, hasAccessToken, type Order } from './api.ts';
import { describe } from './errors.ts';
import { afterOrderUrl, currentSession } from './session.ts';
import { Card, isZero, LineItem, money, optionsText, Shell, Totals } from './ui.tsx';

/** `/checkout/thank-you?orderId=…`: the order number and summary, then back to the caller's page. */
export function ThankYouPage() {
  const [search] = useState(() => new URLSearchParams(window.location.search));
  const orderId = search.get('orderId') ?? '';
  const [order, setOrder] = useState<Order>();
  const [error, setError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const back = afterOrderUrl(currentSession(), orderId, search);

  useEffect(() => { document.title = 'Thank you for your order'; heading.current?.focus(); }, []);
  useEffect(() => {
    if (!orderId || !hasAccessToken()) return;
    let live = true;
    checkoutApi.order(orderId).then((o) => { if (live) setOrder(o); }, (e: unknown) => { if (live) setError(describe(e).message); });
    return () => { live = false; };
  }, [orderId]);

  const p = order?.priceSummary ?? {};
  const rows: [string, string, boolean?][] = order
    ? [['Subtotal', money(p.subtotal)], ...(!isZero(p.discount) ? [['Discount', `−${money(p.discount)}`, true] as [string, string, boolean]] : []),
        ['Shipping', isZero(p.shipping) ? 'Free' : money(p.shipping)], ['Tax', money(p.tax)]]
    : [];

  return (
    <Shell>
      <Card className="mx-auto max-w-xl">
        <h1 ref={heading} tabIndex={-1} className="mb-2 text-2xl outline-none font-semibold tracking-tight">Thank you for your order</h1>
        {order && (
          <p className="mb-1 text-lg">Order number <strong data-testid="order-number">#{order.number}</strong></p>
        )}
        {order?.buyerInfo?.email && <p className="mb-4 text-sm text-stone-600 dark:text-stone-400">A confirmation is on its way to {order.buyerInfo.email}.</p>}
        {!order && !error && hasAccessToken() && <p role="status" className="mb-4 text-sm">Loading your order…</p>}
        {!hasAccessToken() && <p className="mb-4 text-sm">Your order is placed. The confirmation e-mail has all its details.</p>}
        <Alert>{error}</Alert>
        {order && (
          <>
            <ul className="divide-y divide-stone-200 dark:divide-stone-800">
              {order.lineItems.map((l) => (
                <LineItem
                  key={l.id} name={l.productName?.translated ?? l.productName?.original ?? 'Item'} image={l.image?.url}
                  options={optionsText(l.descriptionLines)} quantity={l.quantity} price={money(l.lineItemPrice ?? l.price)}
                />
              ))}
            </ul>
            <Totals rows={rows} total={['Total', money(p.total)]} />
          </>
        )}
        {back && (
          <a href={back} className="mt-6 block w-full rounded-lg bg-indigo-600 px-4 py-2.5 text-center font-medium text-white hover:bg-indigo-700">
            Continue to the shop
          </a>
        )}
      </Card>
    </Shell>
  );
}
