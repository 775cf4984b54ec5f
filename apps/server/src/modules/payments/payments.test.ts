import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, startTestServer, violations, type TestServer } from '../../test/server.ts';
import {
  CARD,
  DECLINED_CARD,
  POOR_CARD,
  collector,
  fakeTokens,
  getOrder,
  newOrder,
  pay,
  prepare,
  transactions,
  type Txns,
} from '../../test/payments.ts';

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
const collectable = async (orderId: string) =>
  (
    await s.admin<{ status: string; amount: { amount: string; formattedAmount: string } }>(
      'GET',
      `${collector(orderId, 'payment-collectability-status')}?ecomOrderId=${orderId}`,
    )
  ).body;

describe('prepare-payment-collection and collectability', () => {
  it('opens a gateway order for what is due and reports the order collectable', async () => {
    const order = await newOrder(s);
    expect(order).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'NOT_PAID' });
    expect(await collectable(order.id)).toEqual({
      status: 'COLLECTABLE',
      amount: { amount: '25.00', formattedAmount: '$25.00' },
    });
    const pg = await prepare(s, order.id, '25.00');
    expect(pg).toMatch(/^pg-[0-9a-f-]{36}$/);
  });

  it('refuses bad amounts, unknown orders, mismatched ids and non-admin callers', async () => {
    const order = await newOrder(s);
    const path = collector(order.id, 'prepare-payment-collection');
    const over = await s.admin('POST', path, { amount: { amount: '25.01' } });
    expect([over.status, appError(over.body).code]).toEqual([400, 'INVALID_AMOUNT']);
    const zero = await s.admin('POST', path, { amount: { amount: '0' } });
    expect(appError(zero.body).code).toBe('INVALID_AMOUNT');
    const scale = await s.admin('POST', path, { amount: { amount: '1.005' } });
    expect(violations(scale.body).map((v) => v.field)).toEqual(['amount.amount']);
    const missing = await s.admin('POST', collector(randomUUID(), 'prepare-payment-collection'), {
      amount: { amount: '1.00' },
    });
    expect([missing.status, appError(missing.body).code]).toEqual([404, 'NO_ASSOCIATED_ECOM_ORDER']);
    const other = await s.admin('POST', path, { ecomOrderId: randomUUID(), amount: { amount: '1.00' } });
    expect(violations(other.body)[0]?.field).toBe('ecomOrderId');
    const settingsWithout = await s.admin('POST', path, {
      amount: { amount: '1.00' },
      delayedCaptureSettings: { scheduledAction: 'VOID', delayDuration: { count: 1, unit: 'HOURS' } },
    });
    expect(violations(settingsWithout.body)[0]?.field).toBe('delayedCaptureSettings');
    const unit = await s.admin('POST', path, {
      amount: { amount: '1.00' },
      delayedCapture: true,
      delayedCaptureSettings: { scheduledAction: 'VOID', delayDuration: { count: 1, unit: 'WEEKS' } },
    });
    expect(violations(unit.body)[0]).toMatchObject({
      field: 'delayedCaptureSettings.delayDuration.unit',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
    const visitor = await s.request('POST', path, {
      auth: `visitor:${randomUUID()}`,
      body: { amount: { amount: '1.00' } },
    });
    expect(visitor.status).toBe(403);
  });
});

describe('paying with the test gateway', () => {
  it('declined and failed cards answer 402 and change nothing; the buyer retries and the order is approved and paid', async () => {
    const visitorId = randomUUID();
    const order = await newOrder(s, { visitorId });
    const pg = await prepare(s, order.id, '25.00');
    const auth = `visitor:${visitorId}`;

    const declined = await pay(s, pg, DECLINED_CARD, auth);
    expect([declined.status, appError(declined.body).code]).toEqual([402, 'CARD_DECLINED']);
    const poor = await pay(s, pg, POOR_CARD, auth);
    expect([poor.status, appError(poor.body).code]).toEqual([402, 'INSUFFICIENT_FUNDS']);
    const bad = await pay(s, pg, { ...CARD, number: '4242 4242 4242 4241', cvc: '1', expMonth: 13 }, auth);
    expect(violations(bad.body).map((v) => v.field)).toEqual(['card.cvc', 'card.expMonth', 'card.number']);
    expect(await getOrder(s, order.id)).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'NOT_PAID' });
    expect((await transactions(s, order.id)).payments).toEqual([]);

    const stranger = await pay(s, pg, CARD, `visitor:${randomUUID()}`);
    expect([stranger.status, appError(stranger.body).code]).toEqual([404, 'PAYMENT_GATEWAY_ID_NOT_FOUND']);

    const ok = await pay(s, pg, CARD, auth);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      orderId: order.id,
      status: 'APPROVED',
      amount: { amount: '25.00' },
      creditCardDetails: { lastFourDigits: '4242', brand: 'VISA' },
    });
    const after = await getOrder(s, order.id);
    expect(after).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    expect(after.activities.map((a) => a.type)).toContain('ORDER_PAID');
    const t = await transactions(s, order.id);
    expect(t.payments).toHaveLength(1);
    expect(t.payments[0]!.regularPaymentDetails).toMatchObject({
      status: 'APPROVED',
      paymentOrderId: pg,
      offlinePayment: false,
      paymentMethod: 'CreditCard',
      creditCardDetails: { lastFourDigits: '4242', brand: 'VISA' },
    });
    expect(JSON.stringify(t)).not.toContain('4242424242424242');

    const again = await pay(s, pg, CARD, auth);
    expect([again.status, appError(again.body).code]).toEqual([409, 'ORDER_ALREADY_PAID']);
    expect(await collectable(order.id)).toMatchObject({
      status: 'NONCOLLECTABLE_ORDER_IS_PAID',
      amount: { amount: '0.00' },
    });
    const prepAgain = await s.admin('POST', collector(order.id, 'prepare-payment-collection'), {
      amount: { amount: '1.00' },
    });
    expect(appError(prepAgain.body).code).toBe('ORDER_ALREADY_PAID');
    const captureCaptured = await capture(order.id, [{ paymentId: t.payments[0]!.id }]);
    expect([captureCaptured.status, appError(captureCaptured.body).code]).toEqual([
      428,
      'PAYMENT_ALREADY_CAPTURED',
    ]);
  });

  it('pays a gateway order another process opened, read to find its order; an unknown one is a 404', async () => {
    const order = await newOrder(s);
    // Written as another process would have: this one never remembered it.
    const id = `pg-${randomUUID()}`;
    const now = new Date();
    await s.app
      .systemCtx()
      .db.insertInto('payment_gateway_order')
      .values({
        id,
        order_id: order.id,
        amount: 2500,
        currency: 'USD',
        delayed_capture: false,
        delayed_capture_settings: null,
        capture_on_fulfillment: false,
        status: 'OPEN',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const paid = await pay(s, id);
    expect([paid.status, paid.body.orderId, paid.body.amount.amount]).toEqual([200, order.id, '25.00']);
    expect((await getOrder(s, order.id)).paymentStatus).toBe('PAID');
    const unknown = await pay(s, `pg-${randomUUID()}`);
    expect([unknown.status, appError(unknown.body).code]).toEqual([404, 'PAYMENT_GATEWAY_ID_NOT_FOUND']);
  });

  it('lets a member pay for their own order only', async () => {
    const memberId = randomUUID();
    const order = await newOrder(s, { memberId });
    const pg = await prepare(s, order.id, '25.00');
    expect((await pay(s, pg, CARD, `member:${randomUUID()}`)).status).toBe(404);
    expect((await pay(s, pg, CARD, `member:${memberId}`)).status).toBe(200);
    const anonymous = await s.request('POST', '/payments/v1/test-gateway/pay', {
      body: { paymentGatewayOrderId: pg, card: CARD },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('authorize, capture and void', () => {
  it('captures partly, several times, up to the authorized amount', async () => {
    const order = await newOrder(s, { total: '30.00' });
    const pg = await prepare(s, order.id, '30.00', { delayedCapture: true });
    const paid = await pay(s, pg);
    expect(paid.body.status).toBe('AUTHORIZED');
    expect(await getOrder(s, order.id)).toMatchObject({ status: 'APPROVED', paymentStatus: 'NOT_PAID' });
    expect((await collectable(order.id)).status).toBe('NONCOLLECTABLE_ORDER_IS_PAID');
    const id = paid.body.paymentId;

    const first = await capture(order.id, [{ paymentId: id, amount: { amount: '10.00' } }]);
    expect(first.status).toBe(200);
    const p1 = first.body.orderTransactions.payments[0]!;
    expect(p1.regularPaymentDetails.status).toBe('AUTHORIZED');
    expect(p1.regularPaymentDetails.authorizationDetails!.captures.map((c) => c.amount.amount)).toEqual([
      '10.00',
    ]);
    expect((await getOrder(s, order.id)).paymentStatus).toBe('PARTIALLY_PAID');

    const tooMuch = await capture(order.id, [{ paymentId: id, amount: { amount: '20.01' } }]);
    expect([tooMuch.status, appError(tooMuch.body).code]).toEqual([400, 'INVALID_AMOUNT']);
    const second = await capture(order.id, [{ paymentId: id, amount: { amount: '5.00' } }]);
    expect(
      second.body.orderTransactions.payments[0]!.regularPaymentDetails.authorizationDetails!.captures,
    ).toHaveLength(2);
    const rest = await capture(order.id, [{ paymentId: id }]);
    const p3 = rest.body.orderTransactions.payments[0]!;
    expect(p3.regularPaymentDetails.status).toBe('APPROVED');
    expect(p3.regularPaymentDetails.authorizationDetails!.captures.map((c) => c.amount.amount)).toEqual([
      '10.00',
      '5.00',
      '15.00',
    ]);
    const order2 = await getOrder(s, order.id);
    expect(order2.paymentStatus).toBe('PAID');
    expect(order2.activities.filter((a) => a.type === 'AUTHORIZED_PAYMENT_CAPTURED')).toHaveLength(3);
    const more = await capture(order.id, [{ paymentId: id, amount: { amount: '1.00' } }]);
    expect(appError(more.body).code).toBe('PAYMENT_ALREADY_CAPTURED');
    const voidCaptured = await voidPayments(order.id, [id]);
    expect(appError(voidCaptured.body).code).toBe('PAYMENT_ALREADY_CAPTURED');
  });

  it('voids an authorization; a voided payment cannot be captured; the order is collectable again', async () => {
    const order = await newOrder(s);
    const pg = await prepare(s, order.id, '25.00', { delayedCapture: true });
    const { paymentId } = (await pay(s, pg)).body;
    const voided = await voidPayments(order.id, [paymentId]);
    expect(voided.status).toBe(200);
    const p = voided.body.orderTransactions.payments[0]!;
    expect(p.regularPaymentDetails).toMatchObject({
      status: 'VOIDED',
      authorizationDetails: { void: { reason: 'MANUAL' } },
    });
    const cap = await capture(order.id, [{ paymentId }]);
    expect([cap.status, appError(cap.body).code]).toEqual([428, 'PAYMENT_ALREADY_VOIDED']);
    const again = await voidPayments(order.id, [paymentId]);
    expect(appError(again.body).code).toBe('PAYMENT_ALREADY_VOIDED');
    expect(await collectable(order.id)).toMatchObject({ status: 'COLLECTABLE', amount: { amount: '25.00' } });
    expect((await getOrder(s, order.id)).activities.map((a) => a.type)).toContain(
      'AUTHORIZED_PAYMENT_VOIDED',
    );
  });

  it('voiding a partly captured authorization releases the rest and keeps the captured part', async () => {
    const order = await newOrder(s, { total: '20.00' });
    const { paymentId } = (await pay(s, await prepare(s, order.id, '20.00', { delayedCapture: true }))).body;
    await capture(order.id, [{ paymentId, amount: { amount: '8.00' } }]);
    const voided = await voidPayments(order.id, [paymentId]);
    expect(voided.body.orderTransactions.payments[0]!.regularPaymentDetails.status).toBe('APPROVED');
    expect((await getOrder(s, order.id)).paymentStatus).toBe('PARTIALLY_PAID');
    expect(await collectable(order.id)).toMatchObject({ status: 'COLLECTABLE', amount: { amount: '12.00' } });
  });

  it('refuses unknown payments, repeated ids and payments of another order', async () => {
    const a = await newOrder(s);
    const b = await newOrder(s);
    const { paymentId } = (await pay(s, await prepare(s, a.id, '25.00', { delayedCapture: true }))).body;
    const unknown = await capture(a.id, [{ paymentId: randomUUID() }]);
    expect([unknown.status, appError(unknown.body).code]).toEqual([404, 'PAYMENT_NOT_FOUND']);
    const foreign = await voidPayments(b.id, [paymentId]);
    expect(appError(foreign.body).code).toBe('PAYMENT_NOT_FOUND');
    const twice = await capture(a.id, [{ paymentId }, { paymentId }]);
    expect(violations(twice.body)[0]?.field).toBe('payments[1].paymentId');
    const empty = await capture(a.id, []);
    expect(violations(empty.body)[0]).toMatchObject({ field: 'payments', violatedRule: 'MIN_SIZE' });
  });
});

describe('refunds and offline payments', () => {
  const refundability = async (orderId: string) =>
    (
      await s.admin<{
        refundabilities: { paymentId: string; refundabilityStatus: string; nonRefundableReason?: string }[];
      }>('GET', collector(orderId, 'refundability'))
    ).body.refundabilities;
  const refund = (
    orderId: string,
    payments: { paymentId: string; amount?: { amount: string }; externalRefund?: boolean }[],
  ) =>
    s.admin<Txns & { refundId: string }>('POST', collector(orderId, 'trigger-refund'), {
      ecomOrderId: orderId,
      payments,
      details: { reason: 'damaged' },
    });

  it('refunds partly, then the rest; then reports ALREADY_REFUNDED', async () => {
    const order = await newOrder(s);
    const { paymentId } = (await pay(s, await prepare(s, order.id, '25.00'))).body;
    expect(await refundability(order.id)).toEqual([{ paymentId, refundabilityStatus: 'REFUNDABLE' }]);
    const part = await refund(order.id, [{ paymentId, amount: { amount: '5.00' } }]);
    expect(part.status).toBe(200);
    expect(part.body.orderTransactions.payments[0]!.regularPaymentDetails.status).toBe('PARTIALLY_REFUNDED');
    expect(part.body.orderTransactions.refunds[0]!.transactions[0]).toMatchObject({
      paymentId,
      amount: { amount: '5.00' },
      refundStatus: 'SUCCEEDED',
    });
    expect((await getOrder(s, order.id)).paymentStatus).toBe('PARTIALLY_REFUNDED');
    const over = await refund(order.id, [{ paymentId, amount: { amount: '20.01' } }]);
    expect([over.status, appError(over.body).code]).toEqual([400, 'INVALID_AMOUNT']);
    const rest = await refund(order.id, [{ paymentId }]);
    expect(rest.body.orderTransactions.payments[0]!.regularPaymentDetails.status).toBe('REFUNDED');
    expect(rest.body.orderTransactions.refunds).toHaveLength(2);
    // Read again later, the order's transactions still show both refunds.
    expect((await transactions(s, order.id)).refunds.map((r) => r.transactions[0]!.amount.amount)).toEqual([
      '5.00',
      '20.00',
    ]);
    expect((await getOrder(s, order.id)).paymentStatus).toBe('FULLY_REFUNDED');
    expect(await refundability(order.id)).toEqual([
      { paymentId, refundabilityStatus: 'NOT_REFUNDABLE', nonRefundableReason: 'ALREADY_REFUNDED' },
    ]);
    const again = await refund(order.id, [{ paymentId }]);
    expect([again.status, appError(again.body)]).toMatchObject([
      428,
      { code: 'REFUND_NOT_AVAILABLE', data: { nonRefundableReason: 'ALREADY_REFUNDED' } },
    ]);
    const none = await refund(order.id, [{ paymentId: randomUUID() }]);
    expect(appError(none.body).code).toBe('PAYMENTS_NOT_FOUND');
  });

  it('an open authorization is NOT_PAID for refunds', async () => {
    const order = await newOrder(s);
    const { paymentId } = (await pay(s, await prepare(s, order.id, '25.00', { delayedCapture: true }))).body;
    expect(await refundability(order.id)).toEqual([
      { paymentId, refundabilityStatus: 'NOT_REFUNDABLE', nonRefundableReason: 'NOT_PAID' },
    ]);
    expect(appError((await refund(order.id, [{ paymentId }])).body).code).toBe('REFUND_NOT_AVAILABLE');
  });

  it('mark-as-paid records an offline payment; it is refunded only externally', async () => {
    const order = await newOrder(s, { total: '12.00' });
    const marked = await s.admin<{ order: { id: string; status: string; paymentStatus: string } }>(
      'POST',
      collector(order.id, 'mark-as-paid'),
      { ecomOrderId: order.id },
    );
    expect(marked.status).toBe(200);
    expect(marked.body.order).toMatchObject({ id: order.id, status: 'APPROVED', paymentStatus: 'PAID' });
    const t = await transactions(s, order.id);
    expect(t.payments[0]).toMatchObject({
      amount: { amount: '12.00' },
      regularPaymentDetails: { status: 'APPROVED', offlinePayment: true, paymentMethod: 'Offline' },
    });
    const again = await s.admin('POST', collector(order.id, 'mark-as-paid'), {});
    expect([again.status, appError(again.body).code]).toEqual([428, 'ORDER_ALREADY_PAID']);
    const paymentId = t.payments[0]!.id;
    expect(await refundability(order.id)).toEqual([
      { paymentId, refundabilityStatus: 'MANUAL', manuallyRefundableReason: 'OFFLINE' },
    ]);
    expect(appError((await refund(order.id, [{ paymentId }])).body).code).toBe('REFUND_NOT_AVAILABLE');
    const ext = await refund(order.id, [{ paymentId, externalRefund: true }]);
    expect(ext.body.orderTransactions.refunds[0]!.transactions[0]).toMatchObject({
      refundStatus: 'SUCCEEDED',
    });
    const cap = await capture(order.id, [{ paymentId }]);
    expect(appError(cap.body).code).toBe('NOT_REGULAR_ONLINE_PAYMENT');
  });

  it('mark-as-paid refuses a canceled order and reports it non-collectable', async () => {
    const order = await newOrder(s, { approved: true });
    const canceled = await s.admin('POST', `/ecom/v1/orders/${order.id}/cancel`, {
      id: order.id,
      sendOrderCanceledEmail: false,
    });
    expect(canceled.status).toBe(200);
    expect((await collectable(order.id)).status).toBe('NONCOLLECTABLE_ORDER_IS_CANCELLED');
    const marked = await s.admin('POST', collector(order.id, 'mark-as-paid'), {});
    expect(appError(marked.body).code).toBe('ORDER_CANCELED');
    const prep = await s.admin('POST', collector(order.id, 'prepare-payment-collection'), {
      amount: { amount: '1.00' },
    });
    expect(appError(prep.body).code).toBe('ORDER_CANCELED');
  });

  it('a card payment past the provider refund window is refunded only by hand (EXPIRED)', async () => {
    const order = await newOrder(s);
    const { paymentId } = (await pay(s, await prepare(s, order.id, '25.00'))).body;
    s.clock.advance(181 * 86_400_000);
    expect(await refundability(order.id)).toEqual([
      { paymentId, refundabilityStatus: 'MANUAL', manuallyRefundableReason: 'EXPIRED' },
    ]);
    const online = await refund(order.id, [{ paymentId }]);
    expect([online.status, appError(online.body)]).toMatchObject([
      428,
      { code: 'REFUND_NOT_AVAILABLE', data: { manuallyRefundableReason: 'EXPIRED' } },
    ]);
    const byHand = await refund(order.id, [{ paymentId, amount: { amount: '25.00' }, externalRefund: true }]);
    expect(byHand.body.orderTransactions.refunds[0]!.transactions[0]).toMatchObject({
      paymentId,
      refundStatus: 'SUCCEEDED',
    });
    expect((await getOrder(s, order.id)).paymentStatus).toBe('FULLY_REFUNDED');
  });
});
