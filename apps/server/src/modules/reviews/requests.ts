/** Review requests (v2): scheduled after fulfilment, e-mailed by a job, managed by admins (README). */
import { APP_ID, type CursorQuery, type Order, type WireReviewRequest } from '@vitrine/contract';
import type { z } from 'zod';
import type { reviewRequestInput } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { emitEvent, type EventBody } from '../../platform/events.ts';
import { newId, UUID } from '../../platform/ids.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { compileFilter } from '../../platform/query/filter.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
import { getMember } from '../members/index.ts';
import { readOrderForSystem } from '../orders/index.ts';
import { getReviewSettings } from './settings.ts';
import {
  findRequest,
  insertRequest,
  removeRequest,
  requestsBase,
  requestSpec,
  requestsOfOrder,
  writeRequest,
  type RequestRow,
} from './request-store.ts';
import { REQUEST_FQDN } from './wire.ts';

export const SEND_REQUEST_JOB = 'reviews.send-request';
const DAY = 86_400_000;
export const requestNotFound = (id: string) =>
  notFound('Review request', { reviewRequestId: id }, 'REVIEW_REQUEST_NOT_FOUND');

export function toRequest(r: RequestRow): WireReviewRequest {
  return {
    id: r.id,
    revision: String(r.revision),
    createdDate: r.created_at.toISOString(),
    updatedDate: r.updated_at.toISOString(),
    sendDate: r.send_at.toISOString(),
    namespace: r.namespace,
    ...(r.order_id ? { order: { id: r.order_id } } : {}),
    items: r.items.map((i) => ({
      catalogItemId: i.catalogItemId,
      ...(i.reviewId ? { reviewId: i.reviewId } : {}),
    })),
    recipient: r.recipient_contact_id ? { contactId: r.recipient_contact_id } : {},
    communicationChannel: 'EMAIL',
    status: r.status,
    ...(r.status === 'SENT' ? { sentOptions: { opened: r.opened } } : {}),
    ...(r.status === 'FAILED'
      ? {
          failedOptions: {
            reason: (r.failed_reason ?? 'UNKNOWN_FAILURE_REASON') as 'BOUNCED',
            message: r.failed_message ?? '',
          },
        }
      : {}),
    requestedBy: r.requested_by,
  };
}

const emitRequest = (ctx: Ctx, slug: string, id: string, body: EventBody) =>
  emitEvent(ctx, { entityFqdn: REQUEST_FQDN, slug, entityId: id, ...body }, { entityLocked: true });

/** Writes a changed request with its `updated` event (the row is locked). */
export async function changeRequest(ctx: Ctx, before: RequestRow, next: Partial<RequestRow>) {
  const row = await writeRequest(ctx.db, {
    ...before,
    ...next,
    revision: before.revision + 1,
    updated_at: ctx.clock.now(),
  });
  const entity = toRequest(row);
  await emitRequest(ctx, 'updated', row.id, { updatedEvent: { currentEntity: entity, modifiedFields: {} } });
  return row;
}

/** The stores items of an order (each product once). */
const itemsOf = (o: Order) => [
  ...new Set(
    o.lineItems
      .filter((l) => l.catalogReference?.appId === APP_ID.stores && l.catalogReference.catalogItemId)
      .map((l) => l.catalogReference!.catalogItemId.toLowerCase()),
  ),
];

function requestedByOf(ctx: Ctx): RequestRow['requested_by'] {
  const c = ctx.caller;
  return c.role === 'admin' && c.userId
    ? { wixUserId: c.userId, identityType: 'WIX_USER' }
    : { appId: c.role === 'admin' ? (c.appId ?? APP_ID.vitrine) : APP_ID.vitrine, identityType: 'APP' };
}

type Input = z.output<typeof reviewRequestInput>;

type Contact = { contactDetails?: { firstName?: string; lastName?: string } } | undefined;
/** The buyer's name as a review shows it: "Ada L." (billing, else recipient, else shipping contact). */
export function buyerName(o: Order): string | null {
  const ship = o.shippingInfo as { logistics?: { shippingDestination?: Contact } } | undefined;
  const candidates = [
    o.billingInfo as Contact,
    (o as { recipientInfo?: Contact }).recipientInfo,
    ship?.logistics?.shippingDestination,
  ];
  for (const c of candidates) {
    const first = c?.contactDetails?.firstName?.trim();
    if (first) {
      const last = c?.contactDetails?.lastName?.trim();
      return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
    }
  }
  return null;
}

async function rowFor(ctx: Ctx, input: Input, sendAt: Date): Promise<RequestRow> {
  const now = ctx.clock.now();
  const base = {
    id: newId(),
    namespace: input.namespace,
    send_at: sendAt,
    status: 'SCHEDULED' as const,
    failed_reason: null,
    failed_message: null,
    opened: false,
    requested_by: requestedByOf(ctx),
    revision: 1,
    created_at: now,
    updated_at: now,
  };
  if (input.order) {
    const o = await readOrderForSystem(ctx, input.order.id);
    if (!o) throw notFound('Order', { orderId: input.order.id }, 'ORDER_NOT_FOUND');
    const items = itemsOf(o);
    if (items.length === 0)
      throw new AppError(400, 'ORDER_IS_EMPTY', 'The order holds no store products to review');
    const first = buyerName(o);
    return {
      ...base,
      order_id: o.id,
      items: items.map((catalogItemId) => ({ catalogItemId })),
      recipient_contact_id:
        o.buyerInfo.contactId ?? o.buyerInfo.memberId ?? input.recipient?.contactId ?? null,
      recipient_member_id: o.buyerInfo.memberId ?? null,
      recipient_email: o.buyerInfo.email?.toLowerCase() ?? null,
      recipient_name: first ?? null,
    };
  }
  if (!input.items?.length) {
    throw new AppError(400, 'EITHER_ORDER_OR_ITEMS_REQUIRED', 'Name an order or the items to review');
  }
  // Without an order the recipient is a member's contact (contact id = member id here).
  const contactId = input.recipient?.contactId ?? null;
  const m = contactId && UUID.test(contactId) ? await getMember(ctx, contactId) : null;
  return {
    ...base,
    order_id: null,
    items: [...new Set(input.items.map((i) => i.catalogItemId.toLowerCase()))].map((catalogItemId) => ({
      catalogItemId,
    })),
    recipient_contact_id: contactId,
    recipient_member_id: m?.id ?? null,
    recipient_email: m?.loginEmail?.toLowerCase() ?? null,
    recipient_name: m?.contact?.firstName ?? m?.profile?.nickname ?? null,
  };
}

/** Inserts a request and schedules its e-mail; undefined when its order already has one. */
async function insertScheduled(ctx: Ctx, row: RequestRow): Promise<RequestRow | undefined> {
  return inTransaction(ctx, async (tx) => {
    const saved = await insertRequest(tx.db, row);
    if (!saved) return undefined;
    await emitRequest(tx, 'created', saved.id, { createdEvent: { entity: toRequest(saved) } });
    await enqueueJob(tx, SEND_REQUEST_JOB, { id: saved.id }, { runAt: saved.send_at });
    return saved;
  });
}

export async function createReviewRequest(ctx: Ctx, input: Input): Promise<WireReviewRequest> {
  const row = await rowFor(ctx, input, input.sendDate ? new Date(input.sendDate) : ctx.clock.now());
  const saved = await insertScheduled(ctx, row);
  if (!saved) {
    throw conflict('REVIEW_REQUEST_ALREADY_EXISTS', 'This order already has a review request', {
      orderId: row.order_id,
    });
  }
  return toRequest(saved);
}

/** From `order_fulfilled`: one request per order, `requestDelayDays` later, when requests are on. */
export async function scheduleForOrder(ctx: Ctx, order: Order): Promise<void> {
  const s = await getReviewSettings(ctx);
  if (!s.requestsEnabled || !order.buyerInfo.email || itemsOf(order).length === 0) return;
  const sendAt = new Date(ctx.clock.now().getTime() + s.requestDelayDays * DAY);
  const row = await rowFor(ctx, { namespace: 'stores', order: { id: order.id } }, sendAt);
  await insertScheduled(ctx, row);
}

/** From `order_canceled` and full refunds: the order's scheduled requests are canceled. */
export async function cancelForOrder(ctx: Ctx, orderId: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    for (const r of await requestsOfOrder(tx.db, orderId)) {
      if (r.status === 'SCHEDULED') await changeRequest(tx, r, { status: 'CANCELED' });
    }
  });
}

export async function getReviewRequest(ctx: Ctx, id: string): Promise<WireReviewRequest> {
  const row = UUID.test(id) ? await findRequest(ctx.db, id) : undefined;
  if (!row) throw requestNotFound(id);
  return toRequest(row);
}

export async function deleteReviewRequest(ctx: Ctx, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = UUID.test(id) ? await removeRequest(tx.db, id) : undefined;
    if (!row) throw requestNotFound(id);
    await emitRequest(tx, 'deleted', id, { deletedEvent: { deletedEntity: toRequest(row) } });
  });
}

export async function queryReviewRequests(ctx: Ctx, query: CursorQuery | undefined) {
  const page = await cursorPage(requestsBase(ctx.db), requestSpec, query);
  return { reviewRequests: page.items.map(toRequest), pagingMetadata: metadata.cursor(page) };
}

export async function countReviewRequests(ctx: Ctx, filter: unknown) {
  const where = compileFilter(requestSpec, filter ?? {}, 'filter');
  const r = await ctx.db
    .selectFrom((eb) => eb.selectFrom('review_request').select('id').where(where).limit(10_001).as('r'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(r.n);
  if (n > 10_000)
    throw new AppError(400, 'TOO_MANY_TO_COUNT', 'More than 10,000 requests match; narrow the filter');
  return { count: n };
}

/** Cancels the SCHEDULED requests a filter names (up to 1,000 a call). */
export async function cancelByFilter(ctx: Ctx, filter: unknown) {
  const where = compileFilter(requestSpec, filter, 'filter');
  const ids = await ctx.db
    .selectFrom('review_request')
    .select('id')
    .where(where)
    .where('status', '=', 'SCHEDULED')
    .limit(1000)
    .execute();
  for (const { id } of ids) {
    await inTransaction(ctx, async (tx) => {
      const r = await findRequest(tx.db, id, true);
      if (r?.status === 'SCHEDULED') await changeRequest(tx, r, { status: 'CANCELED' });
    });
  }
  return { jobId: newId() };
}

export async function bulkCreateReviewRequests(ctx: Ctx, inputs: readonly Input[], returnEntity: boolean) {
  const results: { itemMetadata: Record<string, unknown>; item?: WireReviewRequest }[] = [];
  for (const [i, input] of inputs.entries()) {
    try {
      const item = await createReviewRequest(ctx, input);
      results.push({
        itemMetadata: { id: item.id, originalIndex: i, success: true },
        ...(returnEntity ? { item } : {}),
      });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      results.push({
        itemMetadata: {
          originalIndex: i,
          success: false,
          error: { code: e.code, description: e.description, data: e.data },
        },
      });
    }
  }
  const ok = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 },
  };
}
