import {
  catalogVersionResponse, countProductsRequest, createCategoryRequest, createProductRequest, getProductQuery, id, queryCategoriesRequest,
  queryInventoryItemsRequest, queryProductsRequest, queryVariantsRequest, searchProductsRequest, updateInventoryItemRequest, updateProductRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.ts';
import { violation } from '../../platform/errors.ts';
import { countProducts, createCategory, queryCategories, queryInventoryItems, queryProducts, queryVariants, updateInventoryItem } from './reads.ts';
import { createProduct, deleteProduct, getProduct, updateProduct } from './service.ts';

const P = '/stores/v3/products';
const tags = ['catalog'] as const;
const byProductId = z.object({ productId: id });

export function catalogRoutes(r: Router) {
  r.route({
    method: 'GET', url: '/stores/v3/provision/version', roles: 'any', summary: 'The catalog version this store runs', tags, response: catalogVersionResponse,
    async handler() { return { catalogVersion: 'V3_CATALOG' }; },
  });
  r.route({
    method: 'POST', url: P, roles: ['admin'], summary: 'Create a product with its options and variants', tags, body: createProductRequest,
    async handler(ctx, { body }) { return { product: await createProduct(ctx, body.product) }; },
  });
  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method, url: `${P}/query`, roles: 'any', summary: 'Query products (cursor paging)', tags, ...(method === 'GET' ? { query: queryProductsRequest } : { body: queryProductsRequest }),
      async handler(ctx, input) {
        const x = (method === 'GET' ? input.query : input.body) as z.output<typeof queryProductsRequest>;
        return queryProducts(ctx, x.query, undefined, 'query', x.returnNonVisibleProducts);
      },
    });
    r.route({
      method, url: `${P}/search`, roles: 'any', summary: 'Search products by name words, with filter, sort and cursor paging', tags,
      ...(method === 'GET' ? { query: searchProductsRequest } : { body: searchProductsRequest }),
      async handler(ctx, input) {
        const x = (method === 'GET' ? input.query : input.body) as z.output<typeof searchProductsRequest>;
        const s = x.search ?? {};
        return queryProducts(ctx, { filter: s.filter, sort: s.sort, cursorPaging: s.cursorPaging }, { expression: s.search?.expression }, 'search', x.returnNonVisibleProducts);
      },
    });
    r.route({
      method, url: `${P}/count`, roles: 'any', summary: 'Count products matching a filter and search', tags,
      ...(method === 'GET' ? { query: countProductsRequest } : { body: countProductsRequest }),
      async handler(ctx, input) {
        const x = (method === 'GET' ? input.query : input.body) as z.output<typeof countProductsRequest>;
        return countProducts(ctx, x.filter, x.search?.expression, x.returnNonVisibleProducts);
      },
    });
  }
  r.route({
    method: 'POST', url: `${P}/query-variants`, roles: 'any', summary: 'Query variants across products', tags, body: queryVariantsRequest,
    async handler(ctx, { body }) { return queryVariants(ctx, body.query); },
  });
  r.route({
    method: 'GET', url: `${P}/slug/:slug`, roles: 'any', summary: 'A product by slug', tags, params: z.object({ slug: z.string().max(200) }), query: getProductQuery,
    async handler(ctx, { params }) { return { product: await getProduct(ctx, { slug: params.slug }) }; },
  });
  r.route({
    method: 'GET', url: `${P}/:productId`, roles: 'any', summary: 'A product by id', tags, params: byProductId, query: getProductQuery,
    async handler(ctx, { params }) { return { product: await getProduct(ctx, { id: params.productId }) }; },
  });
  r.route({
    method: 'PATCH', url: `${P}/:productId`, roles: ['admin'], summary: 'Update a product (only the fields given; revision must match)', tags,
    params: byProductId, body: updateProductRequest,
    async handler(ctx, { params, body }) { return { product: await updateProduct(ctx, params.productId, body.product) }; },
  });
  r.route({
    method: 'DELETE', url: `${P}/:productId`, roles: ['admin'], summary: 'Delete a product', tags, params: byProductId,
    async handler(ctx, { params }) { await deleteProduct(ctx, params.productId); return {}; },
  });
  r.route({
    method: 'GET', url: '/stores/v3/inventory-items/query', roles: 'any', summary: 'Query inventory items', tags, query: queryInventoryItemsRequest,
    async handler(ctx, { query }) { return queryInventoryItems(ctx, query.query); },
  });
  r.route({
    method: 'POST', url: '/stores/v3/inventory-items/query', roles: 'any', summary: 'Query inventory items (long-query fallback)', tags, body: queryInventoryItemsRequest,
    async handler(ctx, { body }) { return queryInventoryItems(ctx, body.query); },
  });
  r.route({
    method: 'PATCH', url: '/stores/v3/inventory-items/:id', roles: ['admin'], summary: 'Update an inventory item (quantity, tracking)', tags,
    params: z.object({ id }), body: updateInventoryItemRequest,
    async handler(ctx, { params, body }) {
      if (body.inventoryItem.id !== undefined && body.inventoryItem.id !== params.id) throw violation('inventoryItem.id', 'must match the path');
      return { inventoryItem: await updateInventoryItem(ctx, params.id, body.inventoryItem) };
    },
  });
  r.route({
    method: 'POST', url: '/categories/v1/categories', roles: ['admin'], summary: 'Create a category', tags, body: createCategoryRequest,
    async handler(ctx, { body }) { return { category: await createCategory(ctx, body.category) }; },
  });
  r.route({
    method: 'POST', url: '/categories/v1/categories/query', roles: 'any', summary: 'Query categories', tags, body: queryCategoriesRequest,
    async handler(ctx, { body }) { return queryCategories(ctx, body.query, body.returnNonVisibleCategories); },
  });
}
