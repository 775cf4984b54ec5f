/**
 * The official `@wix/ecom` `abandonedCheckouts` module, unchanged, against a Vitrine test server with
 * the admin API key: query (its builder), search, get, analytics, bulk delete and delete of the
 * checkouts shoppers left (abandoned-checkouts README), with the SDK's own transformations (dates as
 * Date, `_id`).
 */
import { abandonedCheckouts } from '@wix/ecom';
import { createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.ts';
import { shopperKit } from '../test/shop.ts';
import { adminAuth, redirectWixFetch, type Recorded } from '../test/wix.ts';

let s: TestServer;
let undo: () => void;
const log: Recorded[] = [];
const admin = () => createClient({ auth: adminAuth, modules: { abandonedCheckouts } }).abandonedCheckouts;
const left: string[] = [];

beforeAll(async () => {
  s = await startTestServer();
  undo = redirectWixFetch(s.url, log);
  const kit = await shopperKit(s, '20.00');
  for (const [email, firstName] of [
    ['mary@example.test', 'Mary'],
    ['charles@example.test', 'Charles'],
  ] as const) {
    const auth = await kit.visitor();
    const made = await s.request<{ checkout: { id: string } }>('POST', '/ecom/v1/checkouts', {
      auth,
      body: { channelType: 'WEB', lineItems: [kit.line] },
    });
    const id = made.body.checkout.id;
    await s.request('PATCH', `/ecom/v1/checkouts/${id}`, {
      auth,
      body: {
        checkout: {
          buyerInfo: { email },
          shippingInfo: { shippingDestination: { contactDetails: { firstName, lastName: 'Shopper' } } },
        },
      },
    });
    left.push(id);
  }
  s.clock.advance(61 * 60_000);
  await s.until(async () => {
    const r = await s.admin<{ abandonedCheckouts: unknown[] }>(
      'POST',
      '/ecom/v1/abandoned-checkout/query',
      {},
    );
    return r.body.abandonedCheckouts.length === 2;
  });
});
afterAll(async () => {
  undo?.();
  await s?.stop();
});

describe('@wix/ecom abandonedCheckouts against Vitrine', () => {
  it('queries with the builder, searches, gets one and reads the figures', async () => {
    const ac = admin();
    const page = await ac
      .queryAbandonedCheckouts()
      .eq('status', 'ABANDONED')
      .ascending('_createdDate')
      .find();
    expect(page.items.map((c) => c.checkoutId).sort()).toEqual([...left].sort());
    const mary = page.items.find((c) => c.buyerInfo?.email === 'mary@example.test')!;
    expect(mary._createdDate).toBeInstanceOf(Date);
    expect(mary.activities?.[0]?._createdDate).toBeInstanceOf(Date);
    expect(mary.checkoutUrl).toMatch(/\/redirect-to-checkout\?token=/);

    const found = await ac.searchAbandonedCheckouts({ search: { expression: 'char' } });
    expect(found.abandonedCheckouts?.map((c) => c.contactDetails?.firstName)).toEqual(['Charles']);

    const one = await ac.getAbandonedCheckout(mary._id!);
    expect(one).toMatchObject({ _id: mary._id, status: 'ABANDONED', totalPrice: { amount: '20.00' } });

    const day = s.clock.now().toISOString().slice(0, 10);
    const figures = await ac.getAbandonedCheckoutAnalytics('2020-01-01', { endDate: day });
    expect(figures).toMatchObject({
      currency: 'USD',
      recoverableCheckoutCount: 2,
      recoverableValue: '40.00',
      recoveredCheckoutCount: 0,
    });
    expect(log.some((r) => r.url.endsWith('/ecom/v1/abandoned-checkout/query'))).toBe(true);
  });

  it('deletes in bulk (an unknown id a failed item) and one by one', async () => {
    const ac = admin();
    const { items } = await ac.queryAbandonedCheckouts().find();
    const bulk = await ac.bulkDeleteAbandonedCheckouts([items[0]!._id!, 'unknown']);
    expect(bulk.results?.map((r) => r.itemMetadata?.success)).toEqual([true, false]);
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    await ac.deleteAbandonedCheckout(items[1]!._id!);
    expect((await ac.queryAbandonedCheckouts().find()).items).toHaveLength(0);
    await expect(ac.getAbandonedCheckout(items[1]!._id!)).rejects.toMatchObject({
      details: { applicationError: { code: 'ABANDONED_CHECKOUT_NOT_FOUND' } },
    });
  });
});
