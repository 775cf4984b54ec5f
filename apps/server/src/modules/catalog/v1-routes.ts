import {
  v1AddProductMediaRequest,
  v1RemoveProductMediaRequest,
  id,
  emptyResponse,
  v1CollectionResponse,
  v1CollectionsResponse,
  v1InventoryItemResponse,
  v1InventoryItemsResponse,
  v1OptionsAvailabilityResponse,
  v1ProductResponse,
  v1ProductVariantsResponse,
  v1ProductsResponse,
  v1StoreVariantResponse,
  v1StoreVariantsResponse,
  v1CollectionProductsRequest,
  v1DecrementInventoryRequest,
  v1GetInventoryVariantsRequest,
  v1IncrementInventoryRequest,
  v1QueryInventoryRequest,
  v1UpdateInventoryRequest,
  v1CreateCollectionRequest,
  v1CreateProductRequest,
  v1UpdateCollectionRequest,
  v1UpdateProductRequest,
  v1UpdateVariantsRequest,
  v1GetProductQuery,
  v1OptionsAvailabilityRequest,
  v1ProductVariantsRequest,
  v1ProductsQueryRequest,
  v1QueryRequest,
  v1StoreVariantsRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.ts';
import { violation } from '../../platform/errors.ts';
import {
  getCollectionV1,
  getProductV1,
  getStoreVariantV1,
  optionsAvailability,
  queryCollectionsV1,
  queryProductVariantsV1,
  queryProductsV1,
  queryStoreVariantsV1,
} from './v1.ts';
import {
  createCollectionV1,
  createProductV1,
  deleteCollectionV1,
  deleteProductV1,
  updateCollectionV1,
  updateProductV1,
  updateProductVariantsV1,
} from './v1-writes.ts';
import { addProductsToCategory, removeProductsFromCategory } from './categories.ts';
import { addProductMediaV1, removeProductMediaV1 } from './v1-media.ts';
import {
  decrementInventoryV1,
  getInventoryVariantsV1,
  incrementInventoryV1,
  queryInventoryV1,
  updateInventoryVariantsV1,
} from './v1-inventory.ts';

const R = '/stores-reader/v1';
const tags = ['catalog-v1'] as const;
const byId = z.object({ id });
const bySlug = z.object({ slug: z.string().min(1).max(200) });
/** The body repeats the path's id; when it does, the two must agree. */
const sameId = (path: string, body: string | undefined) => {
  if (body !== undefined && body.toLowerCase() !== path.toLowerCase())
    throw violation('id', 'must match the path');
};

/** Catalog v1 storefront reads (catalog.md §2, §4), from the same tables as v3. */
export function catalogV1Routes(r: Router) {
  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: [`${R}/products/query-platformized`, '/stores-reader/api/v1/products/query-platformized'],
      roles: 'any',
      summary: 'v1: query visible products with their variants (offset paging)',
      tags,
      ...(method === 'GET' ? { query: v1ProductsQueryRequest } : { body: v1ProductsQueryRequest }),
      response: v1ProductsResponse,
      async handler(ctx, input) {
        return queryProductsV1(
          ctx,
          (method === 'GET' ? input.query : input.body) as z.output<typeof v1ProductsQueryRequest>,
        );
      },
    });
    r.route({
      method,
      url: ['/v2/collections/query', '/stores-reader/v2/collections/query'],
      roles: 'any',
      summary: 'v1: query collections (offset paging)',
      tags,
      ...(method === 'GET' ? { query: v1QueryRequest } : { body: v1QueryRequest }),
      response: v1CollectionsResponse,
      async handler(ctx, input) {
        const x = (method === 'GET' ? input.query : input.body) as z.output<typeof v1QueryRequest>;
        return queryCollectionsV1(ctx, x.query);
      },
    });
  }
  r.route({
    method: 'GET',
    url: `${R}/products/:id`,
    roles: 'any',
    summary: 'v1: a product with its variants',
    tags,
    params: byId,
    query: v1GetProductQuery,
    response: v1ProductResponse,
    async handler(ctx, { params }) {
      return getProductV1(ctx, params.id);
    },
  });
  r.route({
    method: 'POST',
    url: `${R}/products/:id/productOptionsAvailability`,
    roles: 'any',
    summary: 'v1: choice availability for a (partial) selection',
    tags,
    params: byId,
    body: v1OptionsAvailabilityRequest,
    response: v1OptionsAvailabilityResponse,
    async handler(ctx, { params, body }) {
      sameId(params.id, body.id);
      return optionsAvailability(ctx, params.id, body.options ?? {});
    },
  });
  r.route({
    method: 'POST',
    url: `${R}/products/:id/variants/query`,
    roles: 'any',
    summary: "v1: a product's variants by choices or ids",
    tags,
    params: byId,
    body: v1ProductVariantsRequest,
    response: v1ProductVariantsResponse,
    async handler(ctx, { params, body }) {
      sameId(params.id, body.id);
      return queryProductVariantsV1(ctx, params.id, body);
    },
  });
  r.route({
    method: 'POST',
    url: `${R}/variants/query`,
    roles: 'any',
    summary: 'v1: query store variants across products',
    tags,
    body: v1StoreVariantsRequest,
    response: v1StoreVariantsResponse,
    async handler(ctx, { body }) {
      return queryStoreVariantsV1(ctx, body.query);
    },
  });
  r.route({
    method: 'GET',
    url: `${R}/variants/:id`,
    roles: 'any',
    summary: 'v1: a store variant by <productId>-<variantId>',
    tags,
    params: z.object({ id: z.string().min(1).max(100) }),
    query: z.object({ id: z.string().optional() }),
    response: v1StoreVariantResponse,
    async handler(ctx, { params }) {
      return getStoreVariantV1(ctx, params.id);
    },
  });
  r.route({
    method: 'GET',
    url: [
      `${R}/collections/slug/:slug`,
      '/v2/collections/slug/:slug',
      '/stores-reader/v2/collections/slug/:slug',
    ],
    roles: 'any',
    summary: 'v1: a collection by slug',
    tags,
    params: bySlug,
    query: z.object({ slug: z.string().optional() }),
    response: v1CollectionResponse,
    async handler(ctx, { params }) {
      return getCollectionV1(ctx, { slug: params.slug });
    },
  });
  r.route({
    method: 'GET',
    url: ['/v2/collections/:id', '/stores-reader/v2/collections/:id'],
    roles: 'any',
    summary: 'v1: a collection by id (or the virtual "All Products")',
    tags,
    params: z.object({ id: z.string().min(1).max(100) }),
    query: z.object({ id: z.string().optional() }),
    response: v1CollectionResponse,
    async handler(ctx, { params }) {
      return getCollectionV1(ctx, { id: params.id });
    },
  });

  const W = '/stores/v1';
  r.route({
    method: 'POST',
    url: `${W}/products`,
    roles: ['admin'],
    summary: 'v1: create a product (every option combination becomes a variant)',
    tags,
    body: v1CreateProductRequest,
    response: v1ProductResponse,
    async handler(ctx, { body }) {
      return createProductV1(ctx, body.product);
    },
  });
  r.route({
    method: 'POST',
    url: `${W}/products/:id/media`,
    roles: ['admin'],
    summary: 'v1: add pictures to a product (library file ids, or URLs imported into the library)',
    tags,
    params: byId,
    body: v1AddProductMediaRequest,
    response: emptyResponse,
    async handler(ctx, { params, body }) {
      return addProductMediaV1(ctx, params.id, body.media);
    },
  });
  r.route({
    method: 'POST',
    url: `${W}/products/:id/media/delete`,
    roles: ['admin'],
    summary: "v1: remove a product's pictures by media id (none given: all)",
    tags,
    params: byId,
    body: v1RemoveProductMediaRequest,
    response: emptyResponse,
    async handler(ctx, { params, body }) {
      return removeProductMediaV1(ctx, params.id, body.mediaIds);
    },
  });
  r.route({
    method: 'PATCH',
    url: `${W}/products/:id`,
    roles: ['admin'],
    summary: 'v1: update a product (only the fields given)',
    tags,
    params: byId,
    body: v1UpdateProductRequest,
    response: v1ProductResponse,
    async handler(ctx, { params, body }) {
      return updateProductV1(ctx, params.id, body.product);
    },
  });
  r.route({
    method: 'PATCH',
    url: `${W}/products/:id/variants`,
    roles: ['admin'],
    summary: 'v1: override price, SKU, weight or visibility of variants chosen by choices or ids',
    tags,
    params: byId,
    body: v1UpdateVariantsRequest,
    response: v1ProductVariantsResponse,
    async handler(ctx, { params, body }) {
      sameId(params.id, body.id);
      return updateProductVariantsV1(ctx, params.id, body.variants);
    },
  });
  r.route({
    method: 'DELETE',
    url: `${W}/products/:id`,
    roles: ['admin'],
    summary: 'v1: delete a product',
    tags,
    params: byId,
    query: z.object({ id: z.string().optional() }),
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deleteProductV1(ctx, params.id);
      return {};
    },
  });
  r.route({
    method: 'POST',
    url: `${W}/collections`,
    roles: ['admin'],
    summary: 'v1: create a collection (a category)',
    tags,
    body: v1CreateCollectionRequest,
    response: v1CollectionResponse,
    async handler(ctx, { body }) {
      return createCollectionV1(ctx, body.collection);
    },
  });
  r.route({
    method: 'PATCH',
    url: `${W}/collections/:id`,
    roles: ['admin'],
    summary: 'v1: update a collection',
    tags,
    params: byId,
    body: v1UpdateCollectionRequest,
    response: v1CollectionResponse,
    async handler(ctx, { params, body }) {
      return updateCollectionV1(ctx, params.id, body.collection);
    },
  });
  r.route({
    method: 'DELETE',
    url: `${W}/collections/:id`,
    roles: ['admin'],
    summary: 'v1: delete a collection (its products stay)',
    tags,
    params: byId,
    query: z.object({ id: z.string().optional() }),
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deleteCollectionV1(ctx, params.id);
      return {};
    },
  });
  r.route({
    method: 'POST',
    url: `${W}/collections/:id/productIds`,
    roles: ['admin'],
    summary: 'v1: add products to a collection',
    tags,
    params: byId,
    body: v1CollectionProductsRequest,
    response: emptyResponse,
    async handler(ctx, { params, body }) {
      sameId(params.id, body.id);
      await addProductsToCategory(ctx, params.id, body.productIds);
      return {};
    },
  });
  r.route({
    method: 'POST',
    url: `${W}/collections/:id/productIds/delete`,
    roles: ['admin'],
    summary: 'v1: remove products from a collection',
    tags,
    params: byId,
    body: v1CollectionProductsRequest,
    response: emptyResponse,
    async handler(ctx, { params, body }) {
      sameId(params.id, body.id);
      await removeProductsFromCategory(ctx, params.id, body.productIds);
      return {};
    },
  });

  // v1 inventory (catalog.md §5): writes under /stores/v2 (and /stores/v1), reads under /stores-reader/v2.
  const I = ['/stores/v2/inventoryItems', '/stores/v1/inventoryItems'];
  r.route({
    method: 'PATCH',
    url: I.map((p) => `${p}/product/:productId`),
    roles: ['admin'],
    summary: 'v1: set tracking and variant quantities of a product',
    tags,
    params: z.object({ productId: id }),
    body: v1UpdateInventoryRequest,
    response: emptyResponse,
    async handler(ctx, { params, body }) {
      await updateInventoryVariantsV1(ctx, params.productId, body.inventoryItem);
      return {};
    },
  });
  r.route({
    method: 'POST',
    url: I.map((p) => `${p}/decrement`),
    roles: ['admin'],
    summary: 'v1: decrement variant stock (all or nothing)',
    tags,
    body: v1DecrementInventoryRequest,
    response: emptyResponse,
    async handler(ctx, { body }) {
      await decrementInventoryV1(
        ctx,
        body.decrementData.map((d) => ({ ...d, by: d.decrementBy })),
      );
      return {};
    },
  });
  r.route({
    method: 'POST',
    url: I.map((p) => `${p}/increment`),
    roles: ['admin'],
    summary: 'v1: increment variant stock',
    tags,
    body: v1IncrementInventoryRequest,
    response: emptyResponse,
    async handler(ctx, { body }) {
      await incrementInventoryV1(
        ctx,
        body.incrementData.map((d) => ({ ...d, by: d.incrementBy })),
      );
      return {};
    },
  });
  r.route({
    method: 'POST',
    url: '/stores-reader/v2/inventoryItems/:inventoryId/getVariants',
    roles: 'any',
    summary: "v1: a product's inventory item",
    tags,
    params: z.object({ inventoryId: id }),
    body: v1GetInventoryVariantsRequest,
    response: v1InventoryItemResponse,
    async handler(ctx, { params, body }) {
      sameId(params.inventoryId, body.inventoryId);
      return getInventoryVariantsV1(ctx, params.inventoryId, body.variantIds);
    },
  });
  r.route({
    method: 'POST',
    url: '/stores-reader/v2/inventoryItems/query',
    roles: 'any',
    summary: 'v1: query inventory items (filter and sort as JSON strings)',
    tags,
    body: v1QueryInventoryRequest,
    response: v1InventoryItemsResponse,
    async handler(ctx, { body }) {
      return queryInventoryV1(ctx, body.query);
    },
  });
}
