/**
 * The merchant's catalog as TanStack Query options over `adminCatalogCalls` (../../admin/catalog.ts).
 * Keys live under `['catalog', 'admin', …]`, inside the storefront's `['catalog']`, so that one
 * invalidation of `['catalog']` (an order canceled with restock) refreshes both: a search page
 * `['catalog', 'admin', 'search', {…}]`, one product `['catalog', 'admin', 'product', id]`, its
 * stock `['catalog', 'admin', 'inventory', id]`, the low-stock list `['catalog', 'admin',
 * 'low-stock', {…}]`, variants `['catalog', 'admin', 'variants', ids]`, categories `['catalog',
 * 'admin', 'categories', …]`. Every write refreshes the catalog and the home page's figures.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Category, Product } from '@vitrine/contract';
import { adminCatalogCalls, type AdminProductSearch, type StockChange } from '../../admin/catalog.ts';
import type { HttpClient } from '../../http.ts';

const A = ['catalog', 'admin'] as const;
const productKey = (id: string) => [...A, 'product', id] as const;
const categoryKey = (id: string) => [...A, 'category', id] as const;
const inventoryKey = (id: string) => [...A, 'inventory', id] as const;

export const adminCatalogQueries = {
  all: () => A,
  /** One page of a search: the key holds every criterion (absent ones as null). */
  search: (http: HttpClient, s: AdminProductSearch) =>
    queryOptions({
      queryKey: [
        ...A,
        'search',
        {
          text: s.text?.trim() || null,
          visible: s.visible ?? null,
          stock: s.stock ?? [],
          categoryId: s.categoryId ?? null,
          sort: s.sort ?? 'newest',
          cursor: s.cursor ?? null,
          limit: s.limit ?? 20,
        },
      ] as const,
      queryFn: () => adminCatalogCalls.search(http, s),
    }),
  product: (http: HttpClient, productId: string) =>
    queryOptions({ queryKey: productKey(productId), queryFn: () => adminCatalogCalls.get(http, productId) }),
  inventory: (http: HttpClient, productId: string) =>
    queryOptions({
      queryKey: inventoryKey(productId),
      queryFn: () => adminCatalogCalls.inventoryOf(http, productId),
    }),
  lowStock: (http: HttpClient, v: { threshold: number; cursor?: string; limit?: number }) =>
    queryOptions({
      queryKey: [
        ...A,
        'low-stock',
        { threshold: v.threshold, cursor: v.cursor ?? null, limit: v.limit ?? 50 },
      ] as const,
      queryFn: () => adminCatalogCalls.lowStock(http, v),
    }),
  variants: (http: HttpClient, ids: readonly string[]) =>
    queryOptions({
      queryKey: [...A, 'variants', [...ids].sort()] as const,
      queryFn: () => adminCatalogCalls.variants(http, ids),
    }),
  categories: (http: HttpClient) =>
    queryOptions({
      queryKey: [...A, 'categories'] as const,
      queryFn: () => adminCatalogCalls.categories(http),
    }),
  category: (http: HttpClient, categoryId: string) =>
    queryOptions({
      queryKey: categoryKey(categoryId),
      queryFn: () => adminCatalogCalls.category(http, categoryId),
    }),
};

/** After a catalog change: the whole catalog (lists, stock, the shop's pages) and the home page's figures. */
const refresh = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ['catalog'] }),
    client.invalidateQueries({ queryKey: ['analytics'] }),
  ]);
const keepProduct = (client: QueryClient, p: Product) => client.setQueryData(productKey(p.id), p);
const keepCategory = (client: QueryClient, c: Category) => client.setQueryData(categoryKey(c.id), c);

export const adminCatalogMutations = {
  create: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...A, 'create'] as const,
      mutationFn: (product: Parameters<typeof adminCatalogCalls.create>[1]) =>
        adminCatalogCalls.create(http, product),
      onSuccess: async (p, _v, _r, context) => {
        keepProduct(context.client, p);
        await refresh(context.client);
      },
    }),
  update: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...A, 'update'] as const,
      mutationFn: (v: Parameters<typeof adminCatalogCalls.update>[1]) => adminCatalogCalls.update(http, v),
      onSuccess: async (p, _v, _r, context) => {
        keepProduct(context.client, p);
        await refresh(context.client);
      },
    }),
  /**
   * Deletes a product. Its own answers (the product, its stock) are not read again — the page
   * still showing it would get a 404 and leave the merchant on an error instead of wherever the
   * caller goes next: they are only marked stale (a later visit reads them, and says it is gone),
   * and dropped once nothing shows them. The rest of the catalog is read again.
   */
  remove: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...A, 'remove'] as const,
      mutationFn: (productId: string) => adminCatalogCalls.remove(http, productId),
      onSuccess: async (_d, productId, _r, context) => {
        const client = context.client;
        const own = [productKey(productId), inventoryKey(productId)];
        const isOwn = (key: readonly unknown[]) =>
          own.some((k) => k.length === key.length && k.every((part, i) => part === key[i]));
        for (const queryKey of own) {
          await client.cancelQueries({ queryKey, exact: true });
          await client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
        }
        client.removeQueries({ predicate: (q) => isOwn(q.queryKey) && !q.isActive() });
        await Promise.all([
          client.invalidateQueries({ queryKey: ['catalog'], predicate: (q) => !isOwn(q.queryKey) }),
          client.invalidateQueries({ queryKey: ['analytics'] }),
        ]);
      },
    }),
  /** Bulk stock changes (decrements, then increments). */
  adjustStock: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...A, 'adjust-stock'] as const,
      mutationFn: (changes: readonly StockChange[]) => adminCatalogCalls.adjustStock(http, changes),
      onSettled: (_d, _e, _v, _r, context) => refresh(context.client),
    }),
  createCategory: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...A, 'create-category'] as const,
      mutationFn: (category: Parameters<typeof adminCatalogCalls.createCategory>[1]) =>
        adminCatalogCalls.createCategory(http, category),
      onSuccess: async (c, _v, _r, context) => {
        keepCategory(context.client, c);
        await refresh(context.client);
      },
    }),
  updateCategory: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...A, 'update-category'] as const,
      mutationFn: (v: Parameters<typeof adminCatalogCalls.updateCategory>[1]) =>
        adminCatalogCalls.updateCategory(http, v),
      onSuccess: async (c, _v, _r, context) => {
        keepCategory(context.client, c);
        await refresh(context.client);
      },
    }),
  removeCategory: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...A, 'remove-category'] as const,
      mutationFn: (categoryId: string) => adminCatalogCalls.removeCategory(http, categoryId),
      onSuccess: async (_d, categoryId, _r, context) => {
        context.client.removeQueries({ queryKey: categoryKey(categoryId) });
        await refresh(context.client);
      },
    }),
  /** Puts products into a category or takes them out (each product written with its revision). */
  assignCategory: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...A, 'assign-category'] as const,
      mutationFn: (v: Parameters<typeof adminCatalogCalls.assignCategory>[1]) =>
        adminCatalogCalls.assignCategory(http, v),
      onSettled: (_d, _e, _v, _r, context) => refresh(context.client),
    }),
};
