/**
 * Products as other merchant pages name them (a review's or a back-in-stock request's product, a
 * product filter): by id, hidden ones included, and a short list by name for pickers. The catalog's
 * own management lives elsewhere; this is only to show names and slugs.
 */
import type { Product } from '@vitrine/contract';
import type { HttpClient } from '../http.ts';

/** What a page needs to name a product and link to it on the shop (variants for their choices). */
export type ProductRef = Pick<Product, 'id' | 'name' | 'slug' | 'visible' | 'variantsInfo' | 'media'>;

const refOf = ({ id, name, slug, visible, variantsInfo, media }: Product): ProductRef => ({
  id,
  name,
  slug,
  visible,
  variantsInfo,
  media,
});

const query = (http: HttpClient, body: object) =>
  http
    .request<{ products: Product[] }>({
      method: 'POST',
      path: '/stores/v3/products/query',
      body: { ...body, returnNonVisibleProducts: true, fields: ['VARIANT_OPTION_CHOICE_NAMES'] },
    })
    .then((a) => a.products.map(refOf));

export const productLookupCalls = {
  /** Up to 100 products by id (unknown ids are left out). */
  byIds: (http: HttpClient, ids: readonly string[]): Promise<ProductRef[]> =>
    ids.length === 0
      ? Promise.resolve([])
      : query(http, {
          query: { filter: { id: { $in: [...ids].slice(0, 100) } }, cursorPaging: { limit: 100 } },
        }),
  /**
   * Up to 10 products the shop shows whose words start with `text` (the catalog's search), each
   * with its variants' choices, prices and stock: for a picker that adds items to a checkout.
   */
  search: (http: HttpClient, text: string): Promise<ProductRef[]> =>
    http
      .request<{ products: Product[] }>({
        method: 'POST',
        path: '/stores/v3/products/search',
        body: {
          search: { cursorPaging: { limit: 10 }, search: { expression: text } },
          fields: ['VARIANT_OPTION_CHOICE_NAMES', 'CURRENCY'],
        },
      })
      .then((a) => a.products.map(refOf)),
  /** The first 100 products by name (for a product filter). */
  list: (http: HttpClient): Promise<ProductRef[]> =>
    query(http, { query: { sort: [{ fieldName: 'name', order: 'ASC' }], cursorPaging: { limit: 100 } } }),
};
