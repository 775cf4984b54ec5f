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

export const productImage = z.object({
  id: z.string().optional(),
  url: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  altText: z.string().nullish(),
  filename: z.string().optional(),
});
export type ProductImage = z.infer<typeof productImage>;
export const mediaItem = z.object({
  id: z.string(),
  url: z.string(),
  image: productImage,
  mediaType: z.string(),
  displayName: z.string(),
  altText: z.string().nullish(),
});
export type MediaItem = z.infer<typeof mediaItem>;

export const optionChoice = z.object({
  choiceId: z.string(),
  key: z.string(),
  name: z.string(),
  choiceType: z.string(),
  colorCode: z.string().optional(),
  inStock: z.boolean(),
  visible: z.boolean(),
});
export type OptionChoice = z.infer<typeof optionChoice>;
export const productOption = z.object({
  id: z.string(),
  name: z.string(),
  optionRenderType: z.string(),
  key: z.string(),
  choicesSettings: z.object({ choices: z.array(optionChoice) }),
});
export type ProductOption = z.infer<typeof productOption>;

export const variantChoice = z.object({
  optionChoiceIds: z.object({ optionId: z.string(), choiceId: z.string() }),
  optionChoiceNames: z
    .object({ optionName: z.string(), choiceName: z.string(), renderType: z.string() })
    .optional(),
});
export const variant = z.object({
  id: z.string(),
  visible: z.boolean(),
  sku: z.string().optional(),
  choices: z.array(variantChoice),
  price: z.object({ actualPrice: price, compareAtPrice: price.optional() }),
  inventoryStatus: z.object({ inStock: z.boolean(), preorderEnabled: z.boolean() }),
  physicalProperties: z.object({ weight: z.number().optional() }),
});
export type Variant = z.infer<typeof variant>;
export const availabilityStatusValue = z.enum(['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK']);
export type AvailabilityStatus = z.infer<typeof availabilityStatusValue>;

const categoryRefs = z.object({ categories: z.array(z.object({ id: z.string(), index: z.number() })) });
const priceRange = z.object({ minValue: price, maxValue: price });

export const product = z.object({
  ...entity,
  name: z.string(),
  slug: z.string(),
  url: z.string().optional(),
  plainDescription: z.string().optional(),
  description: z.object({ nodes: z.array(looseObject) }).optional(),
  visible: z.boolean(),
  visibleInPos: z.boolean(),
  productType: z.string(),
  currency: z.string().optional(),
  media: z.object({
    main: mediaItem.nullable(),
    itemsInfo: z.object({ items: z.array(mediaItem) }).optional(),
  }),
  thumbnail: z.object({ url: z.string(), width: z.number(), height: z.number() }).optional(),
  options: z.array(productOption),
  brand: z.object({ name: z.string() }).optional(),
  ribbon: z.object({ name: z.string() }).optional(),
  tags: z.array(z.string()),
  directCategoriesInfo: categoryRefs.optional(),
  allCategoriesInfo: categoryRefs.optional(),
  breadcrumbsInfo: z
    .object({
      breadcrumbs: z.array(
        z.object({ categoryId: z.string(), categoryName: z.string(), categorySlug: z.string() }),
      ),
    })
    .optional(),
  mainCategoryId: z.string().optional(),
  actualPriceRange: priceRange,
  compareAtPriceRange: priceRange,
  inventory: z.object({
    availabilityStatus: availabilityStatusValue,
    preorderStatus: z.string(),
    preorderAvailability: z.string(),
  }),
  physicalProperties: z
    .object({ weightMeasurementUnitInfo: z.object({ weightMeasurementUnit: z.string() }) })
    .optional(),
  variantsInfo: z.object({ variants: z.array(variant) }),
  variantSummary: z.object({ variantCount: z.number(), minPriceVariant: variant.optional() }),
  extendedFields: z.object({ namespaces: looseObject }).optional(),
});
export type Product = z.infer<typeof product>;

export const inventoryItem = z.object({
  ...entity,
  variantId: z.string(),
  productId: z.string(),
  trackQuantity: z.boolean(),
  quantity: z.number().optional(),
  inStock: z.boolean().optional(),
  availabilityStatus: z.enum(['IN_STOCK', 'OUT_OF_STOCK']),
  preorderInfo: z.object({ enabled: z.boolean() }),
  product: z.object({ name: z.string(), productVisible: z.boolean() }).optional(),
});

export const category = z.object({
  ...entity,
  name: z.string(),
  slug: z.string(),
  visible: z.boolean(),
  itemCounter: z.number(),
  description: z.string().optional(),
  image: productImage.optional(),
  parentCategory: z.object({ id: z.string().nullable(), index: z.number() }),
  breadcrumbsInfo: z.object({ breadcrumbs: z.array(looseObject) }),
  treeReference: z.object({ appNamespace: z.string(), treeKey: z.string().nullable() }),
});
export type Category = z.infer<typeof category>;

export const customization = z.object({
  ...entity,
  name: z.string(),
  key: z.string(),
  customizationType: z.string(),
  customizationRenderType: z.string(),
  choicesSettings: z.object({
    choices: z.array(
      z.object({
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

const itemMetadata = z.object({ id: z.string().optional(), originalIndex: z.number(), success: z.boolean() });
const bulkActionMetadata = z.object({
  totalSuccesses: z.number(),
  totalFailures: z.number(),
  undetailedFailures: z.number(),
});

// ---- answers ---------------------------------------------------------------------------------------

export const productResponse = z.object({ product });
export const productsPageResponse = z.object({
  products: z.array(product),
  pagingMetadata: cursorPagingMetadata,
});
export type ProductsPage = z.infer<typeof productsPageResponse>;
export const countProductsResponse = z.object({ count: z.number() });
export const queryVariantsResponse = z.object({
  variants: z.array(
    variant.extend({
      productData: z.object({
        productId: z.string(),
        name: z.string(),
        slug: z.string(),
        visible: z.boolean(),
      }),
    }),
  ),
  pagingMetadata: cursorPagingMetadata,
});
export const inventoryItemResponse = z.object({ inventoryItem });
export const inventoryItemsPageResponse = z.object({
  inventoryItems: z.array(inventoryItem),
  pagingMetadata: cursorPagingMetadata,
});
export const bulkInventoryResponse = z.object({
  results: z.array(z.object({ itemMetadata, item: inventoryItem.optional() })),
  bulkActionMetadata,
});
export const categoryResponse = z.object({ category });
export const categoriesPageResponse = z.object({
  categories: z.array(category),
  pagingMetadata: cursorPagingMetadata,
});
export const customizationResponse = z.object({ customization });
export const customizationsPageResponse = z.object({
  customizations: z.array(customization),
  pagingMetadata: cursorPagingMetadata,
});
