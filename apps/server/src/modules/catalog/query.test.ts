import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { appError, startTestServer, violations, type TestServer } from '../../test/server.ts';
import { ready, upload } from '../../test/media.ts';
import { shopProduct } from '../../test/shop.ts';
import { lookupCatalogItems } from './lookup.ts';

interface Product {
  id: string;
  name: string;
  slug: string;
  actualPriceRange: { minValue: { amount: string } };
  allCategoriesInfo: { categories: { id: string }[] };
}
interface Page {
  products: Product[];
  pagingMetadata: { count: number; cursors: { next: string | null; prev: string | null }; hasNext: boolean };
}
const P = '/stores/v3/products';
const enc = (o: unknown) => `.r=${Buffer.from(JSON.stringify(o)).toString('base64url')}`;

let s: TestServer;
let demo: TestServer;
beforeAll(async () => {
  [s, demo] = await Promise.all([startTestServer(), startTestServer({ env: { DEMO_DATA: 'true' } })]);
});
afterAll(async () => {
  await Promise.all([s?.stop(), demo?.stop()]);
});

describe('querying and searching products (demo data)', () => {
  it('seeds 24 products in 4 categories, some with options, three out of stock and one low in stock', async () => {
    const all = await demo.request<Page>('POST', `${P}/query`, {
      body: { query: { cursorPaging: { limit: 100 } } },
    });
    expect(all.status).toBe(200);
    expect(all.body.products).toHaveLength(24);
    expect((await demo.request<{ count: number }>('GET', `${P}/count`)).body.count).toBe(24);
    const cats = await demo.request<{ categories: { id: string; slug: string; itemCounter: number }[] }>(
      'POST',
      '/categories/v1/categories/query',
      { body: { query: { filter: { visible: true } } } },
    );
    expect(cats.body.categories.map((c) => c.slug).sort()).toEqual([
      'accessories',
      'apparel',
      'home',
      'stationery-gifts',
    ]);
    const out = await demo.request<Page>('POST', `${P}/query`, {
      body: { query: { filter: { 'inventory.availabilityStatus': 'OUT_OF_STOCK' } } },
    });
    expect(out.body.products.map((p) => p.slug).sort()).toEqual([
      'letterpress-card-set',
      'oak-serving-board',
      'wool-beanie',
    ]);
    const low = await demo.request<{ inventoryItems: { quantity: number }[] }>(
      'GET',
      `/stores/v3/inventory-items/query?${enc({ query: { filter: { trackQuantity: true, quantity: { $gt: 0, $lt: 5 } } } })}`,
    );
    expect(low.body.inventoryItems.map((i) => i.quantity)).toEqual([3]);
    const apparel = cats.body.categories.find((c) => c.slug === 'apparel')!;
    expect(apparel.itemCounter).toBe(7);
    const inApparel = await demo.request<Page>('POST', `${P}/query`, {
      body: { query: { filter: { 'allCategoriesInfo.categories.id': { $hasSome: [apparel.id] } } } },
    });
    expect(inApparel.body.products).toHaveLength(7);
  });

  it('filters, sorts and pages through every product by cursor (GET with .r and POST)', async () => {
    const query = {
      filter: { productType: 'PHYSICAL' },
      sort: [
        { fieldName: 'actualPriceRange.minValue.amount', order: 'ASC' },
        { fieldName: 'name', order: 'ASC' },
      ],
      cursorPaging: { limit: 4 },
    };
    const first = await demo.request<Page>('GET', `${P}/query?${enc({ query, fields: ['CURRENCY'] })}`);
    expect(first.status).toBe(200);
    const seen = [...first.body.products];
    let next = first.body.pagingMetadata.cursors.next;
    expect(first.body.pagingMetadata).toMatchObject({ count: 4, hasNext: true });
    while (next) {
      const page = await demo.request<Page>('POST', `${P}/query`, {
        body: { query: { cursorPaging: { cursor: next, limit: 4 } } },
      });
      expect(page.status).toBe(200);
      seen.push(...page.body.products);
      next = page.body.pagingMetadata.cursors.next;
    }
    expect(seen).toHaveLength(22);
    expect(new Set(seen.map((p) => p.id)).size).toBe(22);
    const prices = seen.map((p) => Number(p.actualPriceRange.minValue.amount));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(seen.map((p) => p.slug)).not.toContain('gift-card');
  });

  it('filters on the price range in major units, given as a number or a decimal string', async () => {
    const between = async (lo: unknown, hi: unknown) =>
      (
        await demo.request<Page>('POST', `${P}/query`, {
          body: {
            query: {
              filter: { 'actualPriceRange.minValue.amount': { $gte: lo, $lt: hi } },
              sort: [{ fieldName: 'actualPriceRange.minValue.amount', order: 'DESC' }],
            },
          },
        })
      ).body.products.map((p) => p.actualPriceRange.minValue.amount);
    expect(await between(30, 50)).toEqual(['49.00', '39.00', '35.00', '32.00']);
    expect(await between('18.00', '19.5')).toEqual(['19.00', '18.00']);
    const bad = await demo.request('POST', `${P}/query`, {
      body: { query: { filter: { 'actualPriceRange.minValue.amount': { $gte: 'ten' } } } },
    });
    expect(bad.status).toBe(400);
    expect(violations(bad.body)[0]?.field).toBe('query.filter');
  });

  it('searches name words by prefix, with filter and cursor paging that keep the expression', async () => {
    const search = (body: unknown) => demo.request<Page>('POST', `${P}/search`, { body });
    const linen = await search({
      search: { search: { expression: 'lin' }, sort: [{ fieldName: 'name', order: 'ASC' }] },
    });
    expect(linen.body.products.map((p) => p.name)).toEqual(['Linen Button-Down Shirt', 'Linen Throw Pillow']);
    expect((await search({ search: { search: { expression: 'inen' } } })).body.products).toEqual([]);
    expect(
      (await search({ search: { search: { expression: 'linen pil' } } })).body.products.map((p) => p.name),
    ).toEqual(['Linen Throw Pillow']);
    const filtered = await search({
      search: {
        search: { expression: 'linen' },
        filter: { 'actualPriceRange.minValue.amount': { $gte: 45 } },
      },
    });
    expect(filtered.body.products.map((p) => p.name)).toEqual(['Linen Button-Down Shirt']);
    const page1 = await demo.request<Page>(
      'GET',
      `${P}/search?${enc({ search: { search: { expression: 'linen' }, cursorPaging: { limit: 1 } } })}`,
    );
    expect(page1.body.products).toHaveLength(1);
    const page2 = await search({
      search: { cursorPaging: { cursor: page1.body.pagingMetadata.cursors.next } },
    });
    expect(page2.body.products).toHaveLength(1);
    expect(page2.body.pagingMetadata.cursors.next).toBeNull();
    expect(
      (
        await demo.request<{ count: number }>('POST', `${P}/count`, {
          body: { search: { expression: 'linen' } },
        })
      ).body.count,
    ).toBe(2);
  });

  it('searches word prefixes in any script, whatever the punctuation and case of the name', async () => {
    const t = await startTestServer();
    const names = ['Café Crème Tote', 'ÉTÉ—Linen Jacket', "Men's T-Shirt 2000", '東京 Mug', '—'];
    const ids = new Map<string, string>();
    for (const name of names) ids.set((await shopProduct(t, { name, price: '5.00' })).productId, name);
    const found = async (expression: string) => {
      const r = await t.request<Page>('POST', `${P}/search`, {
        body: { search: { search: { expression }, cursorPaging: { limit: 100 } } },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.products
        .filter((p) => ids.has(p.id))
        .map((p) => p.name)
        .sort();
    };
    expect(await found('crè')).toEqual(['Café Crème Tote']);
    expect(await found('CAFÉ')).toEqual(['Café Crème Tote']);
    expect(await found('afé')).toEqual([]);
    expect(await found('été linen')).toEqual(['ÉTÉ—Linen Jacket']);
    expect(await found('t shirt')).toEqual(["Men's T-Shirt 2000"]);
    expect(await found('shirt')).toEqual(["Men's T-Shirt 2000"]);
    expect(await found("men's")).toEqual(["Men's T-Shirt 2000"]);
    expect(await found('200')).toEqual(["Men's T-Shirt 2000"]);
    expect(await found('東')).toEqual(['東京 Mug']);
    expect(await found("tote 'x")).toEqual([]);
    // Only punctuation in the expression: no word to match, so every product.
    expect(await found('— ?')).toEqual([...names].sort());
    await t.stop();
  });

  it('queries variants of listed products and answers the catalog version', async () => {
    const tee = (
      await demo.request<Page>('POST', `${P}/query`, {
        body: { query: { filter: { slug: 'organic-cotton-t-shirt' } } },
      })
    ).body.products[0]!;
    const v = await demo.request<{ variants: { productData: { productId: string } }[] }>(
      'POST',
      `${P}/query-variants`,
      {
        body: {
          query: { filter: { 'productData.productId': { $in: [tee.id] } }, cursorPaging: { limit: 100 } },
        },
      },
    );
    expect(v.body.variants).toHaveLength(9);
    expect((await s.request('GET', '/stores/v3/provision/version')).body).toEqual({
      catalogVersion: 'V3_CATALOG',
    });
    expect((await s.request<Page>('POST', `${P}/query`, { body: {} })).body.products).toEqual([]);
  });

  it('gives every demo product a generated 800×800 picture from the media library, served with long caching', async () => {
    const all = (
      await demo.request<{ products: (Product & { media: { main: { url: string } | null } })[] }>(
        'POST',
        `${P}/query`,
        { body: { query: { cursorPaging: { limit: 100 } } } },
      )
    ).body.products;
    const library = new RegExp(`^${demo.url}/media/[0-9a-f]{6}_[0-9a-f]{26}~mv2\\.webp$`);
    expect(all.every((p) => library.test(p.media.main?.url ?? ''))).toBe(true);
    const mug = all.find((p) => p.slug === 'stoneware-coffee-mug')!;
    const res = await fetch(mug.media.main!.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
      height: 800,
    });
    // Made and read in a child process, the picture is described as the same bytes uploaded are.
    const bytes = Buffer.from(await (await fetch(mug.media.main!.url)).arrayBuffer());
    const made = await ready(demo, decodeURIComponent(new URL(mug.media.main!.url).pathname.split('/')[2]!));
    const uploaded = await upload(demo, bytes, { mimeType: 'image/webp', fileName: 'mug.webp' });
    expect(uploaded.status).toBe(200);
    const processed = await ready(demo, uploaded.body.file.id);
    expect(made.operationStatus).toBe('READY');
    const described = (f: typeof made) =>
      JSON.stringify(f.media).replaceAll(f.id, 'ID').replaceAll(f.displayName, 'NAME');
    expect(described(made)).toBe(described(processed));
    expect(described(made)).toContain('"width":800');
    expect(made.hash).toBe(processed.hash);
    const missing = await demo.request('GET', '/media/demo-no-such-thing.webp');
    expect([missing.status, appError(missing.body).code]).toEqual([404, 'ROUTE_NOT_FOUND']);
    expect((await demo.request('GET', '/media/..%2Fpg%2FPG_VERSION')).status).toBe(404);
    const cats = await demo.request<{ categories: { image?: { url: string } }[] }>(
      'POST',
      '/categories/v1/categories/query',
      { body: {} },
    );
    expect(cats.body.categories.every((c) => library.test(c.image?.url ?? ''))).toBe(true);
  });

  it('has one digital product and one gift card, which the cart lookup types', async () => {
    const bySlug = async (slug: string) =>
      (await demo.request<Page>('POST', `${P}/query`, { body: { query: { filter: { slug } } } })).body
        .products[0]!;
    const [gift, art] = await Promise.all([bySlug('gift-card'), bySlug('printable-wall-art')]);
    const items = await lookupCatalogItems(demo.app.systemCtx().db, [
      { catalogItemId: gift.id },
      { catalogItemId: art.id },
    ]);
    expect(items.map((i) => i?.itemType)).toEqual(['GIFT_CARD', 'DIGITAL']);
    expect(items[0]!.image).toMatchObject({ width: 800, height: 800 });
    expect(items[0]!.image?.url).toBe(`${demo.url}/media/${items[0]!.image?.id}`);
    expect(items[0]!.weightGrams).toBeUndefined();
  });
});
