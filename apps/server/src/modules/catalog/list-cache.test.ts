/**
 * Public product lists are kept per process between catalog changes (reads.ts): every kind of
 * change must show in the very next visitor read, with no waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { anonymousTokens, bundledClientId } from '../../test/oauth.ts';
import { setPrice } from '../../test/shop.ts';

interface Page {
  products: {
    id: string;
    name: string;
    actualPriceRange: { minValue: { amount: string } };
    inventory?: { availabilityStatus: string };
  }[];
}
let s: TestServer;
let visitor: string;
const list = async () =>
  (
    await s.request<Page>('POST', '/stores/v3/products/query', {
      auth: visitor,
      body: { query: { sort: [{ fieldName: 'name', order: 'ASC' }], cursorPaging: { limit: 100 } } },
    })
  ).body.products;

beforeAll(async () => {
  s = await startTestServer();
  visitor = (await anonymousTokens(s, bundledClientId(s))).access_token;
});
afterAll(async () => {
  await s?.stop();
});

describe('the kept public product list', () => {
  it('shows a new product, a price change, a stock change, a hidden product and a currency change at once', async () => {
    expect(await list()).toEqual([]);
    const made = await s.admin<{
      product: { id: string; revision: string; variantsInfo: { variants: { id: string }[] } };
    }>('POST', '/stores/v3/products', {
      product: {
        name: 'Cache Lamp',
        variantsInfo: {
          variants: [{ price: { actualPrice: { amount: '10' } }, inventoryItem: { quantity: 1 } }],
        },
      },
    });
    const p = made.body.product;
    expect((await list()).map((x) => x.name)).toEqual(['Cache Lamp']);
    expect(await list()).toEqual(await list());

    const up = await setPrice(s, p, '12');
    expect((await list())[0]!.actualPriceRange.minValue.amount).toBe('12.00');

    const items = await s.admin<{ inventoryItems: { id: string }[] }>(
      'POST',
      '/stores/v3/inventory-items/query',
      { query: { filter: { productId: p.id } } },
    );
    const dec = await s.admin('POST', '/stores/v3/bulk/inventory-items/decrement', {
      decrementData: [{ inventoryItemId: items.body.inventoryItems[0]!.id, decrementBy: 1 }],
    });
    expect(dec.status, JSON.stringify(dec.body)).toBe(200);
    expect((await list())[0]!.inventory?.availabilityStatus).toBe('OUT_OF_STOCK');

    const hidden = await s.admin('PATCH', `/stores/v3/products/${p.id}`, {
      product: { id: p.id, revision: up.revision, visible: false },
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(await list()).toEqual([]);

    await s.admin('PATCH', `/stores/v3/products/${p.id}`, {
      product: { id: p.id, revision: String(Number(up.revision) + 1), visible: true },
    });
    expect(
      (await s.admin('PATCH', '/platform/v1/store-settings', { settings: { currency: 'EUR' } })).status,
    ).toBe(200);
    expect((await list())[0]!.actualPriceRange.minValue).toMatchObject({
      amount: '12.00',
      formattedAmount: expect.stringContaining('€'),
    });
  });

  it('shows a quantity that moved at once in the v1 list, which shows quantities', async () => {
    const made = await s.admin<{ product: { id: string } }>('POST', '/stores/v3/products', {
      product: {
        name: 'Counted Vase',
        variantsInfo: {
          variants: [{ price: { actualPrice: { amount: '5' } }, inventoryItem: { quantity: 7 } }],
        },
      },
    });
    const id = made.body.product.id;
    const v1 = async () =>
      (
        await s.request<{ products: { id: string; stock: { quantity?: number } }[] }>(
          'GET',
          '/stores-reader/v1/products/query-platformized?includeVariants=true',
          { auth: visitor },
        )
      ).body.products.find((p) => p.id === id)!.stock.quantity;
    const v3 = async () => (await list()).find((p) => p.id === id);
    expect(await v1()).toBe(7);
    const before = await v3();
    const items = await s.admin<{ inventoryItems: { id: string }[] }>(
      'POST',
      '/stores/v3/inventory-items/query',
      { query: { filter: { productId: id } } },
    );
    const dec = await s.admin('POST', '/stores/v3/bulk/inventory-items/decrement', {
      decrementData: [{ inventoryItemId: items.body.inventoryItems[0]!.id, decrementBy: 2 }],
    });
    expect(dec.status, JSON.stringify(dec.body)).toBe(200);
    expect(await v1()).toBe(5);
    expect(await v3()).toEqual(before);
  });

  it('answers concurrent reads, which share one revision read, with what was committed before each', async () => {
    const made = await s.admin<{
      product: { id: string; revision: string; variantsInfo: { variants: { id: string }[] } };
    }>('POST', '/stores/v3/products', {
      product: {
        name: 'Crowd Lamp',
        variantsInfo: { variants: [{ price: { actualPrice: { amount: '20' } } }] },
      },
    });
    const p = made.body.product;
    const priceNow = async () => (await list()).find((x) => x.id === p.id)!.actualPriceRange.minValue.amount;
    expect(new Set(await Promise.all(Array.from({ length: 20 }, priceNow)))).toEqual(new Set(['20.00']));
    for (const amount of ['21', '22']) {
      p.revision = (await setPrice(s, p, amount)).revision;
      const seen = await Promise.all(Array.from({ length: 20 }, priceNow));
      expect(new Set(seen)).toEqual(new Set([`${amount}.00`]));
    }
  });
});
