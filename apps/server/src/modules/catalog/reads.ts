import type { CursorQuery } from '@vitrine/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { currencyExponent } from '../../platform/money.ts';
import { compileFilter } from '../../platform/query/filter.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
import { rawJsonBytes, type RawJson } from '../../platform/http/raw-json.ts';
import { checkFields, isAdmin, moneyOf, toWire, type Fields } from './service.ts';
import {
  inventorySpec,
  loadDetails,
  productSpec,
  readCatalogRevisions,
  refreshDerived,
  searchSpec,
  variantSpec,
} from './store.ts';
import { INVENTORY_FQDN, toInventoryItem, toVariant } from './wire.ts';
import {
  planProductAggregations,
  productAggregationData,
  type SearchAggregations,
} from './product-aggregations.ts';
import { productFilter } from './product-filter.ts';
import { withSearch, type SearchText } from './search-expression.ts';

type Filter = Record<string, unknown> | null | undefined;
type Search = SearchText;
/** Admins see hidden products unless they say otherwise; anybody else asking for them is refused (catalog.md §11). */
function seesHidden(ctx: Ctx, asked?: boolean) {
  if (asked === true && !isAdmin(ctx)) {
    throw new AppError(
      403,
      'NO_PERMISSION_TO_INCLUDE_NOT_VISIBLE_PRODUCTS',
      'Only the merchant may read hidden products',
    );
  }
  return isAdmin(ctx) && asked !== false;
}

/**
 * Public product lists (visitors and members see the same answer) are kept per process, keyed by the
 * request (as the JSON text sent) and by the catalog and configuration revisions, which one tiny statement reads: every
 * catalog write and every settings write moves one of them (see the catalog_revision migrations), so a
 * kept answer is never stale. A v3 answer shows of stock only whether items are in stock, which moves
 * the catalog revision; quantities moving alone move the stock revision, which lists that show
 * quantities (`stock: true`: the v1 `query-platformized` lists) are kept against too. Both share the
 * store (and its budget); `key` names the endpoint first.
 */
const publicLists = new Map<string, { revisions: string; answer: RawJson; size: number }>();
/** What the kept lists may take in all (their JSON text); past it they are dropped and kept afresh. */
const KEPT_LISTS_BUDGET = 16 * 1024 * 1024;
let keptBytes = 0;

/** The kept answer for `key` when the catalog has not moved since, else `compute()`'s, kept. */
/** The revision reads open to more list requests, per database handle and kind. */
const openReads = new WeakMap<object, Map<boolean, Promise<string>>>();

/**
 * The revisions, read once for all the list requests that ask in one turn of the event loop: the
 * statement is sent when the turn ends (`setImmediate`), after every request sharing it arrived, so
 * each sees every change committed before it did.
 */
function currentRevisions(db: Ctx['db'], stock: boolean): Promise<string> {
  let reads = openReads.get(db);
  if (!reads) openReads.set(db, (reads = new Map()));
  const open = reads.get(stock);
  if (open) return open;
  const read = new Promise<string>((resolve, reject) =>
    setImmediate(() => {
      reads.delete(stock);
      readCatalogRevisions(db, { stock }).then(resolve, reject);
    }),
  );
  reads.set(stock, read);
  return read;
}

export async function keptPublicList(
  ctx: Ctx,
  key: string,
  compute: () => Promise<unknown>,
  o: { stock?: boolean } = {},
): Promise<RawJson> {
  const revisions = await currentRevisions(ctx.db, o.stock ?? false);
  const kept = publicLists.get(key);
  if (kept && kept.revisions === revisions) return kept.answer;
  const text = JSON.stringify(await compute());
  const answer = rawJsonBytes(text);
  const size = text.length + key.length;
  if (keptBytes + size > KEPT_LISTS_BUDGET) {
    publicLists.clear();
    keptBytes = 0;
  }
  const replaced = publicLists.get(key);
  if (replaced) keptBytes -= replaced.size;
  publicLists.set(key, { revisions, answer, size });
  keptBytes += size;
  return answer;
}

export async function queryProducts(
  ctx: Ctx,
  q: CursorQuery | null | undefined,
  search?: Search,
  where = 'query',
  all?: boolean,
  fields?: Fields,
  aggs?: SearchAggregations,
) {
  if (isAdmin(ctx) || ctx.db.isTransaction) return listProducts(ctx, q, search, where, all, fields, aggs);
  checkFields(ctx, fields);
  const key = JSON.stringify([
    'v3',
    where,
    q ?? null,
    search?.expression ?? null,
    all ?? null,
    fields ?? null,
    ...(search?.mode ? [search.mode] : []),
    ...(aggs?.aggregations?.length ? [aggs.aggregations, aggs.timeZone ?? null] : []),
  ]);
  return keptPublicList(ctx, key, () => listProducts(ctx, q, search, where, all, fields, aggs));
}

async function listProducts(
  ctx: Ctx,
  q: CursorQuery | null | undefined,
  search?: Search,
  where = 'query',
  all?: boolean,
  fields?: Fields,
  aggs?: SearchAggregations,
) {
  checkFields(ctx, fields);
  const m = await moneyOf(ctx);
  const e = currencyExponent(m.currency);
  const admin = isAdmin(ctx);
  let base = ctx.db.selectFrom('catalog_product').selectAll('catalog_product');
  if (!seesHidden(ctx, all)) base = base.where('catalog_product.visible', '=', true);
  const spec = search ? searchSpec(e, admin) : productSpec(e, { admin });
  const plan = planProductAggregations(spec, e, admin, aggs);
  const filter = productFilter(q?.filter, `${where}.filter`);
  const query =
    search && !q?.cursorPaging?.cursor ? { ...q, filter: withSearch(filter, search) } : { ...q, filter };
  const [page, aggregationData] = await Promise.all([
    cursorPage(base, spec, query, where),
    plan &&
      productAggregationData(
        ctx,
        base,
        spec,
        { filter: query.filter, cursor: q?.cursorPaging?.cursor },
        plan,
        where,
      ),
  ]);
  return {
    products: await toWire(ctx, page.items, m, fields),
    pagingMetadata: metadata.cursor(page),
    ...(aggregationData ? { aggregationData } : {}),
  };
}

export async function countProducts(ctx: Ctx, filter: Filter, search: Search | undefined, all?: boolean) {
  const e = currencyExponent((await moneyOf(ctx)).currency);
  let q = ctx.db
    .selectFrom('catalog_product')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(
      compileFilter(
        searchSpec(e, isAdmin(ctx)),
        withSearch(productFilter(filter, 'filter'), search),
        'filter',
      ),
    );
  if (!seesHidden(ctx, all)) q = q.where('catalog_product.visible', '=', true);
  return { count: Number((await q.executeTakeFirstOrThrow()).n) };
}

export async function queryVariants(ctx: Ctx, q: CursorQuery | null | undefined) {
  const m = await moneyOf(ctx);
  let base = ctx.db
    .selectFrom('catalog_variant')
    .innerJoin('catalog_product', 'catalog_product.id', 'catalog_variant.product_id')
    .selectAll('catalog_variant')
    .select([
      'catalog_product.name as product_name',
      'catalog_product.slug as product_slug',
      'catalog_product.visible as product_visible',
      'catalog_product.options as product_options',
    ]);
  if (!isAdmin(ctx))
    base = base.where('catalog_product.visible', '=', true).where('catalog_variant.visible', '=', true);
  const page = await cursorPage(base, variantSpec, q ?? {});
  const { variants } = await loadDetails(ctx.db, [...new Set(page.items.map((v) => v.product_id))]);
  return {
    variants: page.items.map((v) => {
      const full = variants.get(v.product_id)!.find((x) => x.id === v.id)!;
      return {
        ...toVariant(m, v.product_options, full),
        productData: {
          productId: v.product_id,
          name: v.product_name,
          slug: v.product_slug,
          visible: v.product_visible,
        },
      };
    }),
    pagingMetadata: metadata.cursor(page),
  };
}

export async function queryInventoryItems(ctx: Ctx, q: CursorQuery | null | undefined) {
  let base = ctx.db
    .selectFrom('catalog_inventory_item')
    .innerJoin('catalog_product', 'catalog_product.id', 'catalog_inventory_item.product_id')
    .innerJoin('catalog_variant', 'catalog_variant.id', 'catalog_inventory_item.variant_id')
    .selectAll('catalog_inventory_item')
    .select(['catalog_product.name as product_name', 'catalog_product.visible as product_visible']);
  if (!isAdmin(ctx))
    base = base.where('catalog_product.visible', '=', true).where('catalog_variant.visible', '=', true);
  const page = await cursorPage(base, inventorySpec, q ?? {});
  return {
    inventoryItems: page.items.map((i) =>
      toInventoryItem(i, { name: i.product_name, visible: i.product_visible }),
    ),
    pagingMetadata: metadata.cursor(page),
  };
}

export async function updateInventoryItem(
  ctx: Ctx,
  id: string,
  patch: { revision?: string; trackQuantity?: boolean; quantity?: number },
) {
  return inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .selectFrom('catalog_inventory_item')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Inventory item', { id }, 'INVENTORY_ITEM_NOT_FOUND');
    if (patch.revision !== undefined && patch.revision !== String(row.revision)) {
      throw conflict(
        'REVISION_MISMATCH',
        'The inventory item was changed by someone else; reload and try again',
        { expected: patch.revision, actual: String(row.revision) },
      );
    }
    const tracked = patch.trackQuantity ?? (patch.quantity !== undefined ? true : row.tracked);
    const saved = await tx.db
      .updateTable('catalog_inventory_item')
      .set((eb) => ({
        tracked,
        quantity: patch.quantity ?? row.quantity,
        revision: eb('revision', '+', 1),
        updated_at: tx.clock.now(),
      }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await refreshDerived(tx.db, row.product_id);
    const item = toInventoryItem(saved);
    await emitEvent(tx, {
      entityFqdn: INVENTORY_FQDN,
      slug: 'updated',
      entityId: id,
      updatedEvent: {
        currentEntity: item,
        modifiedFields: { trackQuantity: row.tracked, quantity: row.quantity },
      },
    });
    return item;
  });
}
