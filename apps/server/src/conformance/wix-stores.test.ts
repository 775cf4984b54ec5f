/**
 * The official `@wix/stores` v3 modules a headless storefront uses (productsV3, readOnlyVariantsV3,
 * inventoryItemsV3, catalogVersioning), unchanged, against a Vitrine test server with the demo catalog.
 */
import { createClient } from '@wix/sdk';
import {
  catalogVersioning,
  customizationsV3,
  inventoryItemsV3,
  productsV3,
  readOnlyVariantsV3,
} from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.ts';
import { adminAuth, redirectWixFetch } from '../test/wix.ts';

let s: TestServer;
let undo: () => void;
const client = () =>
  createClient({
    auth: { getAuthHeaders: async () => ({ headers: { Authorization: '' } }) },
    modules: { productsV3, readOnlyVariantsV3, inventoryItemsV3, catalogVersioning, customizationsV3 },
  });

beforeAll(async () => {
  s = await startTestServer({ env: { DEMO_DATA: 'true' } });
  undo = redirectWixFetch(s.url);
});
afterAll(async () => {
  undo?.();
  await s?.stop();
});

describe('@wix/stores v3 against Vitrine', () => {
  it('reports the v3 catalog', async () => {
    expect(await client().catalogVersioning.getCatalogVersion()).toMatchObject({
      catalogVersion: 'V3_CATALOG',
    });
  });

  it('searches products with a price filter and sort, pages by cursor, and reads one by slug with its variants and stock', async () => {
    const c = client();
    // The headless components send the amount as a number (contract catalog.md §6); the typings say string.
    const minPrice = { $gte: 20 } as unknown as { $gte: string };
    const first = await c.productsV3.searchProducts(
      {
        filter: { visible: true, 'actualPriceRange.minValue.amount': minPrice },
        sort: [{ fieldName: 'actualPriceRange.minValue.amount', order: 'ASC' }],
        cursorPaging: { limit: 4 },
      },
      { fields: ['CURRENCY'] },
    );
    const prices = first.products!.map((p) => Number(p.actualPriceRange?.minValue?.amount));
    expect(prices).toHaveLength(4);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBeGreaterThanOrEqual(20);
    expect(first.pagingMetadata?.cursors?.next).toBeTruthy();
    const next = await c.productsV3.searchProducts({
      cursorPaging: { cursor: first.pagingMetadata!.cursors!.next!, limit: 4 },
    });
    expect(Number(next.products![0]!.actualPriceRange?.minValue?.amount)).toBeGreaterThanOrEqual(prices[3]!);

    const tee =
      first.products!.concat(next.products!).find((p) => p.name === 'Organic Cotton T-Shirt') ??
      (await c.productsV3.queryProducts().eq('slug', 'organic-cotton-t-shirt').find()).items[0];
    expect(tee).toBeDefined();
    const bySlug = await c.productsV3.getProductBySlug(tee!.slug!, {
      fields: ['VARIANT_OPTION_CHOICE_NAMES'],
    });
    expect(bySlug.product).toMatchObject({ _id: tee!._id, name: 'Organic Cotton T-Shirt' });
    expect(bySlug.product!.variantsInfo?.variants?.length).toBe(9);

    const variants = await c.readOnlyVariantsV3
      .queryVariants()
      .in('productData.productId', [tee!._id!])
      .find();
    expect(variants.items.length).toBe(9);
    const stock = await c.inventoryItemsV3
      .queryInventoryItems()
      .eq('variantId', variants.items[0]!._id!)
      .find();
    expect(stock.items).toHaveLength(1);
  });

  it('counts visible products', async () => {
    expect(await client().productsV3.countProducts({ filter: { visible: true } })).toMatchObject({
      count: 24,
    });
  });

  it("lists the catalog's product options as shared customizations", async () => {
    const c = client();
    const r = await c.customizationsV3.queryCustomizations().find();
    expect(r.items.map((x) => [x.name, x.customizationType, x.customizationRenderType])).toEqual([
      ['Color', 'PRODUCT_OPTION', 'SWATCH_CHOICES'],
      ['Size', 'PRODUCT_OPTION', 'TEXT_CHOICES'],
    ]);
    const size = r.items.find((x) => x.name === 'Size')!;
    expect(size.choicesSettings!.choices!.map((x) => x.name).sort()).toEqual([
      'L',
      'Large',
      'M',
      'Medium',
      'S',
      'Small',
    ]);
    const tee = (await c.productsV3.getProductBySlug('organic-cotton-t-shirt')).product!;
    const pot = (await c.productsV3.getProductBySlug('ceramic-plant-pot')).product!;
    expect(tee.options![0]!._id).toBe(size._id);
    expect(pot.options![0]!._id).toBe(size._id);
    const colour = r.items.find((x) => x.name === 'Color')!;
    expect(colour.choicesSettings!.choices!.find((x) => x.name === 'Sage')).toMatchObject({
      choiceType: 'ONE_COLOR',
      colorCode: '#9caf88',
    });
    expect(colour.assignedProductsCount).toBeGreaterThan(5);
    const swatches = await c.customizationsV3
      .queryCustomizations()
      .eq('customizationRenderType', 'SWATCH_CHOICES')
      .find();
    expect(swatches.items.map((x) => x._id)).toEqual([colour._id]);
  });

  it('decrements and increments stock with the inventory bulk calls (admin client)', async () => {
    const admin = createClient({ auth: adminAuth, modules: { inventoryItemsV3, productsV3 } });
    const pen = (await admin.productsV3.getProductBySlug('brass-ballpoint-pen')).product!;
    const [item] = (await admin.inventoryItemsV3.queryInventoryItems().eq('productId', pen._id!).find())
      .items;
    expect(item).toMatchObject({ trackQuantity: true, quantity: 25 });
    const down = await admin.inventoryItemsV3.bulkDecrementInventoryItems(
      [{ inventoryItemId: item!._id!, decrementBy: 5 }],
      { returnEntity: true },
    );
    expect(down.results?.[0]).toMatchObject({
      itemMetadata: { _id: item!._id, success: true },
      item: { quantity: 20 },
    });
    await expect(
      admin.inventoryItemsV3.bulkDecrementInventoryItems([{ inventoryItemId: item!._id!, decrementBy: 21 }]),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'INSUFFICIENT_INVENTORY' } } });
    await admin.inventoryItemsV3.bulkIncrementInventoryItems([
      { inventoryItemId: item!._id!, incrementBy: 5 },
    ]);
    expect((await admin.inventoryItemsV3.getInventoryItem(item!._id!)).quantity).toBe(25);
  });
});
