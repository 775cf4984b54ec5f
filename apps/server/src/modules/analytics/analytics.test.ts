import type { AnalyticsOverview } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/orders.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { payAsBuyer, placeShopOrder, shopProduct, visitorOf } from '../../test/shop.ts';

let s: TestServer;
const overview = async (days = 7) =>
  ok(await s.admin<AnalyticsOverview>('GET', `/platform/v1/analytics/overview?days=${days}`));

beforeAll(async () => {
  s = await startTestServer({ env: { DEMO_DATA: 'false' } });
});
afterAll(async () => {
  await s?.stop();
});

describe('analytics overview', () => {
  it('counts approved orders, their sales and checkouts per day, and the conversion', async () => {
    const empty = await overview(7);
    expect(empty.series).toHaveLength(7);
    expect(empty.series.at(-1)!.date).toBe(s.clock.now().toISOString().slice(0, 10));
    expect(empty.totals).toEqual({
      orders: 0,
      sales: '0.00',
      averageOrderValue: '0.00',
      checkouts: 0,
      conversionRate: 0,
    });

    const product = await shopProduct(s, { price: '20.00' });
    const paid = await visitorOf(s);
    const order = await placeShopOrder(s, { auth: paid, product, quantity: 2 });
    await payAsBuyer(s, paid, order.paymentGatewayOrderId!);
    // A second shopper gives up at the checkout: a checkout without an order.
    const browsing = await visitorOf(s);
    ok(
      await s.request('POST', '/ecom/v1/checkouts', {
        auth: browsing,
        body: {
          channelType: 'WEB',
          lineItems: [
            {
              catalogReference: {
                catalogItemId: product.productId,
                appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
                options: { variantId: product.variantId },
              },
              quantity: 1,
            },
          ],
        },
      }),
    );

    const now = await overview(7);
    const today = now.series.at(-1)!;
    expect(today).toMatchObject({ orders: 1, sales: '40.00', checkouts: 2 });
    expect(now.totals).toMatchObject({ orders: 1, sales: '40.00', averageOrderValue: '40.00', checkouts: 2 });
    expect(now.totals.conversionRate).toBe(0.5);
    expect(now.attention).toMatchObject({
      ordersToFulfil: 1,
      paymentsToCapture: 0,
      paymentsAwaited: 0,
      reviewsToModerate: 0,
    });
    // A week later the day has left the 7-day window, and stays in the 30-day one.
    s.clock.advance(8 * 86_400_000);
    expect((await overview(7)).totals.orders).toBe(0);
    expect((await overview(30)).totals.orders).toBe(1);
  });

  it('answers 400 for another period and 403 to shoppers', async () => {
    expect((await s.admin('GET', '/platform/v1/analytics/overview?days=12')).status).toBe(400);
    const visitor = await visitorOf(s);
    expect((await s.request('GET', '/platform/v1/analytics/overview', { auth: visitor })).status).toBe(403);
  });
});
