/**
 * Authorizations still held, over HTTP: the home page's "payments to capture" figure and the orders
 * search's `authorizationHeld` filter (Vitrine's own) name the same orders — captured, voided and
 * released ones leave both, a canceled order still holding money stays in both — and the order's
 * timeline says how much each capture took and each void released.
 */
import type { AnalyticsOverview } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, startTestServer, type TestServer } from '../../test/server.ts';
import { collector, fakeTokens, getOrder, newOrder, pay, prepare, type Txns } from '../../test/payments.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ verifyToken: fakeTokens });
});
afterAll(async () => {
  await s?.stop();
});

const capture = (orderId: string, payments: { paymentId: string; amount?: { amount: string } }[]) =>
  s.admin<Txns>('POST', collector(orderId, 'capture-authorized-payments'), {
    ecomOrderId: orderId,
    payments,
  });
const voidPayments = (orderId: string, paymentIds: string[]) =>
  s.admin<Txns>('POST', collector(orderId, 'void-authorized-payments'), { ecomOrderId: orderId, paymentIds });
const toCapture = async () =>
  (await s.admin<AnalyticsOverview>('GET', '/platform/v1/analytics/overview?days=7')).body.attention
    .paymentsToCapture;
const held = async (filter: object = { authorizationHeld: { $eq: true } }) => {
  const r = await s.admin<{ orders: { id: string }[] }>('POST', '/ecom/v1/orders/search', {
    search: { filter },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.orders.map((o) => o.id).sort();
};
async function authorized(total = '30.00') {
  const order = await newOrder(s, { total });
  const { paymentId } = (await pay(s, await prepare(s, order.id, total, { delayedCapture: true }))).body;
  return { id: order.id, paymentId };
}

describe('authorizations still held', () => {
  it('are what Home counts and what the authorizationHeld filter lists, canceled orders included', async () => {
    const paid = await newOrder(s, { total: '12.00' });
    await pay(s, await prepare(s, paid.id, '12.00'));
    const toVoid = await authorized();
    const toCancel = await authorized();
    const partly = await authorized();
    const toCaptureAll = await authorized();
    expect(await held()).toEqual([toVoid.id, toCancel.id, partly.id, toCaptureAll.id].sort());
    expect(await toCapture()).toBe(4);

    expect((await voidPayments(toVoid.id, [toVoid.paymentId])).status).toBe(200);
    const canceled = await s.admin('POST', `/ecom/v1/orders/${toCancel.id}/cancel`, { id: toCancel.id });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect((await getOrder(s, toCancel.id)).status).toBe('CANCELED');
    expect(
      (await capture(partly.id, [{ paymentId: partly.paymentId, amount: { amount: '10.00' } }])).status,
    ).toBe(200);
    expect((await capture(toCaptureAll.id, [{ paymentId: toCaptureAll.paymentId }])).status).toBe(200);

    // The voided and the wholly captured ones are gone; the canceled one still holds money, and a
    // partly captured authorization still holds the rest.
    const still = [toCancel.id, partly.id].sort();
    expect(await held()).toEqual(still);
    expect(await toCapture()).toBe(2);
    // The filter combines with the platform's; false lists the others.
    expect(await held({ authorizationHeld: true, status: { $eq: 'CANCELED' } })).toEqual([toCancel.id]);
    expect(await held({ authorizationHeld: { $eq: false } })).toEqual(
      expect.arrayContaining([paid.id, toVoid.id, toCaptureAll.id]),
    );
    expect(await held({ authorizationHeld: { $eq: false } })).not.toContain(toCancel.id);
    // A wrong type is refused, as for every boolean field.
    const wrong = await s.admin('POST', '/ecom/v1/orders/search', {
      search: { filter: { authorizationHeld: { $eq: 'yes' } } },
    });
    expect(wrong.status).toBe(400);

    // Voiding the canceled order's authorization leaves nothing held there.
    expect((await voidPayments(toCancel.id, [toCancel.paymentId])).status).toBe(200);
    expect(await held()).toEqual([partly.id]);
    expect(await toCapture()).toBe(1);
  });

  it('says in the timeline how much each capture took and each void released', async () => {
    const o = await authorized('98.53');
    await capture(o.id, [{ paymentId: o.paymentId, amount: { amount: '50.00' } }]);
    await capture(o.id, [{ paymentId: o.paymentId, amount: { amount: '20.00' } }]);
    const voided = await voidPayments(o.id, [o.paymentId]);
    expect(voided.status).toBe(200);
    const again = await capture(o.id, [{ paymentId: o.paymentId }]);
    expect(appError(again.body).code).toBe('PAYMENT_ALREADY_CAPTURED');
    const order = await getOrder(s, o.id);
    const said = order.activities
      .filter((a) => a.type === 'AUTHORIZED_PAYMENT_CAPTURED' || a.type === 'AUTHORIZED_PAYMENT_VOIDED')
      .map((a) => [a.type, (a as { description?: string }).description]);
    expect(said).toEqual([
      ['AUTHORIZED_PAYMENT_CAPTURED', 'Captured $50.00'],
      ['AUTHORIZED_PAYMENT_CAPTURED', 'Captured $20.00'],
      ['AUTHORIZED_PAYMENT_VOIDED', 'Released $28.53'],
    ]);
    // Search answers the same activities.
    const found = await s.admin<{ orders: { activities: { description?: string }[] }[] }>(
      'POST',
      '/ecom/v1/orders/search',
      { search: { filter: { id: { $eq: o.id } } } },
    );
    expect(found.body.orders[0]!.activities.map((a) => a.description)).toContain('Captured $50.00');
  });
});
