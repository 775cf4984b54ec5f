/** The collections (categories) products are in, for discounts limited to collections. */
import type { Executor } from '../../platform/db/tx.ts';
import { isUuid } from '../../platform/ids.ts';

/** Each given product's collection ids (products in none, or of ids that are not UUIDs, are left out). */
export async function productCollectionIds(
  db: Executor,
  productIds: readonly string[],
): Promise<Map<string, string[]>> {
  const wanted = [...new Set(productIds.filter(isUuid).map((i) => i.toLowerCase()))];
  const byProduct = new Map<string, string[]>();
  if (wanted.length === 0) return byProduct;
  const rows = await db
    .selectFrom('catalog_product_category')
    .select(['product_id', 'category_id'])
    .where('product_id', 'in', wanted)
    .execute();
  for (const r of rows) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r.category_id]);
  return byProduct;
}
