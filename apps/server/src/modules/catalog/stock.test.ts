import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { testEngine } from '../../test/database.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { lookupCatalogItems } from './lookup.ts';
import { decrementStock, incrementStock } from './stock.ts';

interface Variant {
  id: string;
  sku?: string;
  visible: boolean;
}
interface Product {
  id: string;
  revision: string;
  variantsInfo: { variants: Variant[] };
}
type One = { product: Product };
const P = '/stores/v3/products';
const names = (o: string, c: string) => ({ optionChoiceNames: { optionName: o, choiceName: c } });
const money = (a: string, c?: string) => ({
  actualPrice: { amount: a },
  ...(c ? { compareAtPrice: { amount: c } } : {}),
});

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const create = async (product: Record<string, unknown>) => {
  const r = await s.admin<One>('POST', P, { product });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.product;
};
const single = (name: string, price: string, stock?: number, extra: Record<string, unknown> = {}) =>
  create({
    name,
    variantsInfo: {
      variants: [
        {
          price: money(price),
          sku: `${name.toUpperCase().replace(/\W/g, '')}`,
          ...(stock !== undefined ? { inventoryItem: { quantity: stock } } : {}),
        },
      ],
    },
    ...extra,
  });
const quantityOf = async (variantId: string) => {
  const [item] = await lookupCatalogItems(s.app.systemCtx().db, [
    { catalogItemId: await productOfVariant(variantId), options: { variantId } },
  ]);
  return item!.quantity;
};
const owners = new Map<string, string>();
const productOfVariant = async (variantId: string) => owners.get(variantId)!;
const remember = (p: Product) => {
  for (const v of p.variantsInfo.variants) owners.set(v.id, p.id);
  return p;
};

describe('lookupCatalogItems', () => {
  let tee: Product;
  let mug: Product;
  beforeAll(async () => {
    tee = remember(
      await create({
        name: 'Lookup Tee',
        media: { main: { url: 'https://cdn.example.test/media/tee.webp' } },
        options: [
          { name: 'Size', choicesSettings: { choices: [{ name: 'S' }, { name: 'M' }] } },
          {
            name: 'Color',
            optionRenderType: 'SWATCH_CHOICES',
            choicesSettings: { choices: [{ name: 'Red', choiceType: 'ONE_COLOR', colorCode: '#f00' }] },
          },
        ],
        variantsInfo: {
          variants: [
            {
              sku: 'LT-S',
              price: money('10.00', '15.00'),
              physicalProperties: { weight: 0.25 },
              choices: [names('Size', 'S'), names('Color', 'Red')],
              inventoryItem: { quantity: 3 },
            },
            {
              sku: 'LT-M',
              price: money('12.50'),
              visible: false,
              choices: [names('Size', 'M'), names('Color', 'Red')],
            },
          ],
        },
      }),
    );
    mug = remember(await single('Lookup Mug', '8.00'));
  });

  it('resolves by variant id, by option names, and the only variant; in the order asked, in one statement', async () => {
    const [s0] = tee.variantsInfo.variants;
    const db = s.app.systemCtx().db;
    const items = await lookupCatalogItems(db, [
      { catalogItemId: mug.id },
      { catalogItemId: tee.id, options: { variantId: s0!.id, preOrderRequested: false } },
      { catalogItemId: tee.id, options: { options: { size: 's', Color: 'RED' } } },
      { catalogItemId: mug.id, options: { options: {} } },
    ]);
    expect(items[0]).toMatchObject({
      productId: mug.id,
      name: 'Lookup Mug',
      slug: 'lookup-mug',
      itemType: 'PHYSICAL',
      priceMinor: 800,
      sku: 'LOOKUPMUG',
      tracked: false,
      inStock: true,
      visible: true,
      descriptionLines: [],
    });
    expect(items[0]!.compareAtPriceMinor).toBeUndefined();
    expect(items[1]).toEqual({
      productId: tee.id,
      variantId: s0!.id,
      name: 'Lookup Tee',
      slug: 'lookup-tee',
      itemType: 'PHYSICAL',
      priceMinor: 1000,
      compareAtPriceMinor: 1500,
      weightGrams: 250,
      sku: 'LT-S',
      image: { url: 'https://cdn.example.test/media/tee.webp', filename: 'tee.webp' },
      descriptionLines: [
        { name: 'Size', value: 'S' },
        { name: 'Color', value: 'Red', colorCode: '#f00' },
      ],
      visible: true,
      tracked: true,
      quantity: 3,
      inStock: true,
      // The inventory row read with a tracked item (kept checkouts decrement it as read).
      stock: { inventoryId: s0!.id, revision: 1, createdAt: expect.any(Date), updatedAt: expect.any(Date) },
    });
    expect(items[0]!.stock).toBeUndefined();
    expect(items[2]).toEqual(items[1]);
    expect(items[3]).toEqual(items[0]);
  });

  it('answers undefined for unknown products and variants, hidden variants, malformed ids and unresolved choices', async () => {
    const [s0, hidden] = tee.variantsInfo.variants;
    const db = s.app.systemCtx().db;
    const items = await lookupCatalogItems(db, [
      { catalogItemId: '0190b1a8-0000-7000-8000-000000000000' },
      { catalogItemId: tee.id, options: { variantId: mug.variantsInfo.variants[0]!.id } },
      { catalogItemId: tee.id, options: { variantId: hidden!.id } },
      { catalogItemId: tee.id, options: { options: { Size: 'M', Color: 'Red' } } },
      { catalogItemId: tee.id, options: { options: { Size: 'S' } } },
      { catalogItemId: tee.id, options: { options: { Size: 'XL', Color: 'Red' } } },
      { catalogItemId: tee.id },
      { catalogItemId: 'not-a-uuid' },
      { catalogItemId: tee.id, options: { variantId: 'nope' } },
      { catalogItemId: tee.id, options: { variantId: s0!.id } },
    ]);
    expect(items.map((i) => i?.variantId)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      s0!.id,
    ]);
    expect(await lookupCatalogItems(db, [])).toEqual([]);
  });

  it('reports a hidden product as not visible, and stock as it changes', async () => {
    const hiddenMug = remember(await single('Hidden Lookup Mug', '5.00', 0, { visible: false }));
    const [item] = await lookupCatalogItems(s.app.systemCtx().db, [{ catalogItemId: hiddenMug.id }]);
    expect(item).toMatchObject({ visible: false, tracked: true, quantity: 0, inStock: false });
  });
});

describe('decrementStock / incrementStock', () => {
  it('decrements tracked items, passes untracked ones, and reports shortages without applying anything', async () => {
    const a = remember(await single('Stock A', '1.00', 5)).variantsInfo.variants[0]!.id;
    const b = remember(await single('Stock B', '1.00', 1)).variantsInfo.variants[0]!.id;
    const free = remember(await single('Stock Free', '1.00')).variantsInfo.variants[0]!.id;
    const ctx = s.app.systemCtx();

    expect(
      await inTransaction(ctx, (tx) =>
        decrementStock(tx, [
          { variantId: a, quantity: 2 },
          { variantId: free, quantity: 50 },
          { variantId: a, quantity: 1 },
        ]),
      ),
    ).toEqual({ shortages: [] });
    expect(await quantityOf(a)).toBe(2);

    // Outside a transaction: b is short, so a is left as it was.
    const r = await decrementStock(ctx, [
      { variantId: a, quantity: 1 },
      { variantId: b, quantity: 2 },
      { variantId: '0190b1a8-0000-7000-8000-000000000001', quantity: 1 },
    ]);
    expect(r.shortages).toEqual(
      expect.arrayContaining([
        { variantId: b, requested: 2, available: 1 },
        { variantId: '0190b1a8-0000-7000-8000-000000000001', requested: 1, available: 0 },
      ]),
    );
    expect(r.shortages).toHaveLength(2);
    expect(await quantityOf(a)).toBe(2);
    expect(await quantityOf(b)).toBe(1);

    await incrementStock(ctx, [
      { variantId: a, quantity: 3 },
      { variantId: free, quantity: 3 },
    ]);
    expect(await quantityOf(a)).toBe(5);
    const [freeItem] = await lookupCatalogItems(ctx.db, [{ catalogItemId: owners.get(free)! }]);
    expect(freeItem).toMatchObject({ tracked: false, inStock: true });

    await expect(decrementStock(ctx, [{ variantId: a, quantity: 0 }])).rejects.toThrow();
    await expect(decrementStock(ctx, [{ variantId: a, quantity: 1.5 }])).rejects.toThrow();
  });

  it('moves the stock revision when quantities move, the catalog revision only when an item goes in or out of stock or changes otherwise, and neither for untracked items', async () => {
    const tracked = remember(await single('Stock Rev', '1.00', 5)).variantsInfo.variants[0]!.id;
    const free = remember(await single('Stock Rev Free', '1.00')).variantsInfo.variants[0]!.id;
    const ctx = s.app.systemCtx();
    const revisions = async () =>
      (
        await sql<{ catalog: string; stock: string }>`select
          (select revision::text from catalog_revision) as catalog,
          (select revision::text from catalog_stock_revision) as stock`.execute(ctx.db)
      ).rows[0]!;
    const start = await revisions();
    expect(await decrementStock(ctx, [{ variantId: free, quantity: 2 }])).toEqual({ shortages: [] });
    await incrementStock(ctx, [{ variantId: free, quantity: 2 }]);
    expect(await revisions()).toEqual(start);

    await decrementStock(ctx, [{ variantId: tracked, quantity: 1 }]); // 4 left: still in stock
    const sold = await revisions();
    expect(sold.catalog).toBe(start.catalog);
    expect(sold.stock).not.toBe(start.stock);

    await decrementStock(ctx, [{ variantId: tracked, quantity: 4 }]); // out of stock
    const out = await revisions();
    expect(out.catalog).not.toBe(sold.catalog);
    expect(out.stock).not.toBe(sold.stock);

    await incrementStock(ctx, [{ variantId: tracked, quantity: 3 }]); // back in stock
    const back = await revisions();
    expect(back.catalog).not.toBe(out.catalog);

    await sql`update catalog_inventory_item set tracked = false where variant_id = ${tracked}`.execute(
      ctx.db,
    );
    const untracked = await revisions();
    expect(untracked.catalog).not.toBe(back.catalog);
    expect(untracked.stock).toBe(back.stock);
  });

  it.skipIf(testEngine() !== 'postgres')(
    'an order of untracked items never waits for another one that changed stock (two processes, PostgreSQL)',
    async () => {
      const tracked = remember(await single('Stock Wait', '1.00', 5)).variantsInfo.variants[0]!.id;
      const free = remember(await single('Stock Wait Free', '1.00')).variantsInfo.variants[0]!.id;
      const ctx = s.app.systemCtx();
      const other = s.db.another();
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let entered!: () => void;
      const inside = new Promise<void>((r) => (entered = r));
      // The first order took tracked stock and has not committed yet (it holds the catalog revision).
      const first = inTransaction(ctx, async (tx) => {
        await decrementStock(tx, [{ variantId: tracked, quantity: 1 }]);
        entered();
        await gate;
      });
      await inside;
      try {
        const second = await inTransaction({ ...ctx, db: other.db }, async (tx) => {
          await sql`set local lock_timeout = '3s'`.execute(tx.db);
          return decrementStock(tx, [{ variantId: free, quantity: 1 }]);
        });
        expect(second).toEqual({ shortages: [] });
      } finally {
        release();
        await first;
        await other.close();
      }
      expect(await quantityOf(tracked)).toBe(4);
    },
  );

  it.skipIf(testEngine() !== 'postgres')(
    'an order of tracked items never waits for another one of other items that has not committed (two processes, PostgreSQL)',
    async () => {
      const first = remember(await single('Stock Commit A', '1.00', 5)).variantsInfo.variants[0]!.id;
      const second = remember(await single('Stock Commit B', '1.00', 5)).variantsInfo.variants[0]!.id;
      const third = remember(await single('Stock Commit C', '1.00', 5)).variantsInfo.variants[0]!.id;
      const ctx = s.app.systemCtx();
      const stockRevision = async () =>
        (await sql<{ r: string }>`select revision::text as r from catalog_stock_revision`.execute(ctx.db))
          .rows[0]!.r;
      const before = await stockRevision();
      const other = s.db.another();
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let entered!: () => void;
      const inside = new Promise<void>((r) => (entered = r));
      // The first order took stock and has not committed yet.
      const held = inTransaction(ctx, async (tx) => {
        await decrementStock(tx, [{ variantId: first, quantity: 1 }]);
        entered();
        await gate;
      });
      await inside;
      try {
        const done = await inTransaction({ ...ctx, db: other.db }, async (tx) => {
          await sql`set local lock_timeout = '3s'`.execute(tx.db);
          return decrementStock(tx, [
            { variantId: second, quantity: 1 },
            { variantId: third, quantity: 2 },
          ]);
        });
        expect(done).toEqual({ shortages: [] });
      } finally {
        release();
        await held;
        await other.close();
      }
      expect(await quantityOf(first)).toBe(4);
      expect(await quantityOf(second)).toBe(4);
      expect(await quantityOf(third)).toBe(3);
      // One raise per committed transaction, whatever the rows it changed.
      expect(BigInt(await stockRevision()) - BigInt(before)).toBe(2n);
    },
  );

  it('emits inventory item events for the changed items (updated, updated_with_reason, and stock_status_updated when stock runs out)', async () => {
    const v = remember(await single('Stock Events', '1.00', 2)).variantsInfo.variants[0]!.id;
    const ctx = s.app.systemCtx();
    const { id } = await ctx.db
      .selectFrom('catalog_inventory_item')
      .select('id')
      .where('variant_id', '=', v)
      .executeTakeFirstOrThrow();
    expect((await decrementStock(ctx, [{ variantId: v, quantity: 2 }])).shortages).toEqual([]);
    await incrementStock(ctx, [{ variantId: v, quantity: 1 }]);
    const events = await ctx.db
      .selectFrom('event')
      .select(['event_type', 'body'])
      .where('entity_id', '=', id)
      .where('slug', '!=', 'created')
      .orderBy('entity_event_sequence')
      .execute();
    const T = 'wix.stores.catalog.v3.inventory_item';
    expect(events.map((e) => e.event_type)).toEqual([
      `${T}_updated`,
      `${T}_updated_with_reason`,
      `${T}_stock_status_updated`,
      `${T}_updated`,
      `${T}_updated_with_reason`,
      `${T}_stock_status_updated`,
    ]);
    expect(events[0]!.body).toMatchObject({
      updatedEvent: {
        currentEntity: { variantId: v, quantity: 0, availabilityStatus: 'OUT_OF_STOCK' },
        modifiedFields: { quantity: 2 },
      },
    });
    expect(events[1]!.body).toMatchObject({
      actionEvent: {
        body: {
          reason: 'ORDER',
          appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
          currentEntity: { quantity: 0 },
        },
      },
    });
    expect(events[2]!.body).toEqual({ actionEvent: { body: { inStock: false } } });
    expect(events[4]!.body).toMatchObject({
      actionEvent: { body: { reason: 'REVERT_INVENTORY_CHANGE', currentEntity: { quantity: 1 } } },
    });
    expect(events[5]!.body).toEqual({ actionEvent: { body: { inStock: true } } });
  });

  it.skipIf(testEngine() !== 'postgres')(
    'sells exactly the stock with 30 parallel transactions on two pools (never negative, no deadlock)',
    async () => {
      const one = remember(await single('Race One', '1.00', 10)).variantsInfo.variants[0]!.id;
      const two = remember(await single('Race Two', '1.00', 100)).variantsInfo.variants[0]!.id;
      const otherPool = s.db.another();
      const other = await startTestServer({ database: otherPool, clock: s.clock, env: { JOBS: 'false' } });
      try {
        const ctxs: Ctx[] = [s.app.systemCtx(), other.app.systemCtx()];
        const results = await Promise.all(
          Array.from({ length: 30 }, (_, n) =>
            inTransaction(ctxs[n % 2]!, async (tx) => {
              // Half the orders name the items in the other order: the row locks must still be taken in one order.
              const changes =
                n % 3 === 0
                  ? [
                      { variantId: two, quantity: 1 },
                      { variantId: one, quantity: 1 },
                    ]
                  : [
                      { variantId: one, quantity: 1 },
                      { variantId: two, quantity: 1 },
                    ];
              const r = await decrementStock(tx, changes);
              if (r.shortages.length) throw Object.assign(new Error('short'), { shortages: r.shortages });
              return 'sold';
            }).catch((e: { shortages?: unknown[] }) => (e.shortages ? 'short' : Promise.reject(e))),
          ),
        );
        expect(results.filter((r) => r === 'sold')).toHaveLength(10);
        expect(results.filter((r) => r === 'short')).toHaveLength(20);
        expect(await quantityOf(one)).toBe(0);
        expect(await quantityOf(two)).toBe(90);
      } finally {
        await other.stop();
        await otherPool.close();
      }
    },
  );
});
