import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD, DECLINED_CARD, collector, fakeTokens, newOrder, prepare } from '../../test/payments.ts';
import { testEngine } from '../../test/database.ts';
import { ADMIN_KEY, appError, startTestServer, violations, type TestServer } from '../../test/server.ts';
import { IDEMPOTENCY_TTL_MS, canonicalJson, requestHash } from './idempotency.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ verifyToken: fakeTokens });
});
afterAll(async () => {
  await s?.stop();
});

const orderBody = (total = '9.00') => ({
  order: {
    channelInfo: { type: 'WEB' },
    currency: 'USD',
    lineItems: [
      {
        productName: { original: 'Mug' },
        catalogReference: { catalogItemId: randomUUID(), appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
        quantity: 1,
        price: { amount: total },
        itemType: { preset: 'PHYSICAL' },
      },
    ],
    priceSummary: { subtotal: { amount: total }, total: { amount: total } },
    buyerInfo: { email: 'ada@example.test' },
  },
  settings: { notifications: { sendNotificationToBuyer: false, sendNotificationsToBusiness: false } },
});
const post = <T = Record<string, unknown>>(path: string, body: unknown, key?: string, auth = ADMIN_KEY) =>
  s.request<T>('POST', path, { body, auth, headers: key ? { 'idempotency-key': key } : {} });
const keyRows = async () => s.db.handle.db.selectFrom('idempotency_key').selectAll().execute();

describe('Idempotency-Key', () => {
  it('replays the stored answer for the same key and body; the order is created once', async () => {
    const body = orderBody();
    const first = await post<{ order: { id: string; number: string } }>(
      '/ecom/v1/orders',
      body,
      'k-create-1',
    );
    expect(first.status).toBe(200);
    // The same body with its keys in another order is the same request.
    const reordered = JSON.parse(canonicalJson(body)) as unknown;
    const second = await post<{ order: { id: string } }>('/ecom/v1/orders', reordered, 'k-create-1');
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    const third = await post<{ order: { id: string } }>('/ecom/v1/orders', body);
    expect(third.body.order.id).not.toBe(first.body.order.id);
  });

  it('refuses the same key with another body (422) and keeps keys apart per caller', async () => {
    expect((await post('/ecom/v1/orders', orderBody('1.00'), 'k-reuse')).status).toBe(200);
    const other = await post('/ecom/v1/orders', orderBody('2.00'), 'k-reuse');
    expect([other.status, appError(other.body).code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const otherPath = await post('/ecom/v1/bulk/orders/update', { orders: [] }, 'k-reuse');
    expect(appError(otherPath.body).code).toBe('IDEMPOTENCY_KEY_REUSED');

    const visitorA = randomUUID();
    const visitorB = randomUUID();
    const order = await newOrder(s, { visitorId: visitorA });
    const pg = await prepare(s, order.id, '25.00');
    const b = await post(
      '/payments/v1/test-gateway/pay',
      { paymentGatewayOrderId: pg, card: CARD },
      'k-pay',
      `visitor:${visitorB}`,
    );
    expect(b.status).toBe(404);
    const a = await post(
      '/payments/v1/test-gateway/pay',
      { paymentGatewayOrderId: pg, card: CARD },
      'k-pay',
      `visitor:${visitorA}`,
    );
    expect(a.status).toBe(200);
  });

  it('replays errors below 500 too (a declined card under the same key stays declined)', async () => {
    const order = await newOrder(s);
    const pg = await prepare(s, order.id, '25.00');
    const body = { paymentGatewayOrderId: pg, card: DECLINED_CARD };
    const first = await post('/payments/v1/test-gateway/pay', body, 'k-decline');
    const second = await post('/payments/v1/test-gateway/pay', body, 'k-decline');
    expect([first.status, second.status]).toEqual([402, 402]);
    expect(appError(second.body).code).toBe('CARD_DECLINED');
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    // A retry with a new key and another card goes through.
    expect(
      (await post('/payments/v1/test-gateway/pay', { paymentGatewayOrderId: pg, card: CARD }, 'k-decline-2'))
        .status,
    ).toBe(200);
  });

  it('answers 409 while the first request is in flight, and lets a retry take over a claim whose process died', async () => {
    const order = await newOrder(s);
    const path = collector(order.id, 'prepare-payment-collection');
    const body = { ecomOrderId: order.id, amount: { amount: '5.00' } };
    const now = s.clock.now();
    await s.db.handle.db
      .insertInto('idempotency_key')
      .values({
        caller: 'app:admin-api-key',
        key: 'k-flight',
        request_hash: requestHash('POST', path, body),
        state: 'IN_FLIGHT',
        status_code: null,
        response_body: null,
        locked_until: new Date(now.getTime() + 60_000),
        created_at: now,
        expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      })
      .execute();
    const busy = await post(path, body, 'k-flight');
    expect([busy.status, appError(busy.body).code]).toEqual([409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS']);
    s.clock.advance(5 * 60_000);
    const taken = await post<{ paymentGatewayOrderId: string }>(path, body, 'k-flight');
    expect(taken.status).toBe(200);
    expect(taken.body.paymentGatewayOrderId).toMatch(/^pg-/);
  });

  it('checks the key, ignores it outside its scope, and forgets keys after 24 hours (cleanup job)', async () => {
    const bad = await post('/ecom/v1/orders', orderBody(), 'x'.repeat(256));
    expect(violations(bad.body)[0]).toMatchObject({ field: 'Idempotency-Key', violatedRule: 'FORMAT' });
    const before = (await keyRows()).length;
    const search = await s.request('POST', '/members/v1/members/query', {
      body: {},
      auth: ADMIN_KEY,
      headers: { 'idempotency-key': 'k-out' },
    });
    expect(search.headers.get('idempotent-replayed')).toBeNull();
    expect((await keyRows()).length).toBe(before);

    expect((await post('/ecom/v1/orders', orderBody('3.00'), 'k-old')).status).toBe(200);
    s.clock.advance(IDEMPOTENCY_TTL_MS + 1000);
    // Expired: the key is free again, even for another body.
    expect((await post('/ecom/v1/orders', orderBody('4.00'), 'k-old')).status).toBe(200);
    s.clock.advance(IDEMPOTENCY_TTL_MS + 2 * 3_600_000);
    await s.app.jobs.runDue();
    expect(await keyRows()).toEqual([]);
  });

  it.skipIf(testEngine() !== 'postgres')(
    'runs one request for 20 parallel identical ones spread over two processes',
    async () => {
      const other = await startTestServer({
        database: s.db.another(),
        clock: s.clock,
        env: { JOBS: 'false' },
        verifyToken: fakeTokens,
      });
      try {
        const order = await newOrder(s);
        const path = collector(order.id, 'prepare-payment-collection');
        const body = { ecomOrderId: order.id, amount: { amount: '5.00' } };
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            (i % 2 ? other : s).request<{ paymentGatewayOrderId?: string }>('POST', path, {
              body,
              auth: ADMIN_KEY,
              headers: { 'idempotency-key': 'k-race' },
            }),
          ),
        );
        const ok = answers.filter((a) => a.status === 200);
        expect(ok.length).toBeGreaterThanOrEqual(1);
        expect(new Set(ok.map((a) => a.body.paymentGatewayOrderId)).size).toBe(1);
        for (const a of answers.filter((x) => x.status !== 200))
          expect(appError(a.body).code).toBe('IDEMPOTENCY_REQUEST_IN_PROGRESS');
        const made = await s.db.handle.db
          .selectFrom('payment_gateway_order')
          .select('id')
          .where('order_id', '=', order.id)
          .execute();
        expect(made).toHaveLength(1);
      } finally {
        await other.stop();
      }
    },
  );
});
