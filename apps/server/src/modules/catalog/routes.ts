import {
  bulkDecrementByVariantRequest,
  bulkDecrementInventoryRequest,
  bulkIncrementByVariantRequest,
  bulkIncrementInventoryRequest,
  catalogVersionResponse,
  bulkInventoryResponse,
  countProductsResponse,
  customizationResponse,
  customizationsPageResponse,
  emptyResponse,
  inventoryItemResponse,
  inventoryItemsPageResponse,
  productResponse,
  productsPageResponse,
  queryVariantsResponse,
  countProductsRequest,
  queryCustomizationsRequest,
  createProductRequest,
  getProductQuery,
  id,
  queryInventoryItemsRequest,
  queryProductsRequest,
  queryVariantsRequest,
  searchProductsRequest,
  searchProductsResponse,
  updateInventoryItemRequest,
  updateProductRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.ts';
import { violation } from '../../platform/errors.ts';
import {
  countProducts,
  queryInventoryItems,
  queryProducts,
  queryVariants,
  updateInventoryItem,
} from './reads.ts';
import { createProduct, deleteProduct, getProduct, updateProduct } from './service.ts';
import { bulkDecrement, bulkIncrement, getInventoryItem } from './inventory.ts';
import { getCustomization, queryCustomizations } from './customizations.ts';

const P = '/stores/v3/products';
const tags = ['catalog'] as const;
const byProductId = z.object({ productId: id });

export function catalogRoutes(r: Router) {
  r.route({
    method: 'GET',
    url: '/stores/v3/provision/version',
    roles: 'any',
    summary: 'The catalog version this store runs',
    tags,
    response: catalogVersionResponse,
    async handler() {
      return { catalogVersion: 'V3_CATALOG' };
    },
  });
  r.route({
    method: 'POST',
    url: P,
    roles: ['admin'],
    summary: 'Create a product with its options and variants',
    tags,
    body: createProductRequest,
    response: productResponse,
    async handler(ctx, { body }) {
      return { product: await createProduct(ctx, body.product, body.fields) };
    },
  });
  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: `${P}/query`,
      roles: 'any',
      summary: 'Query products (cursor paging)',
      tags,
      ...(method === 'GET' ? { query: queryProductsRequest } : { body: queryProductsRequest }),
      response: productsPageResponse,
      async handler(ctx, input) {
        const x = (method === 'GET' ? input.query : input.body) as z.output<typeof queryProductsRequest>;
        return queryProducts(ctx, x.query, undefined, 'query', x.returnNonVisibleProducts, x.fields);
      },
    });
    r.route({
      method,
      url: `${P}/search`,
      roles: 'any',
      summary: 'Search products by name words, with filter, sort and cursor paging',
      tags,
      ...(method === 'GET' ? { query: searchProductsRequest } : { body: searchProductsRequest }),
      response: searchProductsResponse,
      async handler(ctx, input) {
        const x = (method === 'GET' ? input.query : input.body) as z.output<typeof searchProductsRequest>;
        const s = x.search ?? {};
        return queryProducts(
          ctx,
          { filter: s.filter, sort: s.sort, cursorPaging: s.cursorPaging },
          { expression: s.search?.expression, mode: s.search?.mode },
          'search',
          x.returnNonVisibleProducts,
          x.fields,
          { aggregations: s.aggregations, timeZone: s.timeZone },
        );
      },
    });
    r.route({
      method,
      url: `${P}/count`,
      roles: 'any',
      summary: 'Count products matching a filter and search',
      tags,
      ...(method === 'GET' ? { query: countProductsRequest } : { body: countProductsRequest }),
      response: countProductsResponse,
      async handler(ctx, input) {
        const x = (method === 'GET' ? input.query : input.body) as z.output<typeof countProductsRequest>;
        return countProducts(ctx, x.filter, x.search ?? undefined, x.returnNonVisibleProducts);
      },
    });
  }
  r.route({
    method: 'POST',
    url: `${P}/query-variants`,
    roles: 'any',
    summary: 'Query variants across products',
    tags,
    body: queryVariantsRequest,
    response: queryVariantsResponse,
    async handler(ctx, { body }) {
      return queryVariants(ctx, body.query);
    },
  });
  r.route({
    method: 'GET',
    url: `${P}/slug/:slug`,
    roles: 'any',
    summary: 'A product by slug',
    tags,
    params: z.object({ slug: z.string().max(200) }),
    query: getProductQuery,
    response: productResponse,
    async handler(ctx, { params, query }) {
      return { product: await getProduct(ctx, { slug: params.slug }, query.fields) };
    },
  });
  r.route({
    method: 'GET',
    url: `${P}/:productId`,
    roles: 'any',
    summary: 'A product by id',
    tags,
    params: byProductId,
    query: getProductQuery,
    response: productResponse,
    async handler(ctx, { params, query }) {
      return { product: await getProduct(ctx, { id: params.productId }, query.fields) };
    },
  });
  r.route({
    method: 'PATCH',
    url: `${P}/:productId`,
    roles: ['admin'],
    summary: 'Update a product (only the fields given; revision must match)',
    tags,
    params: byProductId,
    body: updateProductRequest,
    response: productResponse,
    async handler(ctx, { params, body }) {
      return { product: await updateProduct(ctx, params.productId, body.product, body.fields) };
    },
  });
  // Variants' `inventoryItem` (quantity / inStock) is taken by the plain product calls too; these are the same writes.
  r.route({
    method: 'POST',
    url: '/stores/v3/products-with-inventory',
    roles: ['admin'],
    summary: "Create a product with its variants' stock",
    tags,
    body: createProductRequest,
    response: productResponse,
    async handler(ctx, { body }) {
      return { product: await createProduct(ctx, body.product, body.fields) };
    },
  });
  r.route({
    method: 'PATCH',
    url: '/stores/v3/products-with-inventory/:productId',
    roles: ['admin'],
    summary: "Update a product with its variants' stock",
    tags,
    params: byProductId,
    body: updateProductRequest,
    response: productResponse,
    async handler(ctx, { params, body }) {
      return { product: await updateProduct(ctx, params.productId, body.product, body.fields) };
    },
  });
  r.route({
    method: 'DELETE',
    url: `${P}/:productId`,
    roles: ['admin'],
    summary: 'Delete a product',
    tags,
    params: byProductId,
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deleteProduct(ctx, params.productId);
      return {};
    },
  });
  r.route({
    method: 'GET',
    url: '/stores/v3/inventory-items/query',
    roles: 'any',
    summary: 'Query inventory items',
    tags,
    query: queryInventoryItemsRequest,
    response: inventoryItemsPageResponse,
    async handler(ctx, { query }) {
      return queryInventoryItems(ctx, query.query);
    },
  });
  r.route({
    method: 'POST',
    url: '/stores/v3/inventory-items/query',
    roles: 'any',
    summary: 'Query inventory items (long-query fallback)',
    tags,
    body: queryInventoryItemsRequest,
    response: inventoryItemsPageResponse,
    async handler(ctx, { body }) {
      return queryInventoryItems(ctx, body.query);
    },
  });
  r.route({
    method: 'PATCH',
    url: '/stores/v3/inventory-items/:id',
    roles: ['admin'],
    summary: 'Update an inventory item (quantity, tracking)',
    tags,
    params: z.object({ id }),
    body: updateInventoryItemRequest,
    response: inventoryItemResponse,
    async handler(ctx, { params, body }) {
      if (body.inventoryItem.id !== undefined && body.inventoryItem.id !== params.id)
        throw violation('inventoryItem.id', 'must match the path');
      return { inventoryItem: await updateInventoryItem(ctx, params.id, body.inventoryItem) };
    },
  });
  r.route({
    method: 'GET',
    url: '/stores/v3/inventory-items/:inventoryItemId',
    roles: 'any',
    summary: 'An inventory item',
    tags,
    params: z.object({ inventoryItemId: id }),
    query: z.object({ inventoryItemId: z.string().optional() }),
    response: inventoryItemResponse,
    async handler(ctx, { params }) {
      return { inventoryItem: await getInventoryItem(ctx, params.inventoryItemId) };
    },
  });
  const B = '/stores/v3/bulk/inventory-items';
  r.route({
    method: 'POST',
    url: `${B}/decrement`,
    roles: ['admin'],
    summary: 'Decrement tracked inventory items by id (all or nothing)',
    tags,
    body: bulkDecrementInventoryRequest,
    response: bulkInventoryResponse,
    async handler(ctx, { body }) {
      return bulkDecrement(
        ctx,
        body.decrementData.map((d) => ({ inventoryItemId: d.inventoryItemId, by: d.decrementBy })),
        body,
      );
    },
  });
  r.route({
    method: 'POST',
    url: `${B}/increment`,
    roles: ['admin'],
    summary: 'Increment tracked inventory items by id (all or nothing)',
    tags,
    body: bulkIncrementInventoryRequest,
    response: bulkInventoryResponse,
    async handler(ctx, { body }) {
      return bulkIncrement(
        ctx,
        body.incrementData.map((d) => ({ inventoryItemId: d.inventoryItemId, by: d.incrementBy })),
        body,
      );
    },
  });
  r.route({
    method: 'POST',
    url: `${B}/decrement-by-variant-and-location`,
    roles: ['admin'],
    summary: 'Decrement tracked inventory items by variant (all or nothing)',
    tags,
    body: bulkDecrementByVariantRequest,
    response: bulkInventoryResponse,
    async handler(ctx, { body }) {
      return bulkDecrement(
        ctx,
        body.decrementData.map((d) => ({ variantId: d.variantId, by: d.decrementBy })),
        body,
      );
    },
  });
  r.route({
    method: 'POST',
    url: `${B}/increment-by-variant-and-location`,
    roles: ['admin'],
    summary: 'Increment tracked inventory items by variant (all or nothing)',
    tags,
    body: bulkIncrementByVariantRequest,
    response: bulkInventoryResponse,
    async handler(ctx, { body }) {
      return bulkIncrement(
        ctx,
        body.incrementData.map((d) => ({ variantId: d.variantId, by: d.incrementBy })),
        body,
      );
    },
  });
  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/stores/v3/customizations/query',
      roles: 'any',
      summary: "Query customizations (the catalog's shared product options)",
      tags,
      ...(method === 'GET' ? { query: queryCustomizationsRequest } : { body: queryCustomizationsRequest }),
      response: customizationsPageResponse,
      async handler(ctx, input) {
        const x = (method === 'GET' ? input.query : input.body) as z.output<
          typeof queryCustomizationsRequest
        >;
        return queryCustomizations(ctx, x.query);
      },
    });
  }
  r.route({
    method: 'GET',
    url: '/stores/v3/customizations/:customizationId',
    roles: 'any',
    summary: 'A customization',
    tags,
    params: z.object({ customizationId: z.string().min(1).max(100) }),
    query: z.object({ customizationId: z.string().optional() }),
    response: customizationResponse,
    async handler(ctx, { params }) {
      return { customization: await getCustomization(ctx, params.customizationId) };
    },
  });
}
