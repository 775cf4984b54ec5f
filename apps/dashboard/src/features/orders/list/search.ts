/** The list page's URL values → the SDK's order search. */
import type { AdminOrderSearch } from '@vitrine/sdk';
import type { SearchOf } from '../../../app/url.ts';
import type { ordersUrls } from '../urls.ts';

export type OrdersListSearch = SearchOf<(typeof ordersUrls.list)['search']>;
export const PAGE_SIZE = 20;

/** Local midnight of a `YYYY-MM-DD` day (the merchant's time zone), as ISO; `days` later if asked. */
const localDay = (day: string, plusDays = 0) => {
  const d = new Date(`${day}T00:00:00`);
  d.setDate(d.getDate() + plusDays);
  return d.toISOString();
};

export function toOrderSearch(s: OrdersListSearch): AdminOrderSearch {
  return {
    text: s.q,
    paymentStatus: s.payment,
    fulfillmentStatus: s.fulfilment,
    status: s.status,
    createdFrom: s.from ? localDay(s.from) : undefined,
    createdBefore: s.to ? localDay(s.to, 1) : undefined,
    tags: s.tag,
    archived: s.archived === undefined ? undefined : s.archived === 'true',
    authorizationHeld: s.authorization === 'held' ? true : undefined,
    sort: s.sort,
    cursor: s.cursor,
    limit: PAGE_SIZE,
  };
}

/** How many filters beyond the search text are set (status groups count each status chosen). */
export const moreFilters = (s: OrdersListSearch): number =>
  s.payment.length +
  s.fulfilment.length +
  s.status.length +
  (s.from ? 1 : 0) +
  (s.to ? 1 : 0) +
  s.tag.length +
  (s.archived ? 1 : 0) +
  (s.authorization ? 1 : 0);

/** Whether any filter is set (paging and sort aside). */
export const isFiltered = (s: OrdersListSearch) => !!s.q || moreFilters(s) > 0;
