/** Webhooks: the merchant's URLs, their deliveries, tests and redeliveries (README). */
import {
  DEFAULT_PAGE_SIZE,
  ENTITY_FQDN,
  WEBHOOK_LIMITS,
  type CreateWebhookRequest,
  type QueryWebhookDeliveriesRequest,
  type UpdateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
} from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, conflict, notFound, violation } from '../../platform/errors.ts';
import { refusal } from '../../platform/guarded-fetch.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { attempt } from './deliver.ts';
import {
  anyActive,
  countFailedSince,
  countWebhooks,
  deleteWebhookRow,
  deliveryPage,
  deliveryStats,
  failPending,
  findDelivery,
  findWebhook,
  insertWebhook,
  keptEventTypes,
  lastDeliveries,
  listWebhookRows,
  restartScan,
  updateWebhookRow,
  type WebhookRow,
} from './store.ts';
import { sendTestEvent } from './test-event.ts';
import { notSent, PAUSED, toDelivery, toWebhook } from './wire.ts';

const STATS_DAYS = 7;
const webhookNotFound = (id: string) => notFound('Webhook', { webhookId: id });
const deliveryNotFound = (id: string) => notFound('Webhook delivery', { deliveryId: id });

async function withStats(ctx: Ctx, rows: WebhookRow[]): Promise<Webhook[]> {
  const since = new Date(ctx.clock.now().getTime() - STATS_DAYS * 86_400_000);
  const [stats, last] = await Promise.all([
    deliveryStats(ctx.db, since),
    lastDeliveries(
      ctx.db,
      rows.map((r) => r.id),
    ),
  ]);
  const lastOf = new Map(last.map((d) => [d.webhook_id, d]));
  return rows.map((r) => toWebhook(r, stats.get(r.id), lastOf.get(r.id)));
}

/** For the merchant's home page: deliveries that failed for good in the last STATS_DAYS days. */
export function failedDeliveries(ctx: Ctx): Promise<number> {
  return countFailedSince(ctx.db, new Date(ctx.clock.now().getTime() - STATS_DAYS * 86_400_000));
}

export async function listWebhooks(ctx: Ctx): Promise<Webhook[]> {
  return withStats(ctx, await listWebhookRows(ctx.db));
}

async function rowOf(ctx: Ctx, id: string, forUpdate = false) {
  const row = isUuid(id) ? await findWebhook(ctx.db, id, forUpdate) : undefined;
  if (!row) throw webhookNotFound(id);
  return row;
}

export async function getWebhook(ctx: Ctx, id: string): Promise<Webhook> {
  return (await withStats(ctx, [await rowOf(ctx, id)]))[0]!;
}

/** A URL the guard refuses now (a private address, a name that does not resolve) is not saved. */
async function checkUrl(ctx: Ctx, url: string) {
  const refused = await refusal(url, { allow: ctx.config.FETCH_GUARD_ALLOW });
  if (refused)
    throw new AppError(400, 'WEBHOOK_URL_REFUSED', `Events cannot be sent to this URL: ${refused.message}`, {
      url,
      reason: refused.code,
    });
}

const unique = (types: readonly string[]) => [...new Set(types)];

export async function createWebhook(ctx: Ctx, input: CreateWebhookRequest['webhook']): Promise<Webhook> {
  await checkUrl(ctx, input.url);
  const row = await inTransaction(ctx, async (tx) => {
    if ((await countWebhooks(tx.db)) >= WEBHOOK_LIMITS.webhooks)
      throw conflict(
        'WEBHOOKS_LIMIT_EXCEEDED',
        `A store has at most ${WEBHOOK_LIMITS.webhooks} webhooks: delete one first`,
        { limit: WEBHOOK_LIMITS.webhooks },
      );
    const status = input.status ?? 'ACTIVE';
    if (status === 'ACTIVE' && !(await anyActive(tx.db))) await restartScan(tx.db);
    const now = tx.clock.now();
    return insertWebhook(tx.db, {
      id: newId(),
      url: input.url,
      description: input.description ?? '',
      event_types: unique(input.eventTypes),
      status,
      created_at: now,
      updated_at: now,
    });
  });
  return toWebhook(row);
}

export async function updateWebhook(
  ctx: Ctx,
  id: string,
  patch: UpdateWebhookRequest['webhook'],
): Promise<Webhook> {
  if (patch.url !== undefined) await checkUrl(ctx, patch.url);
  await inTransaction(ctx, async (tx) => {
    const before = await rowOf(tx, id, true);
    const now = tx.clock.now();
    if (patch.status === 'ACTIVE' && before.status !== 'ACTIVE' && !(await anyActive(tx.db, id)))
      await restartScan(tx.db);
    if (patch.status === 'PAUSED' && before.status === 'ACTIVE')
      await failPending(tx.db, id, notSent(PAUSED, now), now);
    await updateWebhookRow(
      tx.db,
      id,
      {
        ...(patch.url !== undefined ? { url: patch.url } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.eventTypes !== undefined ? { event_types: unique(patch.eventTypes) } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
      },
      now,
    );
  });
  return getWebhook(ctx, id);
}

/** Deletes the webhook and its delivery log; a delivery job still queued then finds nothing to do. */
export async function deleteWebhook(ctx: Ctx, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteWebhookRow(ctx.db, id))) throw webhookNotFound(id);
}

export async function testWebhook(ctx: Ctx, id: string): Promise<WebhookDelivery> {
  return toDelivery(await sendTestEvent(ctx, await rowOf(ctx, id)));
}

/**
 * One more attempt now, its outcome in the answer. A delivery still PENDING keeps its automatic
 * attempts after a failed one; a DELIVERED or FAILED one is attempted once more.
 */
export async function redeliver(ctx: Ctx, deliveryId: string): Promise<WebhookDelivery> {
  const d = isUuid(deliveryId) ? await findDelivery(ctx.db, deliveryId) : undefined;
  if (!d) throw deliveryNotFound(deliveryId);
  const pending = d.status === 'PENDING';
  const done = await attempt(ctx, d.id, { final: !pending, byHand: !pending });
  if (!done) throw deliveryNotFound(deliveryId);
  return toDelivery(done.delivery);
}

export async function queryDeliveries(ctx: Ctx, q: QueryWebhookDeliveriesRequest) {
  const limit = q.cursorPaging?.limit ?? DEFAULT_PAGE_SIZE;
  const cursor = q.cursorPaging?.cursor ?? undefined;
  if (cursor && !isUuid(cursor))
    throw violation('cursorPaging.cursor', 'not a cursor this call gave', 'FORMAT');
  // A webhook id that is not a UUID names no webhook: nothing matches (never a 400).
  if (q.webhookId !== undefined && !isUuid(q.webhookId))
    return {
      deliveries: [],
      pagingMetadata: { count: 0, cursors: { next: null, prev: null }, hasNext: false },
    };
  const rows = await deliveryPage(ctx.db, {
    ...(q.webhookId ? { webhookId: q.webhookId } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(cursor ? { beforeId: cursor } : {}),
    limit,
  });
  const page = rows.slice(0, limit);
  const hasNext = rows.length > limit;
  return {
    deliveries: page.map(toDelivery),
    pagingMetadata: {
      count: page.length,
      cursors: { next: hasNext ? page.at(-1)!.id : null, prev: null },
      hasNext,
    },
  };
}

const LABELS: Record<keyof typeof ENTITY_FQDN, string> = {
  product: 'Product',
  inventoryItem: 'Inventory item',
  category: 'Category',
  cart: 'Cart',
  checkout: 'Checkout',
  order: 'Order',
  fulfillments: 'Fulfillment',
  member: 'Member',
  coupon: 'Coupon',
  discountRule: 'Discount rule',
  redirectSession: 'Redirect session',
  mediaFile: 'Media file',
  mediaFolder: 'Media folder',
  storeSettings: 'Store settings',
  shippingRegion: 'Shipping region',
  pickupLocation: 'Pickup location',
  taxRate: 'Tax rate',
  additionalFee: 'Additional fee',
  giftCard: 'Gift card',
  review: 'Review',
  reviewRequest: 'Review request',
  backInStockRequest: 'Back-in-stock request',
  abandonedCheckout: 'Abandoned checkout',
  webhook: 'Webhook',
};

export async function eventTypes(ctx: Ctx) {
  const entities = (Object.keys(ENTITY_FQDN) as (keyof typeof ENTITY_FQDN)[])
    .filter((k) => k !== 'webhook')
    .map((k) => ({ entityFqdn: ENTITY_FQDN[k], label: LABELS[k] }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const recent = (await keptEventTypes(ctx.db)).filter((t) => !t.startsWith(`${ENTITY_FQDN.webhook}_`));
  return { entities, recentEventTypes: recent };
}
