/**
 * `/dashboard/customers/back-in-stock`: the items shoppers are waiting for, from the newest
 * waiting requests (50 a page, `?cursor=` for older ones), each with how many shoppers wait for it
 * in all. Each item opens its requests and "Report back in stock".
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogReferenceOf } from '@vitrine/sdk';
import { adminBackInStockQueries, productLookupQueries } from '@vitrine/sdk/react';
import { linkClass, PageHeading, Table } from '@vitrine/ui';
import { Link } from 'react-router';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { dateTime, plural } from '../../../kit/format.ts';
import { Pager } from '../../../kit/pager.tsx';
import { QueryState } from '../../../kit/query-state.tsx';
import { CustomersTabs } from '../tabs.tsx';
import { customersUrls } from '../urls.ts';

export function BackInStockPage() {
  useTitle('Back in stock');
  const http = useHttp();
  const [search] = useRouteSearch(customersUrls.backInStock);
  const requests = useQuery({
    ...adminBackInStockQueries.list(http, { state: 'waiting', cursor: search.cursor, limit: 50 }),
    placeholderData: keepPreviousData,
  });
  // One row per product, newest request first.
  const items = new Map<string, { productId: string; latest: string; here: number }>();
  for (const r of requests.data?.requests ?? []) {
    const id = r.catalogReference.catalogItemId;
    const item = items.get(id);
    if (item) item.here += 1;
    else items.set(id, { productId: id, latest: r.createdDate, here: 1 });
  }
  const ids = [...items.keys()];
  const names = useQuery({ ...productLookupQueries.byIds(http, ids), enabled: ids.length > 0 });
  const counts = useQuery({
    ...adminBackInStockQueries.counts(
      http,
      ids.map((id) => catalogReferenceOf(id)),
    ),
    enabled: ids.length > 0,
  });
  const nameOf = (id: string) =>
    names.data?.find((p) => p.id === id)?.name ?? (names.isPending ? 'Loading…' : 'A deleted product');
  const countOf = (id: string) => counts.data?.find((c) => c.catalogReference.catalogItemId === id)?.count;

  return (
    <>
      <PageHeading className="mb-4">Back in stock</PageHeading>
      <CustomersTabs current="back-in-stock" />
      <p className="mb-4 max-w-prose text-sm text-muted">
        Shoppers ask to be e-mailed when a sold-out item is back. When its stock comes back they are e-mailed
        by themselves; open an item to see who waits, or to e-mail them now.
      </p>
      <QueryState query={requests} label="Loading back-in-stock requests…">
        {(page) => (
          <>
            <p role="status" className="mb-2 text-sm text-muted">
              {items.size === 0
                ? 'Nobody is waiting for an item.'
                : `${plural(items.size, 'item')} with shoppers waiting.`}
            </p>
            {items.size > 0 && (
              <Table caption="Items shoppers wait for" hideCaption>
                <thead>
                  <tr>
                    <th scope="col">Item</th>
                    <th scope="col" className="text-right">
                      Shoppers waiting
                    </th>
                    <th scope="col">Latest request</th>
                  </tr>
                </thead>
                <tbody>
                  {[...items.values()].map((i) => (
                    <tr key={i.productId}>
                      <th scope="row" className="font-normal">
                        <Link
                          to={customersUrls.backInStockItem.href({ productId: i.productId })}
                          className={linkClass}
                        >
                          {nameOf(i.productId)}
                        </Link>
                      </th>
                      <td className="text-right tabular-nums">{countOf(i.productId) ?? i.here}</td>
                      <td className="whitespace-nowrap">{dateTime(i.latest)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            <Pager
              label="Older and newer requests"
              prev={
                page.metadata.cursors.prev
                  ? customersUrls.backInStock.href({ cursor: page.metadata.cursors.prev })
                  : null
              }
              next={
                page.metadata.cursors.next
                  ? customersUrls.backInStock.href({ cursor: page.metadata.cursors.next })
                  : null
              }
            />
          </>
        )}
      </QueryState>
    </>
  );
}
