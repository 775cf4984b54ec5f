import { z } from 'zod';
import { cursorPagingMetadata } from './query.ts';
import { isoDate, price } from './scalars.ts';

/**
 * Catalog v3 answers (contract catalog.md §6): products, variants, inventory items, categories and
 * customizations as readers see them. Fields outside a product's default set appear only when
 * requested (`fields`), hence optional.
 */

const looseObject = z.record(z.string(), z.unknown());
const entity = { id: z.string(), revision: z.string(), createdDate: isoDate, updatedDate: isoDate };

export const productImage = z.strictObject({
  id: z.string().optional(),
  url: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  altText: z.string().nullish(),
  filename: z.string().optional(),
});
export type ProductImage = z.infer<typeof productImage>;
export const mediaItem = z.strictObject({
  id: z.string(),
  url: z.string(),
  image: productImage,
  mediaType: z.string(),
  displayName: z.string(),
  altText: z.string().nullish(),
});
export type MediaItem = z.infer<typeof mediaItem>;

export const optionChoice = z.strictObject({
  choiceId: z.string(),
  key: z.string(),
  name: z.string(),
  choiceType: z.string(),
  colorCode: z.string().optional(),
  inStock: z.boolean(),
  visible: z.boolean(),
});
export type OptionChoice = z.infer<typeof optionChoice>;
export const productOption = z.strictObject({
  id: z.string(),
  name: z.string(),
  optionRenderType: z.string(),
  key: z.string(),
  choicesSettings: z.strictObject({ choices: z.array(optionChoice) }),
});
export type ProductOption = z.infer<typeof productOption>;

export const variantChoice = z.strictObject({
  optionChoiceIds: z.strictObject({ optionId: z.string(), choiceId: z.string() }),
  optionChoiceNames: z
    .object({ optionName: z.string(), choiceName: z.string(), renderType: z.string() })
    .optional(),
});
export const variant = z.strictObject({
  id: z.string(),
  visible: z.boolean(),
  sku: z.string().optional(),
  choices: z.array(variantChoice),
  price: z.strictObject({ actualPrice: price, compareAtPrice: price.optional() }),
  inventoryStatus: z.strictObject({ inStock: z.boolean(), preorderEnabled: z.boolean() }),
  physicalProperties: z.strictObject({ weight: z.number().optional() }),
});
export type Variant = z.infer<typeof variant>;
export const availabilityStatusValue = z.enum(['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK']);
export type AvailabilityStatus = z.infer<typeof availabilityStatusValue>;

const categoryRefs = z.strictObject({
  categories: z.array(z.strictObject({ id: z.string(), index: z.number() })),
});
const priceRange = z.strictObject({ minValue: price, maxValue: price });

export const product = z.strictObject({
  ...entity,
  name: z.string(),
  slug: z.string(),
  handle: z.string(),
  url: z.string().optional(),
  plainDescription: z.string().optional(),
  description: z.strictObject({ nodes: z.array(looseObject) }).optional(),
  visible: z.boolean(),
  visibleInPos: z.boolean(),
  productType: z.string(),
  currency: z.string().optional(),
  media: z.strictObject({
    main: mediaItem.nullable(),
    itemsInfo: z.strictObject({ items: z.array(mediaItem) }).optional(),
  }),
  thumbnail: z.strictObject({ url: z.string(), width: z.number(), height: z.number() }).optional(),
  options: z.array(productOption),
  brand: z.strictObject({ name: z.string() }).optional(),
  ribbon: z.strictObject({ name: z.string() }).optional(),
  tags: z.array(z.string()),
  directCategoriesInfo: categoryRefs.optional(),
  allCategoriesInfo: categoryRefs.optional(),
  breadcrumbsInfo: z
    .object({
      breadcrumbs: z.array(
        z.strictObject({ categoryId: z.string(), categoryName: z.string(), categorySlug: z.string() }),
      ),
    })
    .optional(),
  mainCategoryId: z.string().optional(),
  actualPriceRange: priceRange,
  compareAtPriceRange: priceRange,
  inventory: z.strictObject({
    availabilityStatus: availabilityStatusValue,
    preorderStatus: z.string(),
    preorderAvailability: z.string(),
  }),
  physicalProperties: z
    .object({ weightMeasurementUnitInfo: z.strictObject({ weightMeasurementUnit: z.string() }) })
    .optional(),
  variantsInfo: z.strictObject({ variants: z.array(variant) }),
  variantSummary: z.strictObject({ variantCount: z.number(), minPriceVariant: variant.optional() }),
  extendedFields: z.strictObject({ namespaces: looseObject }).optional(),
});
export type Product = z.infer<typeof product>;

export const inventoryItem = z.strictObject({
  ...entity,
  variantId: z.string(),
  productId: z.string(),
  trackQuantity: z.boolean(),
  quantity: z.number().optional(),
  inStock: z.boolean().optional(),
  availabilityStatus: z.enum(['IN_STOCK', 'OUT_OF_STOCK']),
  preorderInfo: z.strictObject({ enabled: z.boolean() }),
  product: z.strictObject({ name: z.string(), productVisible: z.boolean() }).optional(),
});
export type InventoryItem = z.infer<typeof inventoryItem>;

export const category = z.strictObject({
  ...entity,
  name: z.string(),
  slug: z.string(),
  visible: z.boolean(),
  itemCounter: z.number(),
  description: z.string().optional(),
  image: productImage.optional(),
  parentCategory: z.strictObject({ id: z.string().nullable(), index: z.number() }),
  breadcrumbsInfo: z.strictObject({ breadcrumbs: z.array(looseObject) }),
  treeReference: z.strictObject({ appNamespace: z.string(), treeKey: z.string().nullable() }),
});
export type Category = z.infer<typeof category>;

export const customization = z.strictObject({
  ...entity,
  name: z.string(),
  key: z.string(),
  customizationType: z.string(),
  customizationRenderType: z.string(),
  choicesSettings: z.strictObject({
    choices: z.array(
      z.strictObject({
        id: z.string(),
        key: z.string(),
        name: z.string(),
        choiceType: z.string(),
        colorCode: z.string().optional(),
      }),
    ),
  }),
  assignedProductsCount: z.number(),
});

const itemMetadata = z.strictObject({
  id: z.string().optional(),
  originalIndex: z.number(),
  success: z.boolean(),
});
const bulkActionMetadata = z.strictObject({
  totalSuccesses: z.number(),
  totalFailures: z.number(),
  undetailedFailures: z.number(),
});

// ---- answers ---------------------------------------------------------------------------------------

export const productResponse = z.strictObject({ product });
export const productsPageResponse = z.strictObject({
  products: z.array(product),
  pagingMetadata: cursorPagingMetadata,
});
export type ProductsPage = z.infer<typeof productsPageResponse>;
export const countProductsResponse = z.strictObject({ count: z.number() });
export const queryVariantsResponse = z.strictObject({
  variants: z.array(
    variant.extend({
      productData: z.strictObject({
        productId: z.string(),
        name: z.string(),
        slug: z.string(),
        visible: z.boolean(),
      }),
    }),
  ),
  pagingMetadata: cursorPagingMetadata,
});
export type QueryVariantsPage = z.infer<typeof queryVariantsResponse>;
export const inventoryItemResponse = z.strictObject({ inventoryItem });
export const inventoryItemsPageResponse = z.strictObject({
  inventoryItems: z.array(inventoryItem),
  pagingMetadata: cursorPagingMetadata,
});
export type InventoryItemsPage = z.infer<typeof inventoryItemsPageResponse>;
export const bulkInventoryResponse = z.strictObject({
  results: z.array(z.strictObject({ itemMetadata, item: inventoryItem.optional() })),
  bulkActionMetadata,
});
export const categoryResponse = z.strictObject({ category });
export const categoriesPageResponse = z.strictObject({
  categories: z.array(category),
  pagingMetadata: cursorPagingMetadata,
});
export type CategoriesPage = z.infer<typeof categoriesPageResponse>;
export const customizationResponse = z.strictObject({ customization });
export const customizationsPageResponse = z.strictObject({
  customizations: z.array(customization),
  pagingMetadata: cursorPagingMetadata,
});
