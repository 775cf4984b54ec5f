import type { Order } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, violations, type TestServer } from '../../test/server.ts';
import { createOrder, ok, orderBody, ordersServer } from '../../test/orders.ts';
import { sql } from 'kysely';
import { rarestParts, refreshEmailSample } from './email-sample.ts';

let s: TestServer;
beforeAll(async () => {
  s = await ordersServer();
});
afterAll(async () => {
  await s?.stop();
});

type Search = {
  orders: Order[];
  metadata: { count: number; cursors: { next: string | null; prev: string | null }; hasNext: boolean };
};
const search = (body: unknown, auth?: string) =>
  auth
    ? s.request<Search>('POST', '/ecom/v1/orders/search', { body, auth })
    : s.admin<Search>('POST', '/ecom/v1/orders/search', body);

describe('createOrder (admin import)', () => {
  it('creates an approved order with a sequential number, price snapshots, the ORDER_PLACED activity and events', async () => {
    const a = await createOrder(
      s,
      orderBody({
        lines: [
          ['Shirt', '10.00', 2],
          ['Mug', '4.50', 1],
        ],
        shipping: '5.00',
        tax: '1.25',
      }),
    );
    const b = await createOrder(s);
    expect(Number(b.number)).toBe(Number(a.number) + 1);
    expect(a).toMatchObject({
      status: 'APPROVED',
      paymentStatus: 'NOT_PAID',
      fulfillmentStatus: 'NOT_FULFILLED',
      currency: 'USD',
      weightUnit: 'KG',
      archived: false,
      priceSummary: {
        subtotal: { amount: '24.50', formattedAmount: '$24.50' },
        shipping: { amount: '5.00' },
        tax: { amount: '1.25' },
        total: { amount: '30.75' },
      },
      buyerInfo: { email: 'ada@example.test' },
      channelInfo: { type: 'WEB' },
      billingInfo: { address: { country: 'US', addressLine: '1 Main St' } },
      balanceSummary: { balance: { amount: '30.75' }, paid: { amount: '0.00' } },
    });
    expect(a.lineItems[0]).toMatchObject({
      productName: { original: 'Shirt', translated: 'Shirt' },
      quantity: 2,
      price: { amount: '10.00' },
      lineItemPrice: { amount: '20.00' },
      totalDiscount: { amount: '0.00' },
      paymentOption: 'FULL_PAYMENT_ONLINE',
      itemType: { preset: 'PHYSICAL' },
    });
    expect(a.lineItems[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.activities.map((x) => x.type)).toEqual(['ORDER_PLACED']);
    expect(a.purchasedDate).toBeDefined();
    const events = await s.admin<{ events: { eventType: string; entityId: string }[] }>(
      'POST',
      '/platform/v1/events/query',
      { query: { filter: { entityId: a.id } } },
    );
    expect(
      ok(events)
        .events.map((e) => e.eventType)
        .sort(),
    ).toEqual(['wix.ecom.v1.order_approved', 'wix.ecom.v1.order_created']);
  });

  it('reports every import problem at once: amounts, currency, weight unit, channel, refunded orders', async () => {
    const body = orderBody({
      extra: {
        currency: 'EUR',
        weightUnit: 'LB',
        channelInfo: { type: 'WIX_APP_STORE' },
        paymentStatus: 'PARTIALLY_REFUNDED',
      },
    });
    body.order.priceSummary.total = { amount: '99.00' };
    const r = await s.admin('POST', '/ecom/v1/orders', body);
    expect(r.status).toBe(400);
    const v = violations(r.body);
    expect(v.map((x) => [x.field, (x as { ruleName?: string }).ruleName])).toEqual([
      ['order.channelInfo.type', 'UNSUPPORTED_CHANNEL'],
      ['order.currency', 'CURRENCY_MISMATCH'],
      ['order.paymentStatus', 'REFUNDED_ORDER_NOT_SUPPORTED'],
      ['order.priceSummary.total', 'AMOUNTS_DO_NOT_ADD_UP'],
      ['order.weightUnit', 'WEIGHT_UNIT_MISMATCH'],
    ]);
  });

  it('checks line prices, the subtotal, decimals and the purchase date', async () => {
    const body = orderBody();
    Object.assign(body.order.lineItems[0]!, { lineItemPrice: { amount: '19.00' } });
    body.order.priceSummary.subtotal = { amount: '21.00' };
    let r = await s.admin('POST', '/ecom/v1/orders', body);
    expect(r.status).toBe(400);
    // The total is checked against the subtotal the lines add up to (20.00), which it matches.
    expect(violations(r.body).map((x) => x.field)).toEqual([
      'order.lineItems.0.lineItemPrice',
      'order.priceSummary.subtotal',
    ]);

    const scale = orderBody({ lines: [['Pen', '1.005', 1]] });
    r = await s.admin('POST', '/ecom/v1/orders', scale);
    expect(r.status).toBe(400);
    expect(violations(r.body)[0]).toMatchObject({
      field: 'order.lineItems.0.price.amount',
      violatedRule: 'DECIMAL_MAX_SCALE',
    });

    r = await s.admin(
      'POST',
      '/ecom/v1/orders',
      orderBody({ extra: { purchasedDate: new Date(s.clock.now().getTime() + 86_400_000).toISOString() } }),
    );
    expect(r.status).toBe(400);
    expect(appError(r.body).code).toBe('PURCHASED_DATE_CANNOT_BE_IN_FUTURE');

    r = await s.admin('POST', '/ecom/v1/orders', { order: { lineItems: [] } });
    expect(r.status).toBe(400);
    expect(violations(r.body).map((x) => x.field)).toEqual(
      expect.arrayContaining(['order.lineItems', 'order.priceSummary']),
    );
  });

  it('is admin-only', async () => {
    expect(
      (await s.request('POST', '/ecom/v1/orders', { body: orderBody(), auth: 'visitor:v1' })).status,
    ).toBe(403);
    expect((await s.request('POST', '/ecom/v1/orders', { body: orderBody() })).status).toBe(401);
  });

  it('PAYMENT_RECEIVED keeps an unpaid import INITIALIZED, which search never returns', async () => {
    const o = await createOrder(
      s,
      orderBody({ email: 'waiting@example.test', settings: { orderApprovalStrategy: 'PAYMENT_RECEIVED' } }),
    );
    expect(o.status).toBe('INITIALIZED');
    const r = ok(await search({ search: { filter: { 'buyerInfo.email': 'waiting@example.test' } } }));
    expect(r.orders).toHaveLength(0);
    const withStatus = ok(
      await search({
        search: { filter: { 'buyerInfo.email': 'waiting@example.test', status: { $ne: 'APPROVED' } } },
      }),
    );
    expect(withStatus.orders).toHaveLength(0);
  });
});

describe('getOrder', () => {
  it('lets a buyer read only their own orders; others get ORDER_NOT_FOUND', async () => {
    const mine = await createOrder(s, orderBody({ visitorId: 'vis-1' }));
    const member = await createOrder(s, orderBody({ memberId: 'mem-1' }));
    expect(
      ok(
        await s.request<{ order: Order }>('GET', `/ecom/v1/orders/${mine.id}?id=${mine.id}`, {
          auth: 'visitor:vis-1',
        }),
      ).order.id,
    ).toBe(mine.id);
    const other = await s.request('GET', `/ecom/v1/orders/${mine.id}`, { auth: 'visitor:vis-2' });
    expect(other.status).toBe(404);
    expect(appError(other.body).code).toBe('ORDER_NOT_FOUND');
    expect((await s.request('GET', `/ecom/v1/orders/${member.id}`, { auth: 'member:mem-1' })).status).toBe(
      200,
    );
    expect((await s.request('GET', `/ecom/v1/orders/${member.id}`, { auth: 'member:mem-2' })).status).toBe(
      404,
    );
    expect((await s.request('GET', `/ecom/v1/orders/${mine.id}`)).status).toBe(401);
    expect((await s.admin('GET', `/ecom/v1/orders/${member.id}`)).status).toBe(200);
    expect((await s.admin('GET', '/ecom/v1/orders/0190a0a0-0000-7000-8000-000000000000')).status).toBe(404);
  });
});

describe('searchOrders', () => {
  it('filters, sorts and pages by cursor; buyers see only their own', async () => {
    const tag = `t${Date.now()}`;
    const made: Order[] = [];
    for (let i = 0; i < 5; i++) {
      s.clock.advance(1000);
      made.push(
        await createOrder(
          s,
          orderBody({
            email: `p${i}@search.test`,
            visitorId: i < 2 ? 'searcher' : 'someone',
            extra: { tags: { tags: { tagIds: [tag] } } },
          }),
        ),
      );
    }
    const first = ok(
      await search({
        search: { filter: { 'tags.tags.tagIds': { $hasSome: [tag] } }, cursorPaging: { limit: 2 } },
      }),
    );
    expect(first.orders.map((o) => o.id)).toEqual([made[4]!.id, made[3]!.id]);
    expect(first.metadata).toMatchObject({ count: 2, hasNext: true });
    const second = ok(
      await search({ search: { cursorPaging: { cursor: first.metadata.cursors.next, limit: 2 } } }),
    );
    expect(second.orders.map((o) => o.id)).toEqual([made[2]!.id, made[1]!.id]);
    const third = ok(
      await search({ search: { cursorPaging: { cursor: second.metadata.cursors.next, limit: 2 } } }),
    );
    expect(third.orders.map((o) => o.id)).toEqual([made[0]!.id]);
    expect(third.metadata.cursors.next).toBeNull();

    const asc = ok(
      await search({
        search: { filter: { 'tags.tags.tagIds': tag }, sort: [{ fieldName: 'number', order: 'ASC' }] },
      }),
    );
    expect(asc.orders.map((o) => o.id)).toEqual(made.map((o) => o.id));
    const byNumber = ok(await search({ search: { filter: { number: made[2]!.number } } }));
    expect(byNumber.orders.map((o) => o.id)).toEqual([made[2]!.id]);
    const byEmail = ok(await search({ search: { filter: { 'buyerInfo.email': 'p3@search.test' } } }));
    expect(byEmail.orders.map((o) => o.id)).toEqual([made[3]!.id]);
    const range = ok(
      await search({
        search: {
          filter: {
            'tags.tags.tagIds': tag,
            createdDate: { $gte: made[1]!.createdDate, $lt: made[3]!.createdDate },
          },
        },
      }),
    );
    expect(range.orders.map((o) => o.id)).toEqual([made[2]!.id, made[1]!.id]);
    const statuses = ok(
      await search({
        search: {
          filter: {
            'tags.tags.tagIds': tag,
            status: 'APPROVED',
            paymentStatus: 'NOT_PAID',
            fulfillmentStatus: 'NOT_FULFILLED',
          },
        },
      }),
    );
    expect(statuses.orders).toHaveLength(5);

    const own = ok(await search({ search: { filter: { 'tags.tags.tagIds': tag } } }, 'visitor:searcher'));
    expect(own.orders.map((o) => o.id)).toEqual([made[1]!.id, made[0]!.id]);

    const bad = await search({ search: { filter: { lineItems: 'x' } } });
    expect(bad.status).toBe(400);
    expect(violations(bad.body)[0]).toMatchObject({ violatedRule: 'FIELD_NOT_ALLOWED' });
  });
});

describe('updateOrder, bulkUpdateOrders, tags, activities, status', () => {
  it('updates only editable fields, with activities and field-mask semantics', async () => {
    const o = await createOrder(s, orderBody({ extra: { buyerNote: 'leave at door' } }));
    const r = ok(
      await s.admin<{ order: Order }>('PATCH', `/ecom/v1/orders/${o.id}`, {
        order: { id: o.id, buyerInfo: { email: 'new@example.test' }, archived: true },
      }),
    );
    expect(r.order).toMatchObject({
      buyerInfo: { email: 'new@example.test' },
      archived: true,
      buyerNote: 'leave at door',
    });
    expect(r.order.activities.map((a) => a.type)).toEqual(['ORDER_PLACED', 'EMAIL_EDITED']);
    const masked = ok(
      await s.admin<{ order: Order }>('PATCH', `/ecom/v1/orders/${o.id}`, {
        order: {},
        fieldMask: 'buyerNote',
      }),
    );
    expect(masked.order.buyerNote).toBeUndefined();

    const locked = await s.admin('PATCH', `/ecom/v1/orders/${o.id}`, { order: { lineItems: [] } });
    expect(locked.status).toBe(400);
    expect(violations(locked.body)[0]).toMatchObject({
      field: 'order.lineItems',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
    const maskBad = await s.admin('PATCH', `/ecom/v1/orders/${o.id}`, {
      order: {},
      fieldMask: 'priceSummary',
    });
    expect(violations(maskBad.body)[0]).toMatchObject({
      field: 'fieldMask',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
    expect(
      (
        await s.request('PATCH', `/ecom/v1/orders/${o.id}`, {
          body: { order: { archived: false } },
          auth: 'visitor:v',
        })
      ).status,
    ).toBe(403);
  });

  it('bulk-updates orders, reporting each item', async () => {
    const a = await createOrder(s);
    const b = await createOrder(s);
    const missing = '0190a0a0-0000-7000-8000-000000000001';
    const r = ok(
      await s.admin<{
        results: { itemMetadata: { id: string; success: boolean; error?: { code: string } }; item?: Order }[];
        bulkActionMetadata: unknown;
      }>('POST', '/ecom/v1/bulk/orders/update', {
        orders: [
          { order: { id: a.id, archived: true } },
          { order: { id: missing, archived: true } },
          { order: { id: b.id, seenByAHuman: true } },
        ],
        returnEntity: true,
      }),
    );
    expect(r.results.map((x) => [x.itemMetadata.success, x.itemMetadata.error?.code])).toEqual([
      [true, undefined],
      [false, 'ORDER_NOT_FOUND'],
      [true, undefined],
    ]);
    expect([r.results[0]!.item?.archived, r.results[2]!.item?.seenByAHuman]).toEqual([true, true]);
    expect(r.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 });
  });

  it('assigns and unassigns tags in bulk', async () => {
    const a = await createOrder(s, orderBody({ extra: { tags: { privateTags: { tagIds: ['old'] } } } }));
    const r = ok(
      await s.admin<{ results: { itemMetadata: { success: boolean } }[] }>(
        'POST',
        '/ecom/v1/bulk/orders/update-tags',
        {
          orderIds: [a.id],
          assignTags: { tags: { tagIds: ['vip', 'gift'] } },
          unassignTags: { privateTags: { tagIds: ['old'] } },
        },
      ),
    );
    expect(r.results[0]!.itemMetadata.success).toBe(true);
    const got = ok(await s.admin<{ order: Order }>('GET', `/ecom/v1/orders/${a.id}`)).order;
    expect(got.tags).toEqual({ tags: { tagIds: ['vip', 'gift'] }, privateTags: { tagIds: [] } });
    const found = ok(
      await search({ search: { filter: { 'tags.tags.tagIds': { $hasAll: ['vip', 'gift'] }, id: a.id } } }),
    );
    expect(found.orders).toHaveLength(1);
  });

  it('adds merchant comments and moves the status along the transition table', async () => {
    const a = await createOrder(s, orderBody({ settings: { orderApprovalStrategy: 'PAYMENT_RECEIVED' } }));
    const act = ok(
      await s.admin<{ order: Order; activityId: string }>('POST', `/ecom/v1/orders/${a.id}/activities`, {
        id: a.id,
        activity: { merchantComment: { message: 'called the buyer' } },
      }),
    );
    expect(act.order.activities.at(-1)).toMatchObject({
      id: act.activityId,
      type: 'MERCHANT_COMMENT',
      merchantComment: { message: 'called the buyer' },
    });
    const pending = ok(
      await s.admin<{ order: Order }>('POST', `/ecom/v1/orders/${a.id}/update-status`, {
        orderId: a.id,
        status: 'PENDING',
      }),
    );
    expect(pending.order.status).toBe('PENDING');
    const edit = await s.admin('PATCH', `/ecom/v1/orders/${a.id}`, { order: { archived: true } });
    expect(appError(edit.body).code).toBe('ORDER_IS_PENDING');
    expect(ok(await search({ search: { filter: { id: a.id, status: 'PENDING' } } })).orders).toHaveLength(1);
    expect(ok(await search({ search: { filter: { id: a.id } } })).orders).toHaveLength(0);
    const approved = ok(
      await s.admin<{ order: Order }>('POST', `/ecom/v1/orders/${a.id}/update-status`, {
        status: 'APPROVED',
      }),
    );
    expect(approved.order.status).toBe('APPROVED');
    const again = await s.admin('POST', `/ecom/v1/orders/${a.id}/update-status`, { status: 'APPROVED' });
    expect(appError(again.body).code).toBe('STATUS_ALREADY_SET');
    const back = await s.admin('POST', `/ecom/v1/orders/${a.id}/update-status`, { status: 'PENDING' });
    expect(appError(back.body).code).toBe('UNSUPPORTED_TRANSITION');
  });
});

describe('searchOrders by buyer e-mail, looking up the rarest parts of the text', () => {
  it('answers every order whose e-mail contains the text, in any case, when only parts are looked up', async () => {
    const t = await ordersServer();
    const emails = [
      'ada.lovelace@example.com',
      'ADA.Lovelace@Example.COM',
      'x.ada.lovelace@example.com.au',
      'grace.hopper@example.com',
      'ada@example.org',
      'zoe.unal+shop@example.com',
      ...Array.from({ length: 40 }, (_, i) => `buyer${i}@example.com`),
    ];
    const ids = new Map<string, string>();
    for (const email of emails) ids.set((await createOrder(t, orderBody({ email }))).id, email);
    // PostgreSQL's sample of the column (pg_stats), which chooses the parts, as ANALYZE keeps it.
    const db = t.app.systemCtx().db;
    await sql`analyze ecom_order`.execute(db);
    await refreshEmailSample(db, Date.now() + 3_600_000);
    expect(rarestParts('ada.lovelace@example.com')?.length).toBeGreaterThan(0);
    // A part never cuts a character written as two UTF-16 units in half.
    for (const p of rarestParts('a😀b😀c😀d😀e😀shop@example.com') ?? [])
      expect(p.isWellFormed(), p).toBe(true);
    for (const text of [
      'ada.lovelace@example.com',
      'Lovelace@EXAMPLE',
      'example.com',
      'r7@example.com',
      'unal+shop@ex',
      '😀shop@example.com',
      'hopper@example.co',
      'nobody@example.com',
      '100%_off@example.com',
    ]) {
      const r = ok(
        await t.admin<Search>('POST', '/ecom/v1/orders/search', {
          search: { filter: { 'buyerInfo.email': { $contains: text } }, cursorPaging: { limit: 100 } },
        }),
      );
      const want = emails.filter((e) => e.toLowerCase().includes(text.toLowerCase())).sort();
      expect(r.orders.map((o) => ids.get(o.id)).sort(), text).toEqual(want);
    }
    await t.stop();
  });
});

describe('searchOrders and getOrder', () => {
  it("answer each order the same: prices in the store's locale, tags, activities, payment, fulfilment, cancellation", async () => {
    const set = (locale: string) =>
      s.admin('PATCH', '/platform/v1/store-settings', { settings: { locale } }).then(ok);
    await set('de-DE');
    const tag = `same-${Date.now()}`;
    const tags = (extra: Record<string, unknown> = {}) => ({
      tags: { tags: { tagIds: [tag] }, privateTags: { tagIds: ['desk'] } },
      ...extra,
    });
    const rich = await createOrder(
      s,
      orderBody({
        lines: [
          ['Shirt', '1234.50', 2],
          ['Mug', '4.05', 3],
        ],
        shipping: '5.00',
        tax: '1.20',
        discount: '2.00',
        extra: tags({ buyerNote: 'Wrap it: {"$minor": 5}' }),
      }),
    );
    ok(
      await s.admin('POST', `/ecom/v1/orders/${rich.id}/activities`, {
        id: rich.id,
        activity: { merchantComment: { message: 'Wrap it' } },
      }),
    );
    ok(
      await s.admin('POST', `/ecom/v1/fulfillments/orders/${rich.id}/create-fulfillment`, {
        orderId: rich.id,
        fulfillment: {
          lineItems: [{ id: rich.lineItems[0]!.id, quantity: 1 }],
          trackingInfo: { trackingNumber: '1Z999' },
        },
      }),
    );
    const paid = await createOrder(s, orderBody({ extra: tags() }));
    ok(await s.admin('POST', `/ecom/v1/payments-collector/orders/${paid.id}/mark-as-paid`, {}));
    const canceled = await createOrder(s, orderBody({ extra: tags() }));
    ok(
      await s.admin('POST', `/ecom/v1/orders/${canceled.id}/cancel`, {
        id: canceled.id,
        customMessage: 'Out of stock',
        restockAllItems: false,
      }),
    );
    const found = ok(await search({ search: { filter: { 'tags.tags.tagIds': tag } } })).orders;
    expect(found.map((o) => o.id)).toEqual([canceled.id, paid.id, rich.id]);
    for (const o of found) {
      const { order } = ok(await s.admin<{ order: Order }>('GET', `/ecom/v1/orders/${o.id}`));
      expect(o).toEqual(order);
    }
    const r = found[2]!;
    expect(r.priceSummary.subtotal).toEqual({
      amount: '2481.15',
      formattedAmount: expect.stringMatching(/^2\.481,15\s\$$/),
    });
    expect(r.activities.map((a) => a.type)).toEqual([
      'ORDER_PLACED',
      'MERCHANT_COMMENT',
      'TRACKING_NUMBER_ADDED',
      'SHIPPING_CONFIRMATION_EMAIL_SENT',
    ]);
    expect(r.buyerNote).toBe('Wrap it: {"$minor": 5}');
    expect(found[1]!.balanceSummary.paid.amount).toBe('20.00');
    await set('en-US');
  });
});
