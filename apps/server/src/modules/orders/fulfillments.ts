import type { fulfillmentInput } from '@vitrine/contract';
import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, conflict, violation } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { getSettings } from '../settings/index.ts';
import { addActivity, emitAction, emitUpdated, lockOrder, orderNotFound, touch, wireOf } from './core.ts';
import { mailShippingConfirmation, pickupOf } from './mails.ts';
import { ownedBy } from './service.ts';
import {
  fulfillmentRowsOf,
  listFulfillmentRows,
  orderOwners,
  readOrder,
  type FulfillmentRow,
} from './store.ts';
import { FULFILLMENTS_FQDN, toFulfillment } from './wire.ts';

/** Carriers whose tracking link is built from the tracking number (as the hosted Order Fulfillments API does). */
const TRACKING_LINKS: Record<string, string> = {
  fedex: 'https://www.fedex.com/fedextrack/?trknbr=',
  ups: 'https://www.ups.com/track?tracknum=',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  dhl: 'https://www.dhl.com/en/express/tracking.html?AWB=',
  canadaPost: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=',
};

export type Line = { id: string; quantity: number; productName: { original: string } };

/** The carrier's tracking page for a number, for the carriers whose link is known. */
export function trackingLinkOf(
  provider: string | undefined,
  trackingNumber: string | undefined,
): string | null {
  const known = provider ? TRACKING_LINKS[provider] : undefined;
  return known && trackingNumber ? known + encodeURIComponent(trackingNumber) : null;
}

/** Quantity of each line already in a fulfillment. */
export function fulfilledQuantities(rows: FulfillmentRow[]): Map<string, number> {
  const done = new Map<string, number>();
  for (const f of rows) for (const l of f.line_items) done.set(l.id, (done.get(l.id) ?? 0) + l.quantity);
  return done;
}

export const orderWithFulfillments = (orderId: string, rows: FulfillmentRow[]) => ({
  orderId,
  fulfillments: rows.map(toFulfillment),
});

/** The order's fulfillments after a change, and their `fulfillments_updated` event (the order is locked). */
export async function emitFulfillmentsUpdated(ctx: Ctx, orderId: string) {
  const entity = orderWithFulfillments(orderId, await listFulfillmentRows(ctx.db, orderId));
  await emitEvent(
    ctx,
    {
      entityFqdn: FULFILLMENTS_FQDN,
      slug: 'updated',
      entityId: orderId,
      updatedEvent: { currentEntity: entity, modifiedFields: {} },
    },
    { entityLocked: true },
  );
  return entity;
}

/**
 * Creates a fulfillment: line quantities up to what is not yet fulfilled (default: all of it),
 * tracking link for the known carriers, fulfillment status PARTIALLY_FULFILLED / FULFILLED,
 * activities, the shipping confirmation to the buyer, and the fulfillment and order events.
 */
export async function createFulfillment(ctx: Ctx, orderId: string, input: z.output<typeof fulfillmentInput>) {
  const settings = await getSettings(ctx);
  return inTransaction(ctx, async (tx) => {
    const row = await lockOrder(tx, orderId);
    if (row.status !== 'APPROVED')
      throw conflict('ORDER_NOT_APPROVED', 'Only approved orders can be fulfilled', {
        id: orderId,
        status: row.status,
      });
    const lines = row.data.lineItems as Line[];
    const existing = await listFulfillmentRows(tx.db, orderId);
    const done = fulfilledQuantities(existing);
    const wanted = new Map<string, number>();
    input.lineItems.forEach((l, i) => {
      const line = lines.find((x) => x.id === l.id);
      if (!line)
        throw violation(`fulfillment.lineItems.${i}.id`, 'is not a line item of this order', 'VALIDATION', {
          id: l.id,
        });
      if (wanted.has(l.id))
        throw violation(`fulfillment.lineItems.${i}.id`, 'is listed twice', 'VALIDATION', { id: l.id });
      const left = line.quantity - (done.get(l.id) ?? 0);
      const quantity = l.quantity ?? left;
      if (quantity < 1 || quantity > left) {
        throw new AppError(
          400,
          'LINE_ITEM_QUANTITY_NOT_AVAILABLE',
          `Line item ${l.id} has ${left} left to fulfill`,
          { id: l.id, requested: quantity, available: left },
        );
      }
      wanted.set(l.id, quantity);
    });
    const t = input.trackingInfo;
    if (t?.trackingNumber && existing.some((f) => f.tracking_number === t.trackingNumber)) {
      throw conflict(
        'TRACKING_NUMBER_ALREADY_EXISTS',
        'Another fulfillment of this order has this tracking number',
        { trackingNumber: t.trackingNumber },
      );
    }
    const link = t?.trackingLink ?? trackingLinkOf(t?.shippingProvider, t?.trackingNumber);
    const id = newId();
    await tx.db
      .insertInto('ecom_order_fulfillment')
      .values({
        id,
        order_id: orderId,
        line_items: JSON.stringify(
          [...wanted].map(([lineId, quantity]) => ({ id: lineId, quantity })),
        ) as never,
        tracking_number: t?.trackingNumber ?? null,
        shipping_provider: t?.shippingProvider ?? null,
        tracking_link: link,
        custom_info: input.customInfo ? (JSON.stringify(input.customInfo) as never) : null,
        status: input.status ?? null,
        completed: input.completed ?? null,
        created_at: tx.clock.now(),
      })
      .execute();

    for (const [lineId, q] of wanted) done.set(lineId, (done.get(lineId) ?? 0) + q);
    const all = lines.every((l) => (done.get(l.id) ?? 0) >= l.quantity);
    const status = all ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
    await touch(tx, orderId, { fulfillment_status: status });
    if (t?.trackingNumber) await addActivity(tx, orderId, 'TRACKING_NUMBER_ADDED');
    if (link) await addActivity(tx, orderId, 'TRACKING_LINK_ADDED');
    if (all && row.fulfillment_status !== 'FULFILLED') await addActivity(tx, orderId, 'ORDER_FULFILLED');
    let wire = await wireOf(tx, orderId, settings);
    if (wire.buyerInfo.email) {
      await mailShippingConfirmation(tx, settings, wire, wire.buyerInfo.email, {
        ...(t?.trackingNumber ? { trackingNumber: t.trackingNumber } : {}),
        ...(t?.shippingProvider ? { shippingProvider: t.shippingProvider } : {}),
        ...(link ? { trackingLink: link } : {}),
        items: [...wanted].map(([lineId, quantity]) => ({
          name: lines.find((l) => l.id === lineId)!.productName.original,
          quantity,
        })),
      });
      await addActivity(
        tx,
        orderId,
        pickupOf(wire) ? 'PICKUP_READY_EMAIL_SENT' : 'SHIPPING_CONFIRMATION_EMAIL_SENT',
      );
      wire = await wireOf(tx, orderId, settings);
    }
    const entity = await emitFulfillmentsUpdated(tx, orderId);
    await emitUpdated(tx, wire, { fulfillmentStatus: row.fulfillment_status, activities: null });
    if (all && row.fulfillment_status !== 'FULFILLED') await emitAction(tx, 'fulfilled', wire);
    return { orderWithFulfillments: entity, fulfillmentId: id };
  });
}

/** The fulfillments of one order (its buyer or an admin). */
export async function listFulfillments(ctx: Ctx, orderId: string) {
  const row = isUuid(orderId) ? await readOrder(ctx.db, { id: orderId }) : undefined;
  if (!row || !ownedBy(ctx, row)) throw orderNotFound(orderId);
  return { orderWithFulfillments: await fulfillmentsOf(ctx, orderId) };
}

/** An order's fulfillments, for a caller already allowed to see the order. */
export const fulfillmentsOf = async (ctx: Ctx, orderId: string) =>
  orderWithFulfillments(orderId, await listFulfillmentRows(ctx.db, orderId));

/**
 * The fulfillments of several orders, in the order their ids were given (each once): orders that do
 * not exist, that the caller may not see, or whose id is not a GUID are left out, as search leaves
 * out what it does not find.
 */
export async function listFulfillmentsForOrders(ctx: Ctx, orderIds: readonly string[]) {
  const wanted = [...new Set(orderIds.filter(isUuid))];
  const owners = await orderOwners(ctx.db, wanted);
  const visible = new Set(owners.filter((o) => ownedBy(ctx, o)).map((o) => o.id));
  const ids = wanted.filter((id) => visible.has(id));
  const byOrder = new Map<string, FulfillmentRow[]>(ids.map((id) => [id, []]));
  for (const r of await fulfillmentRowsOf(ctx.db, ids)) byOrder.get(r.order_id)!.push(r);
  return { ordersWithFulfillments: ids.map((id) => orderWithFulfillments(id, byOrder.get(id)!)) };
}
