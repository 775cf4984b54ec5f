/**
 * `/dashboard/orders`: search, filter and sort orders (all in the URL: `ordersUrls.list`), one
 * page of 20 at a time with cursor paging (`?cursor=`). Orders ticked on the page can be fulfilled
 * or tagged together, or their packing slips printed (`SelectionBar`).
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Order } from '@vitrine/contract';
import { adminOrderCalls, adminOrderExportPath } from '@vitrine/sdk';
import { adminOrderQueries } from '@vitrine/sdk/react';
import {
  Alert,
  Badge,
  Button,
  buttonClass,
  formatMoney,
  linkClass,
  LoadingSkeleton,
  PageHeading,
  Skeleton,
  Table,
} from '@vitrine/ui';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { buyerName, dateTime } from '../format.ts';
import { fulfilmentLabels, orderLabels, paymentLabels, StatusBadge } from '../status.tsx';
import { OrdersTabs } from '../tabs.tsx';
import { ordersUrls } from '../urls.ts';
import { BulkFulfilDialog } from './bulk-fulfil.tsx';
import { BulkTagsDialog } from './bulk-tags.tsx';
import { OrderFilters } from './filters.tsx';
import { MAX_SELECTION, SelectionBar } from './selection-bar.tsx';
import { isFiltered, toOrderSearch, type OrdersListSearch } from './search.ts';

/** The list's filters and sort without its page (the packing slips start from the first order). */
const filtersOf = ({ cursor: _cursor, ...filters }: OrdersListSearch) => filters;

/** The merchant's zone (the export writes its dates in it). */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function OrdersPage() {
  useTitle('Orders');
  const http = useHttp();
  const location = useLocation();
  const [search, setSearch] = useRouteSearch(ordersUrls.list);
  const orders = useQuery({
    ...adminOrderQueries.search(http, toOrderSearch(search)),
    placeholderData: keepPreviousData,
  });
  const page = orders.data;
  const filtered = isFiltered(search);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  /** The bulk dialog open over the list. */
  const [bulk, setBulk] = useState<'fulfil' | 'tags'>();
  const [notice, setNotice] = useState<string>();
  /**
   * Every order the filters find (the first MAX_SELECTION), once the merchant asked for them all:
   * for the list's query string it was asked with (filters changed, it no longer counts).
   */
  const [matching, setMatching] = useState<{ for: string; orders: Order[]; more: boolean }>();
  const allMatching = matching?.for === location.search ? matching : undefined;
  const selectMatching = useMutation({
    mutationFn: () =>
      adminOrderCalls.search(http, { ...toOrderSearch(search), cursor: undefined, limit: MAX_SELECTION }),
    onSuccess: (r) => setMatching({ for: location.search, orders: r.orders, more: r.metadata.hasNext }),
  });
  // Ticks on another page, or on orders the filters no longer find, do not count.
  const chosen = allMatching?.orders ?? (page?.orders ?? []).filter((o) => selected.has(o.id));
  const chosenIds = new Set(chosen.map((o) => o.id));
  const tick = (id: string, on: boolean) => {
    // Unticking one of all the matching orders keeps the others on this page ticked.
    const from = allMatching ? new Set(chosenIds) : undefined;
    setMatching(undefined);
    setSelected((s) => {
      const next = new Set(from ?? s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  const clear = () => {
    setMatching(undefined);
    setSelected(new Set());
  };

  return (
    <>
      {/* On a phone, "Create order" stays beside the heading and the other actions take the next
          row; from the sm breakpoint on, all are on the heading's row, "Create order" last. */}
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <PageHeading className="mr-auto">Orders</PageHeading>
        <Link to={ordersUrls.create.href()} className={`${buttonClass('primary', 'sm')} sm:order-last`}>
          Create order
        </Link>
        {!!page?.orders.length && (
          <div className="flex w-full flex-wrap justify-end gap-2 sm:w-auto">
            <Link
              to={ordersUrls.packingSlips.href(filtersOf(search))}
              className={buttonClass('secondary', 'sm')}
            >
              {filtered ? 'Packing slips of matching orders' : 'Packing slips'}
            </Link>
            {/* A download the browser saves as it arrives (the staff cookie goes with it): every
                order the filters find, not only this page's. */}
            <a
              href={adminOrderExportPath(toOrderSearch(search), timeZone())}
              download
              className={buttonClass('secondary', 'sm')}
            >
              {filtered ? 'Export matching orders (CSV)' : 'Export all orders (CSV)'}
            </a>
          </div>
        )}
      </div>
      <OrdersTabs current="orders" />
      <OrderFilters key={location.search} search={search} onApply={setSearch} />
      <Alert variant="success">{notice}</Alert>
      {orders.isError ? (
        <>
          <Alert>{errorMessage(orders.error)}</Alert>
          <Button variant="secondary" onClick={() => void orders.refetch()}>
            Try again
          </Button>
        </>
      ) : !page ? (
        <LoadingSkeleton label="Loading orders…">
          <Skeleton className="h-64 rounded-2xl" />
        </LoadingSkeleton>
      ) : (
        <>
          <p role="status" className="mb-2 text-sm text-muted">
            {page.orders.length === 0
              ? filtered
                ? 'No orders match these filters.'
                : 'No orders yet.'
              : `Showing ${page.orders.length} order${page.orders.length === 1 ? '' : 's'}${filtered ? ' matching the filters' : ''}${orders.isFetching ? ' (updating…)' : ''}.`}
          </p>
          {page.orders.length > 0 && (
            <SelectionBar
              orders={page.orders}
              chosen={chosen}
              onSelect={(ids) => {
                setMatching(undefined);
                setSelected(new Set(ids));
              }}
              matching={
                allMatching
                  ? { state: 'all', more: allMatching.more }
                  : page.metadata.hasNext
                    ? {
                        state: selectMatching.isPending ? 'loading' : 'offer',
                        error: selectMatching.error ? errorMessage(selectMatching.error) : undefined,
                      }
                    : undefined
              }
              onSelectMatching={() => selectMatching.mutate()}
              onClear={clear}
              onFulfil={() => {
                setNotice(undefined);
                setBulk('fulfil');
              }}
              onTag={() => {
                setNotice(undefined);
                setBulk('tags');
              }}
            />
          )}
          {page.orders.length > 0 && (
            <Table caption="Orders" hideCaption aria-busy={orders.isFetching || undefined}>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="sr-only">Select</span>
                  </th>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Customer</th>
                  <th scope="col" className="text-right">
                    Total
                  </th>
                  <th scope="col">Payment</th>
                  <th scope="col">Fulfilment</th>
                  <th scope="col" className="hidden lg:table-cell">
                    Tags
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.orders.map((o) => (
                  <tr key={o.id} className="hover:bg-hover">
                    <td>
                      <input
                        type="checkbox"
                        className="size-4 accent-accent"
                        aria-label={`Select order #${o.number}`}
                        checked={chosenIds.has(o.id)}
                        onChange={(e) => tick(o.id, e.target.checked)}
                      />
                    </td>
                    <th scope="row" className="font-medium whitespace-nowrap">
                      <Link to={ordersUrls.detail.href({ id: o.id })} className={linkClass}>
                        #{o.number}
                      </Link>
                      {o.status !== 'APPROVED' && (
                        <span className="ml-2">
                          <StatusBadge entry={orderLabels[o.status]} />
                        </span>
                      )}
                    </th>
                    <td className="whitespace-nowrap">{dateTime(o.createdDate)}</td>
                    <td className="max-w-56">
                      <span className="block truncate">{buyerName(o) ?? '—'}</span>
                      <span className="block truncate text-muted">{o.buyerInfo.email}</span>
                    </td>
                    <td className="text-right whitespace-nowrap tabular-nums">
                      {formatMoney(o.priceSummary.total, { currency: o.currency })}
                    </td>
                    <td>
                      <StatusBadge entry={paymentLabels[o.paymentStatus]} />
                    </td>
                    <td>
                      <StatusBadge entry={fulfilmentLabels[o.fulfillmentStatus]} />
                    </td>
                    <td className="hidden lg:table-cell">
                      <span className="flex flex-wrap gap-1">
                        {o.tags.tags.tagIds.map((t) => (
                          <Badge key={t}>{t}</Badge>
                        ))}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <nav aria-label="Pages of orders" className="flex flex-wrap gap-2">
            {page.metadata.cursors.prev && (
              <Link
                to={ordersUrls.list.href({ ...search, cursor: page.metadata.cursors.prev })}
                className={buttonClass('secondary')}
              >
                Previous page
              </Link>
            )}
            {page.metadata.hasNext && page.metadata.cursors.next && (
              <Link
                to={ordersUrls.list.href({ ...search, cursor: page.metadata.cursors.next })}
                className={buttonClass('secondary')}
              >
                Next page
              </Link>
            )}
          </nav>
        </>
      )}
      {bulk === 'fulfil' && (
        <BulkFulfilDialog
          orders={chosen}
          onClose={() => setBulk(undefined)}
          onDone={(message, anyDone) => {
            setBulk(undefined);
            setNotice(message);
            if (anyDone) clear();
          }}
        />
      )}
      {bulk === 'tags' && (
        <BulkTagsDialog
          orders={chosen}
          onClose={() => setBulk(undefined)}
          onDone={(message) => {
            setBulk(undefined);
            setNotice(message);
          }}
        />
      )}
    </>
  );
}
