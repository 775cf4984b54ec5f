/**
 * Changing a fulfillment after it was recorded (`@wix/ecom` orderFulfillments.updateFulfillment and
 * deleteFulfillment): a tracking number typed wrong, a shipment recorded by mistake; and
 * fulfilling many orders at once (bulkCreateFulfillments). All lock the order, as creating does, so
 * changes and new fulfillments of one order never interleave.
 */
import type { bulkCreateFulfillmentsRequest, updateFulfillmentRequest } from '@vitrine/contract';
import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { conflict, notFound, violation } from '../../platform/errors.ts';
import { applyFieldMask, pathsOf } from '../../platform/field-mask.ts';
import { getSettings } from '../settings/index.ts';
import { addActivity, emitUpdated, lockOrder, touch, wireOf } from './core.ts';
import { bulk } from './manage.ts';
import {
  createFulfillment,
  emitFulfillmentsUpdated,
  fulfilledQuantities,
  orderWithFulfillments,
  trackingLinkOf,
  type Line,
} from './fulfillments.ts';
import { mailShippingConfirmation, pickupOf } from './mails.ts';
import { listFulfillmentRows, type FulfillmentRow } from './store.ts';
import { toFulfillment } from './wire.ts';

type UpdateBody = z.output<typeof updateFulfillmentRequest>;
const EDITABLE = ['trackingInfo', 'customInfo', 'status', 'completed'] as const;

const fulfillmentNotFound = (id: string, orderId: string) =>
  notFound('Fulfillment', { id, orderId }, 'FULFILLMENT_NOT_FOUND');

/** The order's fulfillments, the one named, and the locked order (404 when either is not there). */
async function lockedFulfillment(ctx: Ctx, orderId: string, fulfillmentId: string) {
  const row = await lockOrder(ctx, orderId);
  const rows = await listFulfillmentRows(ctx.db, orderId);
  const target = rows.find((f) => f.id === fulfillmentId);
  if (!target) throw fulfillmentNotFound(fulfillmentId, orderId);
  return { row, rows, target };
}

/** Line items given with an update must be the stored ones (any order, each once; a quantity left out is theirs). */
function checkSameLines(given: UpdateBody['fulfillment']['lineItems'], stored: FulfillmentRow) {
  if (!given) return;
  const quantities = new Map(stored.line_items.map((l) => [l.id, l.quantity]));
  const same =
    given.length === quantities.size &&
    new Set(given.map((l) => l.id)).size === given.length &&
    given.every((l) => quantities.has(l.id) && (l.quantity ?? quantities.get(l.id)) === quantities.get(l.id));
  if (!same)
    throw violation(
      'fulfillment.lineItems',
      'cannot be changed: delete the fulfillment and create another with the right items',
      'VALIDATION',
    );
}

/** After the set of fulfillments changed: the fulfillments event and the order's updated event. */
async function emitChange(ctx: Ctx, orderId: string, modified: Record<string, unknown>) {
  const entity = await emitFulfillmentsUpdated(ctx, orderId);
  await emitUpdated(ctx, await wireOf(ctx, orderId), modified);
  return entity;
}

/**
 * Updates a fulfillment's tracking, custom info, status or completion (a field mask names the
 * paths; without one, what the body sets, `trackingInfo` field by field; `null` clears). A new tracking number must not be
 * another fulfillment's of the order (409 `TRACKING_NUMBER_ALREADY_EXISTS`); the carrier's link is
 * written again for the known carriers when the number or carrier changes and no link is given.
 * A changed tracking number is e-mailed to the buyer (a delivery's, not a pickup's).
 */
export async function updateFulfillment(ctx: Ctx, orderId: string, fulfillmentId: string, body: UpdateBody) {
  if (body.orderId !== undefined && body.orderId !== orderId)
    throw violation('orderId', 'must match the path');
  if (body.fulfillment.id !== undefined && body.fulfillment.id !== fulfillmentId)
    throw violation('fulfillment.id', 'must match the path');
  const settings = await getSettings(ctx);
  return inTransaction(ctx, async (tx) => {
    const { row, rows, target } = await lockedFulfillment(tx, orderId, fulfillmentId);
    checkSameLines(body.fulfillment.lineItems, target);
    const { id: _id, createdDate: _c, lineItems: _l, ...current } = toFulfillment(target);
    const { id: _i, createdDate: _d, lineItems: _g, ...patch } = body.fulfillment;
    // Without a mask, what the body sets, tracking field by field (a number alone keeps the carrier).
    const mask = body.fieldMask ?? pathsOf(patch, new Set(['customInfo'])).join(',');
    const { next, modifiedFields } = applyFieldMask(current, patch, mask, EDITABLE);
    if (Object.keys(modifiedFields).length === 0)
      return { orderWithFulfillments: orderWithFulfillments(orderId, rows) };

    const t = next.trackingInfo ?? undefined;
    const number = t?.trackingNumber ?? null;
    const provider = t?.shippingProvider ?? null;
    if (number && rows.some((f) => f.id !== fulfillmentId && f.tracking_number === number))
      throw conflict(
        'TRACKING_NUMBER_ALREADY_EXISTS',
        'Another fulfillment of this order has this tracking number',
        {
          trackingNumber: number,
        },
      );
    // A link the patch sets (its mask names it) is kept as given; otherwise a changed number or
    // carrier gets the listed carrier's link, and a link that was built from the old number goes.
    const moved = number !== target.tracking_number || provider !== target.shipping_provider;
    const stale =
      !!target.tracking_link &&
      target.tracking_link ===
        trackingLinkOf(target.shipping_provider ?? undefined, target.tracking_number ?? undefined);
    const kept = t?.trackingLink ?? null;
    const linkSet = mask
      .split(',')
      .map((p) => p.trim())
      .some((p) => p === 'trackingInfo' || p === 'trackingInfo.trackingLink');
    const link =
      (linkSet ? t?.trackingLink : undefined) ??
      (moved ? (trackingLinkOf(provider ?? undefined, number ?? undefined) ?? (stale ? null : kept)) : kept);
    await tx.db
      .updateTable('ecom_order_fulfillment')
      .set({
        tracking_number: number,
        shipping_provider: provider,
        tracking_link: link,
        custom_info: next.customInfo ? (JSON.stringify(next.customInfo) as never) : null,
        status: next.status ?? null,
        completed: next.completed ?? null,
      })
      .where('id', '=', fulfillmentId)
      .execute();

    if (number && number !== target.tracking_number)
      await addActivity(
        tx,
        orderId,
        target.tracking_number ? 'TRACKING_NUMBER_EDITED' : 'TRACKING_NUMBER_ADDED',
      );
    if (link && link !== target.tracking_link) await addActivity(tx, orderId, 'TRACKING_LINK_ADDED');
    await touch(tx, orderId);
    const wire = await wireOf(tx, orderId, settings);
    if (number && number !== target.tracking_number && wire.buyerInfo.email && !pickupOf(wire)) {
      const lines = row.data.lineItems as Line[];
      await mailShippingConfirmation(tx, settings, wire, wire.buyerInfo.email, {
        trackingNumber: number,
        ...(provider ? { shippingProvider: provider } : {}),
        ...(link ? { trackingLink: link } : {}),
        items: target.line_items.map((l) => ({
          name: lines.find((x) => x.id === l.id)?.productName.original ?? 'Item',
          quantity: l.quantity,
        })),
        update: target.tracking_number ? 'changed' : 'added',
      });
      await addActivity(tx, orderId, 'SHIPPING_CONFIRMATION_EMAIL_SENT');
    }
    return { orderWithFulfillments: await emitChange(tx, orderId, { activities: null }) };
  });
}

/**
 * Deletes a fulfillment: its items are to fulfil again, and the order's fulfillment status follows
 * (NOT_FULFILLED when none is left; an order that was FULFILLED gets the `ORDER_NOT_FULFILLED`
 * activity). The buyer is not e-mailed, and a payment captured on the fulfillment stays captured.
 */
export async function deleteFulfillment(ctx: Ctx, orderId: string, fulfillmentId: string) {
  return inTransaction(ctx, async (tx) => {
    const { row, rows } = await lockedFulfillment(tx, orderId, fulfillmentId);
    await tx.db.deleteFrom('ecom_order_fulfillment').where('id', '=', fulfillmentId).execute();
    const left = fulfilledQuantities(rows.filter((f) => f.id !== fulfillmentId));
    const lines = row.data.lineItems as Line[];
    const status = lines.every((l) => (left.get(l.id) ?? 0) >= l.quantity)
      ? 'FULFILLED'
      : left.size > 0
        ? 'PARTIALLY_FULFILLED'
        : 'NOT_FULFILLED';
    await touch(tx, orderId, { fulfillment_status: status });
    if (row.fulfillment_status === 'FULFILLED' && status !== 'FULFILLED')
      await addActivity(tx, orderId, 'ORDER_NOT_FULFILLED');
    const modified =
      status === row.fulfillment_status
        ? { activities: null }
        : { fulfillmentStatus: row.fulfillment_status, activities: null };
    return { orderWithFulfillments: await emitChange(tx, orderId, modified) };
  });
}

/**
 * Fulfils many orders at once: each order's fulfillments are created in one transaction (all or
 * none of them), one order after the other; an order that cannot be fulfilled (not approved,
 * nothing left of a line, unknown) is a failed item with the reason, and the others go on.
 */
export async function bulkCreateFulfillments(
  ctx: Ctx,
  items: z.output<typeof bulkCreateFulfillmentsRequest>['ordersWithFulfillments'],
) {
  const out = await bulk(
    items,
    (item) => item.orderId,
    (item) =>
      inTransaction(ctx, async (tx) => {
        let last: Awaited<ReturnType<typeof createFulfillment>> | undefined;
        for (const f of item.fulfillments) last = await createFulfillment(tx, item.orderId, f);
        return last!.orderWithFulfillments;
      }),
  );
  return {
    results: out.results.map(({ itemMetadata, item }) => ({
      itemMetadata,
      ...(item ? { ordersWithFulfillments: item } : {}),
    })),
    bulkActionMetadata: out.bulkActionMetadata,
  };
}
