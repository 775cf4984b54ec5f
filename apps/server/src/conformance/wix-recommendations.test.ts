/**
 * The official `@wix/ecom` `recommendations` module (listAvailableAlgorithms, getRecommendation),
 * unchanged, against a Vitrine test server: items bought together come back for each other, best
 * sellers rank by the last 30 days, and hidden, sold-out and asked-about items never appear.
 */
import { recommendations } from '@wix/ecom';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledClientId } from '../test/oauth.ts';
import { createOrder, ok, orderBody } from '../test/orders.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { shopProduct, STORES_APP } from '../test/shop.ts';
import { redirectWixFetch } from '../test/wix.ts';

let s: TestServer;
let undo: () => void;
const RELATED = '68ebce04-b96a-4c52-9329-08fc9d8c1253';
const p: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', string> = { a: '', b: '', c: '', d: '', e: '', f: '' };
const variantOf: Record<string, string> = {};

const visitor = () =>
  createClient({ auth: OAuthStrategy({ clientId: bundledClientId(s) }), modules: { recommendations } });

/** A paid order of these products (the admin import approves it: `order_approved` counts it). */
async function bought(...names: (keyof typeof p)[]) {
  const body = orderBody({ lines: names.map((n) => [n, '10.00', 1] as [string, string, number]) });
  body.order.lineItems.forEach((l, i) => (l.catalogReference.catalogItemId = p[names[i]!]));
  await createOrder(s, body);
}

const ids = (r: { recommendation?: { items?: { catalogItemId?: string | null }[] } }) =>
  (r.recommendation?.items ?? []).map((i) => i.catalogItemId);

beforeAll(async () => {
  s = await startTestServer({ env: { DEMO_DATA: 'false' } });
  undo = redirectWixFetch(s.url);
  for (const [k, price] of [
    ['a', '10'],
    ['b', '12'],
    ['c', '9'],
    ['d', '11'],
    ['e', '300'],
    ['f', '10'],
  ] as const) {
    const made = await shopProduct(s, { name: `Item ${k.toUpperCase()}`, price });
    p[k] = made.productId;
    variantOf[k] = made.variantId;
  }
  await bought('a', 'b');
  await bought('a', 'b', 'd');
  await bought('a', 'c');
  await bought('e');
  await bought('e');
  await bought('e');
  // Events reach the recommendations through the job runner.
  await s.until(async () => {
    const jobs = ok(
      await s.admin<{ jobs: { status: string }[] }>('POST', '/platform/v1/jobs/query', {
        query: { filter: { status: { $in: ['PENDING', 'RUNNING'] } } },
      }),
    );
    return jobs.jobs.length === 0;
  });
});
afterAll(async () => {
  undo?.();
  await s?.stop();
});

describe('@wix/ecom recommendations against Vitrine', () => {
  it('lists the two algorithms', async () => {
    const r = await visitor().recommendations.listAvailableAlgorithms();
    const types = r.availableAlgorithms!.map((a) => a.config!.algorithmType);
    expect(types).toEqual(['RELATED_ITEMS', 'GLOBAL']);
    expect(r.availableAlgorithms![0]).toMatchObject({
      appId: STORES_APP,
      catalogAppIds: [STORES_APP],
      config: { algorithmId: RELATED, name: 'Related items' },
    });
  });

  it('recommends items bought together, the most often first, never the asked one', async () => {
    const c = visitor();
    const forA = await c.recommendations.getRecommendation([{ _id: RELATED, appId: STORES_APP }], {
      items: [{ catalogItemId: p.a, appId: STORES_APP }],
      minimumRecommendedItems: 3,
    });
    expect(forA.recommendation!.algorithm).toMatchObject({ _id: RELATED, appId: STORES_APP });
    expect(ids(forA)[0]).toBe(p.b);
    expect(ids(forA)).toEqual(expect.arrayContaining([p.c, p.d]));
    expect(ids(forA)).not.toContain(p.a);
    const forB = await c.recommendations.getRecommendation([{ _id: RELATED, appId: STORES_APP }], {
      items: [{ catalogItemId: p.b, appId: STORES_APP }],
    });
    expect(ids(forB)[0]).toBe(p.a);
    expect(ids(forB)).toContain(p.d);
  });

  it('falls back to items of the same price band, and reaches the minimum when the catalog has enough', async () => {
    const forF = await visitor().recommendations.getRecommendation([{ _id: RELATED, appId: STORES_APP }], {
      items: [{ catalogItemId: p.f, appId: STORES_APP }],
      minimumRecommendedItems: 5,
    });
    expect(ids(forF)).toHaveLength(5);
    expect(ids(forF)).not.toContain(p.f);
    // E costs 30 times F: it comes only after everything in F's price band.
    expect(ids(forF).indexOf(p.e)).toBe(4);
  });

  it("ranks by closeness to the asked items' average price when that falls between two cents ($9, $10, $12)", async () => {
    const r = await visitor().recommendations.getRecommendation([{ _id: RELATED, appId: STORES_APP }], {
      items: [p.c, p.f, p.b].map((catalogItemId) => ({ catalogItemId, appId: STORES_APP })),
      minimumRecommendedItems: 3,
    });
    // Bought with them first (A with B and C, D with B), then by price: E ($300) last.
    expect(ids(r).slice(0, 2).sort()).toEqual([p.a, p.d].sort());
    expect(ids(r)).toEqual([...ids(r).slice(0, 2), p.e]);
  });

  it('ranks best sellers of the last 30 days (GLOBAL), skipping hidden and sold-out items', async () => {
    const [global] = (await visitor().recommendations.listAvailableAlgorithms()).availableAlgorithms!.slice(
      1,
    );
    const ref = { _id: global!.config!.algorithmId!, appId: STORES_APP };
    const best = await visitor().recommendations.getRecommendation([ref], { minimumRecommendedItems: 2 });
    expect(ids(best).slice(0, 2)).toEqual([p.a, p.e]);

    ok(await s.admin('PATCH', `/stores/v3/products/${p.a}`, { product: { visible: false, revision: '1' } }));
    ok(
      await s.admin('POST', '/stores/v3/bulk/inventory-items/decrement-by-variant-and-location', {
        decrementData: [{ variantId: variantOf.e, decrementBy: 100 }],
      }),
    );
    const after = await visitor().recommendations.getRecommendation([ref], { minimumRecommendedItems: 2 });
    expect(ids(after)).not.toContain(p.a);
    expect(ids(after)).not.toContain(p.e);
    expect(ids(after)[0]).toBe(p.b);
    // Thirty-one days later no sale counts: the list is the catalog's showable items, none asked for.
    s.clock.advance(31 * 86_400_000);
    const later = await visitor().recommendations.getRecommendation([ref], {
      items: [{ catalogItemId: p.b, appId: STORES_APP }],
      minimumRecommendedItems: 3,
    });
    expect(ids(later)).toHaveLength(3);
    expect(ids(later)).not.toContain(p.a);
    expect(ids(later)).not.toContain(p.b);
  });

  it('refuses unknown algorithms and items of other catalogs with the declared codes', async () => {
    const c = visitor();
    await expect(
      c.recommendations.getRecommendation(
        [{ _id: '00000000-0000-4000-8000-000000000000', appId: STORES_APP }],
        {},
      ),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'ALGORITHM_NOT_SUPPORTED' } } });
    await expect(
      c.recommendations.getRecommendation([{ _id: RELATED, appId: STORES_APP }], {
        items: [{ catalogItemId: p.a, appId: 'another-app' }],
      }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'ITEM_APP_ID_NOT_SUPPORTED' } } });
  });
});
