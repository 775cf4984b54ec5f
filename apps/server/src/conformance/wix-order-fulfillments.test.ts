/**
 * The official `@wix/ecom` `orderFulfillments` module (createFulfillment, updateFulfillment,
 * deleteFulfillment, bulkCreateFulfillments, listFulfillmentsForSingleOrder, listFulfillmentsForMultipleOrders), unchanged, against a Vitrine
 * test server through an admin (API key) client; and what a visitor sees of the same orders.
 */
import { orderFulfillments, orders } from '@wix/ecom';
import { createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, orderBody, ordersServer } from '../test/orders.ts';
import type { TestServer } from '../test/server.ts';
import { adminAuth, redirectWixFetch } from '../test/wix.ts';

const client = () => createClient({ auth: adminAuth, modules: { orders, orderFulfillments } });
let s: TestServer;
let undo: () => void;
beforeAll(async () => {
  // Test tokens `visitor:<id>` stand for that visitor (the order's owner, or a stranger).
  s = await ordersServer();
  undo = redirectWixFetch(s.url);
});
afterAll(async () => {
  undo?.();
  await s?.stop();
});
const VISITOR = '0190c0de-0000-7000-8000-0000000000a1';

const newOrder = (email: string, quantity: number) => ({
  channelInfo: { type: 'WEB' as const },
  lineItems: [
    {
      productName: { original: 'Mug' },
      catalogReference: {
        catalogItemId: 'c0a1b2c3-0000-4000-8000-00000000000b',
        appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
      },
      quantity,
      price: { amount: '8.00' },
      itemType: { preset: 'PHYSICAL' as const },
    },
  ],
  priceSummary: {
    subtotal: { amount: (8 * quantity).toFixed(2) },
    total: { amount: (8 * quantity).toFixed(2) },
  },
  currency: 'USD',
  buyerInfo: { email },
});

describe('@wix/ecom orderFulfillments against Vitrine', () => {
  it('lists the fulfillments of several orders in the order asked, leaving out ids that name none', async () => {
    const c = client();
    const first = await c.orders.createOrder(newOrder('ada@example.test', 3));
    const second = await c.orders.createOrder(newOrder('bob@example.test', 1));
    const third = await c.orders.createOrder(newOrder('cy@example.test', 2));
    const line = (o: typeof first) => o.lineItems![0]!._id!;

    const shipped = await c.orderFulfillments.createFulfillment(first._id!, {
      lineItems: [{ _id: line(first), quantity: 2 }],
      trackingInfo: { trackingNumber: '1Z999', shippingProvider: 'ups' },
    });
    await c.orderFulfillments.createFulfillment(first._id!, {
      lineItems: [{ _id: line(first), quantity: 1 }],
    });
    await c.orderFulfillments.createFulfillment(second._id!, { lineItems: [{ _id: line(second) }] });

    const single = await c.orderFulfillments.listFulfillmentsForSingleOrder(first._id!);
    expect(single.orderWithFulfillments?.fulfillments?.map((f) => f.lineItems?.[0]?.quantity)).toEqual([
      2, 1,
    ]);

    const many = await c.orderFulfillments.listFulfillmentsForMultipleOrders([
      third._id!,
      'not-a-guid',
      first._id!,
      '0190c0de-0000-7000-8000-00000000dead',
      second._id!,
      first._id!,
    ]);
    expect(many.ordersWithFulfillments?.map((o) => o.orderId)).toEqual([third._id, first._id, second._id]);
    const [none, two, one] = many.ordersWithFulfillments!;
    expect(none!.fulfillments).toEqual([]);
    expect(two!.fulfillments).toHaveLength(2);
    expect(two!.fulfillments![0]).toMatchObject({
      _id: shipped.fulfillmentId,
      lineItems: [{ _id: line(first), quantity: 2 }],
      trackingInfo: { trackingNumber: '1Z999', shippingProvider: 'ups' },
    });
    expect(two!.fulfillments![0]!._createdDate).toBeInstanceOf(Date);
    expect(one!.fulfillments!.map((f) => f.lineItems)).toEqual([[{ _id: line(second), quantity: 1 }]]);

    // A visitor sees only orders of their own.
    const own = ok(
      await s.admin<{ order: { id: string } }>('POST', '/ecom/v1/orders', orderBody({ visitorId: VISITOR })),
    );
    const ids = { orderIds: [first._id, own.order.id, second._id] };
    const list = (auth: string) =>
      s.request('POST', '/ecom/v1/fulfillments/list-by-ids', { auth, body: ids });
    expect(ok(await list(`visitor:${VISITOR}`))).toEqual({
      ordersWithFulfillments: [{ orderId: own.order.id, fulfillments: [] }],
    });
    expect(ok(await list('visitor:0190c0de-0000-7000-8000-0000000000b2'))).toEqual({
      ordersWithFulfillments: [],
    });

    expect((await c.orderFulfillments.listFulfillmentsForMultipleOrders([])).ordersWithFulfillments).toEqual(
      [],
    );
  });

  it('corrects a tracking number and deletes a fulfillment recorded by mistake', async () => {
    const c = client();
    const order = await c.orders.createOrder(newOrder('dee@example.test', 2));
    const line = order.lineItems![0]!._id!;
    const { fulfillmentId } = await c.orderFulfillments.createFulfillment(order._id!, {
      lineItems: [{ _id: line }],
      trackingInfo: { trackingNumber: '9400111', shippingProvider: 'usps' },
    });
    const updated = await c.orderFulfillments.updateFulfillment(
      { orderId: order._id!, fulfillmentId: fulfillmentId! },
      { fulfillment: { trackingInfo: { trackingNumber: '9400222' }, status: 'In_Delivery' } },
    );
    expect(updated.fulfillments![0]).toMatchObject({
      _id: fulfillmentId,
      status: 'In_Delivery',
      lineItems: [{ _id: line, quantity: 2 }],
      trackingInfo: {
        trackingNumber: '9400222',
        shippingProvider: 'usps',
        trackingLink: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400222',
      },
    });
    expect((await c.orders.getOrder(order._id!)).fulfillmentStatus).toBe('FULFILLED');

    const deleted = await c.orderFulfillments.deleteFulfillment({
      orderId: order._id!,
      fulfillmentId: fulfillmentId!,
    });
    expect(deleted.orderWithFulfillments).toEqual({ orderId: order._id, fulfillments: [] });
    expect((await c.orders.getOrder(order._id!)).fulfillmentStatus).toBe('NOT_FULFILLED');
  });

  it('fulfils several orders at once, each on its own: one that cannot be fulfilled fails alone', async () => {
    const c = client();
    const a = await c.orders.createOrder(newOrder('eve@example.test', 2));
    const b = await c.orders.createOrder(newOrder('fay@example.test', 1));
    const canceled = await c.orders.createOrder(newOrder('gil@example.test', 1));
    await c.orders.cancelOrder(canceled._id!, { sendOrderCanceledEmail: false, restockAllItems: false });
    const line = (o: typeof a) => o.lineItems![0]!._id!;
    const r = await c.orderFulfillments.bulkCreateFulfillments([
      {
        orderId: a._id!,
        fulfillments: [
          { lineItems: [{ _id: line(a), quantity: 1 }], trackingInfo: { trackingNumber: 'A-1' } },
          { lineItems: [{ _id: line(a), quantity: 1 }], trackingInfo: { trackingNumber: 'A-2' } },
        ],
      },
      { orderId: canceled._id!, fulfillments: [{ lineItems: [{ _id: line(canceled) }] }] },
      {
        orderId: b._id!,
        // The second asks for more than is left: neither of b's is created.
        fulfillments: [{ lineItems: [{ _id: line(b) }] }, { lineItems: [{ _id: line(b) }] }],
      },
    ]);
    expect(r.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 2, undetailedFailures: 0 });
    expect(r.results!.map((x) => [x.itemMetadata!.originalIndex, x.itemMetadata!.success])).toEqual([
      [0, true],
      [1, false],
      [2, false],
    ]);
    expect(
      r.results![0]!.ordersWithFulfillments!.fulfillments!.map((f) => f.trackingInfo?.trackingNumber),
    ).toEqual(['A-1', 'A-2']);
    expect(r.results![1]!.itemMetadata!.error!.code).toBe('ORDER_NOT_APPROVED');
    expect(r.results![2]!.itemMetadata!.error!.code).toBe('LINE_ITEM_QUANTITY_NOT_AVAILABLE');
    expect((await c.orders.getOrder(a._id!)).fulfillmentStatus).toBe('FULFILLED');
    expect((await c.orders.getOrder(b._id!)).fulfillmentStatus).toBe('NOT_FULFILLED');
    expect(
      (await c.orderFulfillments.listFulfillmentsForSingleOrder(b._id!)).orderWithFulfillments!.fulfillments,
    ).toEqual([]);
  });

  it('refuses a request that is not a list of ids, and more than 300 ids, with the platform envelope', async () => {
    for (const body of [
      {},
      { orderIds: 'x' },
      { orderIds: [1] },
      { orderIds: [], extra: 1 },
      { orderIds: Array(301).fill('x') },
    ]) {
      const r = await s.request('POST', '/ecom/v1/fulfillments/list-by-ids', { auth: 'visitor:v-x', body });
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(r.body).toMatchObject({ details: { validationError: { fieldViolations: expect.any(Array) } } });
    }
  });
});
