import type { Sorting, V1InventoryQuery, V1InventoryUpdate } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { conflict, notFound, violation } from '../../platform/errors.ts';
import { offsetPage } from '../../platform/query/page.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';
import { emitInventoryChanges } from './catalog-events.ts';
import { isAdmin } from './service.ts';
import { decrementTracked, incrementTracked, type StockChange } from './stock.ts';
import { inStock, type InventoryRow } from './store.ts';
import { numericId, numericIdSql } from './v1-wire.ts';

/**
 * v1 inventory (catalog.md §5) over the per-variant inventory items: a v1 inventory item is a product (its id
 * is the product id, as v1 products' `inventoryItemId` says) with one entry per variant. The all-zero variant
 * id v1 uses for a product without options names the product's only variant.
 */
const ZERO = '00000000-0000-0000-0000-000000000000';

function toV1Item(productId: string, items: InventoryRow[]) {
  const updated = items.reduce(
    (d, i) => (new Date(i.updated_at) > d ? new Date(i.updated_at) : d),
    new Date(0),
  );
  return {
    id: productId,
    productId,
    trackQuantity: items.some((i) => i.tracked),
    variants: items.map((i) => ({
      variantId: i.variant_id,
      inStock: inStock(i),
      quantity: i.tracked ? Number(i.quantity) : null,
      availableForPreorder: false,
    })),
    lastUpdated: updated.toISOString(),
    numericId: numericId(productId),
    preorderInfo: { enabled: false, message: null, limit: null },
  };
}

async function itemsOf(ctx: Ctx, productIds: string[], lock = false) {
  if (!productIds.length) return new Map<string, InventoryRow[]>();
  let q = ctx.db
    .selectFrom('catalog_inventory_item')
    .innerJoin('catalog_variant', 'catalog_variant.id', 'catalog_inventory_item.variant_id')
    .selectAll('catalog_inventory_item')
    .where('catalog_inventory_item.product_id', 'in', productIds)
    .orderBy('catalog_inventory_item.product_id')
    .orderBy('catalog_variant.position');
  if (lock) q = q.forUpdate();
  const byProduct = new Map<string, InventoryRow[]>();
  for (const r of await q.execute()) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r]);
  return byProduct;
}

const variantOf = (items: InventoryRow[], variantId: string) =>
  variantId === ZERO && items.length === 1
    ? items[0]
    : items.find((i) => i.variant_id === variantId.toLowerCase());

/** Sets tracking (for every variant) and the listed variants' quantities; an untracked variant marked out of stock becomes tracked with 0. */
export async function updateInventoryVariantsV1(ctx: Ctx, productId: string, u: V1InventoryUpdate) {
  if (u.productId && u.productId.toLowerCase() !== productId.toLowerCase())
    throw violation('inventoryItem.productId', 'must match the path');
  await inTransaction(ctx, async (tx) => {
    const items = (await itemsOf(tx, [productId], true)).get(productId);
    if (!items) throw notFound('Inventory item', { productId }, 'INVENTORY_ITEM_NOT_FOUND');
    const after: InventoryRow[] = [];
    for (const item of items) {
      const v = u.variants?.find(
        (x) => variantOf([item], x.variantId) === item || (x.variantId === ZERO && items.length === 1),
      );
      let tracked = u.trackQuantity ?? item.tracked;
      let quantity = Number(item.quantity);
      if (v?.quantity !== undefined && v.quantity !== null) {
        quantity = v.quantity;
        tracked = u.trackQuantity ?? true;
      }
      if (v?.inStock === false && !tracked) {
        tracked = true;
        quantity = 0;
      }
      if (tracked === item.tracked && quantity === Number(item.quantity)) {
        after.push(item);
        continue;
      }
      after.push(
        await tx.db
          .updateTable('catalog_inventory_item')
          .set((eb) => ({ tracked, quantity, revision: eb('revision', '+', 1), updated_at: tx.clock.now() }))
          .where('id', '=', item.id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    }
    const unknown = u.variants?.find((x) => !variantOf(items, x.variantId));
    if (unknown) throw notFound('Variant', { productId, variantId: unknown.variantId }, 'VARIANT_NOT_FOUND');
    await emitInventoryChanges(tx, items, after);
  });
}

interface V1Line {
  inventoryId?: string;
  productId?: string;
  variantId: string;
  by: number;
}

/** The variant ids of v1 stock lines (named by product or inventory id, which are the same). */
async function resolve(ctx: Ctx, lines: V1Line[]): Promise<StockChange[]> {
  const ids = lines.map((l, i) => {
    const p = l.productId ?? l.inventoryId;
    if (!p) throw violation(`data.${i}.productId`, 'needs productId or inventoryId', 'REQUIRED_FIELD');
    if (l.productId && l.inventoryId && l.productId.toLowerCase() !== l.inventoryId.toLowerCase())
      throw violation(`data.${i}.inventoryId`, 'names another product than productId');
    return p.toLowerCase();
  });
  const items = await itemsOf(ctx, [...new Set(ids)]);
  return lines.map((l, i) => {
    const item = variantOf(items.get(ids[i]!) ?? [], l.variantId);
    if (!item)
      throw notFound(
        'Variant',
        { productId: ids[i], variantId: l.variantId, originalIndex: i },
        'VARIANT_NOT_FOUND',
      );
    return { variantId: item.variant_id, quantity: l.by };
  });
}

/** All or nothing; untracked variants are left alone; too little stock is 409 INSUFFICIENT_INVENTORY. */
export async function decrementInventoryV1(ctx: Ctx, lines: V1Line[]) {
  await inTransaction(ctx, async (tx) => {
    const r = await decrementTracked(tx, await resolve(tx, lines), { restrict: true, reason: 'MANUAL' });
    if (r.shortages.length)
      throw conflict('INSUFFICIENT_INVENTORY', 'Not enough stock for every item; nothing was changed', {
        shortages: r.shortages,
      });
  });
}

export async function incrementInventoryV1(ctx: Ctx, lines: V1Line[]) {
  await inTransaction(ctx, async (tx) => {
    await incrementTracked(tx, await resolve(tx, lines), 'MANUAL');
  });
}

async function visibleProduct(ctx: Ctx, id: string) {
  const row = await ctx.db
    .selectFrom('catalog_product')
    .select(['id', 'visible'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || (!row.visible && !isAdmin(ctx)))
    throw notFound('Inventory item', { id }, 'INVENTORY_ITEM_NOT_FOUND');
}

export async function getInventoryVariantsV1(ctx: Ctx, inventoryId: string, variantIds?: string[]) {
  const id = inventoryId.toLowerCase();
  await visibleProduct(ctx, id);
  const items = (await itemsOf(ctx, [id])).get(id) ?? [];
  const wanted = variantIds?.length
    ? items.filter((i) =>
        variantIds.some((v) => variantOf([i], v) === i || (v === ZERO && items.length === 1)),
      )
    : items;
  return { inventoryItem: toV1Item(id, wanted) };
}

const lastUpdated =
  '(select coalesce(max(i.updated_at), catalog_product.updated_at) from catalog_inventory_item i where i.product_id = catalog_product.id)';
const inventorySpecV1: QuerySpec = {
  entity: 'inventory-v1',
  idSql: 'catalog_product.id',
  defaultSort: [{ fieldName: 'numericId', order: 'ASC' }],
  fields: {
    id: { sql: 'catalog_product.id', type: 'uuid', sortable: true },
    productId: { sql: 'catalog_product.id', type: 'uuid', sortable: true },
    trackQuantity: {
      sql: 'exists(select 1 from catalog_inventory_item i where i.product_id = catalog_product.id and i.tracked)',
      type: 'boolean',
    },
    lastUpdated: { sql: lastUpdated, type: 'date', sortable: true },
    numericId: { sql: numericIdSql, type: 'number', sortable: true },
  },
};

function json<T>(text: string | null | undefined, field: string): T | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw violation(field, 'must be a JSON string', 'FORMAT');
  }
}

/** `filter` and `sort` arrive as JSON strings; visitors see the items of visible products only. */
export async function queryInventoryV1(ctx: Ctx, q: V1InventoryQuery | null | undefined) {
  const filter = json<Record<string, unknown>>(q?.filter, 'query.filter');
  const sort = json<Sorting[]>(q?.sort, 'query.sort');
  if (filter !== undefined && (typeof filter !== 'object' || filter === null || Array.isArray(filter)))
    throw violation('query.filter', 'must be a JSON object');
  if (
    sort !== undefined &&
    (!Array.isArray(sort) ||
      sort.some((x) => typeof x !== 'object' || x === null || typeof x.fieldName !== 'string'))
  ) {
    throw violation('query.sort', 'must be a JSON array of {fieldName, order}');
  }
  let base = ctx.db.selectFrom('catalog_product').selectAll('catalog_product');
  if (!isAdmin(ctx)) base = base.where('catalog_product.visible', '=', true);
  const page = await offsetPage(ctx.db, base, inventorySpecV1, {
    filter,
    sort: sort?.map((x) => ({ fieldName: x.fieldName, order: x.order === 'DESC' ? 'DESC' : 'ASC' })),
    paging: q?.paging,
  });
  const items = await itemsOf(
    ctx,
    page.items.map((p) => p.id),
  );
  return {
    inventoryItems: page.items.map((p) => toV1Item(p.id, items.get(p.id) ?? [])),
    metadata: { items: page.items.length, offset: page.offset },
    totalResults: page.total,
  };
}
