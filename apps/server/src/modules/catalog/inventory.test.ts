import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, startTestServer, violations, type TestServer } from '../../test/server.ts';

interface Item {
  id: string;
  variantId: string;
  productId: string;
  trackQuantity: boolean;
  quantity?: number;
  inStock?: boolean;
  availabilityStatus: string;
  revision: string;
}
interface Product {
  id: string;
  variantsInfo: { variants: { id: string }[] };
  inventory: { availabilityStatus: string };
}
const P = '/stores/v3/products';
const B = '/stores/v3/bulk/inventory-items';
const enc = (o: unknown) => `.r=${Buffer.from(JSON.stringify(o)).toString('base64url')}`;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const product = async (name: string, quantity?: number) => {
  const r = await s.admin<{ product: Product }>('POST', P, {
    product: {
      name,
      variantsInfo: {
        variants: [
          {
            price: { actualPrice: { amount: '5.00' } },
            ...(quantity !== undefined ? { inventoryItem: { quantity } } : {}),
          },
        ],
      },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const items = await s.request<{ inventoryItems: Item[] }>(
    'GET',
    `/stores/v3/inventory-items/query?${enc({ query: { filter: { productId: r.body.product.id } } })}`,
  );
  return { product: r.body.product, item: items.body.inventoryItems[0]! };
};
const item = async (id: string) =>
  (await s.request<{ inventoryItem: Item }>('GET', `/stores/v3/inventory-items/${id}?inventoryItemId=${id}`))
    .body.inventoryItem;

describe('v3 inventory items: get, bulk decrement and increment', () => {
  it('reads one item; untracked items say inStock instead of a quantity', async () => {
    const { item: tracked } = await product('Inv Tracked', 4);
    const { item: free } = await product('Inv Free');
    expect(await item(tracked.id)).toMatchObject({
      id: tracked.id,
      trackQuantity: true,
      quantity: 4,
      availabilityStatus: 'IN_STOCK',
      product: { name: 'Inv Tracked' },
    });
    expect(await item(free.id)).toMatchObject({ trackQuantity: false, inStock: true });
    expect((await item(free.id)).quantity).toBeUndefined();
    const missing = await s.request('GET', '/stores/v3/inventory-items/0190b1a8-0000-7000-8000-000000000000');
    expect([missing.status, appError(missing.body).code]).toEqual([404, 'INVENTORY_ITEM_NOT_FOUND']);
  });

  it('decrements by id and by variant, all or nothing, and the product goes out of stock', async () => {
    const a = await product('Inv A', 5);
    const b = await product('Inv B', 2);
    const r = await s.admin<{
      results: { itemMetadata: { id: string; originalIndex: number; success: boolean }; item?: Item }[];
      bulkActionMetadata: unknown;
    }>('POST', `${B}/decrement`, {
      decrementData: [
        { inventoryItemId: a.item.id, decrementBy: 2 },
        { inventoryItemId: b.item.id, decrementBy: 2 },
      ],
      returnEntity: true,
      reason: 'MANUAL',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.results.map((x) => [x.itemMetadata, x.item?.quantity])).toEqual([
      [{ id: a.item.id, originalIndex: 0, success: true }, 3],
      [{ id: b.item.id, originalIndex: 1, success: true }, 0],
    ]);
    expect(r.body.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 0, undetailedFailures: 0 });
    expect(
      (await s.request<{ product: Product }>('GET', `${P}/${b.product.id}`)).body.product.inventory
        .availabilityStatus,
    ).toBe('OUT_OF_STOCK');

    const short = await s.admin('POST', `${B}/decrement-by-variant-and-location`, {
      decrementData: [
        { variantId: a.item.variantId, decrementBy: 1 },
        { variantId: b.item.variantId, decrementBy: 1 },
      ],
    });
    expect([short.status, appError(short.body).code]).toEqual([409, 'INSUFFICIENT_INVENTORY']);
    expect(appError(short.body).data.shortages).toEqual([
      { variantId: b.item.variantId, inventoryItemId: b.item.id, requested: 1, available: 0 },
    ]);
    expect((await item(a.item.id)).quantity).toBe(3);

    // restrictInventory: false lets the quantity go below zero (oversold).
    const over = await s.admin('POST', `${B}/decrement`, {
      decrementData: [{ inventoryItemId: b.item.id, decrementBy: 3 }],
      restrictInventory: false,
    });
    expect(over.status).toBe(200);
    expect(await item(b.item.id)).toMatchObject({ quantity: -3, availabilityStatus: 'OUT_OF_STOCK' });
  });

  it('increments by id and by variant, and refuses untracked, unknown and oversized changes', async () => {
    const a = await product('Inv C', 0);
    const free = await product('Inv D');
    const r = await s.admin('POST', `${B}/increment-by-variant-and-location`, {
      incrementData: [{ variantId: a.item.variantId, incrementBy: 7 }],
    });
    expect(r.status).toBe(200);
    expect(await item(a.item.id)).toMatchObject({ quantity: 7, availabilityStatus: 'IN_STOCK' });
    const r2 = await s.admin('POST', `${B}/increment`, {
      incrementData: [{ inventoryItemId: a.item.id, incrementBy: 3 }],
    });
    expect(r2.status).toBe(200);
    expect((await item(a.item.id)).quantity).toBe(10);

    const untracked = await s.admin('POST', `${B}/increment`, {
      incrementData: [
        { inventoryItemId: a.item.id, incrementBy: 1 },
        { inventoryItemId: free.item.id, incrementBy: 1 },
      ],
    });
    expect([
      untracked.status,
      appError(untracked.body).code,
      appError(untracked.body).data.originalIndex,
    ]).toEqual([400, 'INVENTORY_QUANTITY_NOT_TRACKED', 1]);
    const untrackedDown = await s.admin('POST', `${B}/decrement`, {
      decrementData: [{ inventoryItemId: free.item.id, decrementBy: 1 }],
    });
    expect(appError(untrackedDown.body).code).toBe('INVENTORY_QUANTITY_NOT_TRACKED');
    expect((await item(a.item.id)).quantity).toBe(10);

    const unknown = await s.admin('POST', `${B}/decrement-by-variant-and-location`, {
      decrementData: [{ variantId: '0190b1a8-0000-7000-8000-000000000000', decrementBy: 1 }],
    });
    expect([unknown.status, appError(unknown.body).code]).toEqual([404, 'NOT_FOUND']);

    await s.admin('PATCH', `/stores/v3/inventory-items/${a.item.id}`, {
      inventoryItem: { quantity: 1_000_000_000 - 5 },
    });
    const max = await s.admin('POST', `${B}/increment`, {
      incrementData: [{ inventoryItemId: a.item.id, incrementBy: 6 }],
    });
    expect(appError(max.body).code).toBe('MAX_QUANTITY_LIMIT_REACHED');

    const bad = await s.admin('POST', `${B}/decrement`, {
      decrementData: [
        { inventoryItemId: 'x', decrementBy: 0 },
        { inventoryItemId: a.item.id, decrementBy: 100000 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(
      violations(bad.body)
        .map((v) => v.field)
        .sort(),
    ).toEqual([
      'decrementData.0.decrementBy',
      'decrementData.0.inventoryItemId',
      'decrementData.1.decrementBy',
    ]);
    expect((await s.admin('POST', `${B}/decrement`, { decrementData: [] })).status).toBe(400);
  });

  it('is admin only', async () => {
    const a = await product('Inv E', 3);
    const r = await s.request('POST', `${B}/decrement`, {
      body: { decrementData: [{ inventoryItemId: a.item.id, decrementBy: 1 }] },
    });
    expect(r.status).toBe(401);
    expect((await item(a.item.id)).quantity).toBe(3);
  });
});
