/**
 * `/dashboard/orders/packing-slips`: printable packing slips, one a printed page. Of the orders
 * named (`?order=<id>`: one from its page, or those ticked in the list), else of the orders the
 * list's filters find, in its sort: the first 100 (a page of the orders search), with a notice
 * when there are more. Each slip has the
 * store's name and business address (the sender), the order's number and day, where it goes (or
 * that it is picked up), the items still to pack (what earlier shipments took is said), and the
 * buyer's note. The dashboard's navigation and this page's controls are left off the paper.
 */
import { useQuery } from '@tanstack/react-query';
import type { Fulfillment, Order, StoreSettings } from '@vitrine/contract';
import { adminOrderQueries, storeSettingsQueries } from '@vitrine/sdk/react';
import { Alert, Button, buttonClass, linkClass, LoadingSkeleton, PageHeading, Skeleton } from '@vitrine/ui';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { settingsUrls } from '../../settings/urls.ts';
import { toOrderSearch } from '../list/search.ts';
import { ordersUrls } from '../urls.ts';
import { PackingSlip } from './packing-slip.tsx';

/** Slips a page shows: one page of the orders search, its largest (the contract's `MAX_PAGE_SIZE`). */
const MOST = 100;

export function PackingSlipsPage() {
  useTitle('Packing slips');
  const http = useHttp();
  const [{ order: named, ...filters }] = useRouteSearch(ordersUrls.packingSlips);
  const settings = useQuery(storeSettingsQueries.get(http));
  const search = named.length
    ? { ids: named, sort: filters.sort, limit: MOST }
    : { ...toOrderSearch({ ...filters, cursor: undefined }), limit: MOST };
  const found = useQuery(adminOrderQueries.search(http, search));
  const orders: Order[] | undefined = found.data?.orders;
  const ids = orders?.map((o) => o.id) ?? [];
  const shipped = useQuery({ ...adminOrderQueries.fulfillmentsOf(http, ids), enabled: ids.length > 0 });
  const failed = [settings, found, shipped].find((q) => q.isError);
  const more = !!found.data?.metadata.hasNext;
  // One order's slip goes back to its page; a selection or the filters to the list.
  const back = named.length === 1 ? ordersUrls.detail.href({ id: named[0]! }) : ordersUrls.list.href(filters);

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <PageHeading className="">Packing slips</PageHeading>
        <div className="flex flex-wrap gap-2">
          <Link to={back} className={buttonClass('secondary')}>
            {named.length === 1 ? 'Back to the order' : 'Back to the orders'}
          </Link>
          <Button onClick={() => window.print()} disabled={!orders?.length || !shipped.data}>
            Print
          </Button>
        </div>
      </div>
      {failed ? (
        <div className="print:hidden">
          <Alert>{errorMessage(failed.error)}</Alert>
          <Button variant="secondary" onClick={() => void failed.refetch()}>
            Try again
          </Button>
        </div>
      ) : !orders || !settings.data || (ids.length > 0 && !shipped.data) ? (
        <LoadingSkeleton label="Loading the packing slips…">
          <Skeleton className="h-96 rounded-2xl" />
        </LoadingSkeleton>
      ) : (
        <>
          <div className="print:hidden">
            <p role="status" className="mb-2 text-sm text-muted">
              {orders.length === 0
                ? named.length
                  ? 'These orders are not there any more: there is nothing to print.'
                  : 'No orders match these filters: there is nothing to print.'
                : `${orders.length} packing slip${orders.length === 1 ? '' : 's'}, one a page when printed.`}
            </p>
            {more && (
              <Alert variant="info">
                Only the first {MOST} orders the filters find are here. Print them, then narrow the filters
                (for example by day) to print the rest.
              </Alert>
            )}
            <NoAddress settings={settings.data} />
          </div>
          <Slips orders={orders} settings={settings.data} fulfillments={shipped.data ?? new Map()} />
        </>
      )}
    </>
  );
}

function NoAddress({ settings }: { settings: StoreSettings }) {
  if (settings.businessAddress) return null;
  return (
    <Alert variant="info">
      The slips have no return address yet:{' '}
      <Link to={settingsUrls.general.href()} className={linkClass}>
        add your business address in the settings
      </Link>
      .
    </Alert>
  );
}

function Slips({
  orders,
  settings,
  fulfillments,
}: {
  orders: Order[];
  settings: StoreSettings;
  fulfillments: Map<string, Fulfillment[]>;
}) {
  return (
    <div className="grid gap-6 print:block">
      {orders.map((o) => (
        <PackingSlip key={o.id} order={o} store={settings} fulfillments={fulfillments.get(o.id) ?? []} />
      ))}
    </div>
  );
}
