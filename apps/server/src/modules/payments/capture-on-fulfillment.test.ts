/**
 * Delayed capture for shop orders (store setting): the card is only authorized at checkout, the
 * merchant's first fulfilment (or a capture by hand) captures it, and an authorization left alone
 * is voided after the configured number of days — over HTTP, through the checkout, the test
 * gateway, the fulfillment API and the job runner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations, type TestServer, startTestServer } from '../../test/server.ts';
import { payAsBuyer, placeShopOrder, shopProduct, visitorOf } from '../../test/shop.ts';
import { collector, getOrder, transactions } from '../../test/payments.ts';

let s: TestServer;
let product: { productId: string; variantId: string };
const DAY = 86_400_000;

beforeAll(async () => {
  s = await startTestServer();
  product = await shopProduct(s, { price: '30' });
});
afterAll(async () => {
  await s?.stop();
});

const settings = (patch: Record<string, unknown>) =>
  s.admin<{ settings: Record<string, unknown> }>('PATCH', '/platform/v1/store-settings', { settings: patch });
const payment = async (orderId: string) => (await transactions(s, orderId)).payments[0]!;
const fulfil = async (orderId: string) => {
  const order = (
    await s.admin<{ order: { lineItems: { id: string }[] } }>('GET', `/ecom/v1/orders/${orderId}`)
  ).body.order;
  const r = await s.admin('POST', `/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`, {
    fulfillment: { lineItems: [{ id: order.lineItems[0]!.id }] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

/** A shop order for $30 paid by card with the test gateway, as its visitor. */
async function paidShopOrder() {
  const auth = await visitorOf(s);
  const placed = await placeShopOrder(s, { auth, product });
  const paid = await payAsBuyer(s, auth, placed.paymentGatewayOrderId!);
  return { ...placed, paid, auth };
}

describe('delayed capture for shop orders', () => {
  it('is off by default: the card is charged at checkout', async () => {
    const r = await s.admin<{ settings: Record<string, unknown> }>('GET', '/platform/v1/store-settings');
    expect(r.body.settings).toMatchObject({ captureOnFulfillment: false, authorizationVoidDays: 7 });
    const { orderId, paid } = await paidShopOrder();
    expect(paid.status).toBe('APPROVED');
    expect(await getOrder(s, orderId)).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
  });

  it('refuses a void delay outside 1–30 days', async () => {
    for (const days of [0, 31, 2.5]) {
      const r = await settings({ authorizationVoidDays: days });
      expect(r.status, String(days)).toBe(400);
      expect(violations(r.body)[0]?.field).toBe('settings.authorizationVoidDays');
    }
  });

  it('authorizes at checkout and captures when the merchant fulfils the order', async () => {
    expect((await settings({ captureOnFulfillment: true, authorizationVoidDays: 3 })).status).toBe(200);
    const { orderId, paid } = await paidShopOrder();
    expect(paid.status).toBe('AUTHORIZED');
    // The order is confirmed (so it can be fulfilled) and not yet paid; nothing was charged.
    expect(await getOrder(s, orderId)).toMatchObject({ status: 'APPROVED', paymentStatus: 'NOT_PAID' });
    const held = await payment(orderId);
    expect(held.regularPaymentDetails).toMatchObject({
      status: 'AUTHORIZED',
      authorizationDetails: {
        delayedCapture: true,
        captures: [],
        scheduledAction: {
          actionType: 'VOID',
          executionDate: new Date(s.clock.now().getTime() + 3 * DAY).toISOString(),
        },
      },
    });

    await fulfil(orderId);
    const captured = await s.until(async () => {
      const p = await payment(orderId);
      return p.regularPaymentDetails.status === 'APPROVED' ? p : undefined;
    });
    expect(captured.regularPaymentDetails.authorizationDetails!.captures.map((c) => c.amount.amount)).toEqual(
      ['30.00'],
    );
    expect(captured.regularPaymentDetails.authorizationDetails!.scheduledAction).toBeUndefined();
    const order = await getOrder(s, orderId);
    expect(order).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    expect(order.activities.map((a) => a.type)).toEqual(
      expect.arrayContaining(['AUTHORIZED_PAYMENT_CREATED', 'AUTHORIZED_PAYMENT_CAPTURED']),
    );
    // Days later the scheduled void finds nothing left to void.
    s.clock.advance(4 * DAY);
    await s.app.jobs.runDue();
    expect((await payment(orderId)).regularPaymentDetails.status).toBe('APPROVED');
  });

  it('captures when the merchant captures by hand; a second fulfilment then charges nothing more', async () => {
    const { orderId, paid } = await paidShopOrder();
    const cap = await s.admin('POST', collector(orderId, 'capture-authorized-payments'), {
      payments: [{ paymentId: paid.paymentId }],
    });
    expect(cap.status, JSON.stringify(cap.body)).toBe(200);
    expect((await getOrder(s, orderId)).paymentStatus).toBe('PAID');
    await fulfil(orderId);
    await s.app.jobs.runDue();
    const p = await payment(orderId);
    expect(p.regularPaymentDetails.authorizationDetails!.captures).toHaveLength(1);
  });

  it('voids an authorization the merchant neither fulfilled nor captured, after the configured days', async () => {
    const { orderId } = await paidShopOrder();
    s.clock.advance(3 * DAY - 60_000);
    await s.app.jobs.runDue();
    expect((await payment(orderId)).regularPaymentDetails.status).toBe('AUTHORIZED');
    s.clock.advance(60_000);
    const voided = await s.until(async () => {
      const p = await payment(orderId);
      return p.regularPaymentDetails.status === 'VOIDED' ? p : undefined;
    });
    expect(voided.regularPaymentDetails.authorizationDetails).toMatchObject({
      void: { reason: 'SCHEDULED' },
    });
    // A late fulfilment charges nothing: the authorization is gone.
    await fulfil(orderId);
    await s.app.jobs.runDue();
    expect((await payment(orderId)).regularPaymentDetails.status).toBe('VOIDED');
    expect((await getOrder(s, orderId)).paymentStatus).toBe('NOT_PAID');
  });

  it('keeps the terms an order was paid under when the setting changes', async () => {
    const { orderId } = await paidShopOrder();
    expect((await settings({ captureOnFulfillment: false })).status).toBe(200);
    const next = await paidShopOrder();
    expect(next.paid.status).toBe('APPROVED');
    await fulfil(orderId);
    await s.until(async () =>
      (await payment(orderId)).regularPaymentDetails.status === 'APPROVED' ? true : undefined,
    );
  });
});
