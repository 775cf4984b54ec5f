import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import {
  collector,
  fakeTokens,
  getOrder,
  newOrder,
  pay,
  prepare,
  transactions,
} from '../../test/payments.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ verifyToken: fakeTokens });
});
afterAll(async () => {
  await s?.stop();
});

const HOUR = 3_600_000;
const statusOf = async (server: TestServer, orderId: string) =>
  (await transactions(server, orderId)).payments[0]!.regularPaymentDetails;
const scheduled = (
  scheduledAction: 'VOID' | 'CAPTURE',
  count: number,
  unit: 'MINUTES' | 'HOURS' | 'DAYS',
) => ({ delayedCapture: true, delayedCaptureSettings: { scheduledAction, delayDuration: { count, unit } } });

describe('scheduled actions of delayed capture', () => {
  it('voids an authorization when its scheduled VOID falls due (test clock), not before', async () => {
    const order = await newOrder(s);
    const paid = await pay(s, await prepare(s, order.id, '25.00', scheduled('VOID', 30, 'MINUTES')));
    const due = new Date(s.clock.now().getTime() + 30 * 60_000).toISOString();
    expect(await statusOf(s, order.id)).toMatchObject({
      status: 'AUTHORIZED',
      authorizationDetails: { scheduledAction: { actionType: 'VOID', executionDate: due } },
    });
    s.clock.advance(29 * 60_000);
    await s.app.jobs.runDue();
    expect((await statusOf(s, order.id)).status).toBe('AUTHORIZED');
    s.clock.advance(60_000);
    const after = await s.until(async () => {
      const d = await statusOf(s, order.id);
      return d.status === 'VOIDED' ? d : undefined;
    });
    expect(after.authorizationDetails).toMatchObject({ void: { reason: 'SCHEDULED' } });
    expect(after.authorizationDetails!.scheduledAction).toBeUndefined();
    expect(paid.body.paymentId).toBeDefined();
    expect((await getOrder(s, order.id)).activities.map((a) => a.type)).toContain(
      'AUTHORIZED_PAYMENT_VOIDED',
    );
  });

  it('leaves a payment alone when it was captured by hand before its scheduled action', async () => {
    const order = await newOrder(s);
    const { paymentId } = (await pay(s, await prepare(s, order.id, '25.00', scheduled('VOID', 1, 'HOURS'))))
      .body;
    const cap = await s.admin('POST', collector(order.id, 'capture-authorized-payments'), {
      payments: [{ paymentId }],
    });
    expect(cap.status).toBe(200);
    s.clock.advance(2 * HOUR);
    await s.app.jobs.runDue();
    expect((await statusOf(s, order.id)).status).toBe('APPROVED');
    expect((await getOrder(s, order.id)).paymentStatus).toBe('PAID');
  });

  it('survives a restart: the job is in the database, and another process captures when due', async () => {
    const order = await newOrder(s, { total: '40.00' });
    await pay(s, await prepare(s, order.id, '40.00', scheduled('CAPTURE', 2, 'DAYS')));
    // The first process stops running jobs (as if it died); a new one starts on the same database.
    await s.app.jobs.stop();
    const next = await startTestServer({ database: s.db.handle, clock: s.clock, verifyToken: fakeTokens });
    try {
      s.clock.advance(2 * 24 * HOUR + 1000);
      const d = await next.until(async () => {
        const x = await statusOf(next, order.id);
        return x.status === 'APPROVED' ? x : undefined;
      });
      expect(d.authorizationDetails!.captures.map((c) => c.amount.amount)).toEqual(['40.00']);
      expect(await getOrder(next, order.id)).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    } finally {
      await next.stop();
      s.app.jobs.start();
    }
  });
});
