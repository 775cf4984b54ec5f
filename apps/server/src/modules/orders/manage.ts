import type { OrderInput, OrderPatch, OrderStatusValue, createOrderRequest } from '@vitrine/contract';
import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, conflict, ValidationError, violation } from '../../platform/errors.ts';
import { applyFieldMask } from '../../platform/field-mask.ts';
import { getSettings } from '../settings/index.ts';
import { cancelInTransaction } from './cancel.ts';
import { addActivity, afterApproval, emitUpdated, lockOrder, touch, wireOf } from './core.ts';
import { insertOrder, type OrderPaymentStatus, type WireOrder } from './service.ts';
import type { OrderWithActivities } from './store.ts';
import { transitionOrder } from './transitions.ts';

/** Admin create (contract §1 createOrder): an import through insertOrder. */
export async function createOrder(ctx: Ctx, body: z.output<typeof createOrderRequest>): Promise<WireOrder> {
  const input: OrderInput = body.order;
  const paymentStatus: OrderPaymentStatus = input.paymentStatus ?? 'NOT_PAID';
  const strategy = body.settings?.orderApprovalStrategy ?? 'DEFAULT';
  // DEFAULT: a merchant's import is a real order. PAYMENT_RECEIVED: only once paid. PAYMENT_METHOD_SAVED:
  // no saved payment method can come with an import, so the order waits for payment.
  const approved = strategy === 'DEFAULT' || (strategy === 'PAYMENT_RECEIVED' && paymentStatus === 'PAID');
  const n = body.settings?.notifications;
  return insertOrder(
    ctx,
    {
      ...input,
      status: approved ? 'APPROVED' : 'INITIALIZED',
      paymentStatus,
      buyerInfo: input.buyerInfo ?? {},
    },
    {
      notify: { buyer: n?.sendNotificationToBuyer ?? true, business: n?.sendNotificationsToBusiness ?? true },
    },
  );
}

/** Orders under payment review cannot be edited (contract §4b). */
export function assertEditable(row: Pick<OrderWithActivities, 'status' | 'id'>) {
  if (row.status === 'PENDING')
    throw conflict('ORDER_IS_PENDING', 'The order is pending and cannot be changed', { id: row.id });
  if (row.status === 'REJECTED')
    throw conflict('ORDER_IS_REJECTED', 'The order was rejected and cannot be changed', { id: row.id });
}

const EDITABLE = [
  'buyerInfo.email',
  'buyerInfo.contactId',
  'buyerNote',
  'buyerLanguage',
  'archived',
  'seenByAHuman',
  'billingInfo',
  'recipientInfo',
  'shippingInfo.logistics',
  'shippingInfo.title',
  'channelInfo.externalOrderId',
  'channelInfo.externalOrderUrl',
  'attributionSource',
  'customFields',
  'businessLocation',
  'extendedFields',
  'tags.tags',
  'tags.privateTags',
] as const;

/** updateOrder: only the editable fields, with field-mask semantics (platform/field-mask.ts). */
export async function updateOrder(
  ctx: Ctx,
  id: string,
  patch: OrderPatch,
  fieldMask?: string,
  where = 'order',
): Promise<WireOrder> {
  if (patch.id !== undefined && patch.id !== id) throw violation(`${where}.id`, 'must match the path');
  const { id: _ignored, ...fields } = patch;
  const settings = await getSettings(ctx);
  return inTransaction(ctx, async (tx) => {
    const row = await lockOrder(tx, id);
    assertEditable(row);
    const current = {
      ...row.data,
      archived: row.archived,
      seenByAHuman: row.seen_by_a_human,
      tags: { tags: { tagIds: row.tags }, privateTags: { tagIds: row.private_tags } },
    } as Record<string, unknown>;
    const { next, modifiedFields } = applyFieldMask(
      current,
      fields as Record<string, unknown>,
      fieldMask,
      EDITABLE,
    );
    if (Object.keys(modifiedFields).length === 0) return wireOf(tx, id, settings);
    const { archived, seenByAHuman, tags, ...data } = next as Record<string, unknown> & {
      archived?: boolean;
      seenByAHuman?: boolean;
      tags?: { tags?: { tagIds?: string[] }; privateTags?: { tagIds?: string[] } };
    };
    const email = (data.buyerInfo as { email?: string } | undefined)?.email;
    await touch(tx, id, {
      data: JSON.stringify(data),
      archived: archived ?? false,
      seen_by_a_human: seenByAHuman ?? false,
      tags: [...new Set(tags?.tags?.tagIds ?? [])],
      private_tags: [...new Set(tags?.privateTags?.tagIds ?? [])],
      buyer_email: email?.toLowerCase() ?? null,
      contact_id: (data.buyerInfo as { contactId?: string } | undefined)?.contactId ?? null,
    });
    const keys = Object.keys(modifiedFields);
    if (keys.includes('buyerInfo.email')) await addActivity(tx, id, 'EMAIL_EDITED');
    if (keys.some((k) => k.startsWith('shippingInfo.logistics')))
      await addActivity(tx, id, 'SHIPPING_ADDRESS_EDITED');
    const wire = await wireOf(tx, id, settings);
    await emitUpdated(tx, wire, modifiedFields);
    return wire;
  });
}

interface BulkItemError {
  code: string;
  description: string;
  data: Record<string, unknown>;
}
const asItemError = (e: unknown): BulkItemError | undefined => {
  if (e instanceof AppError) return { code: e.code, description: e.description, data: e.data };
  if (e instanceof ValidationError)
    return { code: 'INVALID_ARGUMENT', description: e.message, data: { fieldViolations: e.fieldViolations } };
  return undefined;
};

/** Runs `fn` for each item in its own transaction; a failing item does not stop the others. */
export async function bulk<T, R>(
  items: T[],
  idOf: (t: T) => string | undefined,
  fn: (t: T, i: number) => Promise<R>,
) {
  const results: {
    itemMetadata: { id?: string; originalIndex: number; success: boolean; error?: BulkItemError };
    item?: R;
  }[] = [];
  for (const [i, t] of items.entries()) {
    const id = idOf(t);
    try {
      const item = await fn(t, i);
      results.push({ itemMetadata: { ...(id ? { id } : {}), originalIndex: i, success: true }, item });
    } catch (e) {
      const error = asItemError(e);
      if (!error) throw e;
      results.push({ itemMetadata: { ...(id ? { id } : {}), originalIndex: i, success: false, error } });
    }
  }
  const ok = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 },
  };
}

export async function bulkUpdateOrders(
  ctx: Ctx,
  orders: { order: OrderPatch; fieldMask?: string }[],
  returnEntity = true,
) {
  const out = await bulk(
    orders,
    (o) => o.order.id,
    async (o, i) => {
      if (!o.order.id) throw violation(`orders.${i}.order.id`, 'is required', 'REQUIRED_FIELD');
      return updateOrder(ctx, o.order.id, o.order, o.fieldMask, `orders.${i}.order`);
    },
  );
  return {
    ...out,
    results: out.results.map((r) => (returnEntity && r.item ? r : { itemMetadata: r.itemMetadata })),
  };
}

type TagChange = { tags?: { tagIds: string[] }; privateTags?: { tagIds: string[] } };

export async function bulkUpdateOrderTags(
  ctx: Ctx,
  orderIds: string[],
  assign: TagChange = {},
  unassign: TagChange = {},
) {
  const settings = await getSettings(ctx);
  const change = (cur: string[], add: string[] = [], remove: string[] = []) =>
    [...new Set([...cur, ...add])].filter((t) => !remove.includes(t));
  const out = await bulk(
    orderIds,
    (id) => id,
    (id) =>
      inTransaction(ctx, async (tx) => {
        const row = await lockOrder(tx, id);
        const tags = change(row.tags, assign.tags?.tagIds, unassign.tags?.tagIds);
        const priv = change(row.private_tags, assign.privateTags?.tagIds, unassign.privateTags?.tagIds);
        const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
        if (same(tags, row.tags) && same(priv, row.private_tags)) return undefined;
        await touch(tx, id, { tags, private_tags: priv });
        const wire = await wireOf(tx, id, settings);
        await emitUpdated(tx, wire, {
          tags: { tags: { tagIds: row.tags }, privateTags: { tagIds: row.private_tags } },
        });
        return undefined;
      }),
  );
  return {
    results: out.results.map((r) => ({ itemMetadata: r.itemMetadata })),
    bulkActionMetadata: out.bulkActionMetadata,
  };
}

/** addActivity: a merchant comment or an app's custom activity. */
export async function addOrderActivity(
  ctx: Ctx,
  id: string,
  a: {
    merchantComment?: { message: string };
    customActivity?: { appId: string; type: string; additionalData?: Record<string, string> };
  },
) {
  if (!a.merchantComment === !a.customActivity)
    throw violation('activity', 'give exactly one of merchantComment and customActivity', 'ONE_OF_ALIGNMENT');
  const settings = await getSettings(ctx);
  return inTransaction(ctx, async (tx) => {
    await lockOrder(tx, id);
    const { id: activityId } = a.merchantComment
      ? await addActivity(tx, id, 'MERCHANT_COMMENT', { merchantComment: a.merchantComment })
      : await addActivity(tx, id, 'CUSTOM_ACTIVITY', { customActivity: a.customActivity });
    await touch(tx, id);
    const order = await wireOf(tx, id, settings);
    await emitUpdated(tx, order, { activities: null });
    return { order, activityId };
  });
}

/** updateOrderStatus along the transition table; approval and cancellation keep their effects (events, e-mails). */
export async function updateOrderStatus(ctx: Ctx, id: string, status: OrderStatusValue): Promise<WireOrder> {
  if (status === 'INITIALIZED')
    throw new AppError(400, 'STATUS_NOT_SUPPORTED', 'An order cannot be set back to INITIALIZED', { status });
  const settings = await getSettings(ctx);
  return inTransaction(ctx, async (tx) => {
    const row = await lockOrder(tx, id);
    const from = row.status as OrderStatusValue;
    if (from === status) throw conflict('STATUS_ALREADY_SET', `The order is already ${status}`, { status });
    // A move to CANCELED is a cancel (its checks of the table, its codes and effects).
    if (status === 'CANCELED')
      return cancelInTransaction(tx, settings, row, { restock: false, sendEmail: false });
    const now = tx.clock.now();
    await touch(tx, id, {
      status: transitionOrder(row, status),
      ...(status === 'APPROVED' ? { purchased_at: row.purchased_at ?? now } : {}),
    });
    if (status === 'PENDING' || status === 'REJECTED')
      await addActivity(tx, id, status === 'PENDING' ? 'ORDER_PENDING' : 'ORDER_REJECTED');
    const wire = await wireOf(tx, id, settings);
    await emitUpdated(tx, wire, { status: from });
    if (status === 'APPROVED') await afterApproval(tx, settings, wire);
    return wire;
  });
}
