import type { Order } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { smtpSink } from '../../test/identity.ts';
import { createOrder, ok, orderBody, ordersServer } from '../../test/orders.ts';
import { appError, type TestServer } from '../../test/server.ts';

let s: TestServer;
let smtp: Awaited<ReturnType<typeof smtpSink>>;

beforeAll(async () => {
  smtp = await smtpSink();
  s = await ordersServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await s?.stop();
  await smtp?.close();
});

type Tracking = { trackingNumber?: string; shippingProvider?: string; trackingLink?: string };
type Shipment = {
  id: string;
  lineItems: { id: string; quantity: number }[];
  trackingInfo?: Tracking;
  status?: string;
};
type Answer = { orderWithFulfillments: { orderId: string; fulfillments: Shipment[] } };

const get = async (id: string) => ok(await s.admin<{ order: Order }>('GET', `/ecom/v1/orders/${id}`)).order;
const at = (o: Order, f: string) => `/ecom/v1/fulfillments/${f}/orders/${o.id}`;
const fulfil = async (o: Order, fulfillment: Record<string, unknown>) =>
  ok(
    await s.admin<Answer & { fulfillmentId: string }>(
      'POST',
      `/ecom/v1/fulfillments/orders/${o.id}/create-fulfillment`,
      { fulfillment },
    ),
  ).fulfillmentId;
const patch = (o: Order, f: string, body: Record<string, unknown>) =>
  s.admin<Answer>('PATCH', at(o, f), body);
const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));

describe('updating and deleting fulfillments', () => {
  it("corrects a tracking number: the carrier's link follows, the buyer is told, the activity says edited", async () => {
    const o = await createOrder(s, orderBody({ email: 'fix@example.test', lines: [['Shirt', '10.00', 2]] }));
    const line = o.lineItems[0]!.id;
    const f = await fulfil(o, {
      lineItems: [{ id: line, quantity: 1 }],
      trackingInfo: { trackingNumber: '1Z111', shippingProvider: 'ups' },
    });
    const other = await fulfil(o, { lineItems: [{ id: line }], trackingInfo: { trackingNumber: 'OTHER' } });
    await s.until(async () => mailsTo('fix@example.test').find((m) => m.raw.includes('OTHER')));

    const fixed = ok(await patch(o, f, { fulfillment: { trackingInfo: { trackingNumber: '1Z222' } } }));
    expect(fixed.orderWithFulfillments.fulfillments.find((x) => x.id === f)).toMatchObject({
      lineItems: [{ id: line, quantity: 1 }],
      trackingInfo: {
        trackingNumber: '1Z222',
        shippingProvider: 'ups',
        trackingLink: 'https://www.ups.com/track?tracknum=1Z222',
      },
    });
    const mail = await s.until(async () => mailsTo('fix@example.test').find((m) => m.raw.includes('1Z222')));
    expect(mail.raw).toContain(`new tracking number for order #${o.number}`);
    expect(mail.raw).toContain(`The tracking number of your order #${o.number} has changed`);
    const types = (await get(o.id)).activities.map((a) => a.type);
    expect(types.filter((t) => t === 'TRACKING_NUMBER_EDITED')).toHaveLength(1);
    expect(types.filter((t) => t === 'SHIPPING_CONFIRMATION_EMAIL_SENT')).toHaveLength(3);

    // Another shipment's number: refused, nothing changed.
    const taken = await patch(o, f, { fulfillment: { trackingInfo: { trackingNumber: 'OTHER' } } });
    expect(taken.status).toBe(409);
    expect(appError(taken.body).code).toBe('TRACKING_NUMBER_ALREADY_EXISTS');

    // A status only (field mask): no mail, the tracking kept.
    const before = mailsTo('fix@example.test').length;
    const status = ok(
      await patch(o, f, { fulfillment: { status: 'In_Delivery', trackingInfo: null }, fieldMask: 'status' }),
    );
    expect(status.orderWithFulfillments.fulfillments.find((x) => x.id === f)).toMatchObject({
      status: 'In_Delivery',
      trackingInfo: { trackingNumber: '1Z222' },
    });
    // The same values again change nothing.
    ok(
      await patch(o, f, {
        fulfillment: { id: f, status: 'In_Delivery', lineItems: [{ id: line, quantity: 1 }] },
      }),
    );

    // Cleared with null: the number and the link built from it go.
    const cleared = ok(await patch(o, other, { fulfillment: { trackingInfo: null } }));
    expect(
      cleared.orderWithFulfillments.fulfillments.find((x) => x.id === other)!.trackingInfo,
    ).toBeUndefined();
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo('fix@example.test')).toHaveLength(before);

    // A number given to a shipment that had none: the buyer can now track it.
    ok(await patch(o, other, { fulfillment: { trackingInfo: { trackingNumber: 'NEW1' } } }));
    const added = await s.until(async () => mailsTo('fix@example.test').find((m) => m.raw.includes('NEW1')));
    expect(added.raw).toContain(`Your order #${o.number} can now be tracked`);
    expect((await get(o.id)).activities.filter((a) => a.type === 'TRACKING_NUMBER_ADDED')).toHaveLength(3);

    // A mask that does not name the link: the link in the body is not taken; the carrier's is built.
    const masked = ok(
      await patch(o, f, {
        fulfillment: {
          trackingInfo: { trackingNumber: '1Z333', trackingLink: 'https://elsewhere.example/x' },
        },
        fieldMask: 'trackingInfo.trackingNumber',
      }),
    );
    expect(masked.orderWithFulfillments.fulfillments.find((x) => x.id === f)!.trackingInfo).toEqual({
      trackingNumber: '1Z333',
      shippingProvider: 'ups',
      trackingLink: 'https://www.ups.com/track?tracknum=1Z333',
    });
  });

  it('refuses other line items, a mismatched id, unknown fields and unknown fulfillments', async () => {
    const o = await createOrder(s, orderBody({ lines: [['Mug', '5.00', 3]] }));
    const line = o.lineItems[0]!.id;
    const f = await fulfil(o, { lineItems: [{ id: line, quantity: 1 }] });
    const lines = await patch(o, f, { fulfillment: { lineItems: [{ id: line, quantity: 2 }] } });
    expect(lines.status).toBe(400);
    expect(JSON.stringify(lines.body)).toContain('fulfillment.lineItems');
    const id = await patch(o, f, {
      fulfillment: { id: '0190c0de-0000-7000-8000-00000000beef', status: 'Ready' },
    });
    expect(id.status).toBe(400);
    expect((await patch(o, f, { fulfillment: { colour: 'red' } })).status).toBe(400);
    expect((await patch(o, f, { fulfillment: { status: 'Lost' } })).status).toBe(400);
    for (const wrong of ['0190c0de-0000-7000-8000-00000000dead', 'not-a-guid']) {
      const r = await patch(o, wrong, { fulfillment: { status: 'Ready' } });
      expect(r.status, wrong).toBe(404);
      expect(appError(r.body).code).toBe('FULFILLMENT_NOT_FOUND');
      const d = await s.admin('DELETE', at(o, wrong));
      expect(d.status, wrong).toBe(404);
    }
    // A fulfillment of another order is not this order's.
    const elsewhere = await createOrder(s, orderBody());
    expect((await s.admin('DELETE', at(elsewhere, f))).status).toBe(404);
    expect((await get(o.id)).fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
  });

  it('deletes a shipment recorded by mistake: the items are to fulfil again, the status follows', async () => {
    const o = await createOrder(s, orderBody({ email: 'undo@example.test', lines: [['Lamp', '20.00', 2]] }));
    const line = o.lineItems[0]!.id;
    const first = await fulfil(o, { lineItems: [{ id: line, quantity: 1 }] });
    const second = await fulfil(o, { lineItems: [{ id: line, quantity: 1 }] });
    expect((await get(o.id)).fulfillmentStatus).toBe('FULFILLED');
    const shipped = () => mailsTo('undo@example.test').filter((m) => m.raw.includes('shipped')).length;
    await s.until(async () => shipped() === 2 || undefined);

    const after = ok(await s.admin<Answer>('DELETE', at(o, second)));
    expect(after.orderWithFulfillments.fulfillments.map((f) => f.id)).toEqual([first]);
    const partly = await get(o.id);
    expect(partly.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect(partly.activities.map((a) => a.type)).toContain('ORDER_NOT_FULFILLED');
    // Its quantity can be fulfilled again.
    await fulfil(o, { lineItems: [{ id: line, quantity: 1 }] });
    expect((await get(o.id)).fulfillmentStatus).toBe('FULFILLED');

    for (const f of (await s.admin<Answer>('GET', `/ecom/v1/fulfillments/orders/${o.id}`)).body
      .orderWithFulfillments.fulfillments)
      ok(await s.admin('DELETE', at(o, f.id)));
    expect((await get(o.id)).fulfillmentStatus).toBe('NOT_FULFILLED');
    await s.until(async () => shipped() === 3 || undefined);
    await new Promise((r) => setTimeout(r, 300));
    expect(shipped()).toBe(3);

    const events = ok(
      await s.admin<{
        events: { eventType: string; updatedEvent?: { modifiedFields?: Record<string, unknown> } }[];
      }>('POST', '/platform/v1/events/query', {
        query: { filter: { entityId: o.id, entityFqdn: 'wix.ecom.v1.order' } },
      }),
    ).events;
    expect(events.some((e) => e.updatedEvent?.modifiedFields?.fulfillmentStatus === 'FULFILLED')).toBe(true);
  });

  it.skipIf(testEngine() !== 'postgres')(
    'a shipment deleted from two processes at once is deleted once, and the status follows once (needs parallel connections; PGlite is one session)',
    async () => {
      const pool = s.db.another();
      const other = await ordersServer({ database: pool, clock: s.clock });
      try {
        const o = await createOrder(s, orderBody({ lines: [['Chair', '40.00', 2]] }));
        const line = o.lineItems[0]!.id;
        const keep = await fulfil(o, { lineItems: [{ id: line, quantity: 1 }] });
        const f = await fulfil(o, { lineItems: [{ id: line, quantity: 1 }] });
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) => (i % 2 ? other : s).admin('DELETE', at(o, f))),
        );
        expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
        for (const a of answers.filter((x) => x.status !== 200)) {
          expect(a.status).toBe(404);
          expect(appError(a.body).code).toBe('FULFILLMENT_NOT_FOUND');
        }
        const after = await get(o.id);
        expect(after.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
        expect(after.activities.filter((a) => a.type === 'ORDER_NOT_FULFILLED')).toHaveLength(1);
        const list = ok(await s.admin<Answer>('GET', `/ecom/v1/fulfillments/orders/${o.id}`));
        expect(list.orderWithFulfillments.fulfillments.map((x) => x.id)).toEqual([keep]);
      } finally {
        await other.stop();
        await pool.close();
      }
    },
  );
});
