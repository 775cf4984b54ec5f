import { ENTITY_FQDN } from '@vitrine/contract';
import { price } from '../../platform/money.ts';
import {
  availabilityOf,
  inStock,
  type CategoryRow,
  type InventoryRow,
  type ProductRow,
  type StoredOption,
  type VariantWithStock,
} from './store.ts';
import { parseEntry } from './media.ts';

export interface Money {
  currency: string;
  locale: string;
  weightUnit: 'KG' | 'LB';
}
export const PRODUCT_FQDN = ENTITY_FQDN.product;
export const INVENTORY_FQDN = ENTITY_FQDN.inventoryItem;
export const CATEGORY_FQDN = ENTITY_FQDN.category;

const GRAMS = { KG: 1000, LB: 453.59237 } as const;
export const toGrams = (w: number, unit: Money['weightUnit']) => Math.round(w * GRAMS[unit]);
export const fromGrams = (g: number, unit: Money['weightUnit']) =>
  Math.round((g / GRAMS[unit]) * 1000) / 1000;

const iso = (d: Date | string) => new Date(d).toISOString();

/** What a reader asked for and may see: requested `fields` (catalog.md §6), the admin's view, links and category names. */
export interface ProductView {
  fields: ReadonlySet<string>;
  admin: boolean;
  publicUrl: string;
  categories?: ReadonlyMap<string, { name: string; slug: string }>;
}
export const ITEM_TYPE_NAMESPACE = '@vitrine/stores';
export const productPath = (slug: string) => `/product-page/${slug}`;

function variantChoices(options: StoredOption[], v: VariantWithStock, names: boolean) {
  return v.choices.map((c) => {
    const o = options.find((x) => x.id === c.optionId);
    const ch = o?.choices.find((x) => x.choiceId === c.choiceId);
    return {
      optionChoiceIds: { optionId: c.optionId, choiceId: c.choiceId },
      ...(names
        ? {
            optionChoiceNames: {
              optionName: o?.name ?? '',
              choiceName: ch?.name ?? '',
              renderType: o?.optionRenderType ?? 'TEXT_CHOICES',
            },
          }
        : {}),
    };
  });
}

export function toVariant(m: Money, options: StoredOption[], v: VariantWithStock, names = true) {
  const p = (minor: number) => price(Number(minor), m.currency, m.locale);
  return {
    id: v.id,
    visible: v.visible,
    sku: v.sku ?? undefined,
    choices: variantChoices(options, v, names),
    price: {
      actualPrice: p(v.price),
      ...(v.compare_at_price !== null ? { compareAtPrice: p(v.compare_at_price) } : {}),
    },
    inventoryStatus: { inStock: inStock(v.inventory), preorderEnabled: false },
    physicalProperties: v.weight_grams !== null ? { weight: fromGrams(v.weight_grams, m.weightUnit) } : {},
  };
}

/** The plain description as a minimal rich-content document (one paragraph per line). */
function richContent(text: string) {
  return {
    nodes: text
      .split(/\n+/)
      .filter(Boolean)
      .map((line, i) => ({
        type: 'PARAGRAPH',
        id: `p${i}`,
        nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: line, decorations: [] } }],
        paragraphData: {},
      })),
  };
}

/** A v3 media item: a library file's image object carries its id and size (the SDK makes it a `wix:image` string). */
const media = (entry: string) => {
  const e = parseEntry(entry);
  const name = e.id ?? e.url.split('/').pop()!.split('?')[0]!;
  return {
    id: name,
    url: e.url,
    image: e.id
      ? { id: e.id, url: e.url, width: e.width ?? 0, height: e.height ?? 0, filename: e.id }
      : { url: e.url },
    mediaType: 'IMAGE',
    displayName: name,
  };
};
const thumbnail = (entry: string) => {
  const e = parseEntry(entry);
  return { url: e.url, width: e.width ?? 800, height: e.height ?? 800 };
};

/**
 * A v3 product as a reader sees it: visitors never see hidden variants (nor choices only hidden variants
 * use); fields outside the default set appear only when requested.
 */
export function toProduct(
  m: Money,
  r: ProductRow,
  all: VariantWithStock[],
  categoryIds: string[],
  view: ProductView,
) {
  const f = view.fields;
  const p = (minor: number) => price(Number(minor), m.currency, m.locale);
  const variants = view.admin ? all : all.filter((v) => v.visible);
  const shown = all.filter((v) => v.visible);
  const priced = shown.length ? shown : all;
  const compare = priced.map((v) => Number(v.compare_at_price ?? v.price));
  const uses = (vs: VariantWithStock[], optionId: string, choiceId: string) =>
    vs.some((v) => v.choices.some((c) => c.optionId === optionId && c.choiceId === choiceId));
  const categories = categoryIds.map((id, index) => ({ id, index }));
  const main = categoryIds[0];
  const mainInfo = main ? view.categories?.get(main) : undefined;
  const url = `${view.publicUrl}${productPath(r.slug)}`;
  return {
    id: r.id,
    revision: String(r.revision),
    createdDate: iso(r.created_at),
    updatedDate: iso(r.updated_at),
    name: r.name,
    slug: r.slug,
    handle: r.handle,
    ...(f.has('URL') ? { url } : {}),
    ...(f.has('PLAIN_DESCRIPTION') ? { plainDescription: r.plain_description ?? '' } : {}),
    ...(f.has('DESCRIPTION') ? { description: richContent(r.plain_description ?? '') } : {}),
    visible: r.visible,
    visibleInPos: r.visible,
    productType: r.product_type,
    ...(f.has('CURRENCY') ? { currency: m.currency } : {}),
    media: {
      main: r.media_urls[0] ? media(r.media_urls[0]) : null,
      ...(f.has('MEDIA_ITEMS_INFO') ? { itemsInfo: { items: r.media_urls.map(media) } } : {}),
    },
    ...(f.has('THUMBNAIL') && r.media_urls[0] ? { thumbnail: thumbnail(r.media_urls[0]) } : {}),
    options: r.options.map((o) => ({
      id: o.id,
      name: o.name,
      optionRenderType: o.optionRenderType,
      key: o.name,
      choicesSettings: {
        choices: o.choices
          .filter((c) => view.admin || uses(shown, o.id, c.choiceId))
          .map((c) => ({
            choiceId: c.choiceId,
            key: c.name,
            name: c.name,
            choiceType: c.choiceType,
            ...(c.colorCode ? { colorCode: c.colorCode } : {}),
            inStock: uses(
              shown.filter((v) => inStock(v.inventory)),
              o.id,
              c.choiceId,
            ),
            visible: uses(shown, o.id, c.choiceId),
          })),
      },
    })),
    ...(r.brand ? { brand: { name: r.brand } } : {}),
    ...(r.ribbon ? { ribbon: { name: r.ribbon } } : {}),
    tags: r.tags,
    ...(f.has('DIRECT_CATEGORIES_INFO') ? { directCategoriesInfo: { categories } } : {}),
    ...(f.has('ALL_CATEGORIES_INFO') ? { allCategoriesInfo: { categories } } : {}),
    ...(f.has('BREADCRUMBS_INFO')
      ? {
          breadcrumbsInfo: {
            breadcrumbs:
              main && mainInfo
                ? [{ categoryId: main, categoryName: mainInfo.name, categorySlug: mainInfo.slug }]
                : [],
          },
        }
      : {}),
    mainCategoryId: main,
    actualPriceRange: { minValue: p(r.min_price), maxValue: p(r.max_price) },
    compareAtPriceRange: {
      minValue: p(compare.length ? Math.min(...compare) : 0),
      maxValue: p(compare.length ? Math.max(...compare) : 0),
    },
    inventory: {
      availabilityStatus: availabilityOf(all),
      preorderStatus: 'DISABLED',
      preorderAvailability: 'NO_VARIANTS',
    },
    ...(f.has('WEIGHT_MEASUREMENT_UNIT_INFO')
      ? { physicalProperties: { weightMeasurementUnitInfo: { weightMeasurementUnit: m.weightUnit } } }
      : {}),
    variantsInfo: {
      variants: variants.map((v) => toVariant(m, r.options, v, f.has('VARIANT_OPTION_CHOICE_NAMES'))),
    },
    variantSummary: {
      variantCount: variants.length,
      ...(f.has('MIN_PRICE_VARIANT') && priced.length
        ? {
            minPriceVariant: toVariant(
              m,
              r.options,
              priced.reduce((a, b) => (Number(b.price) < Number(a.price) ? b : a)),
              true,
            ),
          }
        : {}),
    },
    ...(r.item_type !== 'PHYSICAL' && r.item_type !== 'DIGITAL'
      ? { extendedFields: { namespaces: { [ITEM_TYPE_NAMESPACE]: { itemType: r.item_type } } } }
      : {}),
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
    ...(i.tracked ? { quantity: i.quantity } : { inStock: true }),
    availabilityStatus: inStock(i) ? 'IN_STOCK' : 'OUT_OF_STOCK',
    preorderInfo: { enabled: false },
    ...(product ? { product: { name: product.name, productVisible: product.visible } } : {}),
  };
}

export function toCategory(c: CategoryRow, itemCounter: number) {
  const img = c.image_url ? parseEntry(c.image_url) : undefined;
  const file = img && (img.id ?? img.url.split('/').pop()?.split('?')[0]);
  return {
    id: c.id,
    revision: String(c.revision),
    createdDate: iso(c.created_at),
    updatedDate: iso(c.updated_at),
    name: c.name,
    slug: c.slug,
    visible: c.visible,
    itemCounter,
    ...(c.description ? { description: c.description } : {}),
    ...(img
      ? {
          image: {
            id: file,
            url: img.url,
            width: img.width ?? 800,
            height: img.height ?? 800,
            filename: file,
          },
        }
      : {}),
    parentCategory: { id: null, index: 0 },
    breadcrumbsInfo: { breadcrumbs: [] },
    treeReference: { appNamespace: '@wix/stores', treeKey: null },
  };
}
