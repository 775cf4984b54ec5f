import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { ADMIN_KEY, appError, startTestServer, type TestServer } from '../../test/server.ts';
import {
  collector,
  fakeTokens,
  getOrder,
  newOrder,
  pay,
  prepare,
  transactions,
} from '../../test/payments.ts';

/** Real parallel connections only exist on PostgreSQL (PGlite is one session and serialises everything). */
const onPostgres = testEngine() === 'postgres';

let s: TestServer;
let other: TestServer;
beforeAll(async () => {
  s = await startTestServer({ verifyToken: fakeTokens });
  // A second server process on the same database (its own pool), as behind a load balancer.
  if (onPostgres)
    other = await startTestServer({
      database: s.db.another(),
      clock: s.clock,
      env: { JOBS: 'false' },
      verifyToken: fakeTokens,
    });
});
afterAll(async () => {
  await other?.stop();
  await s?.stop();
});

const captureFrom = (server: TestServer, orderId: string, payments: unknown[]) =>
  server.request('POST', collector(orderId, 'capture-authorized-payments'), {
    auth: ADMIN_KEY,
    body: { ecomOrderId: orderId, payments },
  });
const voidFrom = (server: TestServer, orderId: string, paymentIds: string[]) =>
  server.request('POST', collector(orderId, 'void-authorized-payments'), {
    auth: ADMIN_KEY,
    body: { ecomOrderId: orderId, paymentIds },
  });
const refundFrom = (server: TestServer, orderId: string, payments: unknown[]) =>
  server.request('POST', collector(orderId, 'trigger-refund'), {
    auth: ADMIN_KEY,
    body: { ecomOrderId: orderId, payments, details: { reason: 'race' } },
  });
const codes = (answers: { status: number; body: unknown }[]) =>
  new Set(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${appError(a.body).code}`));

describe.skipIf(!onPostgres)('concurrent payment calls over two processes (PostgreSQL)', () => {
  it('twenty identical full captures over two processes make exactly one capture', async () => {
    const order = await newOrder(s);
    const { paymentId } = (await pay(s, await prepare(s, order.id, '25.00', { delayedCapture: true }))).body;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        captureFrom(i % 2 ? other : s, order.id, [{ paymentId, amount: { amount: '25.00' } }]),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect([a.status, appError(a.body).code]).toEqual([428, 'PAYMENT_ALREADY_CAPTURED']);
    const p = (await transactions(s, order.id)).payments[0]!;
    expect(p.regularPaymentDetails.status).toBe('APPROVED');
    expect(p.regularPaymentDetails.authorizationDetails!.captures).toHaveLength(1);
  });

  it('twenty parallel partial captures never take more than was authorized', async () => {
    const order = await newOrder(s);
    const { paymentId } = (await pay(s, await prepare(s, order.id, '25.00', { delayedCapture: true }))).body;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        captureFrom(i % 2 ? other : s, order.id, [{ paymentId, amount: { amount: '10.00' } }]),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(appError(a.body).code).toBe('INVALID_AMOUNT');
    const captures = (await transactions(s, order.id)).payments[0]!.regularPaymentDetails
      .authorizationDetails!.captures;
    expect(captures.map((c) => c.amount.amount)).toEqual(['10.00', '10.00']);
  });

  it('twenty parallel payments of one gateway order charge the card once', async () => {
    const order = await newOrder(s);
    const pg = await prepare(s, order.id, '25.00');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? other : s).request('POST', '/payments/v1/test-gateway/pay', {
          auth: ADMIN_KEY,
          body: {
            paymentGatewayOrderId: pg,
            card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', holderName: 'A' },
          },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(appError(a.body).code).toBe('ORDER_ALREADY_PAID');
    expect((await transactions(s, order.id)).payments).toHaveLength(1);
  });

  it('ten captures and ten voids of one authorization over two processes: exactly one of them wins', async () => {
    const order = await newOrder(s);
    const { paymentId } = (await pay(s, await prepare(s, order.id, '25.00', { delayedCapture: true }))).body;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const server = i % 4 < 2 ? s : other;
        return i % 2
          ? voidFrom(server, order.id, [paymentId])
          : captureFrom(server, order.id, [{ paymentId }]);
      }),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    const p = (await transactions(other, order.id)).payments[0]!;
    const auth = p.regularPaymentDetails.authorizationDetails!;
    if (p.regularPaymentDetails.status === 'VOIDED') {
      expect(auth.captures).toEqual([]);
      expect(codes(answers)).toEqual(new Set(['428 PAYMENT_ALREADY_VOIDED']));
    } else {
      expect(p.regularPaymentDetails.status).toBe('APPROVED');
      expect(auth.captures.map((c) => c.amount.amount)).toEqual(['25.00']);
      expect(auth.void).toBeUndefined();
      expect(codes(answers)).toEqual(new Set(['428 PAYMENT_ALREADY_CAPTURED']));
    }
  });

  it('twenty parallel partial refunds over two processes never give back more than was captured', async () => {
    const order = await newOrder(s);
    const { paymentId } = (await pay(s, await prepare(s, order.id, '25.00'))).body;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        refundFrom(i % 2 ? other : s, order.id, [{ paymentId, amount: { amount: '10.00' } }]),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(codes(answers)).toEqual(new Set(['400 INVALID_AMOUNT']));
    const t = await transactions(other, order.id);
    expect(t.refunds.map((r) => r.transactions[0]!.amount.amount)).toEqual(['10.00', '10.00']);
    expect(t.payments[0]!.regularPaymentDetails.status).toBe('PARTIALLY_REFUNDED');
  });

  it('twenty parallel full refunds over two processes refund once', async () => {
    const order = await newOrder(s);
    const { paymentId } = (await pay(s, await prepare(s, order.id, '25.00'))).body;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => refundFrom(i % 2 ? other : s, order.id, [{ paymentId }])),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(codes(answers)).toEqual(new Set(['428 REFUND_NOT_AVAILABLE']));
    const t = await transactions(s, order.id);
    expect(t.refunds.map((r) => r.transactions[0]!.amount.amount)).toEqual(['25.00']);
    expect(t.payments[0]!.regularPaymentDetails.status).toBe('REFUNDED');
    expect((await getOrder(other, order.id)).paymentStatus).toBe('FULLY_REFUNDED');
  });
});
