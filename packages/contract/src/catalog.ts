import { z } from 'zod';
import { cursorPaging, cursorQuery, filter, sorting } from './query.ts';
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
  inventoryItem: z.object({ quantity: z.number().int().min(0).max(1_000_000_000).optional(), inStock: z.boolean().optional() }).optional(),
});
const urlRef = z.object({ url: z.url().max(2000) });

const productFields = {
  name,
  slug: slug.optional(),
  plainDescription: z.string().max(20_000).nullish(),
  visible: z.boolean().optional(),
  productType: productType.optional(),
  media: z.object({ main: urlRef.nullish(), itemsInfo: z.object({ items: z.array(urlRef).max(50) }).nullish() }).nullish(),
  options: z.array(optionInput).max(6).optional(),
  brand: z.object({ name: z.string().trim().min(1).max(100) }).nullish(),
  ribbon: z.object({ name: z.string().trim().min(1).max(50) }).nullish(),
  tags: z.array(z.string().trim().min(1).max(50)).max(50).optional(),
  directCategoriesInfo: z.object({ categories: z.array(z.object({ id })).max(100) }).nullish(),
  variantsInfo: z.object({ variants: z.array(variantInput).min(1).max(1000) }).optional(),
};
export const productInput = z.object(productFields);
export type ProductInput = z.infer<typeof productInput>;
export type VariantInput = z.infer<typeof variantInput>;
export type OptionInput = z.infer<typeof optionInput>;

export const createProductRequest = z.strictObject({ product: productInput });
export const updateProductRequest = z.strictObject({
  product: z.object({ ...productFields, name: name.optional(), id: id.optional(), revision: z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(String) }),
  fields: z.array(z.string()).optional(),
});
export type ProductPatch = z.infer<typeof updateProductRequest>['product'];

const fields = qs.array(z.string().max(100)).optional();
export const getProductQuery = z.strictObject({ fields });
export const queryProductsRequest = z.strictObject({ query: cursorQuery.nullish(), fields, returnNonVisibleProducts: qs.bool().optional() });
export const searchProductsRequest = z.strictObject({
  search: z.strictObject({
    filter: filter.nullish(),
    sort: z.array(sorting).max(5).nullish(),
    cursorPaging: cursorPaging.nullish(),
    search: z.object({ expression: z.string().max(200).nullish(), fields: z.array(z.string()).optional(), fuzzy: z.boolean().optional() }).nullish(),
  }).nullish(),
  fields,
  returnNonVisibleProducts: qs.bool().optional(),
});
export const countProductsRequest = z.strictObject({
  filter: filter.nullish(),
  search: z.object({ expression: z.string().max(200).nullish() }).nullish(),
  returnNonVisibleProducts: qs.bool().optional(),
});
export const queryVariantsRequest = z.strictObject({ query: cursorQuery.nullish(), fields });
export const queryInventoryItemsRequest = z.strictObject({ query: cursorQuery.nullish() });
export const updateInventoryItemRequest = z.strictObject({
  inventoryItem: z.object({
    id: id.optional(),
    revision: z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(String).optional(),
    trackQuantity: z.boolean().optional(),
    quantity: z.number().int().min(0).max(1_000_000_000).optional(),
  }),
});
export const createCategoryRequest = z.strictObject({
  category: z.object({ name: z.string().trim().min(1).max(100), slug: slug.optional(), visible: z.boolean().optional() }),
  treeReference: z.unknown().optional(),
});
export const queryCategoriesRequest = z.strictObject({
  query: cursorQuery.nullish(), treeReference: z.unknown().optional(), returnNonVisibleCategories: z.boolean().optional(), fields: z.array(z.string()).optional(),
});
export const catalogVersionResponse = z.object({ catalogVersion: z.enum(['V1_CATALOG', 'V3_CATALOG', 'STORES_NOT_INSTALLED']) });
