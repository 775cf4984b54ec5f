/** Catalog reads as TanStack Query options over the calls of ../catalog.ts. Keys start with `['catalog', …]`. */
import { queryOptions } from '@tanstack/react-query';
import { categories, productBySlug, searchProducts, type ProductSearch } from '../catalog.ts';
import type { HttpClient } from '../http.ts';

export const catalogQueries = {
  all: () => ['catalog'] as const,
  categories: (http: HttpClient) =>
    queryOptions({
      queryKey: ['catalog', 'categories'] as const,
      queryFn: () => categories(http),
    }),
  search: (http: HttpClient, s: ProductSearch) =>
    queryOptions({
      queryKey: [
        'catalog',
        'search',
        {
          categoryId: s.categoryId ?? null,
          text: s.text?.trim() || null,
          sort: s.sort ?? 'newest',
          cursor: s.cursor ?? null,
          limit: s.limit ?? 12,
        },
      ] as const,
      queryFn: () => searchProducts(http, s),
    }),
  /** The product page's product; `null` when there is no visible product with that slug. */
  bySlug: (http: HttpClient, slug: string) =>
    queryOptions({
      queryKey: ['catalog', 'product', slug] as const,
      queryFn: () => productBySlug(http, slug),
    }),
};
