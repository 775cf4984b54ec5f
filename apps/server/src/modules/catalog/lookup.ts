import { APP_ID } from '@vitrine/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import { isUuid, UUID } from '../../platform/ids.ts';
import type { ItemType, StoredOption, StoredVariantChoice } from './store.ts';
import { parseEntry } from './media.ts';

/** The catalog app id of store products in ecom line items (catalog.md §10). */
export const STORES_APP_ID = APP_ID.stores;

export interface CatalogItemRef {
  catalogItemId: string;
  options?: Record<string, unknown> | null;
}
export interface CatalogItem {
  productId: string;
  variantId: string;
  name: string;
  slug: string;
  itemType: 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE';
  priceMinor: number;
  compareAtPriceMinor?: number;
  weightGrams?: number;
  sku?: string;
  image?: { id?: string; url: string; width?: number; height?: number; altText?: string; filename?: string };
  /** The chosen option values, e.g. [{name:'Size', value:'M'}, {name:'Color', value:'Red', colorCode:'#f00'}]. */
  descriptionLines: { name: string; value: string; colorCode?: string }[];
  /** Product and variant both visible. */
  visible: boolean;
  tracked: boolean;
  quantity: number;
  inStock: boolean;
  /** A tracked item's inventory row as read with it (`sendDecrementAsRead`). */
  stock?: StockAsRead;
}

/** The inventory row of a tracked item as it was read; its quantity is the item's. */
export interface StockAsRead {
  inventoryId: string;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

interface Row {
  product_id: string;
  name: string;
  slug: string;
  item_type: ItemType;
  product_visible: boolean;
  options: StoredOption[];
  media_urls: string[];
  variant_count: number;
  variant_id: string;
  sku: string | null;
  price: number;
  compare_at_price: number | null;
  weight_grams: number | null;
  variant_visible: boolean;
  choices: StoredVariantChoice[];
  tracked: boolean;
  quantity: number;
  /** A tracked item's inventory row: [id, revision, created_at, updated_at]; null when untracked. */
  stock: [string, number | string, string, string] | null;
}

/** The variant id a ref names, if any (`options.variantId`). */
const variantIdOf = (ref: CatalogItemRef) => ref.options?.variantId;
/** The option name → choice name map of a ref (`options.options`), if any. */
function choicesOf(ref: CatalogItemRef): Record<string, unknown> | undefined {
  const o = ref.options?.options;
  return o && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>) : undefined;
}
const norm = (s: unknown) => (typeof s === 'string' ? s.trim().toLowerCase() : undefined);

/** The variant whose choices are exactly `chosen` (option name → choice name, case-insensitive), among `rows` of one product. */
function byChoices(rows: Row[], chosen: Record<string, unknown>): Row | undefined {
  const options = rows[0]!.options;
  const picked = new Map(Object.entries(chosen).map(([k, v]) => [norm(k), norm(v)]));
  if (picked.size !== options.length) return undefined;
  const wanted: string[] = [];
  for (const o of options) {
    const choice = o.choices.find((c) => norm(c.name) === picked.get(norm(o.name)));
    if (!choice) return undefined;
    wanted.push(`${o.id}:${choice.choiceId}`);
  }
  return rows.find((r) => wanted.every((w) => r.choices.some((c) => `${c.optionId}:${c.choiceId}` === w)));
}

function toItem(r: Row): CatalogItem {
  const lines = r.options.flatMap((o) => {
    const picked = r.choices.find((c) => c.optionId === o.id);
    const ch = picked && o.choices.find((c) => c.choiceId === picked.choiceId);
    return ch ? [{ name: o.name, value: ch.name, ...(ch.colorCode ? { colorCode: ch.colorCode } : {}) }] : [];
  });
  const quantity = Number(r.quantity);
  const picture = r.media_urls[0] ? parseEntry(r.media_urls[0]) : undefined;
  return {
    productId: r.product_id,
    variantId: r.variant_id,
    name: r.name,
    slug: r.slug,
    itemType: r.item_type,
    priceMinor: Number(r.price),
    ...(r.compare_at_price !== null ? { compareAtPriceMinor: Number(r.compare_at_price) } : {}),
    ...(r.weight_grams !== null ? { weightGrams: r.weight_grams } : {}),
    ...(r.sku !== null ? { sku: r.sku } : {}),
    ...(picture
      ? {
          image: {
            url: picture.url,
            ...(picture.id ? { id: picture.id } : {}),
            ...(picture.width ? { width: picture.width, height: picture.height } : {}),
            filename: picture.id ?? (picture.url.split('?')[0]!.split('/').pop() || undefined),
          },
        }
      : {}),
    descriptionLines: lines,
    visible: r.product_visible && r.variant_visible,
    tracked: r.tracked,
    quantity: r.tracked ? quantity : 0,
    inStock: !r.tracked || quantity > 0,
    ...(r.tracked && r.stock
      ? {
          stock: {
            inventoryId: r.stock[0],
            revision: Number(r.stock[1]),
            createdAt: new Date(r.stock[2]),
            updatedAt: new Date(r.stock[3]),
          },
        }
      : {}),
  };
}

/**
 * Resolves refs in order (catalog.md §10): by options.variantId; else options.options (option name → choice
 * name); else the product's only variant, or undefined when the product has several variants and none is
 * chosen. undefined = NOT_FOUND (unknown product, unknown/hidden variant). ONE SQL statement for any number
 * of refs: the named variants, plus every variant of products referenced without a variant id.
 */
export async function lookupCatalogItems(
  db: Executor,
  refs: CatalogItemRef[],
): Promise<(CatalogItem | undefined)[]> {
  const pairs = new Set<string>(); // `${productId}/${variantId}`
  const whole = new Set<string>();
  for (const ref of refs) {
    if (!isUuid(ref.catalogItemId)) continue;
    const v = variantIdOf(ref);
    if (v !== undefined && v !== null) {
      if (isUuid(v)) pairs.add(`${ref.catalogItemId.toLowerCase()}/${v.toLowerCase()}`);
    } else {
      whole.add(ref.catalogItemId.toLowerCase());
    }
  }
  if (!pairs.size && !whole.size) return refs.map(() => undefined);
  const variantIds = [...pairs].map((p) => p.split('/')[1]!);
  // Refs that all name a variant (every stored cart line does) need neither the variant count nor the OR.
  const { rows } = await sql<Row>`
    select ${ROW_COLUMNS},
      ${whole.size ? sql`(select count(*) from catalog_variant c where c.product_id = p.id)::int` : sql`0`} as variant_count
    ${ROW_FROM}
    where ${whole.size ? sql`v.id = any(${variantIds}::uuid[]) or v.product_id = any(${[...whole]}::uuid[])` : sql`v.id = any(${variantIds}::uuid[])`}
    order by v.product_id, v.position`.execute(db);
  return resolveRefs(refs, rows);
}

/** A tracked item's inventory row, read with it (a kept checkout's order decrements it as read). */
const STOCK = sql`case when i.tracked then json_build_array(i.id, i.revision, i.created_at, i.updated_at) end as stock`;
const ROW_COLUMNS = sql`p.id as product_id, p.name, p.slug, p.item_type, p.visible as product_visible, p.options, p.media_urls,
      v.id as variant_id, v.sku, v.price, v.compare_at_price, v.weight_grams, v.visible as variant_visible, v.choices,
      i.tracked, i.quantity, ${STOCK}`;
const ROW_FROM = sql`from catalog_variant v
    join catalog_product p on p.id = v.product_id
    join catalog_inventory_item i on i.variant_id = v.id`;

/** Matches refs to fetched rows (see lookupCatalogItems). */
function resolveRefs(refs: readonly CatalogItemRef[], rows: readonly Row[]): (CatalogItem | undefined)[] {
  const byVariant = new Map(rows.map((r) => [`${r.product_id}/${r.variant_id}`, r]));
  const byProduct = new Map<string, Row[]>();
  for (const r of rows) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r]);

  return refs.map((ref) => {
    if (!isUuid(ref.catalogItemId)) return undefined;
    const productId = ref.catalogItemId.toLowerCase();
    const v = variantIdOf(ref);
    let row: Row | undefined;
    if (v !== undefined && v !== null) {
      row = isUuid(v) ? byVariant.get(`${productId}/${v.toLowerCase()}`) : undefined;
    } else {
      const all = byProduct.get(productId);
      if (!all) return undefined;
      const chosen = choicesOf(ref);
      row =
        chosen && Object.keys(chosen).length
          ? byChoices(all, chosen)
          : all.length === 1 && all[0]!.variant_count === 1
            ? all[0]
            : undefined;
    }
    if (!row || !row.variant_visible) return undefined;
    return toItem(row);
  });
}

/**
 * For another module's read that wants its line items' catalog data in the same round trip: a
 * SQL expression giving, as a JSON array, the catalog rows of the variants that the stores-catalog
 * references in `lineItems` (a jsonb array of `{catalogReference}`) name by `options.variantId`.
 * Pass the result to `catalogItemsFromRows`. The catalog keeps its SQL; the caller only embeds it.
 */
export function catalogRowsFor(lineItems: RawBuilder<unknown>): RawBuilder<unknown> {
  return rowsWhere(sql`v.id in ${variantIdsOf(lineItems)}`);
}

/**
 * The variant ids of references about to be added, to read their catalog rows with
 * `catalogRowsOfIds` (`catalogItemsFromRows` resolves them from the rows), when each names its
 * variant; undefined when one names its product alone (`lookupCatalogItems` then chooses the
 * variant, from the product's choices or its only variant). Ids that are not UUIDs name nothing.
 */
export function variantIdsOfRefs(refs: readonly CatalogItemRef[]): string[] | undefined {
  const named = refs.map(variantIdOf);
  if (named.some((v) => v === undefined || v === null)) return undefined;
  return (named as string[]).filter(isUuid);
}

/** The same as `catalogRowsFor` for variant ids (`variantIdsOfRefs`'s, a value of the statement). */
export const catalogRowsOfIds = (variantIds: readonly string[]): RawBuilder<unknown> =>
  rowsWhere(sql`v.id = any(${variantIds}::uuid[])`);

const rowsWhere = (where: RawBuilder<unknown>) => sql`(select coalesce(json_agg(json_build_object(
      'product_id', p.id, 'name', p.name, 'slug', p.slug, 'item_type', p.item_type, 'product_visible', p.visible, 'options', p.options,
      'media_urls', p.media_urls, 'variant_id', v.id, 'sku', v.sku, 'price', v.price, 'compare_at_price', v.compare_at_price,
      'weight_grams', v.weight_grams, 'variant_visible', v.visible, 'choices', v.choices, 'tracked', i.tracked, 'quantity', i.quantity,
      'stock', case when i.tracked then json_build_array(i.id, i.revision, i.created_at, i.updated_at) end, 'variant_count', 0)), '[]'::json)
    ${ROW_FROM}
    where ${where})`;

/** The variant ids stored lines (a jsonb array) name, as a subquery (ids that are not UUIDs name nothing). */
function variantIdsOf(lineItems: RawBuilder<unknown>) {
  const variantId = sql`li->'catalogReference'->'options'->>'variantId'`;
  return sql`(select case when ${variantId} ~* ${UUID.source} then (${variantId})::uuid end
      from jsonb_array_elements(coalesce(${lineItems}, '[]'::jsonb)) li
      where li->'catalogReference'->>'appId' = ${STORES_APP_ID})`;
}

/**
 * The variant ids stored lines (a jsonb array) name, as a uuid array (text in JS): the inventory rows
 * `stockVersionOf` reads. A caller keeps them so later reads need not take the lines apart again.
 */
export function stockVariantIdsFor(lineItems: RawBuilder<unknown>): RawBuilder<string[]> {
  return sql<string[]>`array(select v from ${variantIdsOf(lineItems)} as ids(v) where v is not null)`;
}

/**
 * The version of the inventory rows of these variants (`ids`: a uuid array, from
 * `stockVariantIdsFor`, or a parameter of the ids it gave), as text: it moves with any write of them.
 * With the catalog revision (which quantities moving alone leave), it tells whether an answer made of
 * `catalogRowsFor`'s rows is still current (the cart's kept answers). One index probe per id.
 */
export function stockVersionOf(ids: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`(select coalesce(string_agg(i.xmin::text, ',' order by i.id), '')
    from catalog_inventory_item i where i.variant_id = any(${ids}))`;
}

/** The catalog items of `refs` from rows `catalogRowsFor` fetched (refs without a variant id: undefined). */
export function catalogItemsFromRows(
  refs: readonly CatalogItemRef[],
  rows: unknown,
): (CatalogItem | undefined)[] {
  return resolveRefs(
    refs.map((r) => (variantIdOf(r) == null ? { ...r, catalogItemId: '' } : r)),
    rows as Row[],
  );
}

/** A product as other modules name it (reviews): id, name, slug and main picture. */
export interface ProductSummary {
  id: string;
  name: string;
  slug: string;
  visible: boolean;
  imageUrl?: string;
}

/** The products of these ids that exist (ids that are not UUIDs name nothing). */
export async function productSummaries(db: Executor, ids: readonly string[]): Promise<ProductSummary[]> {
  const wanted = [...new Set(ids.filter(isUuid).map((i) => i.toLowerCase()))];
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('catalog_product')
    .select(['id', 'name', 'slug', 'visible', 'media_urls'])
    .where('id', 'in', wanted)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    visible: r.visible,
    ...(r.media_urls[0] ? { imageUrl: parseEntry(r.media_urls[0]).url } : {}),
  }));
}

/** The first `limit` visible products by name (demo data of other modules). */
export async function visibleProductIds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('catalog_product')
    .select('id')
    .where('visible', '=', true)
    .orderBy('name')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
