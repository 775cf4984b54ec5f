import { price } from '../../platform/money.ts';
import { inStock, type CategoryRow, type InventoryRow, type ProductRow, type StoredOption, type VariantWithStock } from './store.ts';

export interface Money { currency: string; locale: string; weightUnit: 'KG' | 'LB' }
export const PRODUCT_FQDN = 'wix.stores.catalog.v3.product';
export const INVENTORY_FQDN = 'wix.stores.catalog.v3.inventory_item';

const GRAMS = { KG: 1000, LB: 453.59237 } as const;
export const toGrams = (w: number, unit: Money['weightUnit']) => Math.round(w * GRAMS[unit]);
const fromGrams = (g: number, unit: Money['weightUnit']) => Math.round((g / GRAMS[unit]) * 1000) / 1000;

const iso = (d: Date | string) => new Date(d).toISOString();

function variantChoices(options: StoredOption[], v: VariantWithStock) {
  return v.choices.map((c) => {
    const o = options.find((x) => x.id === c.optionId);
    const ch = o?.choices.find((x) => x.choiceId === c.choiceId);
    return {
      optionChoiceIds: { optionId: c.optionId, choiceId: c.choiceId },
      optionChoiceNames: { optionName: o?.name ?? '', choiceName: ch?.name ?? '', renderType: o?.optionRenderType ?? 'TEXT_CHOICES' },
    };
  });
}

export function toVariant(m: Money, options: StoredOption[], v: VariantWithStock) {
  const p = (minor: number) => price(Number(minor), m.currency, m.locale);
  return {
    id: v.id,
    visible: v.visible,
    sku: v.sku ?? undefined,
    choices: variantChoices(options, v),
    price: { actualPrice: p(v.price), ...(v.compare_at_price !== null ? { compareAtPrice: p(v.compare_at_price) } : {}) },
    inventoryStatus: { inStock: inStock(v.inventory), preorderEnabled: false },
    physicalProperties: v.weight_grams !== null ? { weight: fromGrams(v.weight_grams, m.weightUnit) } : {},
  };
}

export function toProduct(m: Money, r: ProductRow, variants: VariantWithStock[], categoryIds: string[]) {
  const p = (minor: number) => price(Number(minor), m.currency, m.locale);
  const compare = variants.map((v) => Number(v.compare_at_price ?? v.price));
  const choiceInStock = (optionId: string, choiceId: string) =>
    variants.some((v) => inStock(v.inventory) && v.choices.some((c) => c.optionId === optionId && c.choiceId === choiceId));
  const categories = categoryIds.map((id) => ({ id, index: 0 }));
  return {
    id: r.id,
    revision: String(r.revision),
    createdDate: iso(r.created_at),
    updatedDate: iso(r.updated_at),
    name: r.name,
    slug: r.slug,
    plainDescription: r.plain_description ?? undefined,
    visible: r.visible,
    visibleInPos: r.visible,
    productType: r.product_type,
    currency: m.currency,
    media: {
      main: r.media_urls[0] ? { url: r.media_urls[0], image: { url: r.media_urls[0] }, mediaType: 'IMAGE' } : null,
      itemsInfo: { items: r.media_urls.map((url) => ({ url, image: { url }, mediaType: 'IMAGE' })) },
    },
    options: r.options.map((o) => ({
      id: o.id, name: o.name, optionRenderType: o.optionRenderType, key: o.name,
      choicesSettings: {
        choices: o.choices.map((c) => ({
          choiceId: c.choiceId, key: c.name, name: c.name, choiceType: c.choiceType, ...(c.colorCode ? { colorCode: c.colorCode } : {}),
          inStock: choiceInStock(o.id, c.choiceId), visible: true,
        })),
      },
    })),
    ...(r.brand ? { brand: { name: r.brand } } : {}),
    ...(r.ribbon ? { ribbon: { name: r.ribbon } } : {}),
    tags: r.tags,
    directCategoriesInfo: { categories },
    allCategoriesInfo: { categories },
    mainCategoryId: categoryIds[0],
    actualPriceRange: { minValue: p(r.min_price), maxValue: p(r.max_price) },
    compareAtPriceRange: { minValue: p(compare.length ? Math.min(...compare) : 0), maxValue: p(compare.length ? Math.max(...compare) : 0) },
    inventory: {
      availabilityStatus: r.availability,
      preorderStatus: 'DISABLED',
      preorderAvailability: 'NO_VARIANTS',
    },
    variantsInfo: { variants: variants.map((v) => toVariant(m, r.options, v)) },
    variantSummary: { variantCount: variants.length },
  };
}
export type WireProduct = ReturnType<typeof toProduct>;

export function toInventoryItem(i: InventoryRow, product?: { name: string; visible: boolean }) {
  return {
    id: i.id,
    revision: String(i.revision),
    createdDate: iso(i.created_at),
    updatedDate: iso(i.updated_at),
    variantId: i.variant_id,
    productId: i.product_id,
    trackQuantity: i.tracked,
    ...(i.tracked ? { quantity: i.quantity } : {}),
    availabilityStatus: inStock(i) ? 'IN_STOCK' : 'OUT_OF_STOCK',
    preorderInfo: { enabled: false },
    ...(product ? { product: { name: product.name, productVisible: product.visible } } : {}),
  };
}

export function toCategory(c: CategoryRow, itemCounter: number) {
  return {
    id: c.id, revision: String(c.revision), createdDate: iso(c.created_at), updatedDate: iso(c.updated_at),
    name: c.name, slug: c.slug, visible: c.visible, itemCounter, treeReference: { appNamespace: '@wix/stores', treeKey: null },
  };
}
