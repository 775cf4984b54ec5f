import { ALL_PRODUCTS_COLLECTION_ID } from '@vitrine/contract';
import { currencyExponent, formatMinor } from '../../platform/money.ts';
import {
  inStock,
  type CategoryRow,
  type ProductRow,
  type StoredOption,
  type VariantWithStock,
} from './store.ts';
import { productPath, type Money } from './wire.ts';
import { parseEntry } from './media.ts';

/**
 * The v1 shapes (catalog.md §7) of the v3 rows. v1 prices are JSON numbers in major units; v1's `price` is the
 * price before the product's discount and `discountedPrice` what the buyer pays, so v3's compare-at price
 * becomes `price` and the actual price `discountedPrice`.
 */
/** The hosted platform's fixed id and slug of the collection holding every visible product (v1 only; virtual here). */
export const ALL_PRODUCTS_ID = ALL_PRODUCTS_COLLECTION_ID;
export const ALL_PRODUCTS_SLUG = 'all-products';
/** A product's v1 `collectionIds`: "All Products" first when the product is visible, then its categories. */
const collectionIdsOf = (visible: boolean, categoryIds: string[]) =>
  visible ? [ALL_PRODUCTS_ID, ...categoryIds] : categoryIds;

const major = (minor: number, m: Money) => Number(minor) / 10 ** currencyExponent(m.currency);
const iso = (d: Date | string) => new Date(d).toISOString();
const kg = (grams: number | null, m: Money) =>
  grams === null ? 0 : Math.round((grams / (m.weightUnit === 'KG' ? 1000 : 453.59237)) * 1000) / 1000;

export function priceData(m: Money, actual: number, compareAt: number | null) {
  const before = compareAt ?? actual;
  return {
    currency: m.currency,
    price: major(before, m),
    discountedPrice: major(actual, m),
    formatted: {
      price: formatMinor(Number(before), m.currency, m.locale),
      discountedPrice: formatMinor(Number(actual), m.currency, m.locale),
    },
  };
}

/** A UUIDv7's time and counter bits as a number: v1's sortable `numericId` (int64 as a string). */
export const numericIdSql =
  "(('x' || substr(replace(catalog_product.id::text, '-', ''), 1, 12))::bit(48)::bigint * 4096 + ('x' || substr(replace(catalog_product.id::text, '-', ''), 14, 3))::bit(12)::bigint)";
export function numericId(id: string): string {
  const hex = id.replace(/-/g, '');
  return (BigInt(`0x${hex.slice(0, 12)}`) * 4096n + BigInt(`0x${hex.slice(13, 16)}`)).toString();
}

const optionType = (o: StoredOption) => (o.optionRenderType === 'SWATCH_CHOICES' ? 'color' : 'drop_down');
/** v1 choice `value`: the colour code of a colour choice, else the name; `description` is always the name. */
const choiceValue = (o: StoredOption, c: StoredOption['choices'][number]) =>
  optionType(o) === 'color' && c.colorCode ? c.colorCode : c.name;

/** Option name → choice name of a variant. */
export function choicesMap(options: StoredOption[], v: VariantWithStock): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of v.choices) {
    const o = options.find((x) => x.id === c.optionId);
    const ch = o?.choices.find((x) => x.choiceId === c.choiceId);
    if (o && ch) out[o.name] = ch.name;
  }
  return out;
}

/** v1 media: library files by their ids, with their true size (800 × 800 for URLs from before the library). */
export function mediaV1(entries: string[]) {
  const item = (entry: string) => {
    const e = parseEntry(entry);
    const url = e.url;
    const file = e.id ?? url.split('/').pop()!.split('?')[0]!;
    const format = file.includes('.') ? file.split('.').pop()! : null;
    const width = e.width ?? 800;
    const height = e.height ?? 800;
    const thumb = Math.min(1, 50 / Math.max(width, height, 1));
    return {
      image: { url, width, height, format },
      thumbnail: {
        url: e.id ? `${url}/v1/fit/w_50,h_50,q_90/${encodeURIComponent(file)}` : url,
        width: Math.max(1, Math.round(width * thumb)),
        height: Math.max(1, Math.round(height * thumb)),
        format,
      },
      mediaType: 'image',
      title: '',
      id: file,
    };
  };
  return { ...(entries[0] ? { mainMedia: item(entries[0]) } : {}), items: entries.map(item) };
}

/** The product's options with each choice's stock and visibility among `variants` (narrowed by a partial selection when given). */
export function optionsV1(
  options: StoredOption[],
  variants: VariantWithStock[],
  chosen: Map<string, string> = new Map(),
) {
  return options.map((o) => ({
    optionType: optionType(o),
    name: o.name,
    choices: o.choices.map((c) => {
      // Variants with this choice that agree with the selection of every other option.
      const fits = variants.filter(
        (v) =>
          v.choices.some((x) => x.optionId === o.id && x.choiceId === c.choiceId) &&
          [...chosen].every(
            ([optionId, choiceId]) =>
              optionId === o.id || v.choices.some((x) => x.optionId === optionId && x.choiceId === choiceId),
          ),
      );
      return {
        value: choiceValue(o, c),
        description: c.name,
        inStock: fits.some((v) => v.visible && inStock(v.inventory)),
        visible: fits.some((v) => v.visible),
      };
    }),
  }));
}

export function variantV1(m: Money, options: StoredOption[], v: VariantWithStock) {
  const pd = priceData(m, v.price, v.compare_at_price);
  return {
    id: v.id,
    choices: choicesMap(options, v),
    variant: {
      priceData: pd,
      convertedPriceData: pd,
      weight: kg(v.weight_grams, m),
      ...(v.sku ? { sku: v.sku } : {}),
      visible: v.visible,
    },
    stock: {
      trackQuantity: v.inventory.tracked,
      ...(v.inventory.tracked ? { quantity: Number(v.inventory.quantity) } : {}),
      inStock: inStock(v.inventory),
    },
  };
}

export interface V1Context {
  m: Money;
  publicUrl: string;
  withVariants: boolean;
}

export function productV1(c: V1Context, r: ProductRow, all: VariantWithStock[], categoryIds: string[]) {
  const { m } = c;
  const shown = all.filter((v) => v.visible);
  const priced = shown.length ? shown : all;
  const cheapest = priced.reduce<VariantWithStock | undefined>(
    (a, v) => (!a || Number(v.price) < Number(a.price) ? v : a),
    undefined,
  );
  const pd = cheapest ? priceData(m, cheapest.price, cheapest.compare_at_price) : priceData(m, 0, null);
  const weights = priced.map((v) => kg(v.weight_grams, m));
  const tracked = priced.filter((v) => v.inventory.tracked);
  const stockedCount = priced.filter((v) => inStock(v.inventory)).length;
  const discount =
    cheapest && cheapest.compare_at_price !== null && cheapest.compare_at_price > cheapest.price
      ? { type: 'AMOUNT', value: major(cheapest.compare_at_price - cheapest.price, m) }
      : { type: 'NONE', value: 0 };
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    visible: r.visible,
    productType: r.product_type === 'PHYSICAL' ? 'physical' : 'digital',
    description: r.plain_description
      ? r.plain_description
          .split(/\n+/)
          .map((l) => `<p>${escapeHtml(l)}</p>`)
          .join('')
      : '',
    ...(cheapest?.sku ? { sku: cheapest.sku } : {}),
    weight: cheapest ? kg(cheapest.weight_grams, m) : 0,
    weightRange: {
      minValue: weights.length ? Math.min(...weights) : 0,
      maxValue: weights.length ? Math.max(...weights) : 0,
    },
    stock: {
      trackInventory: tracked.length > 0,
      ...(tracked.length > 0 && tracked.length === priced.length
        ? { quantity: tracked.reduce((n, v) => n + Number(v.inventory.quantity), 0) }
        : {}),
      inStock: stockedCount > 0,
      inventoryStatus:
        stockedCount === 0
          ? 'OUT_OF_STOCK'
          : stockedCount === priced.length
            ? 'IN_STOCK'
            : 'PARTIALLY_OUT_OF_STOCK',
    },
    price: pd,
    priceData: pd,
    convertedPriceData: pd,
    priceRange: { minValue: major(r.min_price, m), maxValue: major(r.max_price, m) },
    additionalInfoSections: [],
    ribbons: r.ribbon ? [{ text: r.ribbon }] : [],
    ...(r.ribbon ? { ribbon: r.ribbon } : {}),
    ...(r.brand ? { brand: r.brand } : {}),
    media: mediaV1(r.media_urls),
    customTextFields: [],
    manageVariants: r.options.length > 0,
    productOptions: optionsV1(r.options, shown),
    productPageUrl: { base: c.publicUrl, path: productPath(r.slug) },
    numericId: numericId(r.id),
    inventoryItemId: r.id,
    discount,
    collectionIds: collectionIdsOf(r.visible, categoryIds),
    ...(c.withVariants ? { variants: shown.map((v) => variantV1(m, r.options, v)) } : {}),
    lastUpdated: iso(r.updated_at),
    createdDate: iso(r.created_at),
    seoData: { tags: [], settings: { preventAutoRedirect: false, keywords: [] } },
  };
}

/** A store variant (`queryStoreVariants`, `getStoreVariant`): id `<productId>-<variantId>`. */
export function storeVariantV1(
  r: Pick<ProductRow, 'id' | 'name' | 'options' | 'media_urls'>,
  v: VariantWithStock,
  categoryIds: string[],
) {
  // Store variants are read from visible products only.
  const choices = choicesMap(r.options, v);
  return {
    id: `${r.id}-${v.id}`,
    variantId: v.id,
    productId: r.id,
    variantName: Object.values(choices).join(' / '),
    productName: r.name,
    managedVariant: r.options.length > 0,
    ...(v.sku ? { sku: v.sku } : {}),
    stock: {
      trackQuantity: v.inventory.tracked,
      ...(v.inventory.tracked ? { quantity: Number(v.inventory.quantity) } : {}),
      inStock: inStock(v.inventory),
    },
    choices,
    collectionIds: collectionIdsOf(true, categoryIds),
    ...(r.media_urls[0] ? { media: { image: mediaV1(r.media_urls).items[0]!.image } } : {}),
    preorderInfo: { enabled: false, message: null, limit: null },
  };
}

export type CollectionRowV1 = Pick<
  CategoryRow,
  'id' | 'name' | 'slug' | 'visible' | 'description' | 'image_url'
>;

export function collectionV1(c: CollectionRowV1, numberOfProducts: number) {
  return {
    id: c.id,
    name: c.name,
    media: mediaV1(c.image_url ? [c.image_url] : []),
    numberOfProducts,
    description: c.description ?? '',
    slug: c.slug,
    visible: c.visible,
  };
}

function escapeHtml(s: string) {
  return s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}
