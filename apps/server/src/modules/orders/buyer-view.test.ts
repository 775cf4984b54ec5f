/**
 * What the buyer is shown about an order, over HTTP: the gift card that paid it (the order's
 * transactions, readable by its own buyer), a pickup order described as pickup in its e-mails,
 * and an e-mail on every refund, as on fulfilment.
 */
import type { MailMessage } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { memberTokens, shopClient } from '../../test/oauth.ts';
import { appError } from '../../test/server.ts';
import {
  payAsBuyer,
  pickupLocation,
  placeShopOrder,
  shopProduct,
  usFlatShipping,
  visitorOf,
} from '../../test/shop.ts';
import { ORDER_LINK_TTL_DAYS } from './order-link.ts';

let s: TestServer;
let book: { productId: string; variantId: string };
let mug: { productId: string; variantId: string };
let pickupCode: string;

beforeAll(async () => {
  s = await startTestServer();
  await s.admin('PATCH', '/platform/v1/store-settings', { settings: { storeName: 'Harbour & Pine' } });
  book = await shopProduct(s, { name: 'Field Notes', price: '29' });
  mug = await shopProduct(s, { name: 'Harbour Mug', price: '12', physical: true });
  pickupCode = await pickupLocation(s, { name: 'Harbour Shop', instructions: 'Ask at the counter.' });
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
/** The order confirmation mailed to `to`, once it is queued. */
const confirmationTo = (to: string) =>
  s.until(async () => (await mailsTo(to)).find((m) => /confirmed/.test(m.subject)));
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

  it('the confirmation says what the gift card paid and what the card was charged', async () => {
    const covered = await s.admin<{ giftCard: { code: string } }>('POST', '/ecom/v1/gift-cards', {
      giftCard: { initialValue: { amount: '50' } },
    });
    const whole = covered.body.giftCard.code;
    await placeShopOrder(s, {
      auth: await visitorOf(s),
      product: book,
      giftCardCode: whole,
      email: 'gift-all@example.test',
    });
    expect((await confirmationTo('gift-all@example.test')).text).toMatch(
      new RegExp(`Total: \\$29\\.00\\nPaid with gift card \\*{4}${whole.slice(-4)}: \\$29\\.00\\n`),
    );

    const part = await s.admin<{ giftCard: { code: string } }>('POST', '/ecom/v1/gift-cards', {
      giftCard: { initialValue: { amount: '10' } },
    });
    const code = part.body.giftCard.code;
    const buyer = await visitorOf(s);
    const placed = await placeShopOrder(s, {
      auth: buyer,
      product: book,
      giftCardCode: code,
      email: 'gift-part@example.test',
    });
    await payAsBuyer(s, buyer, placed.paymentGatewayOrderId!);
    const mail = await confirmationTo('gift-part@example.test');
    expect(mail.text).toContain(
      `Total: $29.00\nPaid with gift card ****${code.slice(-4)}: $10.00\nPaid with Visa ****4242: $19.00\n`,
    );
    expect(mail.html).toContain(`<tr><td>Paid with gift card ****${code.slice(-4)}</td>`);
  });

  it("says where a delivery goes, as the country's post writes it, to the buyer and to the store", async () => {
    await usFlatShipping(s);
    await s.admin('PATCH', '/platform/v1/store-settings', {
      settings: { contactEmail: 'shop@example.test' },
    });
    const email = 'delivery@example.test';
    const buyer = await visitorOf(s);
    const placed = await placeShopOrder(s, {
      auth: buyer,
      product: mug,
      email,
      address: true,
      shippingCode: 'standard',
    });
    await payAsBuyer(s, buyer, placed.paymentGatewayOrderId!);
    const confirmation = await confirmationTo(email);
    const shipTo = 'Ship to:\nAda Lovelace\n1 Main St\nNew York, NY 10001\nUnited States';
    expect(confirmation.text).toContain(shipTo);
    expect(confirmation.html).toContain(
      '<p><strong>Ship to</strong><br>Ada Lovelace<br>1 Main St<br>New York, NY 10001<br>United States</p>',
    );
    // Billed to the same place: said once.
    expect(confirmation.text).not.toContain('Billing address');
    const notice = await s.until(async () =>
      (await mailsTo('shop@example.test')).find(
        (m) => m.subject.includes('new order') && m.text.includes(email),
      ),
    );
    expect(notice.text).toContain(shipTo);

    // Billed elsewhere (a Swiss card): both, each in its country's layout.
    const other = 'billed@example.test';
    const buyer2 = await visitorOf(s);
    const billed = await placeShopOrder(s, {
      auth: buyer2,
      product: mug,
      email: other,
      address: true,
      shippingCode: 'standard',
      billingInfo: {
        address: { country: 'CH', city: 'Zürich', postalCode: '8001', addressLine: 'Bahnhofstrasse 7' },
        contactDetails: { firstName: 'Ada', lastName: 'Lovelace', company: 'Engines AG' },
      },
    });
    await payAsBuyer(s, buyer2, billed.paymentGatewayOrderId!);
    expect((await confirmationTo(other)).text).toContain(
      `${shipTo}\n\nBilling address:\nEngines AG\nAda Lovelace\nBahnhofstrasse 7\nCH-8001 Zürich\nSwitzerland`,
    );
  });

  it('describes a pickup order as pickup: the confirmation and the "ready for pickup" e-mail', async () => {
    const email = 'pickup@example.test';
    const buyer = await visitorOf(s);
    const placed = await placeShopOrder(s, { auth: buyer, product: mug, pickupCode, email });
    await payAsBuyer(s, buyer, placed.paymentGatewayOrderId!);
    const confirmation = await confirmationTo(email);
    expect(confirmation.text).toContain(
      'We will let you know when it is ready for pickup at Harbour Shop, 1 Pier Road, Boston, MA 02110.',
    );
    expect(confirmation.text).toContain('Pickup: Harbour Shop');
    expect(confirmation.text).not.toMatch(/ships|Shipping|Ship to/);

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
      'Pick it up at Harbour Shop, 1 Pier Road, Boston, MA 02110.\nAsk at the counter.',
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

  it("links the buyer's e-mails to the order: a visitor's to a signed status page, a member's to the account", async () => {
    const email = 'status@example.test';
    const buyer = await visitorOf(s);
    const placed = await placeShopOrder(s, { auth: buyer, product: mug, email, pickupCode });
    await payAsBuyer(s, buyer, placed.paymentGatewayOrderId!);
    const confirmation = await confirmationTo(email);
    const link = /View your order: (\S+)/.exec(confirmation.text)?.[1] ?? '';
    expect(link.startsWith(`${s.url}/order-status?token=`), link).toBe(true);
    expect(confirmation.html).toContain('>View your order</a>');
    const token = new URL(link).searchParams.get('token')!;
    type Opened = {
      order: { id: string; number: string; lineItems: { id: string }[] };
      orderWithFulfillments: { fulfillments: { trackingInfo?: { trackingNumber?: string } }[] };
    };
    const open = (t: string, auth?: string) =>
      s.request<Opened>('POST', '/ecom/v1/orders/link/open', {
        body: { token: t },
        ...(auth ? { auth } : {}),
      });

    // Anyone holding the link sees that order: on another device, signed in as someone else, or not.
    for (const auth of [undefined, await visitorOf(s)]) {
      const r = await open(token, auth);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.order.id).toBe(placed.orderId);
      expect(r.body.orderWithFulfillments.fulfillments).toEqual([]);
    }
    // Fulfilled (with tracking): that mail links there too, and the page shows the fulfilment.
    const shipped = await s.admin(
      'POST',
      `/ecom/v1/fulfillments/orders/${placed.orderId}/create-fulfillment`,
      {
        fulfillment: {
          lineItems: [{ id: (await open(token)).body.order.lineItems[0]!.id }],
          trackingInfo: { trackingNumber: '1Z999AA10123456784', shippingProvider: 'ups' },
        },
      },
    );
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const shippedMail = (await mailsTo(email)).find((m) => /ready for pickup/.test(m.subject));
    expect(shippedMail?.text).toMatch(/View your order: \S+\/order-status\?token=/);
    expect((await open(token)).body.orderWithFulfillments.fulfillments[0]?.trackingInfo?.trackingNumber).toBe(
      '1Z999AA10123456784',
    );

    // Tampered (its signature, or the order it names), not a token, or past its 180 days: refused alike.
    const [h, p, sig] = token.split('.') as [string, string, string];
    const otherOrder = Buffer.from(JSON.stringify({ rid: placed.checkoutId })).toString('base64url');
    for (const bad of [`${h}.${p}.${sig.slice(0, -2)}AA`, `${h}.${otherOrder}.${sig}`, 'not-a-token']) {
      const r = await open(bad);
      expect([r.status, appError(r.body).code]).toEqual([400, 'INVALID_ORDER_LINK']);
    }
    s.clock.advance((ORDER_LINK_TTL_DAYS * 86_400 + 60) * 1000);
    const late = await open(token);
    expect([late.status, appError(late.body).code]).toEqual([400, 'INVALID_ORDER_LINK']);
  });

  it("links a member's order e-mails to the order in their account", async () => {
    const clientId = await shopClient(s);
    const m = await memberTokens(s, clientId);
    const placed = await placeShopOrder(s, { auth: m.tokens.access_token, product: book, email: m.email });
    await payAsBuyer(s, m.tokens.access_token, placed.paymentGatewayOrderId!);
    const confirmation = await confirmationTo(m.email);
    expect(confirmation.text).toContain(`View your order: ${s.url}/account/orders/${placed.orderId}\n`);
  });
});
