import type { StockReason } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { isAdmin } from './service.ts';
import { decrementTracked, incrementTracked, MAX_QUANTITY, type Changed } from './stock.ts';
import type { InventoryRow } from './store.ts';
import { toInventoryItem } from './wire.ts';

/** One line of a bulk stock call: the item named by inventory item id or by variant id, and the amount. */
export interface StockLine {
  inventoryItemId?: string;
  variantId?: string;
  by: number;
}
export interface BulkStockOptions {
  returnEntity?: boolean;
  reason?: StockReason;
  restrictInventory?: boolean | null;
}

export async function getInventoryItem(ctx: Ctx, id: string) {
  let q = ctx.db
    .selectFrom('catalog_inventory_item')
    .innerJoin('catalog_product', 'catalog_product.id', 'catalog_inventory_item.product_id')
    .selectAll('catalog_inventory_item')
    .select(['catalog_product.name as product_name', 'catalog_product.visible as product_visible'])
    .where('catalog_inventory_item.id', '=', id);
  if (!isAdmin(ctx)) q = q.where('catalog_product.visible', '=', true);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Inventory item', { id }, 'INVENTORY_ITEM_NOT_FOUND');
  return toInventoryItem(row, { name: row.product_name, visible: row.product_visible });
}

/**
 * Locks the named items (in id order) and checks them: every item exists and tracks its quantity.
 * Answers the rows in the order of `lines`.
 */
async function lockLines(ctx: Ctx, lines: StockLine[]): Promise<InventoryRow[]> {
  const ids = lines.flatMap((l) => (l.inventoryItemId ? [l.inventoryItemId.toLowerCase()] : []));
  const variants = lines.flatMap((l) => (l.variantId ? [l.variantId.toLowerCase()] : []));
  let q = ctx.db.selectFrom('catalog_inventory_item').selectAll().orderBy('id').forUpdate();
  q = q.where((eb) =>
    eb.or([
      ...(ids.length ? [eb('id', 'in', ids)] : []),
      ...(variants.length ? [eb('variant_id', 'in', variants)] : []),
    ]),
  );
  const found = await q.execute();
  return lines.map((l, i) => {
    const row = found.find((r) =>
      l.inventoryItemId
        ? r.id === l.inventoryItemId.toLowerCase()
        : r.variant_id === l.variantId!.toLowerCase(),
    );
    if (!row)
      throw notFound(
        'Inventory item',
        {
          originalIndex: i,
          ...(l.inventoryItemId ? { inventoryItemId: l.inventoryItemId } : { variantId: l.variantId }),
        },
        l.inventoryItemId ? 'INVENTORY_ITEM_NOT_FOUND' : 'NOT_FOUND',
      );
    if (!row.tracked) {
      throw new AppError(
        400,
        'INVENTORY_QUANTITY_NOT_TRACKED',
        'The inventory item does not track its quantity',
        { originalIndex: i, inventoryItemId: row.id, variantId: row.variant_id },
      );
    }
    return row;
  });
}

function answer(rows: InventoryRow[], changed: Changed[], returnEntity?: boolean) {
  return {
    results: rows.map((r, originalIndex) => {
      const now = changed.find((c) => c.id === r.id) ?? r;
      return {
        itemMetadata: { id: r.id, originalIndex, success: true },
        ...(returnEntity ? { item: toInventoryItem(now) } : {}),
      };
    }),
    bulkActionMetadata: { totalSuccesses: rows.length, totalFailures: 0, undetailedFailures: 0 },
  };
}

/**
 * Decrements tracked items, all or nothing: an unknown item is NOT_FOUND, an untracked one
 * INVENTORY_QUANTITY_NOT_TRACKED, and (unless `restrictInventory: false`) a quantity below the amount
 * INSUFFICIENT_INVENTORY with the shortages in `data`.
 */
export async function bulkDecrement(ctx: Ctx, lines: StockLine[], o: BulkStockOptions) {
  return inTransaction(ctx, async (tx) => {
    const rows = await lockLines(tx, lines);
    const r = await decrementTracked(
      tx,
      rows.map((row, i) => ({ variantId: row.variant_id, quantity: lines[i]!.by })),
      { restrict: o.restrictInventory !== false, reason: o.reason ?? 'MANUAL' },
    );
    if (r.shortages.length) {
      throw conflict('INSUFFICIENT_INVENTORY', 'Not enough stock for every item; nothing was changed', {
        shortages: r.shortages.map((s) => ({
          ...s,
          inventoryItemId: rows.find((x) => x.variant_id === s.variantId)?.id,
        })),
      });
    }
    return answer(rows, r.changed, o.returnEntity);
  });
}

/** Increments tracked items, all or nothing; a result above the largest quantity is MAX_QUANTITY_LIMIT_REACHED. */
export async function bulkIncrement(ctx: Ctx, lines: StockLine[], o: BulkStockOptions) {
  return inTransaction(ctx, async (tx) => {
    const rows = await lockLines(tx, lines);
    const added = new Map<string, number>();
    for (const [i, row] of rows.entries()) {
      added.set(row.id, (added.get(row.id) ?? 0) + lines[i]!.by);
      if (Number(row.quantity) + added.get(row.id)! > MAX_QUANTITY) {
        throw new AppError(
          400,
          'MAX_QUANTITY_LIMIT_REACHED',
          `An inventory item holds at most ${MAX_QUANTITY}`,
          { originalIndex: i, inventoryItemId: row.id, quantity: Number(row.quantity) },
        );
      }
    }
    const changed = await incrementTracked(
      tx,
      rows.map((row, i) => ({ variantId: row.variant_id, quantity: lines[i]!.by })),
      o.reason ?? 'MANUAL',
    );
    return answer(rows, changed, o.returnEntity);
  });
}
