/**
 * `/dashboard/orders/abandoned`: checkouts shoppers left with an e-mail address (an hour untouched),
 * the last 30 days' recovery figures above; search by the buyer's e-mail or name, status and sort
 * in the URL (`ordersUrls.abandoned`), 20 a page with cursor paging. Each opens its page.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WireAbandonedCheckout } from '@vitrine/contract';
import { abandonedCheckoutQueries } from '@vitrine/sdk/react';
import { Alert, formatMoney, linkClass, PageHeading, Table } from '@vitrine/ui';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { dateTime, plural } from '../../../kit/format.ts';
import { Pager } from '../../../kit/pager.tsx';
import { QueryState } from '../../../kit/query-state.tsx';
import { StatusBadge } from '../status.tsx';
import { OrdersTabs } from '../tabs.tsx';
import { ordersUrls } from '../urls.ts';
import { abandonedLabels, buyerName, itemsSummary, lastActivity } from './describe.ts';
import { AbandonedFilters, isFiltered } from './filters.tsx';
import { RecoveryFigures } from './figures.tsx';

const PAGE = 20;

export function AbandonedCheckoutsPage() {
  useTitle('Abandoned checkouts');
  const http = useHttp();
  const location = useLocation();
  const [search, setSearch] = useRouteSearch(ordersUrls.abandoned);
  const checkouts = useQuery({
    ...abandonedCheckoutQueries.list(http, {
      text: search.q,
      status: search.status,
      sort: search.sort,
      cursor: search.cursor,
      limit: PAGE,
    }),
    placeholderData: keepPreviousData,
  });
  // What the page that sent us here did (a checkout deleted).
  const [notice] = useState((location.state as { notice?: string } | null)?.notice);
  const filtered = isFiltered(search);

  return (
    <>
      <PageHeading className="mb-4">Abandoned checkouts</PageHeading>
      <OrdersTabs current="abandoned" />
      <Alert variant="success">{notice}</Alert>
      <p className="mb-4 max-w-prose text-sm text-muted">
        Checkouts left untouched for an hour by shoppers who gave their e-mail address. They are e-mailed a
        link back to it; once they complete the order, it is recovered.
      </p>
      <RecoveryFigures />
      <section aria-labelledby="abandoned-list">
        <h2 id="abandoned-list" className="mb-2 text-lg font-semibold">
          Checkouts
        </h2>
        <AbandonedFilters
          key={`${search.q}|${search.status}|${search.sort}`}
          search={search}
          onApply={setSearch}
        />
        <QueryState query={checkouts} label="Loading abandoned checkouts…">
          {(page) => (
            <>
              <p role="status" className="mb-2 text-sm text-muted">
                {page.abandonedCheckouts.length === 0
                  ? 'No abandoned checkouts here.'
                  : `Showing ${plural(page.abandonedCheckouts.length, 'abandoned checkout')}${filtered ? ' matching the filters' : ''}${checkouts.isFetching ? ' (updating…)' : ''}.`}
              </p>
              {page.abandonedCheckouts.length > 0 && (
                <Table
                  caption="Abandoned checkouts"
                  hideCaption
                  aria-busy={checkouts.isFetching || undefined}
                >
                  <thead>
                    <tr>
                      <th scope="col">Buyer</th>
                      <th scope="col">Items</th>
                      <th scope="col" className="text-right">
                        Total
                      </th>
                      <th scope="col">Status</th>
                      <th scope="col">Abandoned</th>
                      <th scope="col" className="md:max-lg:hidden">
                        Last activity
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.abandonedCheckouts.map((c) => (
                      <Row key={c.id} checkout={c} />
                    ))}
                  </tbody>
                </Table>
              )}
              <Pager
                label="Pages of abandoned checkouts"
                prev={
                  page.pagingMetadata.cursors.prev
                    ? ordersUrls.abandoned.href({ ...search, cursor: page.pagingMetadata.cursors.prev })
                    : null
                }
                next={
                  page.pagingMetadata.cursors.next
                    ? ordersUrls.abandoned.href({ ...search, cursor: page.pagingMetadata.cursors.next })
                    : null
                }
              />
            </>
          )}
        </QueryState>
      </section>
    </>
  );
}

function Row({ checkout: c }: { checkout: WireAbandonedCheckout }) {
  const name = buyerName(c);
  const items = itemsSummary(c);
  const last = lastActivity(c);
  return (
    <tr className="hover:bg-hover">
      <th scope="row" className="max-w-56 font-normal">
        <Link
          to={ordersUrls.abandonedCheckout.href({ id: c.id })}
          className={`${linkClass} block font-medium break-words`}
        >
          {name ?? c.buyerInfo.email ?? 'A shopper'}
        </Link>
        {name && c.buyerInfo.email && (
          <span className="block text-muted [overflow-wrap:anywhere]">{c.buyerInfo.email}</span>
        )}
      </th>
      <td className="max-w-44">
        <span className="block">{plural(items.units, 'item')}</span>
        <span className="block truncate text-muted">{items.first}</span>
      </td>
      <td className="text-right whitespace-nowrap tabular-nums">
        {formatMoney(c.totalPrice, { currency: c.currency })}
      </td>
      <td>
        <StatusBadge entry={abandonedLabels[c.status]} />
      </td>
      <td className="whitespace-nowrap">
        <time dateTime={c.createdDate}>{dateTime(c.createdDate)}</time>
      </td>
      <td className="md:max-lg:hidden">
        {last ? (
          <>
            {last.label}{' '}
            <time dateTime={last.date} className="block whitespace-nowrap text-muted">
              {dateTime(last.date)}
            </time>
          </>
        ) : (
          <span className="text-muted">None yet</span>
        )}
      </td>
    </tr>
  );
}
