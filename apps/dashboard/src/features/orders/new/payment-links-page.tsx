/**
 * `/dashboard/orders/payment-links`: the orders created for buyers whose payment link is not paid yet,
 * newest first (20 a page): when, for whom, what, the total so far. Each opens its page, where the
 * link can be sent again; a paid one leaves the list (its order is in Orders).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Checkout } from '@vitrine/contract';
import { paymentLinkQueries } from '@vitrine/sdk/react';
import { Alert, buttonClass, formatMoney, linkClass, PageHeading, Table } from '@vitrine/ui';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { Pager } from '../../../kit/pager.tsx';
import { QueryState } from '../../../kit/query-state.tsx';
import { dateTime } from '../format.ts';
import { OrdersTabs } from '../tabs.tsx';
import { ordersUrls } from '../urls.ts';

export function PaymentLinksPage() {
  const http = useHttp();
  const [search] = useRouteSearch(ordersUrls.paymentLinks);
  const open = useQuery({
    ...paymentLinkQueries.open(http, search.cursor),
    placeholderData: keepPreviousData,
  });
  // What was just done elsewhere (an order deleted), said once.
  const location = useLocation();
  const [notice] = useState((location.state as { notice?: string } | null)?.notice);
  useTitle('Payment links');
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <PageHeading className="mr-auto">Payment links</PageHeading>
        <Link to={ordersUrls.create.href()} className={buttonClass('primary', 'sm')}>
          Create order
        </Link>
      </div>
      <OrdersTabs current="payment-links" />
      <Alert variant="success">{notice}</Alert>
      <p className="mb-4 max-w-prose text-sm text-muted">
        Orders created for buyers that are not paid yet. Once a buyer pays, the order is in Orders and leaves
        this list.
      </p>
      <QueryState query={open} label="Loading payment links…">
        {(page) => (
          <>
            <p role="status" className="mb-2 text-sm text-muted">
              {page.checkouts.length === 0
                ? 'No payment link is waiting to be paid.'
                : `${page.checkouts.length === 1 ? '1 payment link' : `${page.checkouts.length} payment links`} waiting${search.cursor ? ' on this page' : ''}.`}
            </p>
            {page.checkouts.length > 0 && (
              <Table
                caption="Payment links not paid yet"
                hideCaption
                aria-busy={open.isFetching || undefined}
              >
                <thead>
                  <tr>
                    <th scope="col">Buyer</th>
                    <th scope="col">Items</th>
                    <th scope="col" className="text-right">
                      Total so far
                    </th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {page.checkouts.map((c) => (
                    <Row key={c.id} checkout={c} />
                  ))}
                </tbody>
              </Table>
            )}
            {search.cursor && (
              <p className="mb-2 text-sm">
                <Link to={ordersUrls.paymentLinks.href()} className={linkClass}>
                  Back to the newest
                </Link>
              </p>
            )}
            <Pager
              label="Pages of payment links"
              next={page.nextCursor ? ordersUrls.paymentLinks.href({ cursor: page.nextCursor }) : null}
            />
          </>
        )}
      </QueryState>
    </>
  );
}

const itemsOf = (c: Checkout) =>
  c.lineItems
    .map((l) => (l.quantity > 1 ? `${l.quantity} × ${l.productName.original}` : l.productName.original))
    .join(', ');

function Row({ checkout: c }: { checkout: Checkout }) {
  return (
    <tr className="hover:bg-hover">
      <th scope="row" className="max-w-56 font-normal">
        <Link
          to={ordersUrls.create.href({ checkout: c.id })}
          className={`${linkClass} block font-medium break-words`}
        >
          {c.buyerInfo.email ?? 'No e-mail'}
        </Link>
      </th>
      <td className="max-w-72">{itemsOf(c)}</td>
      <td className="text-right whitespace-nowrap tabular-nums">
        {formatMoney(c.priceSummary.total, { currency: c.currency })}
      </td>
      <td className="whitespace-nowrap">
        <time dateTime={c.createdDate}>{dateTime(c.createdDate)}</time>
      </td>
    </tr>
  );
}
