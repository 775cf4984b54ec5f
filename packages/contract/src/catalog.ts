import { z } from 'zod';
import { cursorSearch } from './catalog-search.ts';
import { cursorQuery, filter } from './query.ts';
import { id, qs } from './scalars.ts';

/** Catalog v3 (contract/catalog.md §6): products, variants, inventory items, categories. */
export const productType = z.enum(['PHYSICAL', 'DIGITAL']);
export const availabilityStatus = z.enum(['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK']);
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z.string().max(100).regex(SLUG, 'must be lower-case letters, digits and single dashes');
/** A non-negative decimal amount in major units; the currency's decimals are checked by the server. */
const amount = z.string().regex(/^\d{1,13}(\.\d+)?$/, 'must be a non-negative decimal number, e.g. "10.00"');
const name = z.string().trim().min(1).max(200);

const choiceInput = z.object({
  choiceId: id.optional(),
  name: z.string().trim().min(1).max(50),
  choiceType: z.enum(['CHOICE_TEXT', 'ONE_COLOR']).optional(),
  colorCode: z.string().max(20).optional(),
});
const optionInput = z.object({
  id: id.optional(),
  name: z.string().trim().min(1).max(50),
  optionRenderType: z.enum(['TEXT_CHOICES', 'SWATCH_CHOICES']).optional(),
  choicesSettings: z.object({ choices: z.array(choiceInput).min(1).max(100) }),
});
const variantChoice = z.object({
  optionChoiceIds: z.object({ optionId: z.string(), choiceId: z.string() }).optional(),
  optionChoiceNames: z.object({ optionName: z.string(), choiceName: z.string() }).optional(),
});
const variantInput = z.object({
  id: id.optional(),
  visible: z.boolean().optional(),
  sku: z.string().trim().min(1).max(40).nullish(),
  choices: z.array(variantChoice).max(6).optional(),
  price: z.object({ actualPrice: z.object({ amount }), compareAtPrice: z.object({ amount }).nullish() }),
  physicalProperties: z.object({ weight: z.number().min(0).max(1_000_000).nullish() }).nullish(),
  /** Initial stock: a quantity makes the item tracked; `inStock` alone keeps it untracked. */
  inventoryItem: z
    .object({
      quantity: z.number().int().min(0).max(1_000_000_000).optional(),
      inStock: z.boolean().optional(),
    })
    .optional(),
});
/** A picture: a library file id, or a URL (this server's file URLs and `wix:image://` strings name library files; others are imported). */
export const mediaUrl = z
  .string()
  .max(2000)
  .regex(/^(https?:\/\/[^\s]+|wix:image:\/\/v1\/[^\s]+)$/, 'must be an http(s) URL or a wix:image:// id');
const mediaRef = z
  .object({
    id: z.string().min(1).max(200).optional(),
    url: mediaUrl.optional(),
    image: z.object({ id: z.string().min(1).max(200).optional(), url: mediaUrl.optional() }).nullish(),
  })
  .refine((m) => m.id || m.url || m.image?.id || m.image?.url, 'needs an id or a url');

const productFields = {
  name,
  slug: slug.optional(),
  /** Taken when the product is created (else its slug then); read-only after: sent on an update, ignored. */
  handle: z.string().min(1).max(100).regex(/\S/, 'must not be blank').nullish(),
  plainDescription: z.string().max(20_000).nullish(),
  visible: z.boolean().optional(),
  productType: productType.optional(),
  media: z
    .object({ main: mediaRef.nullish(), itemsInfo: z.object({ items: z.array(mediaRef).max(50) }).nullish() })
    .nullish(),
  options: z.array(optionInput).max(6).optional(),
  brand: z.object({ name: z.string().trim().min(1).max(100) }).nullish(),
  ribbon: z.object({ name: z.string().trim().min(1).max(50) }).nullish(),
  tags: z.array(z.string().trim().min(1).max(50)).max(50).optional(),
  directCategoriesInfo: z.object({ categories: z.array(z.object({ id })).max(100) }).nullish(),
  variantsInfo: z.object({ variants: z.array(variantInput).min(1).max(1000) }).optional(),
  /** `namespaces['@vitrine/stores'].itemType`: the line-item type when it is GIFT_CARD or SERVICE (the wire's productType says DIGITAL). */
  extendedFields: z
    .object({
      namespaces: z.record(z.string().max(100), z.record(z.string().max(100), z.unknown())).optional(),
    })
    .nullish(),
};
export const catalogItemType = z.enum(['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE']);
export type CatalogItemType = z.infer<typeof catalogItemType>;
/** Product fields outside the default answer, returned only when requested (catalog.md §6). */
export const productField = z.enum([
  'URL',
  'CURRENCY',
  'INFO_SECTION',
  'MERCHANT_DATA',
  'PLAIN_DESCRIPTION',
  'INFO_SECTION_PLAIN_DESCRIPTION',
  'SUBSCRIPTION_PRICES_INFO',
  'BREADCRUMBS_INFO',
  'WEIGHT_MEASUREMENT_UNIT_INFO',
  'VARIANT_OPTION_CHOICE_NAMES',
  'MEDIA_ITEMS_INFO',
  'DESCRIPTION',
  'DIRECT_CATEGORIES_INFO',
  'ALL_CATEGORIES_INFO',
  'INFO_SECTION_DESCRIPTION',
  'THUMBNAIL',
  'PRODUCT_CHOICES_MEDIA_REFERENCES',
  'PRODUCT_CHOICES_DISPLAY_IMAGE',
  'DISCOUNT_INFO',
  'MIN_PRICE_VARIANT',
]);
export type ProductField = z.infer<typeof productField>;
export const productInput = z.object(productFields);
export type ProductInput = z.infer<typeof productInput>;
export type VariantInput = z.infer<typeof variantInput>;
export type OptionInput = z.infer<typeof optionInput>;

export const createProductRequest = z.strictObject({
  product: productInput,
  fields: z.array(productField).max(30).optional(),
  returnEntity: z.boolean().optional(),
});
export const updateProductRequest = z.strictObject({
  product: z.object({
    ...productFields,
    name: name.optional(),
    id: id.optional(),
    revision: z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(String),
  }),
  fields: z.array(productField).max(30).optional(),
  returnEntity: z.boolean().optional(),
});
export type ProductPatch = z.infer<typeof updateProductRequest>['product'];

const fields = qs.array(productField).optional();
export const getProductQuery = z.strictObject({
  fields,
  productId: z.string().optional(),
  slug: z.string().optional(),
});
export const queryProductsRequest = z.strictObject({
  query: cursorQuery.nullish(),
  fields,
  returnNonVisibleProducts: qs.bool().optional(),
});
/** `search` is the `CursorSearch` of catalog-search.ts: filter, sort, paging, aggregations, expression. */
export const searchProductsRequest = z.strictObject({
  search: cursorSearch.nullish(),
  fields,
  returnNonVisibleProducts: qs.bool().optional(),
});
export const countProductsRequest = z.strictObject({
  filter: filter.nullish(),
  search: z
    .object({ expression: z.string().max(200).nullish(), mode: z.enum(['OR', 'AND']).nullish() })
    .nullish(),
  returnNonVisibleProducts: qs.bool().optional(),
});
export const queryVariantsRequest = z.strictObject({
  query: cursorQuery.nullish(),
  fields: qs.array(z.string().max(100)).optional(),
});
export const queryInventoryItemsRequest = z.strictObject({ query: cursorQuery.nullish() });
export const queryCustomizationsRequest = z.strictObject({
  query: cursorQuery.nullish(),
  fields: qs.array(z.string().max(100)).optional(),
});
export const updateInventoryItemRequest = z.strictObject({
  inventoryItem: z.object({
    id: id.optional(),
    revision: z
      .union([z.string().regex(/^\d+$/), z.number().int()])
      .transform(String)
      .optional(),
    trackQuantity: z.boolean().optional(),
    quantity: z.number().int().min(0).max(1_000_000_000).optional(),
  }),
});
const categoryFields = {
  name: z.string().trim().min(1).max(100),
  slug: slug.optional(),
  visible: z.boolean().optional(),
  description: z.string().max(5000).nullish(),
  /** An image URL, or an image object with one. */
  image: z.union([z.url().max(2000), z.object({ url: z.url().max(2000) }).loose()]).nullish(),
};
export const createCategoryRequest = z.strictObject({
  category: z.object(categoryFields),
  treeReference: z.unknown().optional(),
  fields: z.array(z.string().max(100)).optional(),
});
export const updateCategoryRequest = z.strictObject({
  category: z.object({
    ...categoryFields,
    name: categoryFields.name.optional(),
    id: id.optional(),
    revision: z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(String),
  }),
  treeReference: z.unknown().optional(),
  fields: z.array(z.string().max(100)).optional(),
});
export type CategoryInput = z.infer<typeof createCategoryRequest>['category'];
export type CategoryPatch = z.infer<typeof updateCategoryRequest>['category'];
/** Single-category reads and deletes carry `treeReference.*` and `fields` in the query string. */
export const categoryReadQuery = z.object({ fields: qs.array(z.string().max(100)).optional() });
export const queryCategoriesRequest = z.strictObject({
  query: cursorQuery.nullish(),
  treeReference: z.unknown().optional(),
  returnNonVisibleCategories: z.boolean().optional(),
  fields: z.array(z.string()).optional(),
});
export const catalogVersionResponse = z.object({
  catalogVersion: z.enum(['V1_CATALOG', 'V3_CATALOG', 'STORES_NOT_INSTALLED']),
});

/** v3 inventory bulk increment / decrement (catalog.md §6, §11): by inventory item id, or by variant (one location). */
const stockReason = z.enum(['ORDER', 'MANUAL', 'REVERT_INVENTORY_CHANGE']);
const by = z.number().int().min(1).max(99_999);
export const bulkDecrementInventoryRequest = z.strictObject({
  decrementData: z
    .array(z.strictObject({ inventoryItemId: id, decrementBy: by, preorderRequest: z.boolean().optional() }))
    .min(1)
    .max(300),
  restrictInventory: z.boolean().nullish(),
  returnEntity: z.boolean().optional(),
  reason: stockReason.optional(),
});
export const bulkIncrementInventoryRequest = z.strictObject({
  incrementData: z
    .array(z.strictObject({ inventoryItemId: id, incrementBy: by }))
    .min(1)
    .max(300),
  returnEntity: z.boolean().optional(),
  reason: stockReason.optional(),
});
export const bulkDecrementByVariantRequest = z.strictObject({
  decrementData: z
    .array(
      z.strictObject({
        variantId: id,
        locationId: id.nullish(),
        decrementBy: by,
        preorderRequest: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(300),
  restrictInventory: z.boolean().nullish(),
  returnEntity: z.boolean().optional(),
  reason: stockReason.optional(),
});
export const bulkIncrementByVariantRequest = z.strictObject({
  incrementData: z
    .array(z.strictObject({ variantId: id, locationId: id.nullish(), incrementBy: by }))
    .min(1)
    .max(300),
  returnEntity: z.boolean().optional(),
  reason: stockReason.optional(),
});
export type StockReason = z.infer<typeof stockReason>;
