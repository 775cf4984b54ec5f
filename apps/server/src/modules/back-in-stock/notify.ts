/**
 * Notifying: a restocked item's waiting requests are e-mailed by a job chain, 50 at a time, one batch
 * a second. Each batch is claimed RECEIVED → PROCESSING with FOR UPDATE SKIP LOCKED (committed), then
 * each request is e-mailed and ended in its own transaction, guarded by its claim: nothing is e-mailed
 * twice, whatever the number of processes (README).
 */
import {
  ENTITY_FQDN,
  type BackInStockCatalogReference,
  type BackInStockItemDetails,
} from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, violation } from '../../platform/errors.ts';
import { eventTypeOf, type Subscriber } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueJob, type JobHandler } from '../../platform/jobs.ts';
import { queueMail } from '../../platform/mail.ts';
import { lookupCatalogItems, productSummaries } from '../catalog/index.ts';
import { getSettings } from '../settings/index.ts';
import { backInStockMail, type ItemInfo } from './email.ts';
import { unsubscribeUrl } from './link.ts';
import { createRequest, resolveItem, storedDetails } from './service.ts';
import {
  acquireRun,
  claimBatch,
  findRequest,
  hasClaimable,
  oldestClaim,
  releaseRun,
  renewRun,
  writeRequest,
  type RequestRow,
  type Scope,
  type StoredItemDetails,
} from './store.ts';
import { isUuid } from '../../platform/ids.ts';
import { emitRequestEvent } from './wire.ts';

export const NOTIFY_JOB = 'back-in-stock.notify';
/** Requests claimed and e-mailed per batch; the chain waits PACE_MS between batches. */
export const BATCH = 50;
export const PACE_MS = 1000;
/** A PROCESSING claim older than this belongs to a run that died: the next run takes it again. */
export const STALE_MS = 3 * 60_000;
/** An automatic chain holds its item this long past its last batch (a dead chain lets go then). */
const HOLD_MS = 10 * 60_000;

/**
 * `restock`: the automatic chain of a restocked variant (holds the item; stops when it sells out
 * again). Otherwise an on-demand report, with the merchant's `details` for the e-mail.
 */
export interface NotifyPayload {
  scope: Scope;
  restock?: boolean;
  details?: StoredItemDetails;
}

const at = (ctx: Ctx, ms: number) => new Date(ctx.clock.now().getTime() + ms);

/** Starts the item's automatic chain when it has requests to claim and no live chain holds it. */
export async function startRestock(ctx: Ctx, productId: string, variantId: string): Promise<void> {
  const scope: Scope = { kind: 'item', productId, variantId };
  if (!(await hasClaimable(ctx.db, scope, at(ctx, -STALE_MS)))) return;
  await inTransaction(ctx, async (tx) => {
    if (!(await acquireRun(tx.db, productId, variantId, tx.clock.now(), at(tx, HOLD_MS)))) return;
    await enqueueJob(tx, NOTIFY_JOB, { scope, restock: true } satisfies NotifyPayload);
  });
}

/**
 * Asks to be e-mailed (service `createRequest`). When the item can be bought already (it came back
 * between the shopper's page and their "Notify me", or an app asked for an item in stock), no restock
 * event is coming for the request: its chain starts now, so it is e-mailed at once. A product-level
 * request of a product with several variants waits for a restock (no one variant is named).
 */
export async function requestBackInStock(
  ctx: Ctx,
  input: Parameters<typeof createRequest>[1],
  itemDetails: BackInStockItemDetails | undefined,
) {
  const { request, item } = await createRequest(ctx, input, itemDetails);
  const [now] = await lookupCatalogItems(ctx.db, [
    item.variantId
      ? { catalogItemId: item.productId, options: { variantId: item.variantId } }
      : { catalogItemId: item.productId },
  ]);
  if (request.status === 'RECEIVED' && now?.visible && now.inStock)
    await startRestock(ctx, now.productId, now.variantId);
  return request;
}

/** The item of an inventory event that leaves it in stock. */
function inStockItem(e: object) {
  const event = e as { updatedEvent?: { currentEntity: unknown }; createdEvent?: { entity: unknown } };
  const item = (event.updatedEvent?.currentEntity ?? event.createdEvent?.entity) as
    { productId?: unknown; variantId?: unknown; availabilityStatus?: unknown } | undefined;
  if (item?.availabilityStatus !== 'IN_STOCK' || !isUuid(item.productId) || !isUuid(item.variantId))
    return undefined;
  return { productId: item.productId, variantId: item.variantId };
}

/** An inventory item created or updated in stock (v3 update, v1/v3 increments, a restocking cancel…). */
export const inventorySubscriber: Subscriber = {
  name: 'back-in-stock.inventory',
  eventTypes: [
    eventTypeOf(ENTITY_FQDN.inventoryItem, 'updated'),
    eventTypeOf(ENTITY_FQDN.inventoryItem, 'created'),
  ],
  // A sale that leaves the item out of stock has nothing to start: no delivery is written for it.
  wants: (event) => inStockItem(event) !== undefined,
  async handle(ctx, event) {
    const item = inStockItem(event);
    if (item) await startRestock(ctx, item.productId.toLowerCase(), item.variantId.toLowerCase());
  },
};

/** The catalog's view of the items of some requests (name, price, picture, page), by `product/variant`. */
async function catalogInfo(ctx: Ctx, rows: readonly RequestRow[], scope: Scope) {
  // A product-level request of a restocked variant shows that variant (its price).
  const variantOf = (r: RequestRow) => r.variant_id || (scope.kind === 'item' ? scope.variantId : '');
  const keys = [...new Set(rows.map((r) => `${r.product_id}/${variantOf(r)}`))];
  const refs = keys.map((k) => {
    const [catalogItemId, variantId] = k.split('/') as [string, string];
    return variantId ? { catalogItemId, options: { variantId } } : { catalogItemId };
  });
  const [items, products] = await Promise.all([
    lookupCatalogItems(ctx.db, refs),
    productSummaries(
      ctx.db,
      rows.map((r) => r.product_id),
    ),
  ]);
  const out = new Map<string, ItemInfo>();
  keys.forEach((k, i) => {
    const p = products.find((x) => x.id === k.split('/')[0]);
    if (!p?.visible) return;
    const item = items[i];
    out.set(k, {
      name: item?.name ?? p.name,
      slug: p.slug,
      ...(item && k.split('/')[1] ? { variantId: item.variantId } : {}),
      ...(item ? { priceMinor: item.priceMinor } : {}),
      ...((item?.image?.url ?? p.imageUrl) ? { imageUrl: item?.image?.url ?? p.imageUrl } : {}),
    });
  });
  return (r: RequestRow) => out.get(`${r.product_id}/${variantOf(r)}`);
}

async function end(
  tx: Ctx,
  r: RequestRow,
  status: 'NOTIFICATION_SENT' | 'FAILED',
  failure: string | null = null,
) {
  const now = tx.clock.now();
  const saved = await writeRequest(tx.db, r.id, {
    status,
    auto_notified: status === 'NOTIFICATION_SENT',
    failure_reason: failure,
    claim_id: null,
    ...(status === 'NOTIFICATION_SENT' ? { notified_at: now } : {}),
    updated_at: now,
  });
  await emitRequestEvent(tx, saved, 'updated');
}

/** The claimed request still ours (not deleted, marked sent or taken by another run meanwhile), locked. */
async function stillOurs(tx: Ctx, id: string, claimId: string) {
  const r = await findRequest(tx.db, id, true);
  return r && r.status === 'PROCESSING' && r.claim_id === claimId ? r : undefined;
}

/** Claims one batch of the scope and e-mails it; answers how many were claimed. */
async function runBatch(ctx: Ctx, p: NotifyPayload): Promise<number> {
  const claimId = newId();
  const now = ctx.clock.now();
  const rows = await inTransaction(ctx, async (tx) => {
    const claimed = await claimBatch(tx.db, {
      scope: p.scope,
      claimId,
      now,
      staleBefore: new Date(now.getTime() - STALE_MS),
      limit: BATCH,
    });
    for (const r of claimed) await emitRequestEvent(tx, r, 'updated');
    return claimed;
  });
  if (rows.length === 0) return 0;
  const [info, settings] = await Promise.all([catalogInfo(ctx, rows, p.scope), getSettings(ctx)]);
  for (const claimed of rows) {
    try {
      await inTransaction(ctx, async (tx) => {
        const r = await stillOurs(tx, claimed.id, claimId);
        if (!r) return;
        const item = info(r);
        if (!item) {
          await end(tx, r, 'FAILED', 'ITEM_UNAVAILABLE: the product is no longer in the shop');
          return;
        }
        const details = { ...r.item_details, ...p.details };
        await queueMail(
          tx,
          backInStockMail(tx, {
            to: r.email,
            settings,
            item,
            details,
            unsubscribeUrl: await unsubscribeUrl(tx, r.id),
          }),
        );
        await end(tx, r, 'NOTIFICATION_SENT');
      });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      ctx.log.warn({ err: e, requestId: claimed.id }, 'back-in-stock e-mail not queued');
      await inTransaction(ctx, async (tx) => {
        const r = await stillOurs(tx, claimed.id, claimId);
        if (r) await end(tx, r, 'FAILED', `MAIL_NOT_QUEUED: ${message}`.slice(0, 500));
      });
    }
  }
  return rows.length;
}

/** Whether the restocked variant can still be bought (visible, in stock). */
async function inStock(ctx: Ctx, productId: string, variantId: string) {
  const [item] = await lookupCatalogItems(ctx.db, [{ catalogItemId: productId, options: { variantId } }]);
  return Boolean(item?.visible && item.inStock);
}

/**
 * One batch of a chain, then the next one PACE_MS later while a full batch was taken. An automatic
 * chain first checks that its variant is still in stock (the requests keep waiting otherwise).
 */
export const notifyJob: JobHandler<NotifyPayload> = {
  name: NOTIFY_JOB,
  maxAttempts: 10,
  async run(ctx, p) {
    const s = p.scope;
    const auto = p.restock && s.kind === 'item' ? s : undefined;
    if (auto) {
      if (!(await inStock(ctx, auto.productId, auto.variantId))) {
        await releaseRun(ctx.db, auto.productId, auto.variantId);
        return;
      }
      await renewRun(ctx.db, auto.productId, auto.variantId, at(ctx, HOLD_MS));
    }
    const claimed = await runBatch(ctx, p);
    if (claimed === BATCH) {
      await enqueueJob(ctx, NOTIFY_JOB, p, { runAt: at(ctx, PACE_MS) });
      return;
    }
    // Claims of a run that died (or failed after claiming) go stale: come back for them then.
    const oldest = await oldestClaim(ctx.db, s);
    if (oldest) {
      const runAt = new Date(
        Math.max(oldest.getTime() + STALE_MS + 1000, ctx.clock.now().getTime() + PACE_MS),
      );
      if (auto) await renewRun(ctx.db, auto.productId, auto.variantId, new Date(runAt.getTime() + HOLD_MS));
      await enqueueJob(ctx, NOTIFY_JOB, p, { runAt });
      return;
    }
    if (auto) {
      await releaseRun(ctx.db, auto.productId, auto.variantId);
      // A restock event that came while this chain held the item was skipped: look once more.
      await startRestock(ctx, auto.productId, auto.variantId);
    }
  },
};

/**
 * `reportItemsBackInStock`: e-mails the given requests, or the waiting requests of an item (a variant:
 * its own and the product-level ones; a product: all of its), now, with the merchant's item details.
 */
export async function reportItemsBackInStock(
  ctx: Ctx,
  o: {
    catalogReference?: BackInStockCatalogReference | null | undefined;
    requestIds?: readonly string[] | null | undefined;
    itemDetails?: BackInStockItemDetails | undefined;
  },
): Promise<void> {
  const ids = o.requestIds ?? [];
  if (o.catalogReference && ids.length)
    throw new AppError(
      400,
      'REQUEST_CONTAINS_BOTH_CATALOG_REFERENCE_AND_REQUEST_IDS',
      'Name the requests or the catalog reference, not both',
    );
  if (!o.catalogReference && !ids.length)
    throw violation('requestIds', 'name the requests or the catalog reference', 'REQUIRED_ONE_OF_FIELD');
  const details = storedDetails(ctx, o.itemDetails);
  let scope: Scope;
  if (o.catalogReference) {
    const item = await resolveItem(ctx, o.catalogReference);
    scope = item.variantId
      ? { kind: 'item', productId: item.productId, variantId: item.variantId }
      : { kind: 'product', productId: item.productId };
  } else {
    const valid = [...new Set(ids.filter(isUuid).map((i) => i.toLowerCase()))];
    if (!valid.length) return; // ids that are not UUIDs name no request: nothing to send
    scope = { kind: 'ids', ids: valid };
  }
  await enqueueJob(ctx, NOTIFY_JOB, { scope, details } satisfies NotifyPayload);
}
