import type { Order } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { appError, type TestServer } from '../../test/server.ts';
import { decrementStock } from '../catalog/index.ts';
import { smtpSink } from '../../test/identity.ts';
import {
  applyPaymentUpdate,
  getOrderByCheckoutId,
  getOrderForPayment,
  insertOrder,
  UNPAID_ORDER_TTL_MS,
  type OrderDraft,
} from './service.ts';
import { createOrder, ok, orderBody, ordersServer } from '../../test/orders.ts';

let s: TestServer;
let smtp: Awaited<ReturnType<typeof smtpSink>>;
const MERCHANT = 'owner@shop.test';

beforeAll(async () => {
  smtp = await smtpSink();
  s = await ordersServer({ env: { SMTP_URL: smtp.url } });
  ok(await s.admin('PATCH', '/platform/v1/store-settings', { settings: { contactEmail: MERCHANT } }));
});
afterAll(async () => {
  await s?.stop();
  await smtp?.close();
});

const mailTo = (to: string, has: string) =>
  s.until(async () => smtp.received.find((m) => m.to.includes(to) && m.raw.includes(has)));

async function product(quantity: number): Promise<string> {
  const r = ok(
    await s.admin<{ product: { variantsInfo: { variants: { id: string }[] } } }>(
      'POST',
      '/stores/v3/products',
      {
        product: {
          name: `Lamp ${Math.random().toString(36).slice(2, 7)}`,
          variantsInfo: {
            variants: [{ price: { actualPrice: { amount: '10.00' } }, inventoryItem: { quantity } }],
          },
        },
      },
    ),
  );
  return r.product.variantsInfo.variants[0]!.id;
}
async function stockOf(variantId: string): Promise<number> {
  const r = ok(
    await s.request<{ inventoryItems: { quantity: number }[] }>('POST', '/stores/v3/inventory-items/query', {
      body: { query: { filter: { variantId } } },
    }),
  );
  return r.inventoryItems[0]!.quantity;
}
/** What the checkout does: an online order waiting for payment. */
function draft(
  o: { variantId?: string; checkoutId?: string; email?: string; visitorId?: string } = {},
): OrderDraft {
  const body = orderBody({
    email: o.email ?? 'buyer@example.test',
    ...(o.variantId ? { variantIds: [o.variantId] } : {}),
  });
  return {
    ...(body.order as unknown as OrderDraft),
    status: 'INITIALIZED',
    paymentStatus: 'NOT_PAID',
    buyerInfo: { email: o.email ?? 'buyer@example.test', visitorId: o.visitorId ?? 'vis-9' },
    ...(o.checkoutId ? { checkoutId: o.checkoutId } : {}),
  };
}
const get = async (id: string) => ok(await s.admin<{ order: Order }>('GET', `/ecom/v1/orders/${id}`)).order;

describe('cancelOrder', () => {
  it('cancels, returns the stock once, and e-mails the buyer with the custom message', async () => {
    const variantId = await product(5);
    const ctx = s.app.systemCtx();
    expect((await decrementStock(ctx, [{ variantId, quantity: 2 }])).shortages).toEqual([]);
    expect(await stockOf(variantId)).toBe(3);
    const o = await createOrder(s, orderBody({ email: 'cancel@example.test', variantIds: [variantId] }));
    const r = ok(
      await s.admin<{ order: Order }>('POST', `/ecom/v1/orders/${o.id}/cancel`, {
        id: o.id,
        sendOrderCanceledEmail: true,
        customMessage: 'Out of lamps, sorry',
        restockAllItems: true,
      }),
    );
    expect(r.order).toMatchObject({ status: 'CANCELED' });
    expect(r.order.lineItems[0]).toMatchObject({ restockQuantity: 2 });
    expect(r.order.activities.map((a) => a.type)).toEqual(['ORDER_PLACED', 'ORDER_CANCELED']);
    expect(await stockOf(variantId)).toBe(5);
    const mail = await mailTo('cancel@example.test', 'canceled');
    expect(mail.raw).toContain('Out of lamps, sorry');
    const again = await s.admin('POST', `/ecom/v1/orders/${o.id}/cancel`, { restockAllItems: true });
    expect(again.status).toBe(409);
    expect(appError(again.body).code).toBe('ORDER_ALREADY_CANCELED');
    expect(await stockOf(variantId)).toBe(5);
    const events = ok(
      await s.admin<{ events: { eventType: string }[] }>('POST', '/platform/v1/events/query', {
        query: { filter: { entityId: o.id } },
      }),
    ).events;
    expect(events.map((e) => e.eventType)).toContain('wix.ecom.v1.order_canceled');
  });
});

describe('fulfillments', () => {
  it('fulfills partly then fully, with tracking, activities and a shipping confirmation over SMTP', async () => {
    const o = await createOrder(
      s,
      orderBody({
        email: 'ship@example.test',
        lines: [
          ['Shirt', '10.00', 2],
          ['Mug', '5.00', 1],
        ],
      }),
    );
    const [shirt, mug] = o.lineItems;
    const first = ok(
      await s.admin<{
        fulfillmentId: string;
        orderWithFulfillments: {
          orderId: string;
          fulfillments: { id: string; trackingInfo?: Record<string, string> }[];
        };
      }>('POST', `/ecom/v1/fulfillments/orders/${o.id}/create-fulfillment`, {
        orderId: o.id,
        fulfillment: {
          lineItems: [{ id: shirt!.id, quantity: 1 }],
          trackingInfo: { trackingNumber: '1Z999', shippingProvider: 'ups' },
        },
      }),
    );
    expect(first.orderWithFulfillments.fulfillments).toHaveLength(1);
    expect(first.orderWithFulfillments.fulfillments[0]!.trackingInfo).toEqual({
      trackingNumber: '1Z999',
      shippingProvider: 'ups',
      trackingLink: 'https://www.ups.com/track?tracknum=1Z999',
    });
    expect((await get(o.id)).fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    const mail = await mailTo('ship@example.test', '1Z999');
    expect(mail.raw).toContain(`#${o.number}`);

    const dup = await s.admin('POST', `/ecom/v1/fulfillments/orders/${o.id}/create-fulfillment`, {
      fulfillment: { lineItems: [{ id: mug!.id }], trackingInfo: { trackingNumber: '1Z999' } },
    });
    expect(appError(dup.body).code).toBe('TRACKING_NUMBER_ALREADY_EXISTS');
    const tooMany = await s.admin('POST', `/ecom/v1/fulfillments/orders/${o.id}/create-fulfillment`, {
      fulfillment: { lineItems: [{ id: shirt!.id, quantity: 2 }] },
    });
    expect(appError(tooMany.body).code).toBe('LINE_ITEM_QUANTITY_NOT_AVAILABLE');

    ok(
      await s.admin('POST', `/ecom/v1/fulfillments/orders/${o.id}/create-fulfillment`, {
        fulfillment: {
          lineItems: [{ id: shirt!.id }, { id: mug!.id }],
          trackingInfo: {
            trackingNumber: 'X2',
            shippingProvider: 'Local Couriers',
            trackingLink: 'https://couriers.example/X2',
          },
        },
      }),
    );
    const done = await get(o.id);
    expect(done.fulfillmentStatus).toBe('FULFILLED');
    expect(done.activities.map((a) => a.type)).toEqual(
      expect.arrayContaining([
        'TRACKING_NUMBER_ADDED',
        'TRACKING_LINK_ADDED',
        'SHIPPING_CONFIRMATION_EMAIL_SENT',
        'ORDER_FULFILLED',
      ]),
    );
    const list = ok(
      await s.admin<{ orderWithFulfillments: { fulfillments: unknown[] } }>(
        'GET',
        `/ecom/v1/fulfillments/orders/${o.id}`,
      ),
    );
    expect(list.orderWithFulfillments.fulfillments).toHaveLength(2);
    expect(
      (await s.request('GET', `/ecom/v1/fulfillments/orders/${o.id}`, { auth: 'visitor:stranger' })).status,
    ).toBe(404);
    const events = ok(
      await s.admin<{ events: { eventType: string }[] }>('POST', '/platform/v1/events/query', {
        query: { filter: { entityId: o.id } },
      }),
    ).events;
    expect(events.map((e) => e.eventType)).toEqual(
      expect.arrayContaining(['wix.ecom.v1.fulfillments_updated', 'wix.ecom.v1.order_fulfilled']),
    );
  });
});

describe('the functions other modules call', () => {
  it('insertOrder (INITIALIZED, by checkout), getOrderByCheckoutId, getOrderForPayment, applyPaymentUpdate with approval e-mails', async () => {
    const ctx = s.app.systemCtx();
    const checkoutId = `co-${Date.now()}`;
    const o = await insertOrder(ctx, draft({ checkoutId, email: 'payer@example.test' }));
    expect(o).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'NOT_PAID', checkoutId });
    expect(o.purchasedDate).toBeUndefined();
    expect((await getOrderByCheckoutId(ctx.db, checkoutId))?.id).toBe(o.id);
    expect(await getOrderByCheckoutId(ctx.db, 'nope')).toBeUndefined();
    await expect(insertOrder(ctx, draft({ checkoutId }))).rejects.toMatchObject({
      code: 'ORDER_ALREADY_EXISTS_FOR_CHECKOUT',
    });
    expect(await getOrderForPayment(ctx, o.id)).toMatchObject({
      id: o.id,
      number: o.number,
      status: 'INITIALIZED',
      paymentStatus: 'NOT_PAID',
      currency: 'USD',
      totalMinor: 2000,
      buyerEmail: 'payer@example.test',
      visitorId: 'vis-9',
    });
    expect(await getOrderForPayment(ctx, 'not-an-id')).toBeUndefined();

    await applyPaymentUpdate(ctx, o.id, {
      paymentStatus: 'PAID',
      activity: { type: 'ORDER_PAID' },
      approve: true,
    });
    const paid = await get(o.id);
    expect(paid).toMatchObject({
      status: 'APPROVED',
      paymentStatus: 'PAID',
      balanceSummary: { paid: { amount: '20.00' }, balance: { amount: '0.00' } },
    });
    expect(paid.purchasedDate).toBeDefined();
    expect(paid.activities.map((a) => a.type)).toEqual(['ORDER_PLACED', 'ORDER_PAID']);
    await mailTo('payer@example.test', `#${o.number}`);
    await mailTo(MERCHANT, `#${o.number}`);
    const events = ok(
      await s.admin<{ events: { eventType: string }[] }>('POST', '/platform/v1/events/query', {
        query: { filter: { entityId: o.id } },
      }),
    ).events;
    expect(events.map((e) => e.eventType)).toEqual(
      expect.arrayContaining([
        'wix.ecom.v1.order_payment_status_updated',
        'wix.ecom.v1.order_approved',
        'wix.ecom.v1.order_updated',
      ]),
    );
    await expect(
      applyPaymentUpdate(ctx, '0190a0a0-0000-7000-8000-00000000000f', {
        paymentStatus: 'PAID',
        activity: { type: 'ORDER_PAID' },
      }),
    ).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND' });
  });

  it('cancels an unpaid online order after 24 hours and returns its stock', async () => {
    const variantId = await product(4);
    const ctx = s.app.systemCtx();
    await decrementStock(ctx, [{ variantId, quantity: 2 }]);
    const unpaid = await insertOrder(ctx, draft({ variantId }));
    const paid = await insertOrder(ctx, draft({ variantId }));
    await decrementStock(ctx, [{ variantId, quantity: 2 }]);
    await applyPaymentUpdate(ctx, paid.id, {
      paymentStatus: 'PAID',
      activity: { type: 'ORDER_PAID' },
      approve: true,
    });
    expect(await stockOf(variantId)).toBe(0);
    s.clock.advance(UNPAID_ORDER_TTL_MS - 60_000);
    await s.app.jobs.runDue();
    expect((await get(unpaid.id)).status).toBe('INITIALIZED');
    s.clock.advance(120_000);
    await s.until(async () => (await get(unpaid.id)).status === 'CANCELED');
    expect(await stockOf(variantId)).toBe(2);
    expect((await get(paid.id)).status).toBe('APPROVED');
  });
});

describe('order numbers', () => {
  it('hands out distinct consecutive numbers to 20 parallel creates', async () => {
    const made = await Promise.all(
      Array.from({ length: 20 }, () => s.admin<{ order: Order }>('POST', '/ecom/v1/orders', orderBody())),
    );
    const numbers = made.map((r) => Number(ok(r).order.number)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers[19]! - numbers[0]!).toBe(19);
  });

  it.runIf(testEngine() === 'postgres')(
    'stays consecutive with two server processes on one PostgreSQL',
    async () => {
      const handle = s.db.another();
      const other = await ordersServer({ database: handle, clock: s.clock, env: { SMTP_URL: smtp.url } });
      try {
        const made = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            (i % 2 ? other : s).admin<{ order: Order }>('POST', '/ecom/v1/orders', orderBody()),
          ),
        );
        const numbers = made.map((r) => Number(ok(r).order.number)).sort((a, b) => a - b);
        expect(new Set(numbers).size).toBe(20);
        expect(numbers[19]! - numbers[0]!).toBe(19);
      } finally {
        await other.stop();
        await handle.close();
      }
    },
  );
});
