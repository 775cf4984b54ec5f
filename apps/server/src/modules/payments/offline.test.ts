/**
 * The store's manual payment methods, over HTTP: set in the store settings, offered by the hosted
 * checkout's session, chosen for the gateway order create-order opened (`/payments/v1/offline-payment`):
 * the order is placed awaiting payment with the method's instructions in its confirmation, and
 * marking it paid settles it and tells the buyer. On PostgreSQL, a card and the method racing for
 * one gateway order from two processes: exactly one wins.
 */
import type { MailMessage } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import {
  appError,
  startSecondProcess,
  startTestServer,
  violations,
  type TestServer,
} from '../../test/server.ts';
import { CARD, placeShopOrder, shopProduct, STORES_APP, visitorOf } from '../../test/shop.ts';

let s: TestServer;
let book: { productId: string; variantId: string };
let transfer: { id: string; name: string; instructions: string };

const INSTRUCTIONS = 'IBAN DE89 3704 0044 0532 0130 00\nReference: your order number';

const settings = (body: unknown) =>
  s.admin<{ settings: { manualPaymentMethods: (typeof transfer)[] } }>(
    'PATCH',
    '/platform/v1/store-settings',
    body,
  );
const offline = (auth: string, paymentGatewayOrderId: string, methodId: string) =>
  s.request<{
    orderId: string;
    status: string;
    paymentMethod: string;
    instructions: string;
    amount: { amount: string };
  }>('POST', '/payments/v1/offline-payment', { auth, body: { paymentGatewayOrderId, methodId } });
const order = async (id: string) =>
  (
    await s.admin<{
      order: { status: string; paymentStatus: string; number: string; activities: { type: string }[] };
    }>('GET', `/ecom/v1/orders/${id}`)
  ).body.order;
const mailsTo = async (to: string) =>
  (
    await s.admin<{ messages: MailMessage[] }>('POST', '/platform/v1/mail/messages/query', {
      query: { filter: { to }, sort: [{ fieldName: 'createdDate', order: 'ASC' }] },
    })
  ).body.messages;
type Txns = {
  orderTransactions: {
    payments: {
      amount: { amount: string };
      regularPaymentDetails?: {
        status: string;
        offlinePayment: boolean;
        paymentMethod: string;
        offlinePaymentInstructions?: string;
      };
    }[];
  };
};
const transactions = (auth: string, orderId: string) =>
  s.request<Txns>('GET', `/ecom/v1/payments-collector/orders/${orderId}/transactions`, { auth });

beforeAll(async () => {
  s = await startTestServer();
  book = await shopProduct(s, { name: 'Field Notes', price: '29' });
  const saved = await settings({
    settings: {
      manualPaymentMethods: [
        { name: 'Bank transfer', instructions: INSTRUCTIONS },
        { name: 'Cash on delivery', instructions: 'Pay the courier in cash.' },
      ],
    },
    fieldMask: 'manualPaymentMethods',
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  transfer = saved.body.settings.manualPaymentMethods[0]!;
});
afterAll(async () => {
  await s?.stop();
});

describe('manual payment methods in the store settings', () => {
  it('gives new methods ids, keeps them on edits, keeps the order given, and removes what is left out', async () => {
    const now = (
      await s.admin<{ settings: { manualPaymentMethods: (typeof transfer)[] } }>(
        'GET',
        '/platform/v1/store-settings',
      )
    ).body.settings.manualPaymentMethods;
    expect(now.map((m) => m.name)).toEqual(['Bank transfer', 'Cash on delivery']);
    expect(now[0]).toEqual({ id: expect.any(String), name: 'Bank transfer', instructions: INSTRUCTIONS });
    const [bank, cash] = now;
    const swapped = await settings({
      settings: { manualPaymentMethods: [{ ...cash!, name: '  Cash on pickup ' }, bank] },
    });
    expect(swapped.body.settings.manualPaymentMethods).toEqual([{ ...cash!, name: 'Cash on pickup' }, bank]);
    const removed = await settings({ settings: { manualPaymentMethods: [bank] } });
    expect(removed.body.settings.manualPaymentMethods).toEqual([bank]);
    const back = await settings({
      settings: {
        manualPaymentMethods: [bank, { name: 'Cash on delivery', instructions: 'Pay the courier in cash.' }],
      },
    });
    expect(back.body.settings.manualPaymentMethods[0]).toEqual(bank);
  });

  it('refuses two methods of one name or one id, more than five, an empty name and unknown fields', async () => {
    const m = (name: string) => ({ name, instructions: '' });
    const same = await settings({ settings: { manualPaymentMethods: [m('Cash'), m('cash')] } });
    expect([same.status, violations(same.body)[0]?.field]).toEqual([
      400,
      'settings.manualPaymentMethods[1].name',
    ]);
    const six = await settings({
      settings: { manualPaymentMethods: ['a', 'b', 'c', 'd', 'e', 'f'].map(m) },
    });
    expect(six.status).toBe(400);
    const sameId = await settings({
      settings: {
        manualPaymentMethods: [
          { ...m('Cash'), id: 'x' },
          { ...m('Cheque'), id: 'x' },
        ],
      },
    });
    expect([sameId.status, violations(sameId.body)[0]?.field]).toEqual([
      400,
      'settings.manualPaymentMethods[1].id',
    ]);
    const empty = await settings({ settings: { manualPaymentMethods: [m('   ')] } });
    expect(empty.status).toBe(400);
    const extra = await settings({ settings: { manualPaymentMethods: [{ ...m('Cheque'), fee: 1 }] } });
    expect(extra.status).toBe(400);
    const kept = (
      await s.admin<{ settings: { manualPaymentMethods: unknown[] } }>('GET', '/platform/v1/store-settings')
    ).body.settings.manualPaymentMethods;
    expect(kept).toHaveLength(2);
  });

  it('are offered by the hosted checkout session, as they are now', async () => {
    const auth = await visitorOf(s);
    const made = await s.request<{ checkout: { id: string } }>('POST', '/ecom/v1/checkouts', {
      auth,
      body: {
        channelType: 'WEB',
        lineItems: [
          {
            catalogReference: {
              catalogItemId: book.productId,
              appId: STORES_APP,
              options: { variantId: book.variantId },
            },
            quantity: 1,
          },
        ],
      },
    });
    const id = made.body.checkout.id;
    const link = await s.request<{ checkoutUrl: string }>('GET', `/ecom/v1/checkouts/${id}/checkout-url`, {
      auth,
    });
    const checkoutToken = new URL(link.body.checkoutUrl).searchParams.get('checkoutToken');
    const session = await s.request<{ manualPaymentMethods: unknown[] }>(
      'POST',
      '/_api/hosted-checkout/v1/session',
      {
        body: { checkoutToken, checkoutId: id },
      },
    );
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const now = (
      await s.admin<{ settings: { manualPaymentMethods: unknown[] } }>('GET', '/platform/v1/store-settings')
    ).body.settings.manualPaymentMethods;
    expect(session.body.manualPaymentMethods).toEqual(now);
    expect(now).toHaveLength(2);
  });
});

describe('paying with a manual payment method', () => {
  it('places the order awaiting payment, e-mails how to pay, and the merchant marks it paid', async () => {
    const auth = await visitorOf(s);
    const email = 'grace@example.test';
    const placed = await placeShopOrder(s, { auth, product: book, email });
    expect(placed.paymentGatewayOrderId).toBeDefined();
    const before = await order(placed.orderId);
    expect(before).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'NOT_PAID' });

    const paid = await offline(auth, placed.paymentGatewayOrderId!, transfer.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      orderId: placed.orderId,
      status: 'PENDING_MERCHANT',
      paymentMethod: 'Bank transfer',
      instructions: INSTRUCTIONS,
      amount: { amount: '29.00' },
    });
    const after = await order(placed.orderId);
    expect(after).toMatchObject({ status: 'APPROVED', paymentStatus: 'PENDING_MERCHANT' });
    expect(after.activities.map((a) => a.type)).toContain('PAYMENT_PENDING');

    // The buyer reads how to pay in the order's transactions.
    const txns = await transactions(auth, placed.orderId);
    expect(txns.body.orderTransactions.payments).toEqual([
      expect.objectContaining({
        amount: expect.objectContaining({ amount: '29.00' }),
        regularPaymentDetails: expect.objectContaining({
          status: 'PENDING_MERCHANT',
          offlinePayment: true,
          paymentMethod: 'Bank transfer',
          offlinePaymentInstructions: INSTRUCTIONS,
        }),
      }),
    ]);

    // The confirmation says what to pay, how, and that the order waits for it.
    const confirmation = await s.until(async () =>
      (await mailsTo(email)).find((m) => /confirmed/.test(m.subject)),
    );
    expect(confirmation.text).toContain('To pay by Bank transfer: $29.00');
    expect(confirmation.text).toContain(`How to pay by Bank transfer:\n${INSTRUCTIONS}`);
    expect(confirmation.text).toContain('waits for your payment');
    expect(confirmation.text).not.toContain('Paid with');
    expect(confirmation.html).toContain('IBAN DE89 3704 0044 0532 0130 00<br>Reference: your order number');

    // A second choice, or a card, for the same gateway order: already paid.
    const again = await offline(auth, placed.paymentGatewayOrderId!, transfer.id);
    expect([again.status, appError(again.body).code]).toEqual([409, 'ORDER_ALREADY_PAID']);
    const card = await s.request('POST', '/payments/v1/test-gateway/pay', {
      auth,
      body: { paymentGatewayOrderId: placed.paymentGatewayOrderId, card: CARD },
    });
    expect([card.status, appError(card.body).code]).toEqual([409, 'ORDER_ALREADY_PAID']);

    // The money arrives: the merchant marks it paid; the buyer hears so.
    const marked = await s.admin(
      'POST',
      `/ecom/v1/payments-collector/orders/${placed.orderId}/mark-as-paid`,
      {},
    );
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(await order(placed.orderId)).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    const settled = (await transactions(auth, placed.orderId)).body.orderTransactions.payments;
    expect(settled).toHaveLength(1);
    expect(settled[0]!.regularPaymentDetails).toMatchObject({
      status: 'APPROVED',
      paymentMethod: 'Bank transfer',
    });
    const received = await s.until(async () =>
      (await mailsTo(email)).find((m) => /payment received/.test(m.subject)),
    );
    expect(received.subject).toContain(`order #${after.number}`);
    expect(received.text).toContain('$29.00 arrived');
  });

  it('refuses a method the store does not offer, another buyer, and nobody', async () => {
    const auth = await visitorOf(s);
    const placed = await placeShopOrder(s, { auth, product: book });
    const unknown = await offline(auth, placed.paymentGatewayOrderId!, 'no-such-method');
    expect([unknown.status, appError(unknown.body).code]).toEqual([404, 'PAYMENT_METHOD_NOT_FOUND']);
    const stranger = await offline(await visitorOf(s), placed.paymentGatewayOrderId!, transfer.id);
    expect([stranger.status, appError(stranger.body).code]).toEqual([404, 'PAYMENT_GATEWAY_ID_NOT_FOUND']);
    const anonymous = await s.request('POST', '/payments/v1/offline-payment', {
      body: { paymentGatewayOrderId: placed.paymentGatewayOrderId, methodId: transfer.id },
    });
    expect(anonymous.status).toBe(401);
    const bad = await s.request('POST', '/payments/v1/offline-payment', {
      auth,
      body: { paymentGatewayOrderId: 'pg-1' },
    });
    expect(violations(bad.body).map((v) => v.field)).toEqual(['methodId']);
    // Nothing was written: the buyer still pays by card.
    expect(await order(placed.orderId)).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'NOT_PAID' });
    const card = await s.request('POST', '/payments/v1/test-gateway/pay', {
      auth,
      body: { paymentGatewayOrderId: placed.paymentGatewayOrderId, card: CARD },
    });
    expect(card.status).toBe(200);
  });

  it('refuses a canceled order; canceling one that awaits payment cancels the payment', async () => {
    const auth = await visitorOf(s);
    const placed = await placeShopOrder(s, { auth, product: book });
    expect((await offline(auth, placed.paymentGatewayOrderId!, transfer.id)).status).toBe(200);
    const canceled = await s.admin('POST', `/ecom/v1/orders/${placed.orderId}/cancel`, {});
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const marked = await s.admin(
      'POST',
      `/ecom/v1/payments-collector/orders/${placed.orderId}/mark-as-paid`,
      {},
    );
    expect([marked.status, appError(marked.body).code]).toEqual([428, 'ORDER_CANCELED']);
  });

  it.skipIf(testEngine() !== 'postgres')(
    'marks an order paid once when two processes mark it together, and e-mails the buyer once',
    async () => {
      const other = await startSecondProcess(s);
      try {
        const auth = await visitorOf(s);
        const email = 'twice@example.test';
        const placed = await placeShopOrder(s, { auth, product: book, email });
        expect((await offline(auth, placed.paymentGatewayOrderId!, transfer.id)).status).toBe(200);
        const path = `/ecom/v1/payments-collector/orders/${placed.orderId}/mark-as-paid`;
        const answers = await Promise.all([
          ...Array.from({ length: 4 }, () => s.admin('POST', path, {})),
          ...Array.from({ length: 4 }, () => other.admin('POST', path, {})),
        ]);
        const statuses = answers.map((a) => a.status).sort();
        expect(statuses).toEqual([200, 428, 428, 428, 428, 428, 428, 428]);
        expect(answers.filter((a) => a.status === 428).map((a) => appError(a.body).code)).toEqual(
          Array(7).fill('ORDER_ALREADY_PAID'),
        );
        const payments = (await transactions(auth, placed.orderId)).body.orderTransactions.payments;
        expect(payments.map((p) => [p.amount.amount, p.regularPaymentDetails?.status])).toEqual([
          ['29.00', 'APPROVED'],
        ]);
        await s.until(async () => (await mailsTo(email)).some((m) => /payment received/.test(m.subject)));
        expect((await mailsTo(email)).filter((m) => /payment received/.test(m.subject))).toHaveLength(1);
      } finally {
        await other.stop();
      }
    },
  );

  it.skipIf(testEngine() !== 'postgres')(
    'lets one of a card and a manual method win a gateway order raced from two processes',
    async () => {
      const other = await startSecondProcess(s);
      try {
        for (let round = 0; round < 5; round++) {
          const auth = await visitorOf(s);
          const placed = await placeShopOrder(s, { auth, product: book });
          const pg = placed.paymentGatewayOrderId!;
          const answers = await Promise.all([
            offline(auth, pg, transfer.id),
            other.request('POST', '/payments/v1/test-gateway/pay', {
              auth,
              body: { paymentGatewayOrderId: pg, card: CARD },
            }),
            other.request('POST', '/payments/v1/offline-payment', {
              auth,
              body: { paymentGatewayOrderId: pg, methodId: transfer.id },
            }),
            s.request('POST', '/payments/v1/test-gateway/pay', {
              auth,
              body: { paymentGatewayOrderId: pg, card: CARD },
            }),
          ]);
          const statuses = answers.map((a) => a.status);
          expect(
            statuses.filter((x) => x === 200),
            JSON.stringify(statuses),
          ).toHaveLength(1);
          expect(
            statuses.filter((x) => x !== 200).every((x) => x === 409),
            JSON.stringify(statuses),
          ).toBe(true);
          const payments = (await transactions(auth, placed.orderId)).body.orderTransactions.payments;
          expect(payments).toHaveLength(1);
          expect((await order(placed.orderId)).status).toBe('APPROVED');
        }
      } finally {
        await other.stop();
      }
    },
  );
});
