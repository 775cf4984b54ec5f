/**
 * The official `@wix/ecom` `orders` module's payments-collector methods (preparePaymentCollection,
 * getPaymentCollectabilityStatus, captureAuthorizedPayments, voidAuthorizedPayments), unchanged,
 * against a Vitrine test server through an admin (API key) client. Paying goes through the test
 * gateway's own endpoint, as the hosted checkout page does.
 */
import { orders } from '@wix/ecom';
import { createClient } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { newOrder, pay } from '../test/payments.ts';
import type { TestServer } from '../test/server.ts';
import { adminAuth, sdkServer } from '../test/wix.ts';

let s: TestServer;
const client = () => createClient({ auth: adminAuth, modules: { orders } });
sdkServer((x) => (s = x));

/** The SDK's error details (status and application error code). */
async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    const err = e as { details?: { applicationError?: { code?: string } } };
    return err.details?.applicationError?.code;
  }
  throw new Error('expected the call to fail');
}

describe('@wix/ecom payments collector against Vitrine', () => {
  it('prepares a collection, reports collectability, captures part then the rest', async () => {
    const c = client();
    const order = await newOrder(s, { total: '25.00' });
    const status = await c.orders.getPaymentCollectabilityStatus(order.id);
    expect(status).toEqual({ status: 'COLLECTABLE', amount: { amount: '25.00', formattedAmount: '$25.00' } });

    const prepared = await c.orders.preparePaymentCollection(
      order.id,
      { amount: '25.00' },
      { delayedCapture: true },
    );
    expect(prepared.paymentGatewayOrderId).toMatch(/^pg-/);
    const { paymentId } = (await pay(s, prepared.paymentGatewayOrderId!)).body;
    expect((await c.orders.getPaymentCollectabilityStatus(order.id)).status).toBe(
      'NONCOLLECTABLE_ORDER_IS_PAID',
    );

    const part = await c.orders.captureAuthorizedPayments(order.id, [
      { paymentId, amount: { amount: '10.00' } },
    ]);
    const p1 = part.orderTransactions!.payments![0]!;
    expect(p1._id).toBe(paymentId);
    expect(p1._createdDate).toBeInstanceOf(Date);
    expect(p1.regularPaymentDetails).toMatchObject({
      status: 'AUTHORIZED',
      creditCardDetails: { lastFourDigits: '4242', brand: 'VISA' },
    });
    expect(p1.regularPaymentDetails!.authorizationDetails!.authorizedDate).toBeInstanceOf(Date);
    expect(p1.regularPaymentDetails!.authorizationDetails!.captures![0]!.amount).toMatchObject({
      amount: '10.00',
    });

    const rest = await c.orders.captureAuthorizedPayments(order.id, [
      { paymentId, amount: { amount: '15.00' } },
    ]);
    expect(rest.orderTransactions).toMatchObject({ orderId: order.id, refunds: [] });
    expect(rest.orderTransactions!.payments![0]!.regularPaymentDetails!.status).toBe('APPROVED');
    expect(
      await failure(
        c.orders.captureAuthorizedPayments(order.id, [{ paymentId, amount: { amount: '1.00' } }]),
      ),
    ).toBe('PAYMENT_ALREADY_CAPTURED');
    expect((await c.orders.getOrder(order.id)).paymentStatus).toBe('PAID');
  });

  it('voids an authorization, with scheduled-action settings kept on the payment', async () => {
    const c = client();
    const order = await newOrder(s, { total: '8.00' });
    const prepared = await c.orders.preparePaymentCollection(
      order.id,
      { amount: '8.00' },
      {
        delayedCapture: true,
        delayedCaptureSettings: { scheduledAction: 'CAPTURE', delayDuration: { count: 3, unit: 'DAYS' } },
      },
    );
    const { paymentId } = (await pay(s, prepared.paymentGatewayOrderId!)).body;
    const voided = await c.orders.voidAuthorizedPayments(order.id, [paymentId]);
    const details = voided.orderTransactions!.payments![0]!.regularPaymentDetails!;
    expect(details.status).toBe('VOIDED');
    expect(details.authorizationDetails!.void).toMatchObject({ status: 'SUCCEEDED', reason: 'MANUAL' });
    expect(details.authorizationDetails!.void!.voidedDate).toBeInstanceOf(Date);
    expect(await failure(c.orders.voidAuthorizedPayments(order.id, [paymentId]))).toBe(
      'PAYMENT_ALREADY_VOIDED',
    );
    expect(await failure(c.orders.preparePaymentCollection(order.id, { amount: '9.00' }))).toBe(
      'INVALID_AMOUNT',
    );
  });
});
