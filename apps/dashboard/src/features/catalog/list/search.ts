/** The products list's URL values → the SDK's product search. */
import type { AdminProductSearch } from '@vitrine/sdk';
import type { SearchOf } from '../../../app/url.ts';
import type { catalogUrls } from '../urls.ts';

export type ProductsListSearch = SearchOf<(typeof catalogUrls.products)['search']>;
export const PAGE_SIZE = 20;

export const toProductSearch = (s: ProductsListSearch): AdminProductSearch => ({
  text: s.q,
  visible: s.visible === undefined ? undefined : s.visible === 'true',
  stock: s.stock,
  sort: s.sort,
  cursor: s.cursor,
  limit: PAGE_SIZE,
});

/** Whether any filter is set (paging and sort aside). */
export const isFiltered = (s: ProductsListSearch) => !!(s.q || s.visible || s.stock.length);
