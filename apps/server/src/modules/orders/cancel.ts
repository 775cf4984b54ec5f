import type { StoreSettings } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { enqueueJob, type JobHandler } from '../../platform/jobs.ts';
import { incrementStock } from '../catalog/index.ts';
import { getSettings } from '../settings/index.ts';
import { addActivity, emitAction, emitUpdated, lockOrder, touch, wireOf } from './core.ts';
import { mailOrderCanceled, manualPaymentDue } from './mails.ts';
import { readOrder, type OrderWithActivities } from './store.ts';
import { CANCEL_UNPAID_JOB } from './service.ts';
import { transitionOrder } from './transitions.ts';

export interface CancelOptions {
  restock: boolean;
  sendEmail: boolean;
  customMessage?: string;
}
type Line = {
  id: string;
  quantity: number;
  restockQuantity?: number;
  catalogReference?: { options?: { variantId?: unknown } };
};

/**
 * Cancels a locked order inside the caller's transaction: status CANCELED, the ORDER_CANCELED
 * activity, order_canceled and order_updated; with `restock` every line's not yet restocked
 * quantity goes back to stock (lines record `restockQuantity`, so stock never returns twice).
 */
export async function cancelInTransaction(
  tx: Ctx,
  settings: StoreSettings,
  row: OrderWithActivities,
  o: CancelOptions,
) {
  const status = transitionOrder(row, 'CANCELED');
  const lines = (row.data.lineItems as Line[]) ?? [];
  const data = { ...row.data };
  if (o.restock) {
    const changes = lines.flatMap((l) => {
      const variantId = l.catalogReference?.options?.variantId;
      const left = l.quantity - (l.restockQuantity ?? 0);
      return typeof variantId === 'string' && left > 0 ? [{ variantId, quantity: left }] : [];
    });
    if (changes.length) await incrementStock(tx, changes);
    data.lineItems = lines.map((l) =>
      l.catalogReference?.options?.variantId ? { ...l, restockQuantity: l.quantity } : l,
    );
  }
  await touch(tx, row.id, { status, data: JSON.stringify(data) });
  await addActivity(tx, row.id, 'ORDER_CANCELED', o.customMessage ? { description: o.customMessage } : null);
  const wire = await wireOf(tx, row.id, settings);
  await emitUpdated(tx, wire, { status: row.status });
  await emitAction(tx, 'canceled', wire);
  if (o.sendEmail && wire.buyerInfo.email)
    await mailOrderCanceled(tx, settings, wire, wire.buyerInfo.email, o.customMessage);
  return wire;
}

/** cancelOrder (contract §1). */
export async function cancelOrder(
  ctx: Ctx,
  id: string,
  o: { sendOrderCanceledEmail?: boolean; customMessage?: string; restockAllItems?: boolean },
) {
  const settings = await getSettings(ctx);
  return inTransaction(ctx, async (tx) =>
    cancelInTransaction(tx, settings, await lockOrder(tx, id), {
      restock: o.restockAllItems ?? false,
      sendEmail: o.sendOrderCanceledEmail ?? false,
      ...(o.customMessage ? { customMessage: o.customMessage } : {}),
    }),
  );
}

/** Cancels an online order still INITIALIZED (never paid) when its time is up, and returns its stock. */
export const cancelUnpaidOrderJob: JobHandler<{ orderId: string }> = {
  name: CANCEL_UNPAID_JOB,
  async run(ctx, { orderId }) {
    const settings = await getSettings(ctx);
    await inTransaction(ctx, async (tx) => {
      const row = await readOrder(tx.db, { id: orderId }, true);
      if (!row || row.status !== 'INITIALIZED') return;
      await cancelInTransaction(tx, settings, row, {
        restock: true,
        sendEmail: false,
        customMessage: 'Canceled automatically: not paid within 24 hours',
      });
    });
  },
};

const CANCEL_UNPAID_MANUAL_JOB = 'orders.cancel-unpaid-manual';

/**
 * When the store cancels orders whose manual payment does not arrive (settings'
 * `manualPaymentCancelDays`): schedules order `orderId`'s cancel that many days from `now`, in the
 * caller's transaction (the buyer just chose the method). Answers the day it falls due, if any.
 */
export async function scheduleManualPaymentDeadline(
  tx: Ctx,
  settings: StoreSettings,
  orderId: string,
  now: Date,
): Promise<Date | undefined> {
  const due = manualPaymentDue(settings, now);
  if (due)
    await enqueueJob(
      tx,
      CANCEL_UNPAID_MANUAL_JOB,
      { orderId, days: settings.manualPaymentCancelDays },
      { runAt: due },
    );
  return due;
}

/**
 * Cancels an order still awaiting its manual payment when its days are up: its stock returns and
 * the buyer is e-mailed why. Not when it was marked paid, canceled, or shipped (in part) meanwhile
 * (the merchant trusted the buyer), nor when the store has since stopped such cancels.
 */
export const cancelUnpaidManualOrderJob: JobHandler<{ orderId: string; days: number }> = {
  name: CANCEL_UNPAID_MANUAL_JOB,
  async run(ctx, { orderId, days }) {
    const settings = await getSettings(ctx);
    if (!settings.manualPaymentCancelDays) return;
    await inTransaction(ctx, async (tx) => {
      const row = await readOrder(tx.db, { id: orderId }, true);
      if (!row || row.status !== 'APPROVED' || row.payment_status !== 'PENDING_MERCHANT') return;
      if (row.fulfillment_status !== 'NOT_FULFILLED') return;
      await cancelInTransaction(tx, settings, row, {
        restock: true,
        sendEmail: true,
        customMessage: `Canceled automatically: the payment did not arrive within ${days} day${days === 1 ? '' : 's'}.`,
      });
    });
  },
};
