/**
 * The buyer's payment right after create-order, and the merchant's capture or void right after it,
 * are made from the order and payments this process kept (kept.ts) without reading them: the order's
 * lock checks its revision and the configuration's, the gateway order's that it is still open and
 * unchanged. A change made meanwhile by another process must show, and no answer may come from rows
 * that were not current.
 *
 * The tests' server processes share one Node process, and so one kept store: a change made through
 * `other` that does not go through the kept rows (a cancel, a re-prepare) leaves them as `s` kept them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import {
  ADMIN_KEY,
  appError,
  startSecondProcess,
  startTestServer,
  type TestServer,
} from '../../test/server.ts';
import { CARD, payAsBuyer, placeShopOrder, shopProduct, visitorOf } from '../../test/shop.ts';
import { collector } from '../../test/payments.ts';
import { keptPaymentsSize } from './kept.ts';

let s: TestServer;
/** Another server process on the same database (PostgreSQL), else the same one. */
let other: TestServer;
let product: { productId: string; variantId: string };
beforeAll(async () => {
  s = await startTestServer();
  other =
    testEngine() === 'postgres' ? await startSecondProcess(s, { clock: s.clock, env: { JOBS: 'false' } }) : s;
  product = await shopProduct(s, { price: '25.00' });
});
afterAll(async () => {
  if (other !== s) await other?.stop();
  await s?.stop();
});

interface Transactions {
  payments: {
    id: string;
    amount: { amount: string };
    regularPaymentDetails: {
      status: string;
      authorizationDetails?: { captures: { amount: { amount: string } }[]; void?: unknown };
    };
  }[];
}

/** A visitor's order placed on `s` (with `delayCapture`, as the bench's flow: the payment authorizes), and its buyer's token. */
async function placed(delayCapture = false) {
  const auth = await visitorOf(s);
  const o = await placeShopOrder(s, { auth, product, delayCapture });
  return { auth, ...o, paymentGatewayOrderId: o.paymentGatewayOrderId! };
}

/**
 * What a call made of kept rows: whether it started from them, and whether the database then found
 * them no longer current (ROW_CHANGED: the locks' checks; it ran again from a read).
 */
async function counted<T>(call: () => Promise<T>) {
  const before = keptPaymentsSize();
  const r = await call();
  const after = keptPaymentsSize();
  return { ...r, fromKept: after.hits > before.hits, stale: after.stale > before.stale };
}

/** Pays as the buyer on `s`. */
const pay = (auth: string, paymentGatewayOrderId: string) =>
  counted(() =>
    s.request<{ status: string; paymentId: string; amount: { amount: string } }>(
      'POST',
      '/payments/v1/test-gateway/pay',
      { auth, body: { paymentGatewayOrderId, card: CARD } },
    ),
  );

/** capture-authorized-payments as the merchant on `s`. */
const capture = (orderId: string, payments: unknown[]) =>
  counted(() =>
    s.request<{ orderTransactions: Transactions }>(
      'POST',
      collector(orderId, 'capture-authorized-payments'),
      {
        auth: ADMIN_KEY,
        body: { ecomOrderId: orderId, payments },
      },
    ),
  );

const transactions = async (orderId: string) =>
  (await s.admin<{ orderTransactions: Transactions }>('GET', collector(orderId, 'transactions'))).body
    .orderTransactions;

/** The order as GET answers it (read from the database). */
const orderOf = async (id: string) =>
  (await s.admin<{ order: Record<string, unknown> }>('GET', `/ecom/v1/orders/${id}`)).body.order;

/** The order in its last `updated` event (built from the row the call held: kept or read). */
async function lastUpdated(id: string) {
  const rows = await s.db.handle.db
    .selectFrom('event')
    .select('body')
    .where('entity_id', '=', id)
    .where('slug', '=', 'updated')
    .orderBy('entity_event_sequence', 'desc')
    .limit(1)
    .execute();
  return (rows[0]!.body as { updatedEvent: { currentEntity: Record<string, unknown> } }).updatedEvent
    .currentEntity;
}

describe('the payment after create-order, from kept rows', () => {
  it('is made without a read, and the order it writes is the order a read answers', async () => {
    const o = await placed();
    const paid = await pay(o.auth, o.paymentGatewayOrderId);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect([paid.fromKept, paid.stale]).toEqual([true, false]);
    expect(paid.body).toMatchObject({ status: 'APPROVED', amount: { amount: '25.00' } });
    const order = await orderOf(o.orderId);
    expect(order).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    // The event's order was built from the kept row: every field, activities included, as stored.
    expect(await lastUpdated(o.orderId)).toEqual(order);
    expect((await transactions(o.orderId)).payments).toHaveLength(1);
  });

  it('is made once: a second payment of the gateway order reads, and is refused', async () => {
    const o = await placed();
    expect((await pay(o.auth, o.paymentGatewayOrderId)).status).toBe(200);
    const again = await pay(o.auth, o.paymentGatewayOrderId);
    expect(again.fromKept).toBe(false);
    expect([again.status, appError(again.body).code]).toEqual([409, 'ORDER_ALREADY_PAID']);
    expect((await transactions(o.orderId)).payments).toHaveLength(1);
  });

  it('of an order another process canceled meanwhile is refused, and nothing is charged', async () => {
    const o = await placed();
    const canceled = await other.admin('POST', `/ecom/v1/orders/${o.orderId}/cancel`, {});
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const r = await pay(o.auth, o.paymentGatewayOrderId);
    expect([r.fromKept, r.stale], 'tried from the kept rows, found changed').toEqual([true, true]);
    expect([r.status, appError(r.body).code]).toEqual([428, 'ORDER_CANCELED']);
    expect((await transactions(o.orderId)).payments).toEqual([]);
    expect(await orderOf(o.orderId)).toMatchObject({ status: 'CANCELED', paymentStatus: 'NOT_PAID' });
  });

  it('of a gateway order another process re-prepared meanwhile charges the new amount', async () => {
    const o = await placed();
    const prepared = await other.admin('POST', collector(o.orderId, 'prepare-payment-collection'), {
      ecomOrderId: o.orderId,
      amount: { amount: '10.00' },
      paymentGatewayOrderId: o.paymentGatewayOrderId,
    });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const r = await pay(o.auth, o.paymentGatewayOrderId);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect([r.fromKept, r.stale], 'tried from the kept rows, found changed').toEqual([true, true]);
    expect(r.body.amount.amount).toBe('10.00');
    expect(await orderOf(o.orderId)).toMatchObject({ paymentStatus: 'PARTIALLY_PAID' });
  });

  it("after another process changed the store's locale is made from a read, in the new locale", async () => {
    const o = await placed();
    const before = await s.admin<{ settings: { locale: string } }>('GET', '/platform/v1/store-settings');
    const changed = await other.admin('PATCH', '/platform/v1/store-settings', {
      settings: { locale: 'de-DE' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    try {
      const r = await pay(o.auth, o.paymentGatewayOrderId);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect([r.fromKept, r.stale], 'tried from the kept rows, found changed').toEqual([true, true]);
      const order = await orderOf(o.orderId);
      expect(JSON.stringify(order)).toContain('25,00');
      expect(await lastUpdated(o.orderId)).toEqual(order);
    } finally {
      await s.admin('PATCH', '/platform/v1/store-settings', {
        settings: { locale: before.body.settings.locale },
      });
    }
  });

  it('by someone who is not the buyer is refused from kept rows as from a read', async () => {
    const o = await placed();
    const r = await pay(await visitorOf(s), o.paymentGatewayOrderId);
    expect([r.status, appError(r.body).code]).toEqual([404, 'PAYMENT_GATEWAY_ID_NOT_FOUND']);
    expect((await transactions(o.orderId)).payments).toEqual([]);
    // The buyer still pays (from a read: the kept rows were used by the refused call).
    expect((await payAsBuyer(s, o.auth, o.paymentGatewayOrderId)).status).toBe('APPROVED');
  });
});

describe("the merchant's capture after the buyer's authorization, from kept rows", () => {
  it('is made without a read, and answers and writes what a read would', async () => {
    const o = await placed(true);
    const paid = await pay(o.auth, o.paymentGatewayOrderId);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.status).toBe('AUTHORIZED');
    const r = await capture(o.orderId, [{ paymentId: paid.body.paymentId }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect([r.fromKept, r.stale]).toEqual([true, false]);
    expect(r.body.orderTransactions).toEqual(await transactions(o.orderId));
    const [p] = r.body.orderTransactions.payments;
    expect(p!.regularPaymentDetails.status).toBe('APPROVED');
    expect(p!.regularPaymentDetails.authorizationDetails!.captures.map((c) => c.amount.amount)).toEqual([
      '25.00',
    ]);
    const order = await orderOf(o.orderId);
    expect(order).toMatchObject({ paymentStatus: 'PAID' });
    expect(await lastUpdated(o.orderId)).toEqual(order);
  });

  it('voids the authorization the same way', async () => {
    const o = await placed(true);
    const paid = await pay(o.auth, o.paymentGatewayOrderId);
    expect(paid.body.status).toBe('AUTHORIZED');
    const r = await counted(() =>
      s.request<{ orderTransactions: Transactions }>(
        'POST',
        collector(o.orderId, 'void-authorized-payments'),
        {
          auth: ADMIN_KEY,
          body: { ecomOrderId: o.orderId, paymentIds: [paid.body.paymentId] },
        },
      ),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect([r.fromKept, r.stale]).toEqual([true, false]);
    expect(r.body.orderTransactions).toEqual(await transactions(o.orderId));
    expect(r.body.orderTransactions.payments[0]!.regularPaymentDetails.status).toBe('VOIDED');
    const order = await orderOf(o.orderId);
    expect(await lastUpdated(o.orderId)).toEqual(order);
    // Nothing is held any more: nothing is kept, and a second void reads and is refused.
    const again = await counted(() =>
      s.request('POST', collector(o.orderId, 'void-authorized-payments'), {
        auth: ADMIN_KEY,
        body: { ecomOrderId: o.orderId, paymentIds: [paid.body.paymentId] },
      }),
    );
    expect(again.fromKept).toBe(false);
    expect([again.status, appError(again.body).code]).toEqual([428, 'PAYMENT_ALREADY_VOIDED']);
  });

  it('of an order another process changed meanwhile runs from a read', async () => {
    const o = await placed(true);
    const paid = await pay(o.auth, o.paymentGatewayOrderId);
    expect(paid.body.status).toBe('AUTHORIZED');
    // An order change that does not go through the kept rows: a merchant's comment, elsewhere.
    const commented = await other.admin('POST', `/ecom/v1/orders/${o.orderId}/activities`, {
      activity: { merchantComment: { message: 'Gift wrap, please' } },
    });
    expect(commented.status, JSON.stringify(commented.body)).toBe(200);
    const r = await capture(o.orderId, [{ paymentId: paid.body.paymentId, amount: { amount: '5.00' } }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect([r.fromKept, r.stale], 'tried from the kept rows, found changed').toEqual([true, true]);
    expect(r.body.orderTransactions).toEqual(await transactions(o.orderId));
    const order = await orderOf(o.orderId);
    expect(order).toMatchObject({ paymentStatus: 'PARTIALLY_PAID' });
    expect(JSON.stringify(order.activities)).toContain('Gift wrap, please');
    expect(await lastUpdated(o.orderId)).toEqual(order);
  });
});
