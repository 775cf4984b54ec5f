import type {
  V1ProductVariantsRequest,
  V1ProductsQueryRequest,
  V1Query,
  V1StoreVariantsQuery,
} from '@vitrine/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { currencyExponent } from '../../platform/money.ts';
import { UUID } from '../../platform/ids.ts';
import { cursorPage, offsetPage } from '../../platform/query/page.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';
import { keptPublicList } from './reads.ts';
import { isAdmin, moneyOf } from './service.ts';
import { inStock, loadDetails, type ProductRow, type StoredOption, type VariantWithStock } from './store.ts';
import {
  ALL_PRODUCTS_ID,
  ALL_PRODUCTS_SLUG,
  collectionV1,
  mediaV1,
  numericIdSql,
  optionsV1,
  priceData,
  productV1,
  storeVariantV1,
  variantV1,
  type CollectionRowV1,
} from './v1-wire.ts';

/** A product's collections as filters see them: "All Products" (visible products only), then its categories. */
const categoriesOf = `(case when catalog_product.visible then array['${ALL_PRODUCTS_ID}']::text[] else array[]::text[] end
  || array(select pc.category_id::text from catalog_product_category pc where pc.product_id = catalog_product.id))`;
/** The variant v1 shows as the product's own: the cheapest visible one (then the first). */
const leadVariant = (expr: string) =>
  `(select ${expr} from catalog_variant v where v.product_id = catalog_product.id order by (not v.visible), v.price, v.position limit 1)`;

function productSpecV1(e: number): QuerySpec {
  const price = `coalesce(${leadVariant('coalesce(v.compare_at_price, v.price)')}, 0)::numeric / ${10 ** e}`;
  return {
    entity: 'product-v1',
    idSql: 'catalog_product.id',
    defaultSort: [{ fieldName: 'numericId', order: 'DESC' }],
    fields: {
      id: { sql: 'catalog_product.id', type: 'uuid', sortable: true },
      _id: { sql: 'catalog_product.id', type: 'uuid', sortable: true },
      name: { sql: 'catalog_product.name', type: 'string', sortable: true },
      slug: { sql: 'catalog_product.slug', type: 'string', sortable: true },
      description: { sql: "coalesce(catalog_product.plain_description, '')", type: 'string' },
      sku: { sql: `coalesce(${leadVariant('v.sku')}, '')`, type: 'string', sortable: true },
      price: { sql: price, type: 'number', sortable: true },
      'priceData.price': { sql: price, type: 'number', sortable: true },
      numericId: { sql: numericIdSql, type: 'number', sortable: true },
      productType: {
        sql: 'lower(catalog_product.product_type)',
        type: 'string',
        sortable: true,
        values: ['physical', 'digital'],
      },
      createdDate: { sql: 'catalog_product.created_at', type: 'date', sortable: true },
      lastUpdated: { sql: 'catalog_product.updated_at', type: 'date', sortable: true },
      collectionIds: { sql: categoriesOf, type: 'stringArray' },
      visible: { sql: 'catalog_product.visible', type: 'boolean' },
    },
  };
}

const storeVariantSpec: QuerySpec = {
  entity: 'store-variant-v1',
  idSql: 'catalog_variant.id',
  defaultSort: [{ fieldName: 'productId', order: 'ASC' }],
  fields: {
    variantId: { sql: 'catalog_variant.id', type: 'uuid', sortable: true },
    productId: { sql: 'catalog_variant.product_id', type: 'uuid', sortable: true },
    productName: { sql: 'catalog_product.name', type: 'string', sortable: true },
    sku: { sql: "coalesce(catalog_variant.sku, '')", type: 'string', sortable: true },
    'stock.trackQuantity': { sql: 'catalog_inventory_item.tracked', type: 'boolean' },
    'stock.quantity': { sql: 'catalog_inventory_item.quantity', type: 'number', sortable: true },
    'stock.inStock': {
      sql: '(not catalog_inventory_item.tracked or catalog_inventory_item.quantity > 0)',
      type: 'boolean',
    },
    managedVariant: { sql: '(jsonb_array_length(catalog_product.options) > 0)', type: 'boolean' },
    collectionIds: { sql: categoriesOf, type: 'stringArray' },
  },
};

/** Collections are queried through `collectionsTable`, where ids are text (the virtual collection's is no UUID). */
const collectionSpec: QuerySpec = {
  entity: 'collection-v1',
  idSql: 'catalog_category.id',
  idType: 'string',
  defaultSort: [{ fieldName: 'name', order: 'ASC' }],
  fields: {
    id: { sql: 'catalog_category.id', type: 'string', sortable: true },
    _id: { sql: 'catalog_category.id', type: 'string', sortable: true },
    name: { sql: 'catalog_category.name', type: 'string', sortable: true },
    slug: { sql: 'catalog_category.slug', type: 'string', sortable: true },
  },
};

async function context(ctx: Ctx, withVariants: boolean) {
  return { m: await moneyOf(ctx), publicUrl: ctx.config.PUBLIC_URL, withVariants };
}

/**
 * `query-platformized`: visible products (hidden ones too when the admin asks), each with its variants
 * unless `includeVariants` is false. Visitors' and members' lists are kept per process with the v3 lists
 * (reads.ts): the variants come from the same read and the same kept answer.
 */
export async function queryProductsV1(ctx: Ctx, req: V1ProductsQueryRequest) {
  if (!isAdmin(ctx)) {
    if (req.includeHiddenProducts)
      throw new AppError(
        403,
        'NO_PERMISSION_TO_INCLUDE_NOT_VISIBLE_PRODUCTS',
        'Only the merchant may read hidden products',
      );
    if (req.includeMerchantSpecificData)
      throw new AppError(
        403,
        'NO_PERMISSION_TO_READ_MERCHANT_DATA',
        'Only the merchant may read merchant data',
      );
    if (!ctx.db.isTransaction) {
      const key = JSON.stringify(['v1', req.query ?? null, req.includeVariants ?? null]);
      return keptPublicList(ctx, key, () => listProductsV1(ctx, req), { stock: true });
    }
  }
  return listProductsV1(ctx, req);
}

async function listProductsV1(ctx: Ctx, req: V1ProductsQueryRequest) {
  const c = await context(ctx, req.includeVariants !== false);
  let base = ctx.db.selectFrom('catalog_product').selectAll('catalog_product');
  if (!(isAdmin(ctx) && req.includeHiddenProducts)) base = base.where('catalog_product.visible', '=', true);
  const page = await offsetPage(ctx.db, base, productSpecV1(currencyExponent(c.m.currency)), req.query ?? {});
  const { variants, categories } = await loadDetails(
    ctx.db,
    page.items.map((r) => r.id),
  );
  return {
    products: page.items.map((r) => productV1(c, r, variants.get(r.id) ?? [], categories.get(r.id) ?? [])),
    metadata: {
      count: page.items.length,
      offset: page.offset,
      total: page.total,
      ...(page.tooManyToCount ? { tooManyToCount: true } : {}),
    },
  };
}

async function readProduct(ctx: Ctx, id: string) {
  const row = await ctx.db.selectFrom('catalog_product').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (!row.visible && !isAdmin(ctx))) throw notFound('Product', { id }, 'PRODUCT_NOT_FOUND');
  const { variants, categories } = await loadDetails(ctx.db, [id]);
  return { row, variants: variants.get(id) ?? [], categoryIds: categories.get(id) ?? [] };
}

export async function getProductV1(ctx: Ctx, id: string) {
  const p = await readProduct(ctx, id);
  return { product: productV1(await context(ctx, true), p.row, p.variants, p.categoryIds) };
}

const norm = (s: string) => s.trim().toLowerCase();
/** A selection (option name → choice name or value) as option id → choice id; `complete` when every key named a real choice. */
function resolveChoices(options: StoredOption[], given: Record<string, string>) {
  const chosen = new Map<string, string>();
  let complete = true;
  for (const [name, value] of Object.entries(given)) {
    const o = options.find((x) => norm(x.name) === norm(name));
    const c = o?.choices.find(
      (x) => norm(x.name) === norm(value) || (x.colorCode !== undefined && norm(x.colorCode) === norm(value)),
    );
    if (!o || !c) complete = false;
    else chosen.set(o.id, c.choiceId);
  }
  return { chosen, complete };
}
const matches = (v: VariantWithStock, chosen: Map<string, string>) =>
  [...chosen].every(([o, c]) => v.choices.some((x) => x.optionId === o && x.choiceId === c));

/** Stock and visibility of each choice given a partial selection, and the variant once every option is chosen. */
export async function optionsAvailability(ctx: Ctx, id: string, given: Record<string, string>) {
  const { row, variants } = await readProduct(ctx, id);
  const m = await moneyOf(ctx);
  const shown = variants.filter((v) => v.visible);
  const { chosen, complete } = resolveChoices(row.options, given);
  const all = complete && chosen.size === row.options.length;
  const variant = all ? shown.find((v) => matches(v, chosen)) : undefined;
  const pd = variant && priceData(m, variant.price, variant.compare_at_price);
  return {
    ...(variant && pd
      ? {
          selectedVariant: {
            id: variant.id,
            price: pd,
            convertedPriceData: pd,
            weight: variantV1(m, row.options, variant).variant.weight,
            ...(variant.sku ? { sku: variant.sku } : {}),
            quantity: variant.inventory.tracked ? Number(variant.inventory.quantity) : null,
            inStock: inStock(variant.inventory),
            visible: variant.visible,
          },
        }
      : {}),
    media: mediaV1(row.media_urls),
    productOptions: optionsV1(row.options, shown, chosen),
    availableForPurchase: !!variant && inStock(variant.inventory),
  };
}

export async function queryProductVariantsV1(ctx: Ctx, id: string, req: V1ProductVariantsRequest) {
  const { row, variants } = await readProduct(ctx, id);
  const m = await moneyOf(ctx);
  let list = variants.filter((v) => v.visible || isAdmin(ctx));
  if (req.choices && Object.keys(req.choices).length) {
    const { chosen, complete } = resolveChoices(row.options, req.choices);
    list = complete ? list.filter((v) => matches(v, chosen)) : [];
  }
  if (req.variantIds?.length) {
    const ids = new Set(req.variantIds.map((x) => x.toLowerCase()));
    list = list.filter((v) => ids.has(v.id));
  }
  const offset = req.paging?.offset ?? 0;
  const page = list.slice(offset, offset + Math.min(req.paging?.limit ?? 100, 100));
  return {
    variants: page.map((v) => variantV1(m, row.options, v)),
    metadata: { items: page.length, offset },
    totalResults: list.length,
  };
}

type VariantJoin = { id: string; product_id: string } & Pick<ProductRow, 'name' | 'options' | 'media_urls'>;

async function storeVariants(ctx: Ctx, rows: VariantJoin[]) {
  const { variants, categories } = await loadDetails(ctx.db, [...new Set(rows.map((r) => r.product_id))]);
  return rows.map((r) =>
    storeVariantV1(
      { id: r.product_id, name: r.name, options: r.options, media_urls: r.media_urls },
      variants.get(r.product_id)!.find((v) => v.id === r.id)!,
      categories.get(r.product_id) ?? [],
    ),
  );
}

function variantBase(ctx: Ctx) {
  return ctx.db
    .selectFrom('catalog_variant')
    .innerJoin('catalog_product', 'catalog_product.id', 'catalog_variant.product_id')
    .innerJoin('catalog_inventory_item', 'catalog_inventory_item.variant_id', 'catalog_variant.id')
    .select([
      'catalog_variant.id',
      'catalog_variant.product_id',
      'catalog_product.name',
      'catalog_product.options',
      'catalog_product.media_urls',
    ])
    .where('catalog_product.visible', '=', true)
    .where('catalog_variant.visible', '=', true);
}

/** Variants across visible products, by offset (`paging`) or cursor (`cursorPaging`). */
export async function queryStoreVariantsV1(ctx: Ctx, query: V1StoreVariantsQuery | null | undefined) {
  const q = query ?? {};
  if (q.cursorPaging) {
    const page = await cursorPage(variantBase(ctx), storeVariantSpec, {
      filter: q.filter,
      sort: q.sort,
      cursorPaging: q.cursorPaging,
    });
    return {
      variants: await storeVariants(ctx, page.items),
      metadata: { count: page.items.length, offset: 0, cursors: page.cursors },
    };
  }
  const page = await offsetPage(ctx.db, variantBase(ctx), storeVariantSpec, {
    filter: q.filter,
    sort: q.sort,
    paging: q.paging,
  });
  return {
    variants: await storeVariants(ctx, page.items),
    metadata: { count: page.items.length, offset: page.offset, total: page.total },
  };
}

const COMPOSITE =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})[-.]([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** One store variant by `<productId>-<variantId>` (a dot is accepted too). */
export async function getStoreVariantV1(ctx: Ctx, id: string) {
  const m = COMPOSITE.exec(id);
  const row = m
    ? await variantBase(ctx)
        .where('catalog_variant.product_id', '=', m[1]!.toLowerCase())
        .where('catalog_variant.id', '=', m[2]!.toLowerCase())
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound('Variant', { id }, 'VARIANT_NOT_FOUND');
  return { variant: (await storeVariants(ctx, [row]))[0]! };
}

/** Visible products per collection; the virtual "All Products" holds every visible product. */
async function productCounts(ctx: Ctx, ids: string[]) {
  const real = ids.filter((i) => UUID.test(i));
  const [rows, all] = await Promise.all([
    real.length
      ? ctx.db
          .selectFrom('catalog_product_category')
          .innerJoin('catalog_product', 'catalog_product.id', 'catalog_product_category.product_id')
          .select(['catalog_product_category.category_id', sql<number>`count(*)::int`.as('n')])
          .where('catalog_product_category.category_id', 'in', real)
          .where('catalog_product.visible', '=', true)
          .groupBy('catalog_product_category.category_id')
          .execute()
      : [],
    ids.includes(ALL_PRODUCTS_ID)
      ? ctx.db
          .selectFrom('catalog_product')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('visible', '=', true)
          .executeTakeFirstOrThrow()
      : undefined,
  ]);
  const n = new Map(rows.map((r) => [r.category_id, Number(r.n)]));
  if (all) n.set(ALL_PRODUCTS_ID, Number(all.n));
  return n;
}

/**
 * The v1 collections: the categories (visitors: the visible ones) and the virtual "All Products"
 * (catalog.md; the hosted platform's fixed id), with ids as text so one filter, sort and page covers both.
 */
function collectionsTable(ctx: Ctx) {
  const shown = isAdmin(ctx) ? sql`` : sql`where visible`;
  return sql<CollectionRowV1>`(select id::text as id, name, slug, visible, description, image_url from catalog_category ${shown}
    union all select ${ALL_PRODUCTS_ID}::text, 'All Products', ${ALL_PRODUCTS_SLUG}::text, true, null::text, null::text)`.as(
    'catalog_category',
  );
}

/** v1 collections are the categories (visitors see visible ones) and "All Products". */
export async function queryCollectionsV1(ctx: Ctx, query: V1Query | null | undefined) {
  const base = ctx.db.selectFrom(collectionsTable(ctx)).selectAll('catalog_category');
  const page = await offsetPage(ctx.db, base, collectionSpec, query ?? {});
  const n = await productCounts(
    ctx,
    page.items.map((c) => c.id),
  );
  return {
    collections: page.items.map((c) => collectionV1(c, n.get(c.id) ?? 0)),
    metadata: { count: page.items.length, offset: page.offset, total: page.total },
  };
}

/** One collection by id or slug; `all-products` and the fixed id are the virtual collection (it wins over a category with that slug). */
export async function getCollectionV1(ctx: Ctx, where: { id?: string; slug?: string }) {
  const virtual =
    where.id !== undefined ? where.id.toLowerCase() === ALL_PRODUCTS_ID : where.slug === ALL_PRODUCTS_SLUG;
  if (where.id !== undefined && !virtual && !UUID.test(where.id))
    throw notFound('Collection', where, 'COLLECTION_NOT_FOUND');
  let q = ctx.db.selectFrom(collectionsTable(ctx)).selectAll('catalog_category');
  q = virtual
    ? q.where('catalog_category.id', '=', ALL_PRODUCTS_ID)
    : where.id !== undefined
      ? q.where('catalog_category.id', '=', where.id.toLowerCase())
      : q.where('catalog_category.slug', '=', where.slug!);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Collection', where, 'COLLECTION_NOT_FOUND');
  return { collection: collectionV1(row, (await productCounts(ctx, [row.id])).get(row.id) ?? 0) };
}
