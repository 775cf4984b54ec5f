/** What recommendations ask of the catalog: which products may be shown, and products like others. */
import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import { isUuid } from '../../platform/ids.ts';
import { availabilitySql } from './store.ts';

const showable = sql<SqlBool>`catalog_product.visible and ${sql.raw(availabilitySql)} <> 'OUT_OF_STOCK'`;

/** Of these product ids, the visible ones with stock, in the order given. */
export async function showableProducts(db: Executor, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids.filter(isUuid).map((i) => i.toLowerCase()))];
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('catalog_product')
    .select('id')
    .where('id', 'in', wanted)
    .where(showable)
    .execute();
  const ok = new Set(rows.map((r) => r.id));
  return wanted.filter((i) => ok.has(i));
}

/** The categories and lowest price of products (for "like these"). */
export async function productTraits(db: Executor, ids: readonly string[]) {
  const wanted = [...new Set(ids.filter(isUuid).map((i) => i.toLowerCase()))];
  if (wanted.length === 0) return [];
  return db
    .selectFrom('catalog_product')
    .select(['id', 'min_price'])
    .select(
      sql<
        string[]
      >`array(select pc.category_id::text from catalog_product_category pc where pc.product_id = catalog_product.id)`.as(
        'category_ids',
      ),
    )
    .where('id', 'in', wanted)
    .execute();
}

/**
 * Visible products with stock, not in `exclude`: in one of `categoryIds` (when given) and priced
 * within [minPrice, maxPrice] (minor units, when given); the closest in price to `targetPrice` (minor
 * units, any fraction) first, then by name.
 */
export async function productsLike(
  db: Executor,
  o: {
    categoryIds?: readonly string[];
    minPrice?: number;
    maxPrice?: number;
    targetPrice?: number;
    exclude: readonly string[];
    limit: number;
  },
): Promise<string[]> {
  let q = db.selectFrom('catalog_product').select('id').where(showable);
  if (o.exclude.length) q = q.where('id', 'not in', [...o.exclude]);
  if (o.categoryIds) {
    if (o.categoryIds.length === 0) return [];
    const cats = o.categoryIds.filter(isUuid);
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('catalog_product_category as pc')
          .select('pc.product_id')
          .whereRef('pc.product_id', '=', 'catalog_product.id')
          .where('pc.category_id', 'in', cats.length ? cats : ['00000000-0000-0000-0000-000000000000']),
      ),
    );
  }
  if (o.minPrice !== undefined) q = q.where('min_price', '>=', o.minPrice);
  if (o.maxPrice !== undefined) q = q.where('min_price', '<=', o.maxPrice);
  // An average of prices falls between cents; the column is bigint minor units, and so is the parameter.
  if (o.targetPrice !== undefined) q = q.orderBy(sql`abs(min_price - ${Math.round(o.targetPrice)})`);
  const rows = await q.orderBy('name').orderBy('id').limit(o.limit).execute();
  return rows.map((r) => r.id);
}
