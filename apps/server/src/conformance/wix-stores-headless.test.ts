/**
 * The storefront components shipped inside `@wix/stores` (`@wix/headless-stores`: the product list's
 * loader and service), unchanged, and the calls they make through the official modules
 * (`productsV3.searchProducts` with aggregations and the platform's category and choice filters,
 * `categories.searchCategories`), against a Vitrine test server with the demo catalog.
 */
import { register } from 'node:module';
import type * as HeadlessServices from '@wix/headless-stores/services';
import * as categories from '@wix/auto_sdk_categories_categories';
import { createClient } from '@wix/sdk';
import { customizationsV3, productsV3, readOnlyVariantsV3 } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.ts';
import { redirectWixFetch } from '../test/wix.ts';

/**
 * `@wix/headless-stores` 0.0.119 imports `@wix/categories` (a package that re-exports
 * `@wix/auto_sdk_categories_categories` as `categories`) without depending on it, so it is not
 * installed: Node is told to resolve it to that re-export.
 */
function provideWixCategories() {
  const target = import.meta.resolve('@wix/auto_sdk_categories_categories');
  const shim = `data:text/javascript,${encodeURIComponent(`export * as categories from ${JSON.stringify(target)};`)}`;
  const hooks = `export async function resolve(specifier, context, next) {
    return specifier === '@wix/categories' ? { url: ${JSON.stringify(shim)}, shortCircuit: true } : next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
}

type Headless = typeof HeadlessServices;
let s: TestServer;
let undo: () => void;
let headless: Headless;
const modules = { productsV3, readOnlyVariantsV3, customizationsV3, categories };
const client = () =>
  createClient({ auth: { getAuthHeaders: async () => ({ headers: { Authorization: '' } }) }, modules });
let context: unknown;

beforeAll(async () => {
  s = await startTestServer({ env: { DEMO_DATA: 'true' } });
  undo = redirectWixFetch(s.url);
  provideWixCategories();
  headless = await import('@wix/headless-stores/services');
  // The components call the modules without a client: through the global context a client enables.
  const g = globalThis as { __wix_context__?: unknown };
  context = g.__wix_context__;
  client().enableContext('global');
});
afterAll(async () => {
  (globalThis as { __wix_context__?: unknown }).__wix_context__ = context;
  undo?.();
  await s?.stop();
});

const names = (ps: { name?: string | null }[]) => ps.map((p) => p.name!).sort();

describe('the headless store components against Vitrine', () => {
  it("loads a product-list page: every product, the catalog's price range and its options", async () => {
    const config = await headless.loadProductsListServiceConfig('https://shop.example/shop');
    expect(config.products).toHaveLength(24);
    const results = config.aggregations.results!;
    expect(results.find((r) => r.name === 'minPrice')!.scalar).toEqual({ type: 'MIN', value: 9 });
    expect(results.find((r) => r.name === 'maxPrice')!.scalar).toEqual({ type: 'MAX', value: 129 });
    expect(results.find((r) => r.name === 'optionNames')!.values!.results).toEqual([
      { value: 'Color', count: 9 },
      { value: 'Size', count: 7 },
    ]);
    expect(results.find((r) => r.name === 'inventoryStatus')!.values!.results!.map((r) => r.value)).toEqual([
      'IN_STOCK',
      'OUT_OF_STOCK',
      'PARTIALLY_OUT_OF_STOCK',
    ]);

    // The service the list components read: price bounds and the options to filter by.
    const { createServicesManager, createServicesMap } = await import('@wix/services-manager');
    const manager = createServicesManager(
      createServicesMap().addService(
        headless.ProductsListServiceDefinition,
        headless.ProductListService,
        config,
      ),
    );
    const list = manager.getService(headless.ProductsListServiceDefinition);
    expect([list.minPrice.get(), list.maxPrice.get()]).toEqual([9, 129]);
    const options = list.availableProductOptions.get();
    expect(options.map((o) => o.name).sort()).toEqual(['Color', 'Size']);
    const colour = options.find((o) => o.name === 'Color')!.choices.map((c) => c.name);
    expect(colour).toContain('Navy');
    expect(new Set(colour).size).toBe(colour.length);
  });

  it('filters a category page by a choice named in the URL (?Color=Navy), as the components map it to an id', async () => {
    const apparel = await headless.loadProductsListServiceConfig(
      'https://shop.example/shop/apparel?Color=Navy',
    );
    // (The SDK renames the items' `_id` to `id` in place when it sends the search.)
    expect(apparel.searchOptions.filter).toMatchObject({
      'allCategoriesInfo.categories': { $matchItems: [{ id: { $in: [expect.any(String)] } }] },
      'options.choicesSettings.choices.choiceId': { $hasSome: [expect.any(String)] },
    });
    expect(names(apparel.products)).toEqual(['Linen Button-Down Shirt', 'Relaxed Chino Trousers']);
    // The price range and options describe the whole catalog (the loader's unfiltered search).
    expect(apparel.aggregations.results!.find((r) => r.name === 'minPrice')!.scalar!.value).toBe(9);

    const home = await headless.loadProductsListServiceConfig('https://shop.example/shop/home?Color=Sage');
    expect(names(home.products)).toEqual(['Cotton Waffle Blanket']);
    const sage = await headless.loadProductsListServiceConfig('https://shop.example/shop?Color=Sage,Navy');
    expect(names(sage.products)).toEqual([
      'Cloth-bound Notebook',
      'Cotton Waffle Blanket',
      'Linen Button-Down Shirt',
      'Organic Cotton T-Shirt',
      'Relaxed Chino Trousers',
    ]);
  });
});

describe('the official modules the components use', () => {
  it('productsV3.searchProducts answers aggregations and takes $matchItems and choice filters', async () => {
    const c = client();
    const cats = await c.categories
      .queryCategories({ treeReference: { appNamespace: '@wix/stores' } })
      .eq('visible', true)
      .find();
    const home = cats.items.find((x) => x.slug === 'home')!;
    const r = await c.productsV3.searchProducts(
      {
        filter: { 'allCategoriesInfo.categories': { $matchItems: [{ _id: { $in: [home._id!] } }] } },
        aggregations: [
          {
            name: 'cheapest',
            fieldPath: 'actualPriceRange.minValue.amount',
            type: 'SCALAR',
            scalar: { type: 'MIN' },
          },
          { name: 'options', fieldPath: 'options.name', type: 'VALUE', value: { sortType: 'VALUE' } },
        ],
      } as Parameters<typeof c.productsV3.searchProducts>[0],
      { fields: ['CURRENCY'] },
    );
    expect(r.products).toHaveLength(home.itemCounter!);
    expect(r.aggregationData!.results).toEqual([
      {
        name: 'cheapest',
        type: 'SCALAR',
        fieldPath: 'actualPriceRange.minValue.amount',
        scalar: { type: 'MIN', value: 16 },
      },
      {
        name: 'options',
        type: 'VALUE',
        fieldPath: 'options.name',
        values: {
          results: [
            { value: 'Color', count: 1 },
            { value: 'Size', count: 1 },
          ],
        },
      },
    ]);
    const colour = (await c.customizationsV3.queryCustomizations().find()).items.find(
      (x) => x.name === 'Color',
    )!;
    const navy = colour.choicesSettings!.choices!.filter((x) => x.name === 'Navy');
    expect(navy).toHaveLength(1);
    const navyProducts = await c.productsV3.searchProducts({
      filter: { 'options.choicesSettings.choices.choiceId': { $hasAll: [navy[0]!._id!] } },
    } as Parameters<typeof c.productsV3.searchProducts>[0]);
    expect(names(navyProducts.products!)).toEqual(['Linen Button-Down Shirt', 'Relaxed Chino Trousers']);
  });

  it('categories.searchCategories finds categories by words, with paging and aggregations', async () => {
    const c = client();
    const r = await c.categories.searchCategories(
      { search: { expression: 'home' } },
      { treeReference: { appNamespace: '@wix/stores' } },
    );
    expect(r.categories!.map((x) => x.slug)).toEqual(['home']);
    expect(r.categories![0]).toMatchObject({ name: 'Home', visible: true, itemCounter: 7 });
    const first = await c.categories.searchCategories(
      {
        cursorPaging: { limit: 3 },
        sort: [{ fieldName: 'name', order: 'ASC' }],
        aggregations: [{ name: 'shown', fieldPath: 'visible', type: 'VALUE' }],
      },
      { treeReference: { appNamespace: '@wix/stores' } },
    );
    expect(first.categories!.map((x) => x.name)).toEqual(['Accessories', 'Apparel', 'Home']);
    expect(first.aggregationData!.results).toEqual([
      {
        name: 'shown',
        type: 'VALUE',
        fieldPath: 'visible',
        values: { results: [{ value: 'true', count: 4 }] },
      },
    ]);
    const next = await c.categories.searchCategories(
      { cursorPaging: { cursor: first.pagingMetadata!.cursors!.next!, limit: 3 } },
      { treeReference: { appNamespace: '@wix/stores' } },
    );
    expect(next.categories!.map((x) => x.name)).toEqual(['Stationery & Gifts']);
    const either = await c.categories.searchCategories(
      { search: { expression: 'gifts apparel', mode: 'OR' } },
      { treeReference: { appNamespace: '@wix/stores' } },
    );
    expect(either.categories!.map((x) => x.slug).sort()).toEqual(['apparel', 'stationery-gifts']);
  });
});
