import { sql, type ColumnType, type Selectable } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';
import { categoriesOf, productFilterFields } from './product-fields.ts';

export type ItemType = 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE';
export interface StoredChoice {
  choiceId: string;
  name: string;
  choiceType: 'CHOICE_TEXT' | 'ONE_COLOR';
  colorCode?: string;
}
export interface StoredOption {
  id: string;
  name: string;
  optionRenderType: 'TEXT_CHOICES' | 'SWATCH_CHOICES';
  choices: StoredChoice[];
}
export interface StoredVariantChoice {
  optionId: string;
  choiceId: string;
}

export interface CatalogTables {
  catalog_product: {
    id: string;
    name: string;
    slug: string;
    /** Given at creation or the slug then (a trigger, see the migration); never changed after. */
    handle: ColumnType<string, string | undefined, never>;
    plain_description: string | null;
    visible: boolean;
    product_type: 'PHYSICAL' | 'DIGITAL';
    item_type: ItemType;
    media_urls: string[];
    options: StoredOption[];
    brand: string | null;
    ribbon: string | null;
    tags: string[];
    min_price: number;
    max_price: number;
    revision: number;
    created_at: Date;
    updated_at: Date;
  };
  catalog_variant: {
    id: string;
    product_id: string;
    position: number;
    sku: string | null;
    choices: StoredVariantChoice[];
    price: number;
    compare_at_price: number | null;
    weight_grams: number | null;
    visible: boolean;
  };
  catalog_inventory_item: {
    id: string;
    variant_id: string;
    product_id: string;
    tracked: boolean;
    quantity: number;
    revision: number;
    created_at: Date;
    updated_at: Date;
  };
  catalog_category: {
    id: string;
    name: string;
    slug: string;
    visible: boolean;
    description: string | null;
    image_url: string | null;
    revision: number;
    created_at: Date;
    updated_at: Date;
  };
  catalog_product_category: { product_id: string; category_id: string; position: number };
}
export type ProductRow = Selectable<CatalogTables['catalog_product']>;
export type VariantRow = CatalogTables['catalog_variant'];
export type InventoryRow = CatalogTables['catalog_inventory_item'];
export type CategoryRow = CatalogTables['catalog_category'];
export type VariantWithStock = VariantRow & { inventory: InventoryRow };

const PRODUCT_TYPES = ['PHYSICAL', 'DIGITAL'] as const;
/** A product's availability from its visible variants' inventory (computed on read: stock writes never touch the product row). */
export const availabilitySql = `(select case
  when count(*) filter (where not i.tracked or i.quantity > 0) = 0 then 'OUT_OF_STOCK'
  when count(*) filter (where not i.tracked or i.quantity > 0) = count(*) then 'IN_STOCK'
  else 'PARTIALLY_OUT_OF_STOCK' end
  from catalog_inventory_item i join catalog_variant v on v.id = i.variant_id where i.product_id = catalog_product.id and v.visible)`;
/** Money in major units of the store currency (exponent `e`), as SQL. */
export const majorUnits = (e: number) => (col: string) =>
  e === 0 ? `${col}::numeric` : `(${col}::numeric / ${10 ** e})`;

/** Specs by exponent, entity and view: built once (they are read, never changed). */
const specs = new Map<string, QuerySpec>();
const kept = (key: string, make: () => QuerySpec) => {
  let spec = specs.get(key);
  if (!spec) specs.set(key, (spec = make()));
  return spec;
};

/**
 * The product query allowlist; money amounts compare in major units of the store currency (exponent
 * `e`). `admin`: the reader sees hidden variants' choices (product-fields.ts).
 */
export function productSpec(e: number, o: { entity?: string; admin?: boolean } = {}): QuerySpec {
  const entity = o.entity ?? 'product';
  return kept(`${e}/${entity}/${o.admin ?? false}`, () => buildProductSpec(e, entity, o.admin ?? false));
}

function buildProductSpec(e: number, entity: string, admin: boolean): QuerySpec {
  const major = majorUnits(e);
  return {
    entity,
    idSql: 'catalog_product.id',
    defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
    fields: {
      id: { sql: 'catalog_product.id', type: 'uuid', sortable: true },
      name: { sql: 'catalog_product.name', type: 'string', sortable: true },
      slug: { sql: 'catalog_product.slug', type: 'string', sortable: true },
      handle: { sql: 'catalog_product.handle', type: 'string', sortable: true },
      visible: { sql: 'catalog_product.visible', type: 'boolean', sortable: true },
      productType: {
        sql: 'catalog_product.product_type',
        type: 'string',
        sortable: true,
        values: PRODUCT_TYPES,
      },
      createdDate: { sql: 'catalog_product.created_at', type: 'date', sortable: true },
      updatedDate: { sql: 'catalog_product.updated_at', type: 'date', sortable: true },
      'brand.name': { sql: 'catalog_product.brand', type: 'string' },
      'ribbon.name': { sql: 'catalog_product.ribbon', type: 'string' },
      tags: { sql: 'catalog_product.tags', type: 'stringArray' },
      'inventory.availabilityStatus': {
        sql: availabilitySql,
        type: 'string',
        values: ['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK'],
      },
      'actualPriceRange.minValue.amount': {
        sql: major('catalog_product.min_price'),
        type: 'number',
        sortable: true,
      },
      'actualPriceRange.maxValue.amount': {
        sql: major('catalog_product.max_price'),
        type: 'number',
        sortable: true,
      },
      'allCategoriesInfo.categories.id': { sql: categoriesOf, type: 'stringArray' },
      'directCategoriesInfo.categories.id': { sql: categoriesOf, type: 'stringArray' },
      ...productFilterFields(admin, major),
    },
  };
}

/** The search spec adds `__words`: the name's words, for word-prefix matching (`$contains`, see FieldType). */
export function searchSpec(e: number, admin = false): QuerySpec {
  return kept(`${e}/search/${admin}`, () => withWords(productSpec(e, { entity: 'product-search', admin })));
}

function withWords(s: QuerySpec): QuerySpec {
  return {
    ...s,
    fields: {
      ...s.fields,
      __words: {
        // A stored generated column (the lower-cased name's words as lexemes), GIN-indexed.
        sql: 'catalog_product.search_lexemes',
        type: 'words',
      },
    },
  };
}

export const variantSpec: QuerySpec = {
  entity: 'variant',
  idSql: 'catalog_variant.id',
  defaultSort: [{ fieldName: 'productData.productId', order: 'ASC' }],
  fields: {
    id: { sql: 'catalog_variant.id', type: 'uuid', sortable: true },
    'productData.productId': { sql: 'catalog_variant.product_id', type: 'uuid', sortable: true },
    sku: { sql: 'catalog_variant.sku', type: 'string' },
    visible: { sql: 'catalog_variant.visible', type: 'boolean' },
  },
};

export const inventorySpec: QuerySpec = {
  entity: 'inventory-item',
  idSql: 'catalog_inventory_item.id',
  defaultSort: [{ fieldName: 'createdDate', order: 'ASC' }],
  fields: {
    id: { sql: 'catalog_inventory_item.id', type: 'uuid', sortable: true },
    variantId: { sql: 'catalog_inventory_item.variant_id', type: 'uuid', sortable: true },
    productId: { sql: 'catalog_inventory_item.product_id', type: 'uuid', sortable: true },
    trackQuantity: { sql: 'catalog_inventory_item.tracked', type: 'boolean' },
    quantity: { sql: 'catalog_inventory_item.quantity', type: 'number', sortable: true },
    createdDate: { sql: 'catalog_inventory_item.created_at', type: 'date', sortable: true },
    updatedDate: { sql: 'catalog_inventory_item.updated_at', type: 'date', sortable: true },
  },
};

export const categorySpec: QuerySpec = {
  entity: 'category',
  idSql: 'catalog_category.id',
  defaultSort: [{ fieldName: 'name', order: 'ASC' }],
  fields: {
    id: { sql: 'catalog_category.id', type: 'uuid', sortable: true },
    name: { sql: 'catalog_category.name', type: 'string', sortable: true },
    slug: { sql: 'catalog_category.slug', type: 'string', sortable: true },
    visible: { sql: 'catalog_category.visible', type: 'boolean' },
    createdDate: { sql: 'catalog_category.created_at', type: 'date', sortable: true },
    updatedDate: { sql: 'catalog_category.updated_at', type: 'date', sortable: true },
    // One tree (the stores app's), flat: every category is a root.
    'treeReference.appNamespace': { sql: "'@wix/stores'::text", type: 'string' },
    'treeReference.treeKey': { sql: 'null::text', type: 'string' },
    'parentCategory.id': { sql: 'null::text', type: 'string' },
  },
};

/** Variants (with their inventory items) and category ids of the given products. */
export async function loadDetails(db: Executor, productIds: string[]) {
  const variants = new Map<string, VariantWithStock[]>();
  const categories = new Map<string, string[]>();
  if (productIds.length === 0) return { variants, categories };
  const [vs, inv, cats] = await Promise.all([
    db
      .selectFrom('catalog_variant')
      .selectAll()
      .where('product_id', 'in', productIds)
      .orderBy('product_id')
      .orderBy('position')
      .execute(),
    db.selectFrom('catalog_inventory_item').selectAll().where('product_id', 'in', productIds).execute(),
    db
      .selectFrom('catalog_product_category')
      .selectAll()
      .where('product_id', 'in', productIds)
      .orderBy('position')
      .execute(),
  ]);
  const byVariant = new Map(inv.map((i) => [i.variant_id, i]));
  for (const v of vs) {
    const list = variants.get(v.product_id) ?? [];
    list.push({ ...v, inventory: byVariant.get(v.id)! });
    variants.set(v.product_id, list);
  }
  for (const c of cats)
    categories.set(c.product_id, [...(categories.get(c.product_id) ?? []), c.category_id]);
  return { variants, categories };
}

export const inStock = (i: InventoryRow) => !i.tracked || i.quantity > 0;

/** Availability of a product from its visible variants (the same rule as `availabilitySql`). */
export function availabilityOf(
  variants: VariantWithStock[],
): 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK' {
  const vs = variants.filter((v) => v.visible);
  const stocked = vs.filter((v) => inStock(v.inventory)).length;
  return stocked === 0 ? 'OUT_OF_STOCK' : stocked === vs.length ? 'IN_STOCK' : 'PARTIALLY_OUT_OF_STOCK';
}

/** Recomputes a product's price range from its visible variants (all variants when none is visible). */
export async function refreshDerived(db: Executor, productId: string) {
  const vs = await db
    .selectFrom('catalog_variant')
    .select(['price', 'visible'])
    .where('product_id', '=', productId)
    .execute();
  const shown = vs.some((v) => v.visible) ? vs.filter((v) => v.visible) : vs;
  const prices = shown.map((v) => Number(v.price));
  await db
    .updateTable('catalog_product')
    .set({
      min_price: prices.length ? Math.min(...prices) : 0,
      max_price: prices.length ? Math.max(...prices) : 0,
    })
    .where('id', '=', productId)
    .execute();
}

/**
 * The catalog's revision as an SQL expression, for a statement that reads catalog rows (or an answer
 * made of them) and must know which catalog it saw: every catalog write moves it (the
 * catalog_revision migrations) but one that only moves quantities and leaves every item in stock, or
 * out of it (the stock revision's migration): what depends on quantities checks them itself.
 */
export const catalogRevision = () => sql<string>`(select revision from catalog_revision where id = 1)`;

/**
 * The catalog's and the configuration's revisions (and with `stock`, the stock revision: quantities
 * that moved without an item going in or out of stock), as one string, in one statement (see reads.ts).
 */
export async function readCatalogRevisions(db: Executor, o: { stock?: boolean } = {}): Promise<string> {
  const stock = o.stock ? sql`|| '/' || (select revision from catalog_stock_revision where id = 1)` : sql``;
  const r = await sql<{
    v: string;
  }>`select ${catalogRevision()} || '/' || (select revision from config_revision where id = 1) ${stock} as v`.execute(
    db,
  );
  return r.rows[0]!.v;
}
