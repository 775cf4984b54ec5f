import { ENTITY_FQDN, eventType } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/errors.ts';
import { price } from '../../platform/money.ts';
import type { Subscriber } from '../../platform/events.ts';
import { captureLocked } from './collector.ts';
import { lockNamedPayments, lockOrder, syncOrder } from './ledger.ts';
import { heldForFulfillment } from './store.ts';

/** The contract's event of a new (or changed) fulfillment of an order; its entity id is the order id. */
export const FULFILLMENTS_UPDATED = eventType(ENTITY_FQDN.fulfillments, 'updated');

/**
 * Captures what the order's "capture on fulfilment" authorizations still hold, once the merchant
 * fulfils it: the order row first, then the payments, locked as every payments write does, and
 * checked again under the locks (a payment captured or voided meanwhile is left alone). A canceled
 * order is not charged. Returns how many payments were captured.
 */
export async function captureForFulfillment(ctx: Ctx, orderId: string): Promise<number> {
  return inTransaction(ctx, async (tx) => {
    let order;
    try {
      order = await lockOrder(tx, orderId);
    } catch (e) {
      if (e instanceof AppError && e.status === 404) return 0;
      throw e;
    }
    if (order.status === 'CANCELED') return 0;
    const ids = await heldForFulfillment(tx.db, orderId);
    if (!ids.length) return 0;
    const locked = await lockNamedPayments(tx, orderId, ids);
    let captured = 0;
    let capturedMinor = 0;
    let currency = '';
    for (const p of locked.values()) {
      if (p.status !== 'AUTHORIZED' || p.amount <= p.captured_amount) continue;
      await captureLocked(tx, p, p.amount - p.captured_amount);
      captured++;
      capturedMinor += p.amount - p.captured_amount;
      currency = p.currency;
    }
    if (captured)
      await syncOrder(tx, order, {
        type: 'AUTHORIZED_PAYMENT_CAPTURED',
        description: `Captured ${price(capturedMinor, currency).formattedAmount} on fulfilment`,
      });
    return captured;
  });
}

/**
 * Delivered through the job runner (at least once, retried with backoff when the provider fails):
 * a fulfillment of an order captures its "capture on fulfilment" authorizations.
 */
export const captureOnFulfillmentSubscriber: Subscriber = {
  name: 'payments.capture-on-fulfillment',
  eventTypes: [FULFILLMENTS_UPDATED],
  async handle(ctx, event) {
    await captureForFulfillment(ctx, event.entityId);
  },
};
