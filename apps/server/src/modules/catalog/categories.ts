import type { CategoryInput, CategoryPatch, CursorQuery } from '@vitrine/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { conflict, notFound, violation } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';
import { isAdmin, slugify } from './service.ts';
import { categorySpec, type CategoryRow } from './store.ts';
import { CATEGORY_FQDN, toCategory } from './wire.ts';
import { emitCategoryItemChanges } from './catalog-events.ts';
import { resolveMedia } from './media.ts';

/** A category's picture as stored (media.ts): a library file, or a URL imported into the library. */
async function imageEntry(ctx: Ctx, i: CategoryInput['image']): Promise<string | null | undefined> {
  if (i === undefined || i === null) return i;
  const url = typeof i === 'string' ? i : i.url;
  return (await resolveMedia(ctx, [{ url }], 'category.image'))[0]!;
}

/** Product counts of categories (visible products only for visitors). */
async function counts(ctx: Ctx, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  let q = ctx.db
    .selectFrom('catalog_product_category')
    .innerJoin('catalog_product', 'catalog_product.id', 'catalog_product_category.product_id')
    .select(['catalog_product_category.category_id', sql<number>`count(*)::int`.as('n')])
    .where('catalog_product_category.category_id', 'in', ids)
    .groupBy('catalog_product_category.category_id');
  if (!isAdmin(ctx)) q = q.where('catalog_product.visible', '=', true);
  return new Map((await q.execute()).map((c) => [c.category_id, Number(c.n)]));
}

async function wire(ctx: Ctx, row: CategoryRow) {
  return toCategory(row, (await counts(ctx, [row.id])).get(row.id) ?? 0);
}

async function slugFree(ctx: Ctx, slug: string, except?: string) {
  let q = ctx.db.selectFrom('catalog_category').select('id').where('slug', '=', slug);
  if (except) q = q.where('id', '!=', except);
  if (await q.executeTakeFirst())
    throw conflict('DUPLICATE_SLUG_ERROR', `Another category already has the slug ${slug}`, { slug });
}

export async function createCategory(ctx: Ctx, c: CategoryInput) {
  const image = await imageEntry(ctx, c.image);
  return inTransaction(ctx, async (tx) => {
    const slug = c.slug ?? slugify(c.name);
    await slugFree(tx, slug);
    const now = tx.clock.now();
    const row = await tx.db
      .insertInto('catalog_category')
      .values({
        id: newId(),
        name: c.name,
        slug,
        visible: c.visible ?? true,
        description: c.description ?? null,
        image_url: image ?? null,
        revision: 1,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const category = toCategory(row, 0);
    await emitEvent(tx, {
      entityFqdn: CATEGORY_FQDN,
      slug: 'created',
      entityId: row.id,
      createdEvent: { entity: category },
    });
    return category;
  });
}

async function readCategory(ctx: Ctx, where: { id?: string; slug?: string }, lock = false) {
  let q = ctx.db.selectFrom('catalog_category').selectAll();
  q = where.id ? q.where('id', '=', where.id) : q.where('slug', '=', where.slug!);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row || (!row.visible && !isAdmin(ctx))) throw notFound('Category', where, 'CATEGORY_NOT_FOUND');
  return row;
}

export async function getCategory(ctx: Ctx, where: { id?: string; slug?: string }) {
  return wire(ctx, await readCategory(ctx, where));
}

export async function updateCategory(ctx: Ctx, id: string, patch: CategoryPatch) {
  if (patch.id !== undefined && patch.id !== id) throw violation('category.id', 'must match the path');
  const image = await imageEntry(ctx, patch.image);
  return inTransaction(ctx, async (tx) => {
    const row = await readCategory(tx, { id }, true);
    if (String(row.revision) !== patch.revision) {
      throw conflict('REVISION_MISMATCH', 'The category was changed by someone else; reload and try again', {
        expected: patch.revision,
        actual: String(row.revision),
      });
    }
    if (patch.slug !== undefined) await slugFree(tx, patch.slug, id);
    const saved = await tx.db
      .updateTable('catalog_category')
      .set((eb) => ({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
        ...(patch.visible !== undefined ? { visible: patch.visible } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(image !== undefined ? { image_url: image } : {}),
        revision: eb('revision', '+', 1),
        updated_at: tx.clock.now(),
      }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const before = await wire(tx, row);
    const category = await wire(tx, saved);
    const modifiedFields = Object.fromEntries(
      Object.keys(patch)
        .filter((k) => k !== 'revision' && k !== 'id')
        .map((k) => [k, (before as Record<string, unknown>)[k]]),
    );
    await emitEvent(tx, {
      entityFqdn: CATEGORY_FQDN,
      slug: 'updated',
      entityId: id,
      updatedEvent: { currentEntity: category, modifiedFields },
    });
    return category;
  });
}

/** Deletes a category; its products stay, without it. */
export async function deleteCategory(ctx: Ctx, id: string) {
  await inTransaction(ctx, async (tx) => {
    const gone = await tx.db
      .deleteFrom('catalog_category')
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!gone) throw notFound('Category', { id }, 'CATEGORY_NOT_FOUND');
    await emitEvent(tx, { entityFqdn: CATEGORY_FQDN, slug: 'deleted', entityId: id, deletedEvent: {} });
  });
}

/** The categories a reader sees: visible ones (asking for hidden ones is ignored for visitors); the admin sees all unless they say otherwise. */
export function readableCategories(ctx: Ctx, all?: boolean) {
  const base = ctx.db.selectFrom('catalog_category').selectAll('catalog_category');
  return isAdmin(ctx) && all !== false ? base : base.where('catalog_category.visible', '=', true);
}

/** A cursor page of `base` (readableCategories) as the wire shows it, with product counts. */
export async function categoriesPage(
  ctx: Ctx,
  base: ReturnType<typeof readableCategories>,
  spec: QuerySpec,
  q: CursorQuery,
  where = 'query',
) {
  const page = await cursorPage(base, spec, q, where);
  const n = await counts(
    ctx,
    page.items.map((c) => c.id),
  );
  return {
    categories: page.items.map((c) => toCategory(c, n.get(c.id) ?? 0)),
    pagingMetadata: metadata.cursor(page),
  };
}

export async function queryCategories(ctx: Ctx, q: CursorQuery | null | undefined, all?: boolean) {
  return categoriesPage(ctx, readableCategories(ctx, all), categorySpec, q ?? {});
}

/** Adds products to a category (v1 `addProductsToCollection`); products already in it stay where they are. */
export async function addProductsToCategory(ctx: Ctx, id: string, productIds: string[]) {
  await inTransaction(ctx, async (tx) => {
    await readCategory(tx, { id }, true);
    const ids = [...new Set(productIds.map((p) => p.toLowerCase()))];
    const found = await tx.db.selectFrom('catalog_product').select('id').where('id', 'in', ids).execute();
    const missing = ids.find((p) => !found.some((f) => f.id === p));
    if (missing) throw notFound('Product', { id: missing }, 'PRODUCT_NOT_FOUND');
    const last = await tx.db
      .selectFrom('catalog_product_category')
      .select(sql<number>`coalesce(max(position), -1)::int`.as('n'))
      .where('category_id', '=', id)
      .executeTakeFirstOrThrow();
    const added = await tx.db
      .insertInto('catalog_product_category')
      .values(ids.map((product_id, i) => ({ product_id, category_id: id, position: Number(last.n) + 1 + i })))
      .onConflict((oc) => oc.columns(['product_id', 'category_id']).doNothing())
      .returning('product_id')
      .execute();
    for (const a of added) await emitCategoryItemChanges(tx, a.product_id, [], [id]);
  });
}

/** Removes products from a category (v1 `removeProductsFromCollection`); products not in it are ignored. */
export async function removeProductsFromCategory(ctx: Ctx, id: string, productIds: string[]) {
  await inTransaction(ctx, async (tx) => {
    await readCategory(tx, { id }, true);
    const removed = await tx.db
      .deleteFrom('catalog_product_category')
      .where('category_id', '=', id)
      .where('product_id', 'in', [...new Set(productIds.map((p) => p.toLowerCase()))])
      .returning('product_id')
      .execute();
    for (const r of removed) await emitCategoryItemChanges(tx, r.product_id, [id], []);
  });
}
