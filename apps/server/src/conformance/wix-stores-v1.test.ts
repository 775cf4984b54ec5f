/**
 * The official `@wix/stores` v1 modules (`products`, `collections`), unchanged, against a Vitrine test server
 * with the demo catalog: the older reads many existing storefronts still call (catalog.md §2, §4).
 */
import { createClient } from '@wix/sdk';
import { collections, inventory, products } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, startTestServer, type TestServer } from '../test/server.ts';
import { redirectWixFetch, type Recorded } from '../test/wix.ts';

const ALL_PRODUCTS = '00000000-000000-000000-000000000001';
let s: TestServer;
let undo: () => void;
const log: Recorded[] = [];
const client = (key = '') =>
  createClient({
    auth: { getAuthHeaders: async () => ({ headers: { Authorization: key } }) },
    modules: { products, collections, inventory },
  });

beforeAll(async () => {
  s = await startTestServer({ env: { DEMO_DATA: 'true' } });
  undo = redirectWixFetch(s.url, log);
});
afterAll(async () => {
  undo?.();
  await s?.stop();
});

describe('@wix/stores v1 products and collections against Vitrine', () => {
  it('queries products with the builder: collection, name prefix, price range, sort and offset paging', async () => {
    const c = client();
    const home = (await c.collections.getCollectionBySlug('home')).collection!;
    expect(home).toMatchObject({ name: 'Home', slug: 'home', visible: true, numberOfProducts: 7 });
    const first = await c.products
      .queryProducts()
      .hasSome('collectionIds', [home._id!])
      .ge('priceData.price', 15)
      .lt('priceData.price', 50)
      .ascending('priceData.price')
      .limit(2)
      .find();
    expect(first.items.map((p) => p.name)).toEqual(['Stoneware Coffee Mug', 'Ceramic Plant Pot']);
    expect(first.totalCount).toBe(5);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items.map((p) => p.name)).toEqual(['Soy Wax Candle', 'Waffle Bath Towel']);
    const prices = [...first.items, ...second.items].map((p) => p.priceData!.price!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const linen = await c.products.queryProducts().startsWith('name', 'Linen').ascending('name').find();
    expect(linen.items.map((p) => p.name)).toEqual(['Linen Button-Down Shirt', 'Linen Throw Pillow']);
    const digital = await c.products.queryProducts().eq('productType', 'digital').ascending('name').find();
    expect(digital.items.map((p) => p.slug)).toEqual(['gift-card', 'printable-wall-art']);
    const bySlug = await c.products.queryProducts().eq('slug', 'linen-throw-pillow').find();
    expect(bySlug.items[0]).toMatchObject({
      name: 'Linen Throw Pillow',
      productType: 'physical',
      visible: true,
      manageVariants: false,
      priceData: {
        currency: 'USD',
        price: 45,
        discountedPrice: 39,
        formatted: { price: '$45.00', discountedPrice: '$39.00' },
      },
      discount: { type: 'AMOUNT', value: 6 },
      stock: { inStock: true, inventoryStatus: 'IN_STOCK' },
      productPageUrl: { base: s.url, path: '/product-page/linen-throw-pillow' },
      collectionIds: [ALL_PRODUCTS, home._id],
    });
    const main = bySlug.items[0]!.media!.mainMedia!;
    expect(main.image).toMatchObject({
      url: `${s.url}/media/${main._id}`,
      width: 800,
      height: 800,
      format: 'webp',
    });
    expect(bySlug.items[0]!.lastUpdated).toBeInstanceOf(Date);

    const queried = log.filter((l) => l.url.includes('/stores-reader/v1/products/query-platformized'));
    expect(queried.length).toBeGreaterThanOrEqual(5);
  });

  it('answers queryProducts(queryObject) with the whole answer, sorted by descending price', async () => {
    const home = (await client().collections.getCollectionBySlug('home')).collection!;
    const r = (await client().products.queryProducts({
      filter: { collectionIds: { $hasSome: [home._id] } },
      sort: [{ fieldName: 'priceData.price', order: 'DESC' }],
      paging: { limit: 3, offset: 0 },
    } as never)) as unknown as {
      products: { name: string }[];
      metadata: { count: number; offset: number; total: number };
    };
    expect(r.products.map((p) => p.name)).toEqual([
      'Cotton Waffle Blanket',
      'Oak Serving Board',
      'Linen Throw Pillow',
    ]);
    expect(r.metadata).toMatchObject({ count: 3, offset: 0, total: 7 });
  });

  it('reads one product with variants, resolves options availability, and queries variants', async () => {
    const c = client();
    const [sweater] = (await c.products.queryProducts().eq('slug', 'merino-crew-sweater').find()).items;
    const { product } = await c.products.getProduct(sweater!._id!);
    expect(product).toMatchObject({
      name: 'Merino Crew Sweater',
      manageVariants: true,
      stock: { trackInventory: true, inventoryStatus: 'PARTIALLY_OUT_OF_STOCK' },
    });
    expect(
      product!.productOptions!.map((o) => [o.name, o.optionType, o.choices!.map((x) => x.description)]),
    ).toEqual([
      ['Size', 'drop_down', ['S', 'M', 'L']],
      ['Color', 'color', ['Charcoal', 'Oat']],
    ]);
    expect(product!.productOptions![0]!.choices!.map((x) => x.inStock)).toEqual([true, true, false]);
    expect(product!.variants).toHaveLength(6);
    expect(product!.variants![0]).toMatchObject({
      choices: { Size: 'S', Color: 'Charcoal' },
      variant: { sku: 'MERINO-S-CHA', visible: true },
      stock: { trackQuantity: true, quantity: 8, inStock: true },
    });

    const none = await c.products.getProductOptionsAvailability(product!._id!, {});
    expect(none.selectedVariant).toBeUndefined();
    expect(none.availableForPurchase).toBe(false);
    const partial = await c.products.getProductOptionsAvailability(product!._id!, { Size: 'L' });
    expect(
      partial
        .productOptions!.find((o) => o.name === 'Color')!
        .choices!.map((x) => [x.description, x.inStock, x.visible]),
    ).toEqual([
      ['Charcoal', false, true],
      ['Oat', false, true],
    ]);
    const chosen = await c.products.getProductOptionsAvailability(product!._id!, { Size: 'M', Color: 'Oat' });
    expect(chosen).toMatchObject({
      availableForPurchase: true,
      selectedVariant: {
        sku: 'MERINO-M-OAT',
        quantity: 8,
        inStock: true,
        visible: true,
        price: { price: 89, discountedPrice: 89 },
      },
    });
    const soldOut = await c.products.getProductOptionsAvailability(product!._id!, {
      Size: 'L',
      Color: 'Oat',
    });
    expect(soldOut).toMatchObject({
      availableForPurchase: false,
      selectedVariant: { inStock: false, quantity: 0 },
    });

    const byChoice = await c.products.queryProductVariants(product!._id!, {
      choices: { Size: 'M' },
      paging: { limit: 10, offset: 0 },
    });
    expect(byChoice.variants!.map((v) => v.choices)).toEqual([
      { Size: 'M', Color: 'Charcoal' },
      { Size: 'M', Color: 'Oat' },
    ]);
    expect(byChoice.totalResults).toBe(2);
    const byId = await c.products.queryProductVariants(product!._id!, {
      variantIds: [product!.variants![5]!._id!],
    });
    expect(byId.variants!.map((v) => v.variant?.sku)).toEqual(['MERINO-L-OAT']);

    const store = await c.products.queryStoreVariants({
      filter: { productId: product!._id, 'stock.inStock': true },
      sort: [{ fieldName: 'sku', order: 'ASC' }],
      paging: { limit: 10, offset: 0 },
    } as never);
    expect(store.variants!.map((v) => v.sku)).toEqual([
      'MERINO-M-CHA',
      'MERINO-M-OAT',
      'MERINO-S-CHA',
      'MERINO-S-OAT',
    ]);
    expect(store.metadata).toMatchObject({ count: 4, offset: 0, total: 4 });
    const one = await c.products.getStoreVariant(store.variants![0]!._id!);
    expect(one.variant).toMatchObject({
      productId: product!._id,
      productName: 'Merino Crew Sweater',
      variantName: 'M / Charcoal',
      managedVariant: true,
      choices: { Size: 'M', Color: 'Charcoal' },
    });
  });

  it('queries collections and gets one by id and by slug', async () => {
    const c = client();
    const all = await c.collections.queryCollections().ne('_id', ALL_PRODUCTS).ascending('name').find();
    expect(all.items.map((x) => x.slug)).toEqual(['accessories', 'apparel', 'home', 'stationery-gifts']);
    expect(all.totalCount).toBe(4);
    const some = await c.collections.queryCollections().startsWith('name', 'Sta').find();
    expect(some.items.map((x) => x.name)).toEqual(['Stationery & Gifts']);
    const one = await c.collections.getCollection(all.items[1]!._id!);
    expect(one).toMatchObject({
      name: 'Apparel',
      slug: 'apparel',
      numberOfProducts: 7,
      description: 'Everyday clothes in natural fibres.',
    });
    expect(one.media?.mainMedia?.image?.url).toBe(`${s.url}/media/${one.media?.mainMedia?._id}`);
    expect(one.media?.mainMedia?._id).toMatch(/^[0-9a-f]{6}_[0-9a-f]{26}~mv2\.webp$/);
    expect((await c.collections.getCollectionBySlug('apparel')).collection?._id).toBe(one._id);
  });

  it('turns unknown ids into the error envelope the SDK reports', async () => {
    const c = client(ADMIN_KEY);
    await expect(c.products.getProduct('0190b1a8-0000-7000-8000-000000000000')).rejects.toMatchObject({
      details: { applicationError: { code: 'PRODUCT_NOT_FOUND' } },
    });
    await expect(c.collections.getCollection('0190b1a8-0000-7000-8000-000000000000')).rejects.toMatchObject({
      details: { applicationError: { code: 'COLLECTION_NOT_FOUND' } },
    });
    await expect(c.products.getStoreVariant('nope')).rejects.toMatchObject({
      details: { applicationError: { code: 'VARIANT_NOT_FOUND' } },
    });
  });
});

describe('the "All Products" collection, and filters that never refuse a value of a known field', () => {
  it('serves All Products as a virtual collection: in collection queries, by id and slug, and in collectionIds filters', async () => {
    const c = client();
    const listed = await c.collections.queryCollections().ascending('name').find();
    expect(listed.items.map((x) => x.slug)).toEqual([
      'accessories',
      'all-products',
      'apparel',
      'home',
      'stationery-gifts',
    ]);
    expect(listed.totalCount).toBe(5);
    const visible = (await c.products.queryProducts().limit(100).find()).items;
    expect(listed.items[1]).toMatchObject({
      _id: ALL_PRODUCTS,
      name: 'All Products',
      slug: 'all-products',
      visible: true,
      numberOfProducts: visible.length,
    });
    expect(await c.collections.getCollection(ALL_PRODUCTS)).toMatchObject({
      _id: ALL_PRODUCTS,
      numberOfProducts: visible.length,
    });
    expect((await c.collections.getCollectionBySlug('all-products')).collection?._id).toBe(ALL_PRODUCTS);
    expect((await c.products.getCollectionBySlug('all-products')).collection?._id).toBe(ALL_PRODUCTS);
    expect(
      (await c.collections.queryCollections().eq('_id', ALL_PRODUCTS).find()).items.map((x) => x.name),
    ).toEqual(['All Products']);
    expect(
      (await c.collections.queryCollections().startsWith('name', 'all').find()).items.map((x) => x._id),
    ).toEqual([ALL_PRODUCTS]);

    const inAll = await c.products
      .queryProducts()
      .eq('collectionIds' as never, ALL_PRODUCTS as never)
      .limit(100)
      .find();
    expect(inAll.items.map((p) => p._id).sort()).toEqual(visible.map((p) => p._id).sort());
    const home = (await c.collections.getCollectionBySlug('home')).collection!;
    const both = await c.products
      .queryProducts()
      .hasAll('collectionIds', [ALL_PRODUCTS, home._id!])
      .limit(100)
      .find();
    expect(both.totalCount).toBe(7);
    expect(visible.every((p) => p.collectionIds![0] === ALL_PRODUCTS)).toBe(true);
  });

  it('answers 200 where an id filter value is not a GUID: it matches nothing, $ne with it matches everything', async () => {
    const raw = await s.request<{ collections: { id: string }[] }>(
      'POST',
      '/stores-reader/v2/collections/query',
      { body: { query: { filter: { id: { $ne: ALL_PRODUCTS } } } } },
    );
    expect(raw.status, JSON.stringify(raw.body)).toBe(200);
    expect(raw.body.collections).toHaveLength(4);
    const c = client();
    const someId = (await c.products.queryProducts().limit(1).find()).items[0]!._id!;
    expect((await c.products.queryProducts().eq('_id', 'not-a-guid').find()).items).toEqual([]);
    expect((await c.products.queryProducts().ne('_id', 'not-a-guid').limit(100).find()).totalCount).toBe(24);
    expect(
      (await c.products.queryProducts().in('_id', ['not-a-guid', someId]).find()).items.map((p) => p._id),
    ).toEqual([someId]);
    expect((await c.products.queryProducts().eq('productType', 'PHYSICAL').find()).items).toEqual([]);
    expect(
      (await c.products.queryStoreVariants({ filter: { productId: 'nope' } } as never)).variants,
    ).toEqual([]);
    const inventory = await c.inventory.queryInventory({
      query: { filter: JSON.stringify({ productId: { $in: ['nope'] } }) },
    });
    expect(inventory.totalResults).toBe(0);
    await expect(c.collections.getCollection('nope')).rejects.toMatchObject({
      details: { applicationError: { code: 'COLLECTION_NOT_FOUND' } },
    });
  });
});

describe('@wix/stores v1 writes (admin client)', () => {
  it('creates, updates and deletes a product and a collection, and moves the product in and out of it', async () => {
    const c = client(ADMIN_KEY);
    const { product } = await c.products.createProduct({
      name: 'Shirt',
      productType: 'physical' as never,
      priceData: { price: 12 },
      costAndProfitData: { itemCost: 4 },
      description: '<p>Soft cotton shirt</p>',
      sku: 'SKU-1',
      visible: true,
      weight: 0.5,
      ribbon: 'Sale',
      brand: 'Acme',
      discount: { type: 'AMOUNT' as never, value: 2 },
      manageVariants: true,
      productOptions: [
        {
          name: 'Size',
          optionType: 'drop_down' as never,
          choices: [
            { value: 'M', description: 'M' },
            { value: 'L', description: 'L' },
          ],
        },
      ],
      additionalInfoSections: [{ title: 'Care', description: '<p>Machine wash cold</p>' }],
    });
    expect(product).toMatchObject({
      name: 'Shirt',
      slug: 'shirt',
      productType: 'physical',
      description: '<p>Soft cotton shirt</p>',
      ribbon: 'Sale',
      brand: 'Acme',
      manageVariants: true,
      weight: 0.5,
      priceData: { price: 12, discountedPrice: 10 },
      discount: { type: 'AMOUNT', value: 2 },
    });
    expect(product!.variants!.map((v) => v.choices)).toEqual([{ Size: 'M' }, { Size: 'L' }]);
    const id = product!._id!;

    const updated = await c.products.updateProduct(id, {
      name: 'Shirt v2',
      priceData: { price: 14 },
      visible: true,
      ribbon: 'New',
    });
    expect(updated.product).toMatchObject({
      name: 'Shirt v2',
      ribbon: 'New',
      priceData: { price: 14, discountedPrice: 12 },
    });
    expect(updated.product!.variants!.every((v) => v.variant?.priceData?.discountedPrice === 12)).toBe(true);

    const { collection } = await c.products.createCollection({
      name: 'Summer',
      description: 'Summer picks',
      slug: 'summer',
      visible: true,
    });
    expect(collection).toMatchObject({ name: 'Summer', slug: 'summer', numberOfProducts: 0 });
    await c.products.addProductsToCollection(collection!._id!, [id]);
    const inSummer = await c.products.queryProducts().hasSome('collectionIds', [collection!._id!]).find();
    expect(inSummer.items.map((p) => p._id)).toEqual([id]);
    await c.products.removeProductsFromCollection(collection!._id!, [id]);
    expect(
      (await c.products.queryProducts().hasSome('collectionIds', [collection!._id!]).find()).items,
    ).toEqual([]);
    expect(
      (await c.products.updateCollection(collection!._id!, { name: 'Summer 2024' })).collection,
    ).toMatchObject({ name: 'Summer 2024', slug: 'summer' });
    await c.products.deleteCollection(collection!._id!);
    await expect(c.collections.getCollection(collection!._id!)).rejects.toMatchObject({
      details: { applicationError: { code: 'COLLECTION_NOT_FOUND' } },
    });

    await c.products.deleteProduct(id);
    await expect(c.products.getProduct(id)).rejects.toMatchObject({
      details: { applicationError: { code: 'PRODUCT_NOT_FOUND' } },
    });
  });

  it('overrides variants by choices and by ids with updateProductVariants, keeping their stock', async () => {
    const c = client(ADMIN_KEY);
    const { product } = await c.products.createProduct({
      name: 'Variant Tee',
      productType: 'physical' as never,
      priceData: { price: 20 },
      discount: { type: 'AMOUNT' as never, value: 5 },
      manageVariants: true,
      productOptions: [
        {
          name: 'Size',
          optionType: 'drop_down' as never,
          choices: [
            { value: 'M', description: 'M' },
            { value: 'L', description: 'L' },
          ],
        },
        {
          name: 'Color',
          optionType: 'drop_down' as never,
          choices: [
            { value: 'Red', description: 'Red' },
            { value: 'Blue', description: 'Blue' },
          ],
        },
      ],
    });
    const id = product!._id!;
    const blueL = product!.variants!.find((v) => v.choices?.Size === 'L' && v.choices?.Color === 'Blue')!;
    await c.inventory.updateInventoryVariants(id, {
      trackQuantity: true,
      variants: [{ variantId: blueL._id!, quantity: 3 }],
    });
    const { variants } = await c.products.updateProductVariants(id, [
      { choices: { Size: 'L' }, price: 30, weight: 0.6 },
      { variantIds: [blueL._id!], sku: 'TEE-L-BLUE', visible: false },
    ]);
    const bySize = (size: string) => variants!.filter((v) => v.choices?.Size === size);
    expect(
      bySize('L').map((v) => [
        v.variant?.priceData?.price,
        v.variant?.priceData?.discountedPrice,
        v.variant?.weight,
      ]),
    ).toEqual([
      [30, 25, 0.6],
      [30, 25, 0.6],
    ]);
    expect(bySize('M').map((v) => v.variant?.priceData?.price)).toEqual([20, 20]);
    expect(variants!.find((v) => v._id === blueL._id)).toMatchObject({
      variant: { sku: 'TEE-L-BLUE', visible: false },
      stock: { trackQuantity: true, quantity: 3 },
    });
    const shown = await client().products.queryProducts().eq('_id', id).find();
    expect(shown.items[0]!.variants!.map((v) => v._id)).not.toContain(blueL._id);
    await expect(
      c.products.updateProductVariants(id, [{ choices: { Size: 'XXL' }, price: 1 }]),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      client().products.updateProductVariants(id, [{ choices: { Size: 'M' }, price: 1 }]),
    ).rejects.toMatchObject({ status: 401 });
    await c.products.deleteProduct(id);
  });

  it('refuses v1 writes to visitors, and bad input with violations', async () => {
    await expect(
      client().products.createProduct({ name: 'Nope', priceData: { price: 1 } }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'UNAUTHENTICATED' } } });
    const noPrice = await s.admin('POST', '/stores/v1/products', { product: { name: 'No price' } });
    expect(noPrice.status).toBe(400);
    const tooMany = await s.admin('POST', '/stores/v1/products', {
      product: {
        name: 'Huge',
        priceData: { price: 1 },
        productOptions: Array.from({ length: 4 }, (_, i) => ({
          name: `O${i}`,
          choices: Array.from({ length: 10 }, (_, j) => ({ value: `c${j}` })),
        })),
      },
    });
    expect(tooMany.status).toBe(400);
    const overDiscount = await s.admin('POST', '/stores/v1/products', {
      product: { name: 'Free', priceData: { price: 1 }, discount: { type: 'PERCENT', value: 150 } },
    });
    expect(overDiscount.status).toBe(400);
  });
});

describe('@wix/stores v1 inventory', () => {
  it('reads, sets, decrements and increments variant stock through the v1 inventory module', async () => {
    const c = client(ADMIN_KEY);
    const [sweater] = (await c.products.queryProducts().eq('slug', 'merino-crew-sweater').find()).items;
    const [wallet] = (await c.products.queryProducts().eq('slug', 'leather-card-wallet').find()).items;
    const item = (await c.inventory.getInventoryVariants(sweater!.inventoryItemId!, {})).inventoryItem!;
    expect(item).toMatchObject({ _id: sweater!._id, productId: sweater!._id, trackQuantity: true });
    expect(item.variants!.map((v) => v.quantity)).toEqual([8, 8, 8, 8, 0, 0]);
    expect(item.lastUpdated).toBeInstanceOf(Date);

    const first = item.variants![0]!.variantId!;
    await c.inventory.updateInventoryVariants(sweater!._id!, {
      trackQuantity: true,
      variants: [{ variantId: first, quantity: 10 }],
    });
    await c.inventory.decrementInventory([{ productId: sweater!._id!, variantId: first, decrementBy: 4 }]);
    await c.inventory.incrementInventory([
      { inventoryId: sweater!.inventoryItemId!, variantId: first, incrementBy: 1 },
    ]);
    const after = (await c.inventory.getInventoryVariants(sweater!._id!, { variantIds: [first] }))
      .inventoryItem!;
    expect(after.variants).toEqual([
      { variantId: first, inStock: true, quantity: 7, availableForPreorder: false },
    ]);
    await expect(
      c.inventory.decrementInventory([{ productId: sweater!._id!, variantId: first, decrementBy: 8 }]),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'INSUFFICIENT_INVENTORY' } } });

    // A product without options: its only variant also answers to the all-zero variant id.
    await c.inventory.decrementInventory([
      { productId: wallet!._id!, variantId: '00000000-0000-0000-0000-000000000000', decrementBy: 1 },
    ]);
    const query = await c.inventory.queryInventory({
      query: {
        filter: JSON.stringify({ productId: { $in: [wallet!._id, sweater!._id] } }),
        paging: { limit: 10, offset: 0 },
      },
    });
    expect(query.totalResults).toBe(2);
    expect(query.inventoryItems!.find((i) => i.productId === wallet!._id)!.variants![0]).toMatchObject({
      quantity: 2,
      inStock: true,
    });
    const bad = await s.request('POST', '/stores-reader/v2/inventoryItems/query', {
      body: { query: { filter: '{not json' } },
    });
    expect(bad.status).toBe(400);
  });
});
