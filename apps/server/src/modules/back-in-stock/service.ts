/** Back-in-stock requests: create (one open per e-mail and item), read, delete, count, query (README). */
import type {
  BackInStockCatalogReference,
  BackInStockItemDetails,
  CursorQuery,
  WireBackInStockRequest,
} from '@vitrine/contract';
import type { z } from 'zod';
import type { backInStockRequestInput } from '@vitrine/contract';
import { shopperOf, type Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueJob, type JobHandler } from '../../platform/jobs.ts';
import { cursorPage } from '../../platform/query/page.ts';
import { lookupCatalogItems, productSummaries, STORES_APP_ID } from '../catalog/index.ts';
import { libraryFileId, mediaPath } from '../media/index.ts';
import {
  findOpen,
  findRequest,
  insertRequest,
  recentCount,
  removeRequest,
  requestsBase,
  requestSpec,
  waitingCounts,
  writeRequest,
  type RequestRow,
  type StoredItemDetails,
} from './store.ts';
import { isUuid } from '../../platform/ids.ts';
import { emitRequestEvent, owns, requestNotFound, toRequest } from './wire.ts';

export const EXPIRE_JOB = 'back-in-stock.expire';
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Requests a visitor or member may make an hour (admins and apps: no limit). */
export const CREATES_PER_HOUR = 30;

type RequestInput = z.output<typeof backInStockRequestInput>;

/** The item a catalog reference names: the product, and the variant ('' for the product as a whole). */
export interface ResolvedItem {
  productId: string;
  variantId: string;
}

/**
 * Resolves a stores catalog reference: the product must exist (and be visible, for shoppers); a
 * variant named by `options.variantId` or by option choices (`options.options`) must be one of its
 * visible variants.
 */
export async function resolveItem(ctx: Ctx, ref: BackInStockCatalogReference): Promise<ResolvedItem> {
  if (ref.appId !== STORES_APP_ID)
    throw new AppError(400, 'CATALOG_APP_NOT_SUPPORTED', 'Back-in-stock requests are for store products', {
      appId: ref.appId,
      supportedAppId: STORES_APP_ID,
    });
  const [product] = await productSummaries(ctx.db, [ref.catalogItemId]);
  if (!product || (!product.visible && ctx.caller.role !== 'admin'))
    throw notFound('Product', { catalogItemId: ref.catalogItemId }, 'PRODUCT_NOT_FOUND');
  const o = ref.options ?? {};
  const choices = o.options && typeof o.options === 'object' && Object.keys(o.options).length > 0;
  if ((o.variantId === undefined || o.variantId === null) && !choices)
    return { productId: product.id, variantId: '' };
  const [item] = await lookupCatalogItems(ctx.db, [{ catalogItemId: product.id, options: o }]);
  if (!item)
    throw new AppError(
      400,
      'INVALID_CATALOG_REFERENCE_OPTIONS',
      'The options name no variant of this product',
      { catalogItemId: product.id, options: o },
    );
  return { productId: product.id, variantId: item.variantId };
}

const invalidImage = (url: string) =>
  new AppError(400, 'INVALID_ITEM_IMAGE_URL', 'The item image must be an http(s) URL or a library image', {
    url,
  });

/**
 * The image URL an e-mail can show for `itemDetails.image`: an http(s) URL as given, a library file as
 * this server's URL; a platform image this store does not hold is left out (the catalog's is shown).
 */
export function imageUrlOf(ctx: Ctx, image: BackInStockItemDetails['image']): string | undefined {
  if (!image) return undefined;
  const url = typeof image === 'string' ? image : (image.url ?? undefined);
  const id = typeof image === 'string' ? undefined : (image.id ?? undefined);
  const file = (id && libraryFileId(ctx, id)) || (url && libraryFileId(ctx, url));
  if (file) return `${ctx.config.PUBLIC_URL}${mediaPath(file)}`;
  if (url && /^https?:\/\//i.test(url)) {
    try {
      return new URL(url).toString();
    } catch {
      throw invalidImage(url);
    }
  }
  if (id || url?.startsWith('wix:image://')) return undefined;
  if (url) throw invalidImage(url);
  return undefined;
}

/** What a request keeps of `itemDetails` for its e-mail. */
export function storedDetails(ctx: Ctx, d: BackInStockItemDetails | undefined): StoredItemDetails {
  const name = d?.name?.replace(/\s+/g, ' ').trim();
  const imageUrl = imageUrlOf(ctx, d?.image);
  return {
    ...(name ? { name } : {}),
    ...(d?.price ? { price: d.price } : {}),
    ...(imageUrl ? { imageUrl } : {}),
  };
}

async function checkRate(ctx: Ctx) {
  if (ctx.caller.role === 'admin') return;
  const shopper = shopperOf(ctx.caller);
  if (!shopper) return;
  const since = new Date(ctx.clock.now().getTime() - HOUR);
  const n = await recentCount(
    ctx.db,
    shopper.memberId ? { memberId: shopper.memberId } : { visitorId: shopper.visitorId },
    since,
  );
  if (n >= CREATES_PER_HOUR)
    throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many back-in-stock requests; try again later', {
      limit: CREATES_PER_HOUR,
    });
}

function rowFor(
  ctx: Ctx,
  input: RequestInput,
  email: string,
  item: ResolvedItem,
  details: StoredItemDetails,
): RequestRow {
  const now = ctx.clock.now();
  const shopper = shopperOf(ctx.caller);
  const options = input.catalogReference.options;
  return {
    id: newId(),
    product_id: item.productId,
    variant_id: item.variantId,
    catalog_reference: {
      catalogItemId: item.productId,
      appId: input.catalogReference.appId,
      ...(options && Object.keys(options).length ? { options } : {}),
    },
    email,
    contact_id: shopper?.memberId ?? null,
    member_id: shopper?.memberId ?? null,
    visitor_id: shopper?.visitorId ?? null,
    item_url: input.itemUrl ?? null,
    item_details: details,
    status: 'RECEIVED',
    auto_notified: false,
    failure_reason: null,
    claim_id: null,
    claimed_at: null,
    notified_at: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Creates a request, or answers the e-mail's open request for the item (also when both arrive at
 * once: the partial unique index decides, the loser reads the winner's row); with the item it names.
 */
export async function createRequest(
  ctx: Ctx,
  input: RequestInput,
  itemDetails: BackInStockItemDetails | undefined,
): Promise<{ request: WireBackInStockRequest; item: ResolvedItem }> {
  if (JSON.stringify(input.catalogReference.options ?? {}).length > 2000)
    throw new AppError(
      400,
      'INVALID_CATALOG_REFERENCE_OPTIONS',
      'The catalog reference options are too long',
    );
  const email = input.email.trim().toLowerCase();
  const item = await resolveItem(ctx, input.catalogReference);
  const details = storedDetails(ctx, itemDetails);
  for (let attempt = 0; attempt < 3; attempt++) {
    const open = await findOpen(ctx.db, email, item.productId, item.variantId);
    if (open) return { request: toRequest(open, owns(ctx.caller, open)), item };
    await checkRate(ctx);
    const saved = await inTransaction(ctx, async (tx) => {
      const row = await insertRequest(tx.db, rowFor(tx, input, email, item, details));
      if (!row) return undefined;
      await emitRequestEvent(tx, row, 'created');
      const expiresAt = new Date(row.created_at.getTime() + tx.config.BACK_IN_STOCK_EXPIRY_DAYS * DAY);
      await enqueueJob(tx, EXPIRE_JOB, { id: row.id }, { runAt: expiresAt });
      return row;
    });
    if (saved) return { request: toRequest(saved), item };
  }
  // The open request kept ending between our insert and our read: practically never.
  throw conflict('BACK_IN_STOCK_NOTIFICATION_REQUEST_ALREADY_EXISTS', 'A request for this item is open');
}

/** A request the caller may see: their own (shoppers), any (admins); otherwise not found. */
async function visible(ctx: Ctx, id: string, lock = false): Promise<RequestRow> {
  const row = isUuid(id) ? await findRequest(ctx.db, id, lock) : undefined;
  if (!row || !owns(ctx.caller, row)) throw requestNotFound(id);
  return row;
}

export async function getRequest(ctx: Ctx, id: string): Promise<WireBackInStockRequest> {
  return toRequest(await visible(ctx, id));
}

export async function deleteRequest(ctx: Ctx, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await visible(tx, id, true);
    await removeRequest(tx.db, row.id);
    await emitRequestEvent(tx, row, 'deleted');
  });
}

/** The merchant e-mailed the shopper themselves: NOTIFICATION_SENT, not auto-notified (a notifier run holding it skips it). */
export async function markAsNotificationSent(ctx: Ctx, id: string): Promise<WireBackInStockRequest> {
  return inTransaction(ctx, async (tx) => {
    const row = await visible(tx, id, true);
    if (row.status === 'NOTIFICATION_SENT') return toRequest(row);
    const now = tx.clock.now();
    const saved = await writeRequest(tx.db, row.id, {
      status: 'NOTIFICATION_SENT',
      auto_notified: false,
      failure_reason: null,
      claim_id: null,
      notified_at: now,
      updated_at: now,
    });
    await emitRequestEvent(tx, saved, 'updated');
    return toRequest(saved);
  });
}

/**
 * Waiting requests (RECEIVED or PROCESSING) per reference, in the order given: a variant's count holds
 * the product-level requests its restock would notify too; a product's holds all of the product's.
 */
export async function countByCatalogReferences(ctx: Ctx, refs: readonly BackInStockCatalogReference[]) {
  const items = refs.map((r) => {
    const v = r.options?.variantId;
    const ok = r.appId === STORES_APP_ID && isUuid(r.catalogItemId);
    return {
      productId: ok ? r.catalogItemId.toLowerCase() : '00000000-0000-0000-0000-000000000000',
      variantId: v === undefined || v === null ? null : typeof v === 'string' ? v.toLowerCase() : '-',
      ok,
    };
  });
  const counts = await waitingCounts(ctx.db, items);
  return {
    countsPerCatalogReference: refs.map((catalogReference, i) => ({
      catalogReference,
      count: items[i]!.ok ? counts[i]! : 0,
    })),
  };
}

export async function queryRequests(ctx: Ctx, query: CursorQuery | undefined) {
  const page = await cursorPage(requestsBase(ctx.db), requestSpec, query);
  return {
    requests: page.items.map((r) => toRequest(r)),
    metadata: { count: page.items.length, cursors: page.cursors },
  };
}

/** At createdDate + BACK_IN_STOCK_EXPIRY_DAYS: a request still waiting is deleted. */
export const expireJob: JobHandler<{ id: string }> = {
  name: EXPIRE_JOB,
  async run(ctx, { id }) {
    await inTransaction(ctx, async (tx) => {
      const row = await findRequest(tx.db, id, true);
      if (row?.status !== 'RECEIVED') return;
      await removeRequest(tx.db, id);
      await emitRequestEvent(tx, row, 'deleted');
    });
  },
};
