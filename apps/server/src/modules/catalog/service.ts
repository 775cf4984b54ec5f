import { catalogItemType, productField, type ProductInput, type ProductPatch } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, conflict, notFound, violation } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { getSettings } from '../settings/index.ts';
import { buildOptions, buildVariants, throwIfAny, type BuiltVariant } from './build.ts';
import { emitCategoryItemChanges, emitInventoryChanges } from './catalog-events.ts';
import { sharedOptions } from './customizations.ts';
import {
  loadDetails,
  refreshDerived,
  type InventoryRow,
  type ItemType,
  type ProductRow,
  type StoredOption,
} from './store.ts';
import { ITEM_TYPE_NAMESPACE, PRODUCT_FQDN, toProduct, type Money, type WireProduct } from './wire.ts';
import { refsOf, resolveMedia } from './media.ts';

export async function moneyOf(ctx: Ctx): Promise<Money> {
  const s = await getSettings(ctx);
  return { currency: s.currency, locale: s.locale, weightUnit: s.weightUnit };
}
export const isAdmin = (ctx: Ctx) => ctx.caller.role === 'admin';

export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'product';

export type Fields = readonly string[] | null | undefined;
/** Every optional field: what events carry. */
export const ALL_FIELDS: readonly string[] = productField.options.filter((f) => f !== 'MERCHANT_DATA');

/** Merchant data is for the merchant only (catalog.md §11). */
export function checkFields(ctx: Ctx, fields: Fields) {
  if (fields?.includes('MERCHANT_DATA') && !isAdmin(ctx)) {
    throw new AppError(
      403,
      'NO_PERMISSION_TO_READ_MERCHANT_DATA',
      'Only the merchant may read merchant data',
      { field: 'MERCHANT_DATA' },
    );
  }
}

/** Wire products for rows, in the rows' order, with the requested optional fields. */
export async function toWire(
  ctx: Ctx,
  rows: ProductRow[],
  m?: Money,
  fields?: Fields,
): Promise<WireProduct[]> {
  const money = m ?? (await moneyOf(ctx));
  const f = new Set(fields ?? []);
  const { variants, categories } = await loadDetails(
    ctx.db,
    rows.map((r) => r.id),
  );
  const mains = [...new Set(rows.flatMap((r) => categories.get(r.id)?.slice(0, 1) ?? []))];
  const names =
    f.has('BREADCRUMBS_INFO') && mains.length
      ? new Map(
          (
            await ctx.db
              .selectFrom('catalog_category')
              .select(['id', 'name', 'slug'])
              .where('id', 'in', mains)
              .execute()
          ).map((c) => [c.id, c]),
        )
      : undefined;
  const view = {
    fields: f,
    admin: isAdmin(ctx),
    publicUrl: ctx.config.PUBLIC_URL,
    ...(names ? { categories: names } : {}),
  };
  return rows.map((r) => toProduct(money, r, variants.get(r.id) ?? [], categories.get(r.id) ?? [], view));
}

/**
 * The stored item type and wire product type of an input: `extendedFields.namespaces['@vitrine/stores'].itemType`
 * may say GIFT_CARD or SERVICE, which the wire's productType carries as DIGITAL.
 */
function itemTypeOf(
  input: Pick<ProductInput, 'productType' | 'extendedFields'>,
  current?: ItemType,
): { item: ItemType; product: 'PHYSICAL' | 'DIGITAL' } | undefined {
  const productOf = (t: ItemType) => (t === 'PHYSICAL' ? 'PHYSICAL' : 'DIGITAL');
  const raw = input.extendedFields?.namespaces?.[ITEM_TYPE_NAMESPACE]?.itemType;
  let item: ItemType | undefined = current;
  if (raw !== undefined) {
    const parsed = catalogItemType.safeParse(raw);
    if (!parsed.success) {
      throw violation(
        `product.extendedFields.namespaces.${ITEM_TYPE_NAMESPACE}.itemType`,
        `must be one of ${catalogItemType.options.join(', ')}`,
        'INVALID_ENUM_VALUE',
        { allowedValues: catalogItemType.options },
      );
    }
    item = parsed.data;
  } else if (input.productType !== undefined && !(current && productOf(current) === input.productType)) {
    item = input.productType;
  }
  if (!item) return undefined;
  const product = productOf(item);
  if (input.productType !== undefined && input.productType !== product) {
    throw violation('product.productType', `must be ${product} for item type ${item}`, 'VALIDATION', {
      itemType: item,
    });
  }
  return { item, product };
}

async function readProduct(
  ctx: Ctx,
  where: { id?: string; slug?: string },
  lock = false,
): Promise<ProductRow> {
  let q = ctx.db.selectFrom('catalog_product').selectAll();
  q = where.id ? q.where('id', '=', where.id) : q.where('slug', '=', where.slug!);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row || (!row.visible && !isAdmin(ctx))) throw notFound('Product', where, 'PRODUCT_NOT_FOUND');
  return row;
}

export async function getProduct(
  ctx: Ctx,
  where: { id?: string; slug?: string },
  fields?: Fields,
): Promise<WireProduct> {
  checkFields(ctx, fields);
  return (await toWire(ctx, [await readProduct(ctx, where)], undefined, fields))[0]!;
}

const duplicateSlug = (slug: string) =>
  conflict('DUPLICATE_SLUG_ERROR', `Another product already has the slug ${slug}`, { slug });
const duplicateHandle = (handle: string) =>
  conflict('DUPLICATE_HANDLE_ERROR', `Another product already has the handle ${handle}`, { handle });

/**
 * A taken slug or handle found by the unique constraint rather than the check before (two creates
 * at once), as the same conflict the check answers.
 */
function uniqueTaken(e: unknown, slug: string, handle: string | undefined): unknown {
  const { code, constraint } = (e ?? {}) as { code?: string; constraint?: string };
  if (code !== '23505') return e;
  if (constraint === 'catalog_product_slug_key') return duplicateSlug(slug);
  if (constraint === 'catalog_product_handle_key') return duplicateHandle(handle ?? slug);
  return e;
}

async function checkUnique(
  ctx: Ctx,
  productId: string,
  slug: string | undefined,
  variants: BuiltVariant[] | undefined,
  handle?: string,
) {
  if (handle !== undefined) {
    const other = await ctx.db
      .selectFrom('catalog_product')
      .select('id')
      .where('handle', '=', handle)
      .executeTakeFirst();
    if (other) throw duplicateHandle(handle);
  }
  if (slug !== undefined) {
    const other = await ctx.db
      .selectFrom('catalog_product')
      .select('id')
      .where('slug', '=', slug)
      .where('id', '!=', productId)
      .executeTakeFirst();
    if (other) throw duplicateSlug(slug);
  }
  const skus = (variants ?? []).map((v) => v.sku).filter((s): s is string => s !== null);
  if (skus.length) {
    const taken = await ctx.db
      .selectFrom('catalog_variant')
      .select('sku')
      .where('sku', 'in', skus)
      .where('product_id', '!=', productId)
      .executeTakeFirst();
    if (taken)
      throw conflict('SKU_ALREADY_EXIST_ERROR', `Another variant already has the SKU ${taken.sku}`, {
        sku: taken.sku,
      });
  }
}

async function checkCategories(ctx: Ctx, ids: string[] | undefined) {
  if (!ids?.length) return;
  const found = await ctx.db.selectFrom('catalog_category').select('id').where('id', 'in', ids).execute();
  const missing = ids.find((id) => !found.some((f) => f.id === id));
  if (missing)
    throw violation(
      'product.directCategoriesInfo.categories',
      `category ${missing} does not exist`,
      'VALIDATION',
      { id: missing },
    );
}

async function writeVariants(ctx: Ctx, productId: string, variants: BuiltVariant[]) {
  const old = (await loadDetails(ctx.db, [productId])).variants.get(productId) ?? [];
  await ctx.db.deleteFrom('catalog_variant').where('product_id', '=', productId).execute();
  const now = ctx.clock.now();
  const written: InventoryRow[] = [];
  for (const [i, v] of variants.entries()) {
    await ctx.db
      .insertInto('catalog_variant')
      .values({
        id: v.id,
        product_id: productId,
        position: i,
        sku: v.sku,
        choices: JSON.stringify(v.choices) as never,
        price: v.price,
        compare_at_price: v.compareAt,
        weight_grams: v.weightGrams,
        visible: v.visible,
      })
      .execute();
    const prev = old.find((o) => o.id === v.id)?.inventory;
    const stock =
      v.stock ??
      (prev ? { tracked: prev.tracked, quantity: prev.quantity } : { tracked: false, quantity: 0 });
    await ctx.db
      .insertInto('catalog_inventory_item')
      .values({
        id: prev?.id ?? v.id,
        variant_id: v.id,
        product_id: productId,
        tracked: stock.tracked,
        quantity: stock.quantity,
        revision: prev ? Number(prev.revision) + 1 : 1,
        created_at: prev?.created_at ?? now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .then((row) => written.push(row));
  }
  await emitInventoryChanges(
    ctx,
    old.map((o) => o.inventory),
    written,
  );
}

async function writeCategories(ctx: Ctx, productId: string, ids: string[]) {
  const before = await ctx.db
    .deleteFrom('catalog_product_category')
    .where('product_id', '=', productId)
    .returning('category_id')
    .execute();
  const unique = [...new Set(ids)];
  if (unique.length)
    await ctx.db
      .insertInto('catalog_product_category')
      .values(unique.map((category_id, position) => ({ product_id: productId, category_id, position })))
      .execute();
  await emitCategoryItemChanges(
    ctx,
    productId,
    before.map((b) => b.category_id),
    unique,
  );
}

/** Options and variants of an input; a product without options gets one default variant. */
async function plan(
  ctx: Ctx,
  input: Pick<ProductInput, 'options' | 'variantsInfo'>,
  m: Money,
  keepOptions?: StoredOption[],
) {
  const v: Parameters<typeof throwIfAny>[0] = [];
  const shared = input.options
    ? await sharedOptions(
        ctx,
        input.options.filter((o) => !o.id).map((o) => o.name),
      )
    : undefined;
  const options = input.options ? buildOptions(input.options, v, shared) : (keepOptions ?? []);
  const given = input.variantsInfo?.variants;
  if (!given) {
    v.push({
      field: 'product.variantsInfo.variants',
      description: 'is required',
      violatedRule: 'REQUIRED_FIELD',
      data: {},
    });
    throwIfAny(v);
  }
  const variants = buildVariants(options, given!, m, v);
  throwIfAny(v);
  return { options, variants };
}

export async function createProduct(ctx: Ctx, input: ProductInput, fields?: Fields): Promise<WireProduct> {
  const m = await moneyOf(ctx);
  const types = itemTypeOf(input) ?? { item: 'PHYSICAL', product: 'PHYSICAL' };
  const { options, variants } = await plan(ctx, input, m);
  const media = input.media ? await resolveMedia(ctx, refsOf(input.media), 'product.media') : [];
  const slug = input.slug ?? slugify(input.name);
  const handle = input.handle ?? undefined;
  return inTransaction(ctx, async (tx) => {
    const id = newId();
    await checkUnique(tx, id, slug, variants, handle);
    const categoryIds = input.directCategoriesInfo?.categories.map((c) => c.id) ?? [];
    await checkCategories(tx, categoryIds);
    const now = tx.clock.now();
    await tx.db
      .insertInto('catalog_product')
      .values({
        id,
        name: input.name,
        slug,
        handle,
        plain_description: input.plainDescription ?? null,
        visible: input.visible ?? true,
        product_type: types.product,
        item_type: types.item,
        media_urls: media,
        options: JSON.stringify(options) as never,
        brand: input.brand?.name ?? null,
        ribbon: input.ribbon?.name ?? null,
        tags: input.tags ?? [],
        min_price: 0,
        max_price: 0,
        revision: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await writeVariants(tx, id, variants);
    await writeCategories(tx, id, categoryIds);
    await refreshDerived(tx.db, id);
    const row = await readProduct(tx, { id });
    const product = (await toWire(tx, [row], m, ALL_FIELDS))[0]!;
    await emitEvent(tx, {
      entityFqdn: PRODUCT_FQDN,
      slug: 'created',
      entityId: id,
      createdEvent: { entity: product },
    });
    return (await toWire(tx, [row], m, fields))[0]!;
  }).catch((e: unknown) => {
    throw uniqueTaken(e, slug, handle);
  });
}

export async function updateProduct(
  ctx: Ctx,
  productId: string,
  patch: ProductPatch,
  fields?: Fields,
): Promise<WireProduct> {
  if (patch.id !== undefined && patch.id !== productId)
    throw violation('product.id', 'must match the path', 'VALIDATION');
  const m = await moneyOf(ctx);
  const media =
    patch.media === undefined
      ? undefined
      : patch.media === null
        ? []
        : await resolveMedia(ctx, refsOf(patch.media), 'product.media');
  return inTransaction(ctx, async (tx) => {
    const row = await readProduct(tx, { id: productId }, true);
    if (String(row.revision) !== patch.revision) {
      throw conflict('REVISION_MISMATCH', 'The product was changed by someone else; reload and try again', {
        expected: patch.revision,
        actual: String(row.revision),
      });
    }
    const before = (await toWire(tx, [row], m, ALL_FIELDS))[0]!;
    const types = itemTypeOf(patch, row.item_type);
    const changesVariants = patch.options !== undefined || patch.variantsInfo !== undefined;
    const built = changesVariants
      ? await plan(
          tx,
          { options: patch.options, variantsInfo: patch.variantsInfo ?? undefined },
          m,
          row.options,
        )
      : undefined;
    await checkUnique(tx, productId, patch.slug, built?.variants);
    const categoryIds =
      patch.directCategoriesInfo === undefined
        ? undefined
        : (patch.directCategoriesInfo?.categories.map((c) => c.id) ?? []);
    await checkCategories(tx, categoryIds);
    await tx.db
      .updateTable('catalog_product')
      .set((eb) => ({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
        ...(patch.plainDescription !== undefined ? { plain_description: patch.plainDescription } : {}),
        ...(patch.visible !== undefined ? { visible: patch.visible } : {}),
        ...(types && (patch.productType !== undefined || patch.extendedFields !== undefined)
          ? { product_type: types.product, item_type: types.item }
          : {}),
        ...(media !== undefined ? { media_urls: media } : {}),
        ...(built ? { options: JSON.stringify(built.options) as never } : {}),
        ...(patch.brand !== undefined ? { brand: patch.brand?.name ?? null } : {}),
        ...(patch.ribbon !== undefined ? { ribbon: patch.ribbon?.name ?? null } : {}),
        ...(patch.tags !== undefined ? { tags: patch.tags } : {}),
        revision: eb('revision', '+', 1),
        updated_at: tx.clock.now(),
      }))
      .where('id', '=', productId)
      .execute();
    if (built) await writeVariants(tx, productId, built.variants);
    if (categoryIds) await writeCategories(tx, productId, categoryIds);
    await refreshDerived(tx.db, productId);
    const saved = await readProduct(tx, { id: productId });
    const product = (await toWire(tx, [saved], m, ALL_FIELDS))[0]!;
    const modifiedFields = Object.fromEntries(
      Object.keys(patch)
        .filter((k) => k !== 'revision' && k !== 'id' && k !== 'handle')
        .map((k) => [k, (before as Record<string, unknown>)[k]]),
    );
    await emitEvent(tx, {
      entityFqdn: PRODUCT_FQDN,
      slug: 'updated',
      entityId: productId,
      updatedEvent: { currentEntity: product, modifiedFields },
    });
    return (await toWire(tx, [saved], m, fields))[0]!;
  }).catch((e: unknown) => {
    throw uniqueTaken(e, patch.slug ?? '', undefined);
  });
}

/**
 * Changes a product's pictures under its row lock (concurrent changes queue up; none is lost): the
 * v1 media endpoints. `change` gets the stored entries and answers the new ones.
 */
export async function changeProductMedia(
  ctx: Ctx,
  productId: string,
  change: (current: readonly string[]) => string[],
): Promise<void> {
  const m = await moneyOf(ctx);
  await inTransaction(ctx, async (tx) => {
    const row = await readProduct(tx, { id: productId }, true);
    const next = [...new Set(change(row.media_urls))];
    if (next.length === row.media_urls.length && next.every((e, i) => e === row.media_urls[i])) return;
    const before = (await toWire(tx, [row], m, ALL_FIELDS))[0]!;
    await tx.db
      .updateTable('catalog_product')
      .set((eb) => ({ media_urls: next, revision: eb('revision', '+', 1), updated_at: tx.clock.now() }))
      .where('id', '=', productId)
      .execute();
    const product = (await toWire(tx, [await readProduct(tx, { id: productId })], m, ALL_FIELDS))[0]!;
    await emitEvent(tx, {
      entityFqdn: PRODUCT_FQDN,
      slug: 'updated',
      entityId: productId,
      updatedEvent: { currentEntity: product, modifiedFields: { media: before.media } },
    });
  });
}

export async function deleteProduct(ctx: Ctx, productId: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const { variants, categories } = await loadDetails(tx.db, [productId]);
    const gone = await tx.db
      .deleteFrom('catalog_product')
      .where('id', '=', productId)
      .returning('id')
      .executeTakeFirst();
    if (!gone) throw notFound('Product', { id: productId }, 'PRODUCT_NOT_FOUND');
    await emitInventoryChanges(
      tx,
      (variants.get(productId) ?? []).map((v) => v.inventory),
      [],
    );
    await emitCategoryItemChanges(tx, productId, categories.get(productId) ?? [], []);
    await emitEvent(tx, { entityFqdn: PRODUCT_FQDN, slug: 'deleted', entityId: productId, deletedEvent: {} });
  });
}
