/**
 * Who sees an order — one rule for orders and payments (platform/ownership.ts; README "Who sees
 * what"), over HTTP: a member sees its own orders and those its visitor session placed before it
 * logged in, never another member's; reading, searching, the transactions and paying agree.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, startTestServer, type TestServer } from '../../test/server.ts';
import { collector, fakeTokens, newOrder, pay, prepare } from '../../test/payments.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ verifyToken: fakeTokens });
});
afterAll(async () => {
  await s?.stop();
});

describe('who sees an order', () => {
  it('a member: its own orders and its visitor session’s, not another member’s; every call agrees', async () => {
    const member = randomUUID();
    const visitor = randomUUID();
    const asVisitor = await newOrder(s, { visitorId: visitor });
    const asMember = await newOrder(s, { memberId: member });
    const otherMember = await newOrder(s, { memberId: randomUUID(), visitorId: visitor });
    const stranger = await newOrder(s, { visitorId: randomUUID() });
    const auth = `member:${member}:${visitor}`;

    const sees = async (orderId: string) => {
      const order = await s.request('GET', `/ecom/v1/orders/${orderId}`, { auth });
      const txns = await s.request('GET', collector(orderId, 'transactions'), { auth });
      return [order.status, txns.status];
    };
    expect(await sees(asVisitor.id)).toEqual([200, 200]);
    expect(await sees(asMember.id)).toEqual([200, 200]);
    expect(await sees(otherMember.id)).toEqual([404, 404]);
    expect(await sees(stranger.id)).toEqual([404, 404]);

    const mayPay = async (orderId: string) => {
      const r = await pay(s, await prepare(s, orderId, '25.00'), undefined, auth);
      return r.status === 200 ? 200 : `${r.status} ${appError(r.body).code}`;
    };
    expect(await mayPay(otherMember.id)).toBe('404 PAYMENT_GATEWAY_ID_NOT_FOUND');
    expect(await mayPay(stranger.id)).toBe('404 PAYMENT_GATEWAY_ID_NOT_FOUND');
    expect(await mayPay(asVisitor.id)).toBe(200);
    expect(await mayPay(asMember.id)).toBe(200);

    // Paid orders are APPROVED, so the default search shows them: the same two.
    const found = await s.request<{ orders: { id: string }[] }>('POST', '/ecom/v1/orders/search', {
      auth,
      body: { search: {} },
    });
    expect(found.status).toBe(200);
    expect(found.body.orders.map((o) => o.id).sort()).toEqual([asVisitor.id, asMember.id].sort());

    // Without its visitor session (another device), the member sees only its own.
    expect(
      (await s.request('GET', `/ecom/v1/orders/${asVisitor.id}`, { auth: `member:${member}` })).status,
    ).toBe(404);
  });

  it('a visitor: the orders of its session without a member; cancel and update-status refuse alike', async () => {
    const visitor = randomUUID();
    const mine = await newOrder(s, { visitorId: visitor });
    const claimed = await newOrder(s, { visitorId: visitor, memberId: randomUUID() });
    const auth = `visitor:${visitor}`;
    expect((await s.request('GET', `/ecom/v1/orders/${mine.id}`, { auth })).status).toBe(200);
    expect((await s.request('GET', `/ecom/v1/orders/${claimed.id}`, { auth })).status).toBe(404);

    // PENDING → CANCELED: the transition table and cancel agree (409 ORDER_IS_PENDING).
    const pending = await s.admin('POST', `/ecom/v1/orders/${mine.id}/update-status`, { status: 'PENDING' });
    expect(pending.status).toBe(200);
    const viaStatus = await s.admin('POST', `/ecom/v1/orders/${mine.id}/update-status`, {
      status: 'CANCELED',
    });
    const viaCancel = await s.admin('POST', `/ecom/v1/orders/${mine.id}/cancel`, { id: mine.id });
    expect([viaStatus.status, appError(viaStatus.body).code]).toEqual([409, 'ORDER_IS_PENDING']);
    expect([viaCancel.status, appError(viaCancel.body).code]).toEqual([409, 'ORDER_IS_PENDING']);
  });
});
