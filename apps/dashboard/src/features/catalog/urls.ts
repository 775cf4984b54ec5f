/**
 * The catalog feature's typed URLs. The products list's words, visibility, stock status, sort and
 * page are its query string; the editor's and the category page's open dialog is `?dialog=…`;
 * the low-stock view's threshold and page too.
 *
 *   catalogUrls.products.href({ stock: ['OUT_OF_STOCK'] })        →  /catalog?stock=OUT_OF_STOCK
 *   catalogUrls.product.href({ id }, { dialog: 'images' })        →  /catalog/products/<id>?dialog=images
 *   catalogUrls.lowStock.href()                                   →  /catalog/low-stock
 */
import { ADMIN_PRODUCT_SORTS } from '@vitrine/sdk';
import { param, route } from '../../app/url.ts';

export const STOCK_STATUSES = ['IN_STOCK', 'PARTIALLY_OUT_OF_STOCK', 'OUT_OF_STOCK'] as const;
export const PRODUCT_DIALOGS = ['images', 'delete'] as const;
export type ProductDialog = (typeof PRODUCT_DIALOGS)[number];
export const CATEGORY_DIALOGS = ['rename', 'delete', 'add-products'] as const;
export type CategoryDialog = (typeof CATEGORY_DIALOGS)[number];
/** The low-stock view's thresholds (units left at most); 5 is the home page's. */
export const LOW_STOCK_LIMITS = ['0', '5', '10', '25'] as const;

export const catalogUrls = {
  products: route('/catalog', {
    /** Words the product names start with. */
    q: param.text(),
    visible: param.oneOf(['true', 'false']),
    stock: param.manyOf(STOCK_STATUSES),
    sort: param.oneOf(ADMIN_PRODUCT_SORTS),
    cursor: param.token(),
  }),
  newProduct: route('/catalog/products/new', { dialog: param.oneOf(PRODUCT_DIALOGS) }),
  product: route('/catalog/products/:id', { dialog: param.oneOf(PRODUCT_DIALOGS) }),
  categories: route('/catalog/categories'),
  category: route('/catalog/categories/:id', {
    dialog: param.oneOf(CATEGORY_DIALOGS),
    /** The add-products dialog's search words. */
    q: param.text(),
    cursor: param.token(),
  }),
  lowStock: route('/catalog/low-stock', { max: param.oneOf(LOW_STOCK_LIMITS), cursor: param.token() }),
};
