import type { StockReason } from '@vitrine/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { checkWritten, statement } from '../../platform/db/statement.ts';
import { inTransaction, writeUnanswered } from '../../platform/db/tx.ts';
import { violation } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { isUuid } from '../../platform/ids.ts';
import { STORES_APP_ID, type CatalogItem } from './lookup.ts';
import { noteStockMoves } from './stock-moves.ts';
import type { InventoryRow } from './store.ts';
import { INVENTORY_FQDN, toInventoryItem } from './wire.ts';

export interface StockChange {
  variantId: string;
  quantity: number;
}
export interface Shortage {
  variantId: string;
  requested: number;
  available: number;
}

/** The largest quantity an inventory item holds (the API's bound; the column is a 32-bit integer). */
export const MAX_QUANTITY = 1_000_000_000;

/** Sums the changes per variant (a cart may name one variant twice); quantities must be positive integers. */
function merge(changes: StockChange[]): Map<string, number> {
  const total = new Map<string, number>();
  for (const [i, c] of changes.entries()) {
    if (!Number.isSafeInteger(c.quantity) || c.quantity < 1 || c.quantity > MAX_QUANTITY) {
      throw violation(`changes.${i}.quantity`, `must be an integer from 1 to ${MAX_QUANTITY}`, 'VALIDATION', {
        quantity: c.quantity,
      });
    }
    const id = c.variantId.toLowerCase();
    total.set(id, (total.get(id) ?? 0) + c.quantity);
  }
  return total;
}

/** A changed row and how much its quantity moved (negative for a decrement). */
export type Changed = InventoryRow & { delta: number };

/**
 * The v3 inventory events of changed items: `updated`, `updated_with_reason`, and `stock_status_updated`
 * when the item went in or out of stock.
 */
async function emitChanged(ctx: Ctx, rows: Changed[], reason: StockReason) {
  noteStockMoves(
    ctx,
    rows.map((r) => r.variant_id),
  );
  // The UPDATE that changed these rows holds their locks until commit, which orders their events.
  const locked = { entityLocked: true };
  for (const r of rows) {
    const before = r.quantity - r.delta;
    const item = toInventoryItem(r);
    await emitEvent(
      ctx,
      {
        entityFqdn: INVENTORY_FQDN,
        slug: 'updated',
        entityId: r.id,
        updatedEvent: { currentEntity: item, modifiedFields: { quantity: before } },
      },
      locked,
    );
    await emitEvent(
      ctx,
      {
        entityFqdn: INVENTORY_FQDN,
        slug: 'updated_with_reason',
        entityId: r.id,
        actionEvent: { body: { currentEntity: item, reason, appId: STORES_APP_ID } },
      },
      locked,
    );
    if (before > 0 !== r.quantity > 0) {
      await emitEvent(
        ctx,
        {
          entityFqdn: INVENTORY_FQDN,
          slug: 'stock_status_updated',
          entityId: r.id,
          actionEvent: { body: { inStock: r.quantity > 0 } },
        },
        locked,
      );
    }
  }
}

class RollBack extends Error {
  constructor(readonly shortages: Shortage[]) {
    super('stock shortage');
  }
}

/**
 * Inside the caller's transaction, in one UPDATE: decrements each tracked item by its quantity only where
 * quantity >= requested (conditional update, so it is race-free on PostgreSQL READ COMMITTED with many
 * processes); untracked items always pass. Returns the shortages (empty when all applied); when shortages
 * is non-empty the caller rolls back. Emits the inventory events for changed items.
 *
 * Unknown variant ids are shortages with `available` 0. Called outside a transaction it opens one and rolls
 * it back itself on a shortage, so nothing is half-applied.
 */
export async function decrementStock(ctx: Ctx, changes: StockChange[]): Promise<{ shortages: Shortage[] }> {
  const { shortages } = await decrementTracked(ctx, changes, { restrict: true, reason: 'ORDER' });
  return { shortages };
}

/**
 * `decrementStock` with options: `restrict: false` lets quantities go below zero (never a shortage for a known
 * item). Answers the changed rows too.
 */
export async function decrementTracked(
  ctx: Ctx,
  changes: StockChange[],
  o: { restrict: boolean; reason: StockReason },
): Promise<{ shortages: Shortage[]; changed: Changed[] }> {
  if (!ctx.db.isTransaction) {
    try {
      return await inTransaction(ctx, async (tx) => {
        const r = await decrementTracked(tx, changes, o);
        if (r.shortages.length) throw new RollBack(r.shortages);
        return r;
      });
    } catch (e) {
      if (e instanceof RollBack) return { shortages: e.shortages, changed: [] };
      throw e;
    }
  }
  const total = merge(changes);
  const shortages: Shortage[] = [];
  for (const [variantId, requested] of total)
    if (!isUuid(variantId)) shortages.push({ variantId, requested, available: 0 });
  const wanted = [...total].filter(([id]) => isUuid(id));
  if (!wanted.length) return { shortages, changed: [] };
  const now = ctx.clock.now();
  // `locked` takes the row locks in id order (so two orders never deadlock on each other's items); the UPDATE
  // then re-checks `quantity >= qty` on the newest row version, which is what keeps stock from going negative.
  const { rows } = await sql<{
    variant_id: string;
    qty: number;
    applied: boolean;
    tracked: boolean | null;
    quantity: number | null;
    item: Changed | null;
  }>`
    with req as (
      select r.variant_id, r.qty from unnest(${wanted.map((w) => w[0])}::uuid[], ${wanted.map((w) => w[1])}::int[]) as r(variant_id, qty)
    ), locked as (
      select i.id from catalog_inventory_item i join req on req.variant_id = i.variant_id where i.tracked order by i.id for update of i
    ), upd as (
      update catalog_inventory_item i set quantity = i.quantity - req.qty, revision = i.revision + 1, updated_at = ${now}
      from req where i.variant_id = req.variant_id and i.tracked and (${!o.restrict} or i.quantity >= req.qty) and i.id in (select id from locked)
      returning i.*, -req.qty as delta
    )
    select req.variant_id, req.qty, upd.id is not null as applied, cur.tracked, cur.quantity,
      case when upd.id is null then null else row_to_json(upd) end as item
    from req left join upd on upd.variant_id = req.variant_id left join catalog_inventory_item cur on cur.variant_id = req.variant_id`.execute(
    ctx.db,
  );
  const stale: string[] = [];
  for (const r of rows) {
    if (r.applied || r.tracked === false) continue;
    shortages.push({
      variantId: r.variant_id,
      requested: Number(r.qty),
      available: r.quantity === null ? 0 : Number(r.quantity),
    });
    if (r.quantity !== null && Number(r.quantity) >= Number(r.qty)) stale.push(r.variant_id);
  }
  if (stale.length) {
    // The statement's snapshot still showed enough stock: another transaction took it meanwhile. Report what is left now.
    const fresh = await ctx.db
      .selectFrom('catalog_inventory_item')
      .select(['variant_id', 'quantity'])
      .where('variant_id', 'in', stale)
      .execute();
    for (const s of shortages) {
      const f = fresh.find((x) => x.variant_id === s.variantId);
      if (f) s.available = Math.min(Number(f.quantity), s.requested - 1);
    }
  }
  if (shortages.length) return { shortages, changed: [] };
  const changed = rows.filter((r) => r.item).map((r) => revive(r.item!));
  await emitChanged(ctx, changed, o.reason);
  return { shortages, changed };
}

const asReadStatement = statement(
  (_, r: { ids: string[]; revisions: number[]; had: number[]; qty: number[]; n: number; now: Date }) => sql<{
    ok: number;
  }>`
    with req as (
      select r.id, r.revision, r.had, r.qty
      from unnest(${r.ids}::uuid[], ${r.revisions}::bigint[], ${r.had}::int[], ${r.qty}::int[]) as r(id, revision, had, qty)
    ), locked as (
      select i.id from catalog_inventory_item i join req on req.id = i.id
      where i.tracked and i.revision = req.revision and i.quantity = req.had order by i.id for update of i
    ), upd as (
      update catalog_inventory_item i set quantity = i.quantity - req.qty, revision = i.revision + 1, updated_at = ${r.now}
      from req where i.id = req.id and i.id in (select id from locked) and i.tracked and i.revision = req.revision and i.quantity = req.had
      returning 1
    )
    select vitrine_expect_row(((select count(*) from upd) = ${r.n})::int) as ok`,
);

/**
 * `decrementStock` for items whose tracked stock was read with them (`CatalogItem.stock`: a kept
 * checkout's, whose lock checked it is unchanged), sent without waiting for its answer (in a
 * transaction `inTransaction` opened). Each inventory row must still be at the revision and quantity
 * it was read at, and hold enough; otherwise the transaction fails with ROW_CHANGED (statement.ts)
 * and the caller decrements from a read. The rows written, and so their events, are known without
 * the answer. False, and nothing sent, when an item's stock was not read with it or does not suffice.
 */
export async function sendDecrementAsRead(
  ctx: Ctx,
  lines: readonly { item: CatalogItem; quantity: number }[],
): Promise<boolean> {
  const wanted = new Map<string, { item: CatalogItem; quantity: number }>();
  for (const l of lines) {
    if (!l.item.tracked) continue;
    const same = wanted.get(l.item.variantId);
    wanted.set(l.item.variantId, { item: l.item, quantity: (same?.quantity ?? 0) + l.quantity });
  }
  const all = [...wanted.values()];
  if (all.some((w) => !w.item.stock || w.item.quantity < w.quantity || !Number.isSafeInteger(w.quantity)))
    return false;
  if (!all.length) return true;
  const now = ctx.clock.now();
  const byId = all.sort((a, b) => (a.item.stock!.inventoryId < b.item.stock!.inventoryId ? -1 : 1));
  await writeUnanswered(
    ctx.db,
    asReadStatement(ctx.db, {
      ids: byId.map((w) => w.item.stock!.inventoryId),
      revisions: byId.map((w) => w.item.stock!.revision),
      had: byId.map((w) => w.item.quantity),
      qty: byId.map((w) => w.quantity),
      n: byId.length,
      now,
    }),
  );
  const changed: Changed[] = byId.map(({ item, quantity }) => ({
    id: item.stock!.inventoryId,
    variant_id: item.variantId,
    product_id: item.productId,
    tracked: true,
    quantity: item.quantity - quantity,
    revision: item.stock!.revision + 1,
    created_at: item.stock!.createdAt,
    updated_at: now,
    delta: -quantity,
  }));
  for (const { delta: _, ...row } of changed) await checkWritten(ctx.db, 'catalog_inventory_item', row);
  await emitChanged(ctx, changed, 'ORDER');
  return true;
}

/** A row that came back through row_to_json: dates as strings, numbers as numbers. */
const revive = (j: Changed): Changed => ({
  ...j,
  created_at: new Date(j.created_at),
  updated_at: new Date(j.updated_at),
  quantity: Number(j.quantity),
  revision: Number(j.revision),
  delta: Number(j.delta),
});

/** Returns stock (cancel with restock). Tracked items only; unknown and untracked variants are left alone. */
export async function incrementStock(ctx: Ctx, changes: StockChange[]): Promise<void> {
  await incrementTracked(ctx, changes, 'REVERT_INVENTORY_CHANGE');
}

/** Increments tracked items (capped at MAX_QUANTITY); answers the changed rows. */
export async function incrementTracked(
  ctx: Ctx,
  changes: StockChange[],
  reason: StockReason,
): Promise<Changed[]> {
  const wanted = [...merge(changes)].filter(([id]) => isUuid(id));
  if (!wanted.length) return [];
  return inTransaction(ctx, async (tx) => {
    const { rows } = await sql<Changed>`
      with req as (
        select r.variant_id, r.qty from unnest(${wanted.map((w) => w[0])}::uuid[], ${wanted.map((w) => w[1])}::int[]) as r(variant_id, qty)
      ), locked as (
        select i.id from catalog_inventory_item i join req on req.variant_id = i.variant_id where i.tracked order by i.id for update of i
      )
      update catalog_inventory_item i set quantity = least(i.quantity::bigint + req.qty, ${MAX_QUANTITY})::int, revision = i.revision + 1, updated_at = ${tx.clock.now()}
      from req where i.variant_id = req.variant_id and i.tracked and i.id in (select id from locked)
      returning i.*, req.qty as delta`.execute(tx.db);
    const changed = rows.map((r) => ({
      ...r,
      quantity: Number(r.quantity),
      revision: Number(r.revision),
      delta: Number(r.delta),
    }));
    await emitChanged(tx, changed, reason);
    return changed;
  });
}
