/**
 * What the buyer is shown about an order, over HTTP: the gift card that paid it (the order's
 * transactions, readable by its own buyer), a pickup order described as pickup in its e-mails,
 * and an e-mail on every refund, as on fulfilment.
 */
import type { MailMessage } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { payAsBuyer, placeShopOrder, shopProduct, visitorOf } from '../../test/shop.ts';

let s: TestServer;
let book: { productId: string; variantId: string };
let mug: { productId: string; variantId: string };
let pickupCode: string;

beforeAll(async () => {
  s = await startTestServer();
  await s.admin('PATCH', '/platform/v1/store-settings', { settings: { storeName: 'Harbour & Pine' } });
  book = await shopProduct(s, { name: 'Field Notes', price: '29' });
  mug = await shopProduct(s, { name: 'Harbour Mug', price: '12', physical: true });
  const pickup = await s.admin<{ pickupLocation: { id: string } }>('POST', '/ecom/v1/pickup-locations', {
    pickupLocation: {
      name: 'Harbour Shop',
      pickupMethod: 'STORE_PICKUP',
      address: {
        country: 'US',
        subdivision: 'US-MA',
        city: 'Boston',
        addressLine: '1 Pier Road',
        postalCode: '02110',
      },
      instructions: 'Ask at the counter.',
    },
  });
  expect(pickup.status, JSON.stringify(pickup.body)).toBe(200);
  pickupCode = pickup.body.pickupLocation.id;
});
afterAll(async () => {
  await s?.stop();
});

const mailsTo = async (to: string) =>
  (
    await s.admin<{ messages: MailMessage[] }>('POST', '/platform/v1/mail/messages/query', {
      query: { filter: { to }, sort: [{ fieldName: 'createdDate', order: 'ASC' }] },
    })
  ).body.messages;
const transactionsPath = (orderId: string) => `/ecom/v1/payments-collector/orders/${orderId}/transactions`;
type Txns = {
  orderTransactions: {
    payments: {
      amount: { amount: string };
      giftcardPaymentDetails?: { obfuscatedCode: string };
      regularPaymentDetails?: { status: string; creditCardDetails?: { lastFourDigits: string } };
    }[];
  };
};

describe("the buyer's view of an order", () => {
  it("shows the buyer the gift card that paid the order (the order's transactions); nobody else", async () => {
    const card = await s.admin<{ giftCard: { code: string } }>('POST', '/ecom/v1/gift-cards', {
      giftCard: { initialValue: { amount: '50' } },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const code = card.body.giftCard.code;
    const buyer = await visitorOf(s);
    const { orderId, paymentGatewayOrderId } = await placeShopOrder(s, {
      auth: buyer,
      product: book,
      giftCardCode: code,
      email: 'gift@example.test',
    });
    expect(paymentGatewayOrderId).toBeUndefined();
    const order = await s.request<{
      order: { paymentStatus: string; priceSummary: { total: { amount: string } } };
    }>('GET', `/ecom/v1/orders/${orderId}`, { auth: buyer });
    expect(order.body.order).toMatchObject({
      paymentStatus: 'PAID',
      priceSummary: { total: { amount: '29.00' } },
    });

    const mine = await s.request<Txns>('GET', transactionsPath(orderId), { auth: buyer });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.orderTransactions.payments).toEqual([
      expect.objectContaining({
        amount: expect.objectContaining({ amount: '29.00' }),
        giftcardPaymentDetails: expect.objectContaining({ obfuscatedCode: `****${code.slice(-4)}` }),
      }),
    ]);
    const stranger = await s.request('GET', transactionsPath(orderId), { auth: await visitorOf(s) });
    expect(stranger.status).toBe(404);
    expect((await s.request('GET', transactionsPath(orderId))).status).toBe(401);
  });

  it('describes a pickup order as pickup: the confirmation and the "ready for pickup" e-mail', async () => {
    const email = 'pickup@example.test';
    const buyer = await visitorOf(s);
    const placed = await placeShopOrder(s, { auth: buyer, product: mug, pickupCode, email });
    await payAsBuyer(s, buyer, placed.paymentGatewayOrderId!);
    const confirmation = await s.until(async () =>
      (await mailsTo(email)).find((m) => /confirmed/.test(m.subject)),
    );
    expect(confirmation.text).toContain(
      'We will let you know when it is ready for pickup at Harbour Shop, 1 Pier Road, Boston 02110.',
    );
    expect(confirmation.text).toContain('Pickup: Harbour Shop');
    expect(confirmation.text).not.toMatch(/ships|Shipping/);

    const order = (
      await s.admin<{ order: { lineItems: { id: string }[] } }>('GET', `/ecom/v1/orders/${placed.orderId}`)
    ).body.order;
    const f = await s.admin('POST', `/ecom/v1/fulfillments/orders/${placed.orderId}/create-fulfillment`, {
      fulfillment: { lineItems: [{ id: order.lineItems[0]!.id }] },
    });
    expect(f.status, JSON.stringify(f.body)).toBe(200);
    const ready = (await mailsTo(email)).find((m) => /ready for pickup/.test(m.subject));
    expect(ready?.subject).toMatch(/^Harbour & Pine: order #\d+ is ready for pickup$/);
    expect(ready?.text).toContain(
      'Pick it up at Harbour Shop, 1 Pier Road, Boston 02110.\nAsk at the counter.',
    );
    expect((await mailsTo(email)).some((m) => /on its way|shipped/.test(m.subject))).toBe(false);
    const activities = (
      await s.admin<{ order: { activities: { type: string }[] } }>('GET', `/ecom/v1/orders/${placed.orderId}`)
    ).body.order.activities.map((a) => a.type);
    expect(activities).toContain('PICKUP_READY_EMAIL_SENT');
  });

  it('e-mails the buyer on every refund, partial then in full', async () => {
    const email = 'refund@example.test';
    const buyer = await visitorOf(s);
    const placed = await placeShopOrder(s, { auth: buyer, product: book, email });
    const { paymentId } = await payAsBuyer(s, buyer, placed.paymentGatewayOrderId!);
    const refund = (amount?: string) =>
      s.admin('POST', `/ecom/v1/payments-collector/orders/${placed.orderId}/trigger-refund`, {
        payments: [{ paymentId, ...(amount ? { amount: { amount } } : {}) }],
        details: { reason: 'Damaged cover' },
      });
    expect((await refund('10')).status).toBe(200);
    const first = (await mailsTo(email)).filter((m) => /refund/.test(m.subject));
    expect(first).toHaveLength(1);
    expect(first[0]!).toMatchObject({
      subject: expect.stringMatching(/^Harbour & Pine: refund for order #\d+$/),
      from: '"Harbour & Pine" <no-reply@localhost>',
    });
    expect(first[0]!.text).toContain('We refunded $10.00 for your order');
    expect(first[0]!.text).toContain('This is a partial refund of your order.\nReason: Damaged cover');
    expect((await refund()).status).toBe(200);
    const both = (await mailsTo(email)).filter((m) => /refund/.test(m.subject));
    expect(both).toHaveLength(2);
    expect(both[1]!.text).toContain('We refunded $19.00 for your order');
    expect(both[1]!.text).toContain('Your order is refunded in full.');
    // A refund that fails sends nothing.
    expect((await refund('1')).status).toBeGreaterThanOrEqual(400);
    expect((await mailsTo(email)).filter((m) => /refund/.test(m.subject))).toHaveLength(2);
  });
});
