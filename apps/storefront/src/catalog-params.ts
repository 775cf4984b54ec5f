/**
 * The catalog page's URL state, shared by its server prefetch (routes.tsx) and the page: in the
 * page's chunk in the browser, not the shell (the prefetch is the server's only).
 */
import { type ProductSort, PRODUCT_SORTS } from '@vitrine/sdk';

/** The catalog page's URL state: `/shop?category=<slug>&sort=<sort>&q=<words>&cursor=<cursor>`. */
export function catalogParams(search: URLSearchParams) {
  const sort = search.get('sort') as ProductSort | null;
  return {
    category: search.get('category') || undefined,
    sort: sort && PRODUCT_SORTS.includes(sort) ? sort : ('newest' as ProductSort),
    text: search.get('q')?.trim().slice(0, 200) || undefined,
    cursor: search.get('cursor') || undefined,
  };
}
export const PAGE_SIZE = 12;
