/**
 * The store's collections, as discounts and coupons name them: the catalog's categories (hidden
 * ones too; the v1 API calls them collections, with the same ids), the first 100 by name, plus
 * the platform's "All Products" collection, which is not a category. An id beyond the list is read
 * by itself; one the catalog no longer has is a deleted collection.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { isVitrineError } from '@vitrine/sdk';
import { adminCatalogQueries } from '@vitrine/sdk/react';
import { useHttp } from '../../app/http.tsx';
import { ALL_PRODUCTS_COLLECTION_ID, ALL_PRODUCTS_NAME, type CollectionName } from './collection-words.ts';

/** The store's collections to choose from (the first 100 by name). */
export function useCollectionList() {
  return useQuery(adminCatalogQueries.categories(useHttp()));
}

/** Names for `ids` (and any id the list holds). */
export function useCollectionNames(ids: readonly string[]): CollectionName {
  const http = useHttp();
  const list = useCollectionList();
  const listed = list.data?.categories;
  const complete = list.data ? !list.data.pagingMetadata.hasNext : false;
  const others =
    listed && !complete
      ? [...new Set(ids)].filter(
          (id) => id !== ALL_PRODUCTS_COLLECTION_ID && !listed.some((c) => c.id === id),
        )
      : [];
  const read = useQueries({
    queries: others.map((id) => ({ ...adminCatalogQueries.category(http, id), retry: false })),
  });
  return (id) => {
    if (id === ALL_PRODUCTS_COLLECTION_ID) return ALL_PRODUCTS_NAME;
    const found = listed?.find((c) => c.id === id);
    if (found) return found.name;
    if (!listed) return undefined;
    if (complete) return null;
    const q = read[others.indexOf(id)];
    if (q?.data) return q.data.name;
    return q?.isError && isVitrineError(q.error) && q.error.status === 404 ? null : undefined;
  };
}
