import { z } from 'zod';
import { cursorPaging, filter, offsetPaging, sorting } from './query.ts';
import { mediaUrl } from './catalog.ts';
import { qs } from './scalars.ts';

/**
 * Catalog v1 reads (contract/catalog.md §2, §4): the older products and collections modules, served from the
 * v3 tables. Queries use offset paging (`paging {limit, offset}`); store variants may page by cursor instead.
 */
const v1Query = z.strictObject({
  filter: filter.nullish(),
  sort: z.array(sorting).max(5).nullish(),
  paging: offsetPaging.nullish(),
});
/** The hosted platform's fixed id of the v1 collection holding every visible product. */
export const ALL_PRODUCTS_COLLECTION_ID = '00000000-000000-000000-000000000001';

export const v1QueryRequest = z.strictObject({ query: v1Query.nullish() });
export type V1Query = z.infer<typeof v1Query>;
/**
 * `query-platformized`: the SDK sends only `query`; the older request's flags are accepted beside it
 * (variants are sent unless `includeVariants` is false; hidden products and merchant data are the admin's).
 */
export const v1ProductsQueryRequest = v1QueryRequest.extend({
  includeVariants: qs.bool().optional(),
  includeHiddenProducts: qs.bool().optional(),
  includeMerchantSpecificData: qs.bool().optional(),
});
export type V1ProductsQueryRequest = z.infer<typeof v1ProductsQueryRequest>;

export const v1StoreVariantsRequest = z.strictObject({
  query: z
    .strictObject({
      filter: filter.nullish(),
      sort: z.array(sorting).max(5).nullish(),
      paging: offsetPaging.nullish(),
      cursorPaging: cursorPaging.nullish(),
    })
    .nullish(),
});
export type V1StoreVariantsQuery = NonNullable<z.infer<typeof v1StoreVariantsRequest>['query']>;

/** `GET {reader}/products/{id}?id=…&includeMerchantSpecificData=…` */
export const v1GetProductQuery = z.object({
  id: z.string().optional(),
  includeMerchantSpecificData: qs.bool().optional(),
});

/** Option name → chosen choice (its description, or its value). */
const choices = z.record(z.string().max(100), z.string().max(200));
export const v1OptionsAvailabilityRequest = z.strictObject({
  id: z.string().optional(),
  options: choices.nullish(),
});
export const v1ProductVariantsRequest = z.strictObject({
  id: z.string().optional(),
  choices: choices.nullish(),
  variantIds: z.array(z.string().max(100)).max(100).nullish(),
  paging: offsetPaging.nullish(),
  includeMerchantSpecificData: z.boolean().optional(),
});
export type V1ProductVariantsRequest = z.infer<typeof v1ProductVariantsRequest>;

/** v1 writes (catalog.md §3). Read-only fields a client echoes back (stock, ranges, media, dates…) are ignored. */
const v1Slug = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and single dashes');
const v1Number = z.number().finite();
const v1Choice = z
  .object({
    value: z.string().trim().min(1).max(50).optional(),
    description: z.string().trim().min(1).max(50).optional(),
  })
  .refine((c) => c.value !== undefined || c.description !== undefined, {
    message: 'needs a value or a description',
  });
const v1Product = {
  name: z.string().trim().min(1).max(200),
  slug: v1Slug.optional(),
  visible: z.boolean().nullish(),
  productType: z.enum(['physical', 'digital']).optional(),
  description: z.string().max(20_000).nullish(),
  sku: z.string().trim().min(1).max(40).nullish(),
  weight: v1Number.min(0).max(1_000_000).nullish(),
  priceData: z
    .object({ price: v1Number.min(0).max(1e12) })
    .loose()
    .nullish(),
  discount: z
    .object({ type: z.enum(['UNDEFINED', 'NONE', 'AMOUNT', 'PERCENT']), value: v1Number.min(0).optional() })
    .nullish(),
  ribbon: z.string().trim().max(50).nullish(),
  brand: z.string().trim().max(100).nullish(),
  manageVariants: z.boolean().nullish(),
  productOptions: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(50),
        optionType: z.enum(['unspecified_option_type', 'drop_down', 'color']).optional(),
        choices: z.array(v1Choice).min(1).max(100),
      }),
    )
    .max(6)
    .optional(),
};
export const v1CreateProductRequest = z.strictObject({ product: z.object(v1Product).loose() });
/** `addProductMedia`: library files by id, or URLs (imported into the library). */
export const v1AddProductMediaRequest = z.object({
  id: z.string().max(100).optional(),
  media: z
    .array(
      z
        .strictObject({
          mediaId: z.string().min(1).max(200).nullish(),
          url: mediaUrl.nullish(),
          choice: z.strictObject({ option: z.string().max(100), choice: z.string().max(100) }).nullish(),
        })
        .refine((m) => !!m.mediaId !== !!m.url, 'needs either a mediaId or a url'),
    )
    .min(1)
    .max(50),
});
/** `removeProductMedia`: the media ids to take off (none: all of them). */
export const v1RemoveProductMediaRequest = z.object({
  id: z.string().max(100).optional(),
  mediaIds: z.array(z.string().min(1).max(200)).max(100).nullish(),
});
export const v1UpdateProductRequest = z.strictObject({
  product: z.object({ ...v1Product, name: v1Product.name.optional(), id: z.string().optional() }).loose(),
});
export type V1ProductInput = z.infer<typeof v1UpdateProductRequest>['product'];

/** `updateProductVariants` (PATCH /stores/v1/products/{id}/variants): overrides select variants by choices (all of them when none) or ids. */
const v1Dimensions = z.object({}).loose();
export const v1UpdateVariantsRequest = z.strictObject({
  id: z.string().optional(),
  variants: z
    .array(
      z
        .object({
          choices: choices.nullish(),
          variantIds: z.array(z.string().max(100)).max(1000).nullish(),
          price: v1Number.min(0).max(999_999_999.99).nullish(),
          cost: v1Number.min(0).max(999_999_999.99).nullish(),
          weight: v1Number.min(0).max(999_999_999.99).nullish(),
          sku: z.string().trim().min(1).max(40).nullish(),
          visible: z.boolean().nullish(),
          productDimensions: v1Dimensions.nullish(),
          packageDimensions: v1Dimensions.nullish(),
        })
        .loose(),
    )
    .min(1)
    .max(1000),
});
export type V1VariantOverride = z.infer<typeof v1UpdateVariantsRequest>['variants'][number];

const v1Collection = {
  name: z.string().trim().min(1).max(100),
  slug: v1Slug.optional(),
  visible: z.boolean().nullish(),
  description: z.string().max(5000).nullish(),
  media: z
    .object({
      mainMedia: z
        .object({
          image: z
            .object({ url: z.url().max(2000) })
            .loose()
            .nullish(),
        })
        .loose()
        .nullish(),
    })
    .loose()
    .nullish(),
};
export const v1CreateCollectionRequest = z.strictObject({ collection: z.object(v1Collection).loose() });
export const v1UpdateCollectionRequest = z.strictObject({
  collection: z
    .object({ ...v1Collection, name: v1Collection.name.optional(), id: z.string().optional() })
    .loose(),
});
export type V1CollectionInput = z.infer<typeof v1UpdateCollectionRequest>['collection'];
export const v1CollectionProductsRequest = z.strictObject({
  id: z.string().optional(),
  productIds: z
    .array(
      z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a GUID'),
    )
    .min(1)
    .max(100),
});

/** v1 inventory (catalog.md §5): one inventory item per product (its id is the product id), one variant entry per variant. */
const guid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a GUID');
export const v1UpdateInventoryRequest = z.strictObject({
  inventoryItem: z
    .object({
      id: z.string().nullish(),
      productId: z.string().nullish(),
      trackQuantity: z.boolean().nullish(),
      variants: z
        .array(
          z
            .object({
              variantId: guid,
              quantity: z.number().int().min(0).max(1_000_000_000).nullish(),
              inStock: z.boolean().nullish(),
            })
            .loose(),
        )
        .max(1000)
        .optional(),
    })
    .loose(),
});
export type V1InventoryUpdate = z.infer<typeof v1UpdateInventoryRequest>['inventoryItem'];
const v1StockLine = { inventoryId: guid.optional(), productId: guid.optional(), variantId: guid };
export const v1DecrementInventoryRequest = z.strictObject({
  decrementData: z
    .array(
      z.strictObject({
        ...v1StockLine,
        decrementBy: z.number().int().min(1).max(99_999),
        preorderRequest: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(300),
});
export const v1IncrementInventoryRequest = z.strictObject({
  incrementData: z
    .array(z.strictObject({ ...v1StockLine, incrementBy: z.number().int().min(1).max(99_999) }))
    .min(1)
    .max(300),
});
export const v1GetInventoryVariantsRequest = z.strictObject({
  inventoryId: z.string().optional(),
  productId: guid.optional(),
  variantIds: z.array(guid).max(1000).optional(),
});
/** `filter` and `sort` are JSON strings here (catalog.md §5). */
export const v1QueryInventoryRequest = z.strictObject({
  query: z
    .strictObject({
      filter: z.string().max(20_000).nullish(),
      sort: z.string().max(2000).nullish(),
      paging: offsetPaging.nullish(),
    })
    .nullish(),
});
export type V1InventoryQuery = NonNullable<z.infer<typeof v1QueryInventoryRequest>['query']>;

// ---- answers (catalog.md §7): v1 prices are JSON numbers in major units ------------------------------

const v1Formatted = z.strictObject({ price: z.string(), discountedPrice: z.string() });
export const v1PriceDataWire = z.strictObject({
  currency: z.string(),
  price: z.number(),
  discountedPrice: z.number(),
  formatted: v1Formatted,
});
const v1MediaImage = z.strictObject({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  format: z.string().nullable().optional(),
});
const v1MediaItem = z.strictObject({
  image: v1MediaImage,
  thumbnail: v1MediaImage,
  mediaType: z.string(),
  title: z.string(),
  id: z.string(),
});
export const v1MediaWire = z.strictObject({ mainMedia: v1MediaItem.optional(), items: z.array(v1MediaItem) });
export const v1ProductOptionWire = z.strictObject({
  optionType: z.enum(['color', 'drop_down']),
  name: z.string(),
  choices: z.array(
    z.strictObject({
      value: z.string(),
      description: z.string(),
      inStock: z.boolean(),
      visible: z.boolean(),
    }),
  ),
});
const v1Choices = z.record(z.string(), z.string());
const v1Stock = z.strictObject({
  trackQuantity: z.boolean(),
  quantity: z.number().optional(),
  inStock: z.boolean(),
});
export const v1VariantWire = z.strictObject({
  id: z.string(),
  choices: v1Choices,
  variant: z.strictObject({
    priceData: v1PriceDataWire,
    convertedPriceData: v1PriceDataWire,
    weight: z.number(),
    sku: z.string().optional(),
    visible: z.boolean(),
  }),
  stock: v1Stock,
});
const range = z.strictObject({ minValue: z.number(), maxValue: z.number() });
export const v1ProductWire = z.strictObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  visible: z.boolean(),
  productType: z.enum(['physical', 'digital']),
  description: z.string(),
  sku: z.string().optional(),
  weight: z.number(),
  weightRange: range,
  stock: z.strictObject({
    trackInventory: z.boolean(),
    quantity: z.number().optional(),
    inStock: z.boolean(),
    inventoryStatus: z.enum(['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK']),
  }),
  price: v1PriceDataWire,
  priceData: v1PriceDataWire,
  convertedPriceData: v1PriceDataWire,
  priceRange: range,
  additionalInfoSections: z.array(z.unknown()),
  ribbons: z.array(z.strictObject({ text: z.string() })),
  ribbon: z.string().optional(),
  brand: z.string().optional(),
  media: v1MediaWire,
  customTextFields: z.array(z.unknown()),
  manageVariants: z.boolean(),
  productOptions: z.array(v1ProductOptionWire),
  productPageUrl: z.strictObject({ base: z.string(), path: z.string() }),
  numericId: z.string(),
  inventoryItemId: z.string(),
  discount: z.strictObject({ type: z.enum(['AMOUNT', 'NONE']), value: z.number() }),
  collectionIds: z.array(z.string()),
  variants: z.array(v1VariantWire).optional(),
  lastUpdated: z.string(),
  createdDate: z.string(),
  seoData: z.strictObject({
    tags: z.array(z.unknown()),
    settings: z.strictObject({ preventAutoRedirect: z.boolean(), keywords: z.array(z.unknown()) }),
  }),
});
export const v1CollectionWire = z.strictObject({
  id: z.string(),
  name: z.string(),
  media: v1MediaWire,
  numberOfProducts: z.number(),
  description: z.string(),
  slug: z.string(),
  visible: z.boolean(),
});
const v1PreorderInfo = z.strictObject({ enabled: z.boolean(), message: z.null(), limit: z.null() });
export const v1StoreVariantWire = z.strictObject({
  id: z.string(),
  variantId: z.string(),
  productId: z.string(),
  variantName: z.string(),
  productName: z.string(),
  managedVariant: z.boolean(),
  sku: z.string().optional(),
  stock: v1Stock,
  choices: v1Choices,
  collectionIds: z.array(z.string()),
  media: z.strictObject({ image: v1MediaImage }).optional(),
  preorderInfo: v1PreorderInfo,
});
export const v1InventoryItemWire = z.strictObject({
  id: z.string(),
  productId: z.string(),
  trackQuantity: z.boolean(),
  variants: z.array(
    z.strictObject({
      variantId: z.string(),
      inStock: z.boolean(),
      quantity: z.number().nullable(),
      availableForPreorder: z.boolean(),
    }),
  ),
  lastUpdated: z.string(),
  numericId: z.string(),
  preorderInfo: v1PreorderInfo,
});

const v1OffsetMetadata = z.strictObject({
  count: z.number(),
  offset: z.number(),
  total: z.number().optional(),
  tooManyToCount: z.boolean().optional(),
  cursors: z.strictObject({ next: z.string().nullable(), prev: z.string().nullable() }).optional(),
});
export const v1ProductsResponse = z.strictObject({
  products: z.array(v1ProductWire),
  metadata: v1OffsetMetadata,
});
export const v1ProductResponse = z.strictObject({ product: v1ProductWire });
export const v1OptionsAvailabilityResponse = z.strictObject({
  selectedVariant: z
    .object({
      id: z.string(),
      price: v1PriceDataWire,
      convertedPriceData: v1PriceDataWire,
      weight: z.number(),
      sku: z.string().optional(),
      quantity: z.number().nullable(),
      inStock: z.boolean(),
      visible: z.boolean(),
    })
    .optional(),
  media: v1MediaWire,
  productOptions: z.array(v1ProductOptionWire),
  availableForPurchase: z.boolean(),
});
export const v1ProductVariantsResponse = z.strictObject({
  variants: z.array(v1VariantWire),
  metadata: z.strictObject({ items: z.number(), offset: z.number() }).optional(),
  totalResults: z.number().optional(),
});
export const v1StoreVariantsResponse = z.strictObject({
  variants: z.array(v1StoreVariantWire),
  metadata: v1OffsetMetadata,
});
export const v1StoreVariantResponse = z.strictObject({ variant: v1StoreVariantWire });
export const v1CollectionsResponse = z.strictObject({
  collections: z.array(v1CollectionWire),
  metadata: v1OffsetMetadata,
});
export const v1CollectionResponse = z.strictObject({ collection: v1CollectionWire });
export const v1InventoryItemResponse = z.strictObject({ inventoryItem: v1InventoryItemWire });
export const v1InventoryItemsResponse = z.strictObject({
  inventoryItems: z.array(v1InventoryItemWire),
  metadata: z.strictObject({ items: z.number(), offset: z.number() }),
  totalResults: z.number(),
});
