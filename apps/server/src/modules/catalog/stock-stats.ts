/** Stock figures for the merchant's home page (analytics). */
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';

/** Tracked inventory items of visible variants with at most `threshold` units left. */
export async function lowStockCount(db: Executor, threshold: number): Promise<number> {
  const r = await db
    .selectFrom('catalog_inventory_item as i')
    .innerJoin('catalog_variant as v', 'v.id', 'i.variant_id')
    .innerJoin('catalog_product as p', 'p.id', 'i.product_id')
    .select(sql<string>`count(*)`.as('n'))
    .where('i.tracked', '=', true)
    .where('i.quantity', '<=', threshold)
    .where('v.visible', '=', true)
    .where('p.visible', '=', true)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
