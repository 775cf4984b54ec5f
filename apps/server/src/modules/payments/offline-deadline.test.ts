/**
 * Orders awaiting a manual payment, canceled when the store's days for it pass
 * (`manualPaymentCancelDays`): the confirmation says by when to pay; when the day comes, an order
 * still unpaid is canceled, its stock returned and its buyer told why, while one marked paid or
 * shipped meanwhile stays. With the setting turned off by then, nothing is canceled.
 */
import type { Job, MailMessage, StoreSettings } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { inventoryItemOf, placeShopOrder, shopProduct, visitorOf } from '../../test/shop.ts';

const DAY = 86_400_000;
let s: TestServer;
let book: { productId: string; variantId: string };
let transfer: string;

const settings = (body: unknown) =>
  s.admin<{ settings: StoreSettings }>('PATCH', '/platform/v1/store-settings', body);
const order = async (id: string) =>
  (
    await s.admin<{ order: { status: string; paymentStatus: string; number: string } }>(
      'GET',
      `/ecom/v1/orders/${id}`,
    )
  ).body.order;
const mailsTo = async (to: string) =>
  (
    await s.admin<{ messages: MailMessage[] }>('POST', '/platform/v1/mail/messages/query', {
      query: { filter: { to }, sort: [{ fieldName: 'createdDate', order: 'ASC' }] },
    })
  ).body.messages;
/** A shop order of one book, placed and its manual payment chosen: its id. */
async function awaitingTransfer(email: string): Promise<string> {
  const auth = await visitorOf(s);
  const placed = await placeShopOrder(s, { auth, product: book, email });
  const r = await s.request('POST', '/payments/v1/offline-payment', {
    auth,
    body: { paymentGatewayOrderId: placed.paymentGatewayOrderId, methodId: transfer },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return placed.orderId;
}
const deadlineJobs = async () =>
  (
    await s.admin<{ jobs: Job[] }>('POST', '/platform/v1/jobs/query', {
      query: { cursorPaging: { limit: 100 } },
    })
  ).body.jobs.filter((j) => j.name === 'orders.cancel-unpaid-manual');

beforeAll(async () => {
  s = await startTestServer();
  book = await shopProduct(s, { name: 'Field Notes', price: '29', quantity: 10 });
  const saved = await settings({
    settings: {
      manualPaymentMethods: [{ name: 'Bank transfer', instructions: 'IBAN DE89 3704 0044 0532 0130 00' }],
      manualPaymentCancelDays: 3,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.settings.manualPaymentCancelDays).toBe(3);
  transfer = saved.body.settings.manualPaymentMethods[0]!.id;
});
afterAll(async () => {
  await s?.stop();
});

describe('orders awaiting a manual payment, with days to pay', () => {
  it('are canceled when the days pass unpaid, their stock returned and the buyer told; paid or shipped ones stay', async () => {
    const start = s.clock.now();
    const unpaid = await awaitingTransfer('late.payer@example.test');
    const paid = await awaitingTransfer('prompt.payer@example.test');
    const shipped = await awaitingTransfer('trusted.payer@example.test');
    expect((await inventoryItemOf(s, book.productId)).quantity).toBe(7);

    // The confirmation says by when.
    const [confirmation] = await mailsTo('late.payer@example.test');
    const locale = (await s.admin<{ settings: StoreSettings }>('GET', '/platform/v1/store-settings')).body
      .settings.locale;
    const by = new Date(start.getTime() + 3 * DAY).toLocaleDateString(locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(confirmation!.text).toContain(
      `Please pay by ${by}: the order is canceled if your payment has not arrived by then.`,
    );

    expect(
      (await s.admin('POST', `/ecom/v1/payments-collector/orders/${paid}/mark-as-paid`, {})).status,
    ).toBe(200);
    const lines = (
      await s.admin<{ order: { lineItems: { id: string }[] } }>('GET', `/ecom/v1/orders/${shipped}`)
    ).body.order.lineItems;
    const fulfilled = await s.admin('POST', `/ecom/v1/fulfillments/orders/${shipped}/create-fulfillment`, {
      fulfillment: { lineItems: lines.map((l) => ({ id: l.id, quantity: 1 })) },
    });
    expect(fulfilled.status, JSON.stringify(fulfilled.body)).toBe(200);

    // A day short: nothing yet.
    s.clock.advance(2 * DAY);
    expect(await order(unpaid)).toMatchObject({ status: 'APPROVED', paymentStatus: 'PENDING_MERCHANT' });

    s.clock.advance(DAY + 60_000);
    await s.until(async () => (await order(unpaid)).status === 'CANCELED');
    await s.until(async () => (await deadlineJobs()).every((j) => j.status === 'SUCCEEDED'));
    expect(await order(paid)).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    expect(await order(shipped)).toMatchObject({ status: 'APPROVED', paymentStatus: 'PENDING_MERCHANT' });
    expect((await inventoryItemOf(s, book.productId)).quantity).toBe(8);
    const told = (await mailsTo('late.payer@example.test')).find((m) => /cancel/i.test(m.subject));
    expect(told?.text).toContain('Canceled automatically: the payment did not arrive within 3 days.');
  });

  it('are left alone once the store stops such cancels, and say no date then', async () => {
    const waiting = await awaitingTransfer('slow.payer@example.test');
    const off = await settings({
      settings: { manualPaymentCancelDays: null },
      fieldMask: 'manualPaymentCancelDays',
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.settings.manualPaymentCancelDays).toBeNull();
    s.clock.advance(4 * DAY);
    // Its job ran, and found the store no longer cancels.
    await s.until(async () =>
      (await deadlineJobs()).some(
        (j) => (j.payload as { orderId: string }).orderId === waiting && j.status === 'SUCCEEDED',
      ),
    );
    expect(await order(waiting)).toMatchObject({ status: 'APPROVED', paymentStatus: 'PENDING_MERCHANT' });

    const later = await awaitingTransfer('later.payer@example.test');
    const [confirmation] = await mailsTo('later.payer@example.test');
    expect(confirmation!.text).toContain('waits for your payment');
    expect(confirmation!.text).not.toContain('Please pay by');
    expect((await deadlineJobs()).map((j) => (j.payload as { orderId: string }).orderId)).not.toContain(
      later,
    );
  });

  it('refuses days outside 1–90', async () => {
    for (const days of [0, 91, 2.5, '3'])
      expect((await settings({ settings: { manualPaymentCancelDays: days } })).status, String(days)).toBe(
        400,
      );
  });
});
