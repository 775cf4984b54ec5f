/**
 * Catalog reads (contract catalog.md §6: `@wix/stores` v3 products and categories) as plain typed
 * calls over an {@link HttpClient}; `@vitrine/sdk/react` wraps them in query options.
 */
import type { Category, Product, ProductsPage } from '@vitrine/contract';
import type { HttpClient } from './http.ts';

/** The stores catalog app id of line items' `catalogReference.appId` (contract catalog.md §10). */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

export type ProductSort = 'newest' | 'price-asc' | 'price-desc' | 'name';
export const PRODUCT_SORTS: readonly ProductSort[] = ['newest', 'price-asc', 'price-desc', 'name'];

export interface ProductSearch {
  /** A category id. */
  categoryId?: string;
  /** Words the product name must start (word-prefix match on the server). */
  text?: string;
  sort?: ProductSort;
  /** The cursor of the page to show (`pagingMetadata.cursors.next` of the previous one). */
  cursor?: string;
  limit?: number;
}
export type ProductPage = ProductsPage;

const SORTS: Record<ProductSort, { fieldName: string; order: 'ASC' | 'DESC' }[]> = {
  newest: [{ fieldName: 'createdDate', order: 'DESC' }],
  'price-asc': [{ fieldName: 'actualPriceRange.minValue.amount', order: 'ASC' }],
  'price-desc': [{ fieldName: 'actualPriceRange.minValue.amount', order: 'DESC' }],
  name: [{ fieldName: 'name', order: 'ASC' }],
};
const LIST_FIELDS = ['CURRENCY', 'URL'];
const PAGE_FIELDS = [
  'CURRENCY',
  'URL',
  'PLAIN_DESCRIPTION',
  'MEDIA_ITEMS_INFO',
  'VARIANT_OPTION_CHOICE_NAMES',
];

/** The `searchProducts` body: a cursor request sends only the cursor (conventions §7). */
export function searchBody(s: ProductSearch): object {
  const limit = s.limit ?? 12;
  if (s.cursor) return { search: { cursorPaging: { limit, cursor: s.cursor } }, fields: LIST_FIELDS };
  const filter = s.categoryId ? { 'allCategoriesInfo.categories.id': { $hasSome: [s.categoryId] } } : {};
  const text = s.text?.trim();
  return {
    search: {
      filter,
      sort: SORTS[s.sort ?? 'newest'],
      cursorPaging: { limit },
      ...(text ? { search: { expression: text } } : {}),
    },
    fields: LIST_FIELDS,
  };
}

/** The visible categories, by name (up to 100). */
export const categories = (http: HttpClient): Promise<Category[]> =>
  http
    .request<{ categories: Category[] }>({
      method: 'POST',
      path: '/categories/v1/categories/query',
      body: {
        treeReference: { appNamespace: '@wix/stores' },
        query: {
          filter: { visible: true },
          sort: [{ fieldName: 'name', order: 'ASC' }],
          cursorPaging: { limit: 100 },
        },
      },
    })
    .then((a) => a.categories);

/** One page of products for a category, words and sort. */
export const searchProducts = (http: HttpClient, s: ProductSearch): Promise<ProductPage> =>
  http.request<ProductPage>({ method: 'POST', path: '/stores/v3/products/search', body: searchBody(s) });

/** The product page's product; `null` when there is no visible product with that slug. */
export const productBySlug = (http: HttpClient, slug: string): Promise<Product | null> =>
  http
    .request<{ product: Product }>({
      method: 'GET',
      path: '/stores/v3/products/slug/{slug}',
      pathParams: { slug },
      query: { fields: PAGE_FIELDS },
    })
    .then(
      (a) => a.product,
      (e: unknown) => {
        if ((e as { status?: number }).status === 404) return null;
        throw e;
      },
    );

/** The catalog reads together. */
export const catalogCalls = { categories, search: searchProducts, bySlug: productBySlug };
