/**
 * Deleting an order made for a buyer before they pay (the dashboard's "Delete this order"): its
 * payment link then opens nothing, the buyer holding the page cannot place it, and it leaves the
 * list of links. One placed meanwhile is the buyer's and stays: deletion and the order race on the
 * checkout's row, across two server processes, and exactly one of them wins each time.
 */
import type { Checkout, MerchantCheckoutsPage, PaymentLink } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { appError, startSecondProcess, startTestServer, type TestServer } from '../../test/server.ts';
import {
  buyerOf,
  shipToNyAndPlace,
  shopLine,
  shopProduct,
  usFlatShipping,
  visitorOf,
} from '../../test/shop.ts';

const K = '/ecom/v1/checkouts';
let s: TestServer;
let other: TestServer;
let line: ReturnType<typeof shopLine>;

beforeAll(async () => {
  s = await startTestServer();
  // Two processes on PostgreSQL; PGlite is one session, so one process answers both sides there.
  other = testEngine() === 'postgres' ? await startSecondProcess(s) : s;
  await usFlatShipping(s);
  line = shopLine(await shopProduct(s, { name: 'Walnut Desk', price: '240', physical: true }), 1);
});
afterAll(async () => {
  if (other !== s) await other?.stop();
  await s?.stop();
});

async function merchantCheckout(email = 'delete.buyer@example.test'): Promise<string> {
  const r = await s.admin<{ checkout: Checkout }>('POST', K, {
    channelType: 'BACKOFFICE_MERCHANT',
    lineItems: [line],
    checkoutInfo: { buyerInfo: { email } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.checkout.id;
}
const remove = (id: string, via = s) => via.admin('DELETE', `${K}/${id}`);
const listed = async () =>
  (await s.admin<MerchantCheckoutsPage>('GET', `${K}/payment-links?limit=50`)).body.checkouts.map(
    (c) => c.id,
  );

describe('deleting an order made for a buyer', () => {
  it('leaves its payment link opening nothing, the buyer unable to place it, and the list without it', async () => {
    const id = await merchantCheckout();
    const link = (await s.admin<{ paymentLink: PaymentLink }>('POST', `${K}/${id}/payment-link`, {})).body
      .paymentLink.url;
    const auth = await buyerOf(s, id);
    expect(await listed()).toContain(id);

    const r = await remove(id);
    expect([r.status, r.body]).toEqual([200, {}]);
    expect((await s.admin('GET', `${K}/${id}`)).status).toBe(404);
    expect(await listed()).not.toContain(id);
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(400);
    expect(appError(await opened.json()).code).toBe('PAYMENT_LINK_INVALID');
    const page = await fetch(link, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('no longer opens a checkout');
    const place = await s.request('POST', `${K}/${id}/create-order`, { auth, body: { id } });
    expect([place.status, appError(place.body).code]).toEqual([404, 'CHECKOUT_NOT_FOUND']);

    const again = await remove(id);
    expect([again.status, appError(again.body).code]).toEqual([404, 'CHECKOUT_NOT_FOUND']);
  });

  it("is refused once the buyer placed the order (cancel it instead), and for a shopper's own checkout", async () => {
    const id = await merchantCheckout();
    const placed = await shipToNyAndPlace(s, await buyerOf(s, id), id);
    const r = await remove(id);
    expect([r.status, appError(r.body).code]).toEqual([409, 'CHECKOUT_COMPLETED']);
    expect((await s.admin('GET', `/ecom/v1/orders/${placed.orderId}`)).status).toBe(200);

    const v = await visitorOf(s);
    const own = await s.request<{ checkout: Checkout }>('POST', K, {
      auth: v,
      body: { channelType: 'WEB', lineItems: [line] },
    });
    const shoppers = await remove(own.body.checkout.id);
    expect([shoppers.status, appError(shoppers.body).code]).toEqual([409, 'NOT_A_MERCHANT_CHECKOUT']);
    expect((await s.request('GET', `${K}/${own.body.checkout.id}`, { auth: v })).status).toBe(200);
    // Nor may the buyer delete the checkout made for them.
    const mine = await merchantCheckout();
    expect((await s.request('DELETE', `${K}/${mine}`, { auth: await buyerOf(s, mine) })).status).toBe(403);
  });

  it('races the buyer placing it, across two processes: exactly one wins each time', async () => {
    const outcomes = { deleted: 0, placed: 0 };
    for (let round = 0; round < 8; round++) {
      const id = await merchantCheckout(`race${round}@example.test`);
      const auth = await buyerOf(s, id);
      // The buyer's process has the checkout as it last answered it (kept.ts) when the deletion comes.
      const patched = await other.request('PATCH', `${K}/${id}`, {
        auth,
        body: {
          checkout: {
            shippingInfo: {
              shippingDestination: {
                address: {
                  country: 'US',
                  subdivision: 'US-NY',
                  city: 'New York',
                  postalCode: '10001',
                  addressLine: '1 Main St',
                },
              },
              selectedCarrierServiceOption: { code: 'standard' },
            },
          },
        },
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      // The deletion starts 0–4 ms later as the rounds go, so that each side comes first in some.
      const [del, place] = await Promise.all([
        new Promise((ok) => setTimeout(ok, Math.max(0, round - 3))).then(() => remove(id)),
        other.request<{ orderId: string }>('POST', `${K}/${id}/create-order`, { auth, body: { id } }),
      ]);
      const after = await s.admin<{ checkout: Checkout }>('GET', `${K}/${id}`);
      if (del.status === 200) {
        outcomes.deleted++;
        expect([place.status, appError(place.body).code]).toEqual([404, 'CHECKOUT_NOT_FOUND']);
        expect(after.status).toBe(404);
      } else {
        outcomes.placed++;
        expect([del.status, appError(del.body).code]).toEqual([409, 'CHECKOUT_COMPLETED']);
        expect(place.status, JSON.stringify(place.body)).toBe(200);
        expect(after.body.checkout.completed).toBe(true);
        const order = await s.admin<{ order: { checkoutId: string } }>(
          'GET',
          `/ecom/v1/orders/${place.body.orderId}`,
        );
        expect(order.body.order.checkoutId).toBe(id);
      }
    }
    expect(outcomes.deleted + outcomes.placed).toBe(8);
  });
});
