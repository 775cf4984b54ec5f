/**
 * Placing orders at the same moment, through two server processes on one PostgreSQL: stock,
 * coupon limits and gift-card balances stay right. (PGlite is a single session: skipped there.)
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { appError, startTwoProcesses, type TestServer } from '../../test/server.ts';
import { anonymousTokens, bundledClientId } from '../../test/oauth.ts';
import { shopLine, shopProduct } from '../../test/shop.ts';

const K = '/ecom/v1/checkouts';
let s: TestServer;
let other: TestServer;
const visitor = async () => (await anonymousTokens(s, bundledClientId(s))).access_token;

/** A digital product (no shipping needed) with `quantity` in stock; its catalog reference. */
const ebook = async (name: string, price: string, quantity: number) =>
  shopLine(await shopProduct(s, { name, price, quantity })).catalogReference;
const stockOf = async (productId: string) =>
  (
    await s.admin<{ inventoryItems: { quantity?: number }[] }>('POST', '/stores/v3/inventory-items/query', {
      query: { filter: { productId } },
    })
  ).body.inventoryItems[0]!.quantity;

/** `n` buyers, each with a checkout for `ref` (created `parallel` at a time), then all create-order at once, alternating servers. */
async function race(
  n: number,
  ref: unknown,
  extra: (i: number) => Record<string, unknown> = () => ({}),
  parallel = 50,
) {
  const buyers: { v: string; id: string; server: TestServer }[] = [];
  for (let start = 0; start < n; start += parallel) {
    buyers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(parallel, n - start) }, async (_, k) => {
          const i = start + k;
          const v = await visitor();
          const r = await s.request<{ checkout: { id: string } }>('POST', K, {
            auth: v,
            body: {
              channelType: 'WEB',
              lineItems: [{ catalogReference: ref, quantity: 1 }],
              checkoutInfo: { buyerInfo: { email: `buyer${i}@example.test` } },
              ...extra(i),
            },
          });
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          return { v, id: r.body.checkout.id, server: i % 2 ? other : s };
        }),
      )),
    );
  }
  const answers = await Promise.all(
    buyers.map((b) =>
      b.server.request<{ orderId?: string }>('POST', `${K}/${b.id}/create-order`, { auth: b.v, body: {} }),
    ),
  );
  const codes = new Map<string, number>();
  for (const a of answers) {
    const key = a.status === 200 ? '200' : `${a.status} ${appError(a.body).code}`;
    codes.set(key, (codes.get(key) ?? 0) + 1);
  }
  return Object.fromEntries(codes);
}

describe.skipIf(testEngine() !== 'postgres')(
  'orders placed at the same moment on two server processes',
  () => {
    beforeAll(async () => {
      ({ s, other } = await startTwoProcesses());
    });
    afterAll(async () => {
      await other?.stop();
      await s?.stop();
    });

    it('sells 10 units to exactly 10 of 1,000 buyers', async () => {
      const ref = await ebook('Ten Copies', '15', 10);
      expect(await race(1000, ref)).toEqual({ 200: 10, '400 FULL_OUT_OF_STOCK': 990 });
      expect(await stockOf(ref.catalogItemId)).toBe(0);
    }, 180_000);

    it('sets quantities raised above the stock to what is left while orders take it, and sells the stock once', async () => {
      const ref = await ebook('Three Copies', '9', 3);
      const buyers = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const v = await visitor();
          const r = await s.request<{ checkout: { id: string; lineItems: { id: string }[] } }>('POST', K, {
            auth: v,
            body: {
              channelType: 'WEB',
              lineItems: [{ catalogReference: ref, quantity: 1 }],
              checkoutInfo: { buyerInfo: { email: `raise${i}@example.test` } },
            },
          });
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          const { id, lineItems } = r.body.checkout;
          return { v, id, lineId: lineItems[0]!.id, server: i % 2 ? other : s };
        }),
      );
      // Each buyer asks for 5 (more than there ever is), then orders; all at once, on both processes.
      const done = await Promise.all(
        buyers.map(async (b) => {
          const raised = await b.server.request<{
            checkout: { lineItems: { quantity: number; availability: { status: string } }[] };
          }>('POST', `${K}/${b.id}/update-line-items-quantity`, {
            auth: b.v,
            body: { lineItems: [{ id: b.lineId, quantity: 5 }] },
          });
          const placed = await b.server.request<{ orderId?: string }>('POST', `${K}/${b.id}/create-order`, {
            auth: b.v,
            body: {},
          });
          return { raised, placed };
        }),
      );
      // No raise is refused: it gets the 3 left, or, once they are sold, keeps its 1, out of stock.
      for (const { raised } of done) {
        expect(raised.status, JSON.stringify(raised.body)).toBe(200);
        const l = raised.body.checkout.lineItems[0]!;
        expect([
          [3, 'AVAILABLE'],
          [1, 'NOT_AVAILABLE'],
        ]).toContainEqual([l.quantity, l.availability.status]);
      }
      const codes = done.map(({ placed }) =>
        placed.status === 200 ? '200' : `${placed.status} ${appError(placed.body).code}`,
      );
      expect(codes.filter((c) => c === '200')).toHaveLength(1);
      expect(codes.filter((c) => c !== '200').every((c) => c === '400 FULL_OUT_OF_STOCK')).toBe(true);
      const orderId = done.find(({ placed }) => placed.status === 200)!.placed.body.orderId;
      const order = await s.admin<{ order: { lineItems: { quantity: number }[] } }>(
        'GET',
        `/ecom/v1/orders/${orderId}`,
      );
      expect(order.body.order.lineItems.map((l) => l.quantity)).toEqual([3]);
      expect(await stockOf(ref.catalogItemId)).toBe(0);
    }, 60_000);

    it("ends concurrent create-checkouts for one cart with one open checkout, the cart's", async () => {
      const ref = await ebook('Cart Race Book', '5', 1000);
      const v = await visitor();
      const C = '/ecom/v1/carts/current';
      const added = await s.request<{ cart: { id: string; lineItems: { id: string }[] } }>(
        'POST',
        `${C}/add-to-cart`,
        { auth: v, body: { lineItems: [{ catalogReference: ref, quantity: 1 }] } },
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const cart = added.body.cart;
      const open = async () =>
        (
          await sql<{
            id: string;
          }>`select id from checkout where cart_id = ${cart.id} and not completed`.execute(s.db.handle.db)
        ).rows.map((r) => r.id);
      /** 8 create-checkouts at once, alternating processes: all answer one checkout, the cart's one open one. */
      const race = async () => {
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            (i % 2 ? other : s).request<{ checkoutId: string }>('POST', `${C}/create-checkout`, {
              auth: v,
              body: { channelType: 'WEB' },
            }),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
        const ids = [...new Set(answers.map((a) => a.body.checkoutId))];
        expect(ids).toHaveLength(1);
        expect(await open()).toEqual(ids);
        return ids[0]!;
      };
      const first = await race();
      // The cart changed: all reuse that checkout, which gets the new quantity.
      const q = await s.request('POST', `${C}/update-line-items-quantity`, {
        auth: v,
        body: { lineItems: [{ id: cart.lineItems[0]!.id, quantity: 4 }] },
      });
      expect(q.status, JSON.stringify(q.body)).toBe(200);
      expect(await race()).toBe(first);
      const read = await s.request<{ checkout: { lineItems: { quantity: number }[] } }>(
        'GET',
        `${K}/${first}`,
        {
          auth: v,
        },
      );
      expect(read.body.checkout.lineItems[0]!.quantity).toBe(4);
      // Completed (an app marked it): one new checkout for all.
      expect((await s.admin('POST', `${K}/${first}/mark-as-completed`, {})).status).toBe(200);
      expect(await race()).not.toBe(first);
    }, 60_000);

    it('lets a coupon limited to 5 uses discount exactly 5 of 50 orders', async () => {
      const ref = await ebook('Coupon Book', '10', 1000);
      const c = await s.admin('POST', '/stores/v2/coupons', {
        specification: {
          name: 'Five only',
          code: 'FIVE',
          startTime: new Date(0).toISOString(),
          usageLimit: 5,
          percentOffRate: 50,
        },
      });
      expect(c.status, JSON.stringify(c.body)).toBe(200);
      expect(await race(50, ref, () => ({ couponCode: 'FIVE' }))).toEqual({
        200: 5,
        '400 ERROR_COUPON_USAGE_EXCEEDED': 45,
      });
      const list = await s.admin<{ coupons: { numberOfUsages: number }[] }>(
        'POST',
        '/stores/v2/coupons/query',
        { query: { filter: { 'specification.code': 'FIVE' } } },
      );
      expect(list.body.coupons[0]!.numberOfUsages).toBe(5);
    }, 120_000);

    it('never takes a gift card below zero', async () => {
      const ref = await ebook('Gift Book', '7', 1000);
      const g = await s.admin<{ giftCard: { id: string } }>('POST', '/ecom/v1/gift-cards', {
        giftCard: { code: 'RACE-CARD-50', initialValue: { amount: '50' } },
      });
      expect(g.status, JSON.stringify(g.body)).toBe(200);
      const codes = await race(20, ref, () => ({ giftCardCode: 'RACE-CARD-50' }));
      const card = await s.admin<{ giftCard: { balance: { amount: string } } }>(
        'GET',
        `/ecom/v1/gift-cards/${g.body.giftCard.id}`,
      );
      const balance = Number(card.body.giftCard.balance.amount);
      expect(balance).toBeGreaterThanOrEqual(0);
      // Seven orders take 7.00 each; an eighth may take the 1.00 left; nobody takes more than there is.
      expect([7, 8]).toContain(codes['200']);
      expect(balance).toBeCloseTo(codes['200'] === 8 ? 0 : 1, 2);
      expect(
        Object.keys(codes).every((k) =>
          ['200', '400 REDEEM_GIFT_CARD_ERROR', '400 GIFT_CARD_IS_EMPTY'].includes(k),
        ),
      ).toBe(true);
    }, 120_000);
  },
);
