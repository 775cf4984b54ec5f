/**
 * The store's manual payment methods at checkout ("Bank transfer", "Cash on delivery"): the buyer
 * chooses one for the gateway order create-order opened, instead of a card. The order is placed at
 * once (approved, its confirmation e-mailed with the method's instructions) and waits for the
 * merchant to mark it paid (refunds.ts `markAsPaid`), or, when the store says so
 * (`manualPaymentCancelDays`), is canceled once that many days pass without the payment.
 */
import type { OfflinePayment } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { price } from '../../platform/money.ts';
import { scheduleManualPaymentDeadline } from '../orders/index.ts';
import { getSettings } from '../settings/index.ts';
import { syncOrder } from './ledger.ts';
import { payGatewayOrder } from './pay.ts';
import { offlinePaymentRow } from './service.ts';
import { insertPaymentClosingGatewayOrder } from './store.ts';

/**
 * Pays a payment gateway order with manual payment method `methodId`: a PENDING_MERCHANT payment of
 * the gateway order's amount, with the method's name and instructions as they are now; the gateway
 * order is closed and the order approved (`paymentStatus` PENDING_MERCHANT).
 */
export async function payOffline(
  ctx: Ctx,
  paymentGatewayOrderId: string,
  methodId: string,
): Promise<OfflinePayment> {
  const settings = await getSettings(ctx);
  const method = settings.manualPaymentMethods.find((m) => m.id === methodId);
  if (!method)
    throw new AppError(
      404,
      'PAYMENT_METHOD_NOT_FOUND',
      'The store no longer offers this way to pay; choose another.',
      { methodId },
    );
  // Nothing outside the database is called: the kept rows may be used (a retry reads).
  return payGatewayOrder(
    ctx,
    paymentGatewayOrderId,
    true,
    async (tx, { order, gatewayOrder: pg, payments }) => {
      const now = tx.clock.now();
      const payment = offlinePaymentRow(
        { orderId: order.id, amountMinor: pg.amount, currency: pg.currency, gatewayOrderId: pg.id, method },
        now,
      );
      await insertPaymentClosingGatewayOrder(tx.db, payment, now);
      await syncOrder(
        tx,
        order,
        { type: 'PAYMENT_PENDING', description: `Awaiting payment by ${method.name}` },
        true,
        [...payments, payment],
      );
      // Canceled, its stock returned, if the payment has not arrived in the days the store gives.
      await scheduleManualPaymentDeadline(tx, settings, order.id, now);
      return {
        orderId: order.id,
        paymentId: payment.id,
        status: payment.status,
        amount: price(payment.amount, payment.currency),
        paymentMethod: method.name,
        instructions: method.instructions,
      };
    },
  );
}
