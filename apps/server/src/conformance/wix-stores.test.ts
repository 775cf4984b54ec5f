/**
 * The official `@wix/stores` v3 modules a headless storefront uses (productsV3, readOnlyVariantsV3,
 * inventoryItemsV3, catalogVersioning), unchanged, against a Vitrine test server with the demo catalog.
 */
import { createClient } from '@wix/sdk';
import { catalogVersioning, inventoryItemsV3, productsV3, readOnlyVariantsV3 } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.ts';
import { redirectWixFetch } from '../test/wix.ts';

let s: TestServer;
let undo: () => void;
const client = () => createClient({
  auth: { getAuthHeaders: async () => ({ headers: { Authorization: '' } }) },
  modules: { productsV3, readOnlyVariantsV3, inventoryItemsV3, catalogVersioning },
});

beforeAll(async () => {
  s = await startTestServer({ env: { DEMO_DATA: 'true' } });
  undo = redirectWixFetch(s.url);
});
afterAll(async () => { undo?.(); await s?.stop(); });

describe('@wix/stores v3 against Vitrine', () => {
  it('reports the v3 catalog', async () => {
    expect(await client().catalogVersioning.getCatalogVersion()).toMatchObject({ catalogVersion: 'V3_CATALOG' });
  });

  it('searches products with a price filter and sort, pages by cursor, and reads one by slug with its variants and stock', async () => {
    const c = client();
    // The headless components send the amount as a number (contract catalog.md §6); the typings say string.
    const minPrice = { $gte: 20 } as unknown as { $gte: string };
    const first = await c.productsV3.searchProducts(
      { filter: { visible: true, 'actualPriceRange.minValue.amount': minPrice }, sort: [{ fieldName: 'actualPriceRange.minValue.amount', order: 'ASC' }], cursorPaging: { limit: 4 } },
      { fields: ['CURRENCY'] },
    );
    const prices = first.products!.map((p) => Number(p.actualPriceRange?.minValue?.amount));
    expect(prices).toHaveLength(4);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBeGreaterThanOrEqual(20);
    expect(first.pagingMetadata?.cursors?.next).toBeTruthy();
    const next = await c.productsV3.searchProducts({ cursorPaging: { cursor: first.pagingMetadata!.cursors!.next!, limit: 4 } });
    expect(Number(next.products![0]!.actualPriceRange?.minValue?.amount)).toBeGreaterThanOrEqual(prices[3]!);

    const tee = first.products!.concat(next.products!).find((p) => p.name === 'Organic Cotton T-Shirt')
      ?? (await c.productsV3.queryProducts().eq('slug', 'organic-cotton-t-shirt').find()).items[0];
    expect(tee).toBeDefined();
    const bySlug = await c.productsV3.getProductBySlug(tee!.slug!, { fields: ['VARIANT_OPTION_CHOICE_NAMES'] });
    expect(bySlug.product).toMatchObject({ _id: tee!._id, name: 'Organic Cotton T-Shirt' });
    expect(bySlug.product!.variantsInfo?.variants?.length).toBe(9);

    const variants = await c.readOnlyVariantsV3.queryVariants().in('productData.productId', [tee!._id!]).find();
    expect(variants.items.length).toBe(9);
    const stock = await c.inventoryItemsV3.queryInventoryItems().eq('variantId', variants.items[0]!._id!).find();
    expect(stock.items).toHaveLength(1);
  });

  it('counts visible products', async () => {
    expect(await client().productsV3.countProducts({ filter: { visible: true } })).toMatchObject({ count: 12 });
  });
});
