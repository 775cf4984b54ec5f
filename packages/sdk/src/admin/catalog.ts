/**
 * The merchant's side of the catalog (contract catalog.md §6; apps/server/src/modules/catalog),
 * as plain typed calls: products (hidden ones too) searched by words, visibility and stock, read
 * with everything the editor needs, created and updated (updates carry the `revision` read);
 * inventory items (a product's, and the low-stock list) with bulk increments and decrements;
 * categories (hidden ones too) created, renamed and deleted. Products join categories through
 * their own `directCategoriesInfo`.
 */
import type {
  AvailabilityStatus,
  CategoriesPage,
  Category,
  CategoryInput,
  CategoryPatch,
  Filter,
  InventoryItem,
  InventoryItemsPage,
  Product,
  ProductField,
  ProductInput,
  ProductPatch,
  ProductsPage,
  QueryVariantsPage,
  Sorting,
} from '@vitrine/contract';
import type { HttpClient } from '../http.ts';

export const ADMIN_PRODUCT_SORTS = [
  'newest',
  'oldest',
  'name',
  'price-asc',
  'price-desc',
  'updated',
] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
const SORTS: Record<AdminProductSort, Sorting[]> = {
  newest: [{ fieldName: 'createdDate', order: 'DESC' }],
  oldest: [{ fieldName: 'createdDate', order: 'ASC' }],
  name: [{ fieldName: 'name', order: 'ASC' }],
  'price-asc': [{ fieldName: 'actualPriceRange.minValue.amount', order: 'ASC' }],
  'price-desc': [{ fieldName: 'actualPriceRange.minValue.amount', order: 'DESC' }],
  updated: [{ fieldName: 'updatedDate', order: 'DESC' }],
};

export interface AdminProductSearch {
  /** Words the product name's words start with. */
  text?: string;
  /** Shown in the shop (true) or hidden (false); both when omitted. */
  visible?: boolean;
  stock?: AvailabilityStatus[];
  categoryId?: string;
  sort?: AdminProductSort;
  /** Another page (the cursor carries the filter and the sort). */
  cursor?: string;
  limit?: number;
}

/** What lists show beside the default fields: the currency (for prices) and the categories. */
const LIST_FIELDS: ProductField[] = ['CURRENCY', 'DIRECT_CATEGORIES_INFO'];
/** What the editor reads and writes. */
export const EDITOR_FIELDS: ProductField[] = [
  'CURRENCY',
  'URL',
  'PLAIN_DESCRIPTION',
  'MEDIA_ITEMS_INFO',
  'VARIANT_OPTION_CHOICE_NAMES',
  'DIRECT_CATEGORIES_INFO',
  'WEIGHT_MEASUREMENT_UNIT_INFO',
];

/** The platform query filter of a product search (without words, paging and sort). */
export function adminProductFilter(s: AdminProductSearch): Filter {
  const and: Filter[] = [];
  if (s.visible !== undefined) and.push({ visible: { $eq: s.visible } });
  if (s.stock?.length) and.push({ 'inventory.availabilityStatus': { $in: s.stock } });
  if (s.categoryId) and.push({ 'directCategoriesInfo.categories.id': { $hasSome: [s.categoryId] } });
  return and.length === 0 ? {} : and.length === 1 ? and[0]! : { $and: and };
}

/** `POST /stores/v3/products/search`'s body: the cursor alone for another page. */
export const adminProductSearchBody = (s: AdminProductSearch) => {
  const limit = s.limit ?? 20;
  if (s.cursor) return { search: { cursorPaging: { limit, cursor: s.cursor } }, fields: LIST_FIELDS };
  const text = s.text?.trim();
  return {
    search: {
      filter: adminProductFilter(s),
      sort: SORTS[s.sort ?? 'newest'],
      cursorPaging: { limit },
      ...(text ? { search: { expression: text } } : {}),
    },
    fields: LIST_FIELDS,
  };
};

/** A variant with the product it belongs to (query-variants). */
export type VariantWithProduct = QueryVariantsPage['variants'][number];

/** One stock change: `by` units more (positive) or fewer (negative). */
export interface StockChange {
  inventoryItemId: string;
  by: number;
}

const TREE = { appNamespace: '@wix/stores' };

export const adminCatalogCalls = {
  search: (http: HttpClient, s: AdminProductSearch): Promise<ProductsPage> =>
    http.request<ProductsPage>({
      method: 'POST',
      path: '/stores/v3/products/search',
      body: adminProductSearchBody(s),
    }),
  /** One product, hidden or not, with the editor's fields. */
  get: async (http: HttpClient, productId: string): Promise<Product> =>
    (
      await http.request<{ product: Product }>({
        method: 'GET',
        path: '/stores/v3/products/{productId}',
        pathParams: { productId },
        query: { fields: EDITOR_FIELDS },
      })
    ).product,
  /** Creates a product with its variants' stock; answers it with the editor's fields. */
  create: async (http: HttpClient, product: ProductInput): Promise<Product> =>
    (
      await http.request<{ product: Product }>({
        method: 'POST',
        path: '/stores/v3/products-with-inventory',
        body: { product, fields: EDITOR_FIELDS },
      })
    ).product,
  /**
   * Changes the fields given (`revision`: the one read; 409 `REVISION_MISMATCH` when someone else
   * saved meanwhile). Variants given replace them all; a variant keeping its `id` keeps its stock
   * unless it says `inventoryItem`.
   */
  update: async (http: HttpClient, v: { productId: string; product: ProductPatch }): Promise<Product> =>
    (
      await http.request<{ product: Product }>({
        method: 'PATCH',
        path: '/stores/v3/products-with-inventory/{productId}',
        pathParams: { productId: v.productId },
        body: { product: v.product, fields: EDITOR_FIELDS },
      })
    ).product,
  remove: (http: HttpClient, productId: string): Promise<object> =>
    http.request<object>({
      method: 'DELETE',
      path: '/stores/v3/products/{productId}',
      pathParams: { productId },
    }),

  /** A product's inventory items (one per variant). */
  inventoryOf: async (http: HttpClient, productId: string): Promise<InventoryItem[]> =>
    (
      await http.request<InventoryItemsPage>({
        method: 'POST',
        path: '/stores/v3/inventory-items/query',
        body: { query: { filter: { productId: { $eq: productId } }, cursorPaging: { limit: 100 } } },
      })
    ).inventoryItems,
  /** Tracked items with at most `threshold` units, fewest first (hidden products' too). */
  lowStock: (
    http: HttpClient,
    v: { threshold: number; cursor?: string; limit?: number },
  ): Promise<InventoryItemsPage> =>
    http.request<InventoryItemsPage>({
      method: 'POST',
      path: '/stores/v3/inventory-items/query',
      body: {
        query: v.cursor
          ? { cursorPaging: { limit: v.limit ?? 50, cursor: v.cursor } }
          : {
              filter: { trackQuantity: { $eq: true }, quantity: { $lte: v.threshold } },
              sort: [
                { fieldName: 'quantity', order: 'ASC' },
                { fieldName: 'createdDate', order: 'ASC' },
              ],
              cursorPaging: { limit: v.limit ?? 50 },
            },
      },
    }),
  /** Variants by id (up to 100), with their choices' names and their product. */
  variants: async (http: HttpClient, ids: readonly string[]): Promise<VariantWithProduct[]> =>
    ids.length === 0
      ? []
      : (
          await http.request<{ variants: VariantWithProduct[] }>({
            method: 'POST',
            path: '/stores/v3/products/query-variants',
            body: { query: { filter: { id: { $in: [...ids] } }, cursorPaging: { limit: 100 } } },
          })
        ).variants,
  /**
   * Changes tracked stock by the amounts given: decrements first (all or nothing; refused with 409
   * `INSUFFICIENT_INVENTORY` when an item has too little), then increments (all or nothing).
   */
  adjustStock: async (http: HttpClient, changes: readonly StockChange[]): Promise<void> => {
    const down = changes.filter((c) => c.by < 0);
    const up = changes.filter((c) => c.by > 0);
    if (down.length)
      await http.request({
        method: 'POST',
        path: '/stores/v3/bulk/inventory-items/decrement',
        body: {
          decrementData: down.map((c) => ({ inventoryItemId: c.inventoryItemId, decrementBy: -c.by })),
          restrictInventory: true,
          reason: 'MANUAL',
        },
      });
    if (up.length)
      await http.request({
        method: 'POST',
        path: '/stores/v3/bulk/inventory-items/increment',
        body: {
          incrementData: up.map((c) => ({ inventoryItemId: c.inventoryItemId, incrementBy: c.by })),
          reason: 'MANUAL',
        },
      });
  },

  /** Every category, hidden ones too, by name (up to 100 a page). */
  categories: (http: HttpClient, v: { cursor?: string; limit?: number } = {}): Promise<CategoriesPage> =>
    http.request<CategoriesPage>({
      method: 'POST',
      path: '/categories/v1/categories/query',
      body: {
        treeReference: TREE,
        returnNonVisibleCategories: true,
        query: v.cursor
          ? { cursorPaging: { limit: v.limit ?? 100, cursor: v.cursor } }
          : { sort: [{ fieldName: 'name', order: 'ASC' }], cursorPaging: { limit: v.limit ?? 100 } },
      },
    }),
  category: async (http: HttpClient, categoryId: string): Promise<Category> =>
    (
      await http.request<{ category: Category }>({
        method: 'GET',
        path: '/categories/v1/categories/{categoryId}',
        pathParams: { categoryId },
      })
    ).category,
  createCategory: async (http: HttpClient, category: CategoryInput): Promise<Category> =>
    (
      await http.request<{ category: Category }>({
        method: 'POST',
        path: '/categories/v1/categories',
        body: { category, treeReference: TREE },
      })
    ).category,
  /** Renames, re-slugs, shows or hides (`revision`: the one read). */
  updateCategory: async (
    http: HttpClient,
    v: { categoryId: string; category: CategoryPatch },
  ): Promise<Category> =>
    (
      await http.request<{ category: Category }>({
        method: 'PATCH',
        path: '/categories/v1/categories/{categoryId}',
        pathParams: { categoryId: v.categoryId },
        body: { category: v.category, treeReference: TREE },
      })
    ).category,
  /** Deletes a category; its products stay. */
  removeCategory: (http: HttpClient, categoryId: string): Promise<object> =>
    http.request<object>({
      method: 'DELETE',
      path: '/categories/v1/categories/{categoryId}',
      pathParams: { categoryId },
    }),
  /**
   * Puts products into a category or takes them out: each product's own category list changes
   * (read, then written with its revision), one product after the other. Answers the products changed.
   */
  assignCategory: async (
    http: HttpClient,
    v: { categoryId: string; add?: readonly string[]; remove?: readonly string[] },
  ): Promise<Product[]> => {
    const changed: Product[] = [];
    const each = async (productId: string, change: (ids: string[]) => string[]) => {
      const p = await adminCatalogCalls.get(http, productId);
      const before = p.directCategoriesInfo?.categories.map((c) => c.id) ?? [];
      const after = change(before);
      if (after.length === before.length && after.every((id, i) => id === before[i])) return;
      changed.push(
        await adminCatalogCalls.update(http, {
          productId,
          product: {
            revision: p.revision,
            directCategoriesInfo: { categories: after.map((id) => ({ id })) },
          },
        }),
      );
    };
    for (const id of v.add ?? [])
      await each(id, (ids) => (ids.includes(v.categoryId) ? ids : [...ids, v.categoryId]));
    for (const id of v.remove ?? []) await each(id, (ids) => ids.filter((x) => x !== v.categoryId));
    return changed;
  },
};
