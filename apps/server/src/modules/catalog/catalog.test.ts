import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, startTestServer, violations, type TestServer } from '../../test/server.ts';

type Money = { amount: string; formattedAmount: string };
interface Product {
  id: string;
  revision: string;
  name: string;
  slug: string;
  visible: boolean;
  options: {
    id: string;
    name: string;
    choicesSettings: { choices: { choiceId: string; name: string; inStock: boolean }[] };
  }[];
  actualPriceRange: { minValue: Money; maxValue: Money };
  compareAtPriceRange: { minValue: Money; maxValue: Money };
  inventory: { availabilityStatus: string };
  variantSummary: { variantCount: number };
  variantsInfo: {
    variants: {
      id: string;
      sku?: string;
      price: { actualPrice: Money };
      inventoryStatus: { inStock: boolean };
    }[];
  };
}
interface Page {
  products: Product[];
  pagingMetadata: { count: number; cursors: { next: string | null; prev: string | null }; hasNext: boolean };
}
type One = { product: Product };
const P = '/stores/v3/products';
const enc = (o: unknown) => `.r=${Buffer.from(JSON.stringify(o)).toString('base64url')}`;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const create = (product: Record<string, unknown>) => s.admin<One>('POST', P, { product });
const simple = (name: string, price: string, extra: Record<string, unknown> = {}) =>
  create({ name, variantsInfo: { variants: [{ price: { actualPrice: { amount: price } } }] }, ...extra });
const shirt = {
  name: 'Test Shirt',
  slug: 'test-shirt',
  options: [
    { name: 'Size', choicesSettings: { choices: [{ name: 'S' }, { name: 'M' }] } },
    {
      name: 'Color',
      optionRenderType: 'SWATCH_CHOICES',
      choicesSettings: { choices: [{ name: 'Red', choiceType: 'ONE_COLOR' }] },
    },
  ],
  variantsInfo: {
    variants: [
      {
        sku: 'TS-S',
        price: { actualPrice: { amount: '10.00' }, compareAtPrice: { amount: '15.00' } },
        choices: [
          { optionChoiceNames: { optionName: 'Size', choiceName: 'S' } },
          { optionChoiceNames: { optionName: 'Color', choiceName: 'Red' } },
        ],
        inventoryItem: { quantity: 0 },
      },
      {
        sku: 'TS-M',
        price: { actualPrice: { amount: '12.5' } },
        choices: [
          { optionChoiceNames: { optionName: 'Size', choiceName: 'M' } },
          { optionChoiceNames: { optionName: 'Color', choiceName: 'Red' } },
        ],
      },
    ],
  },
};

describe('catalog v3 products', () => {
  let made: Product;
  it('creates a product with options, variants and inventory; reads it by id and slug', async () => {
    const r = await create(shirt);
    expect(r.status).toBe(200);
    made = r.body.product;
    expect(made).toMatchObject({
      name: 'Test Shirt',
      slug: 'test-shirt',
      visible: true,
      revision: '1',
      variantSummary: { variantCount: 2 },
      actualPriceRange: {
        minValue: { amount: '10.00', formattedAmount: '$10.00' },
        maxValue: { amount: '12.50' },
      },
      compareAtPriceRange: { minValue: { amount: '12.50' }, maxValue: { amount: '15.00' } },
      inventory: { availabilityStatus: 'PARTIALLY_OUT_OF_STOCK' },
    });
    expect(made.options.map((o) => o.name)).toEqual(['Size', 'Color']);
    expect(made.options[0]!.choicesSettings.choices.map((c) => c.inStock)).toEqual([false, true]);
    expect(made.variantsInfo.variants.map((v) => [v.sku, v.inventoryStatus.inStock])).toEqual([
      ['TS-S', false],
      ['TS-M', true],
    ]);
    expect((await s.request<One>('GET', `${P}/${made.id}?productId=${made.id}`)).body.product).toEqual(made);
    expect(
      (await s.request<One>('GET', `${P}/slug/test-shirt?slug=test-shirt&fields=CURRENCY`)).body.product,
    ).toEqual({ ...made, currency: 'USD' });
    const items = await s.request<{
      inventoryItems: { id: string; variantId: string; trackQuantity: boolean }[];
    }>('GET', `/stores/v3/inventory-items/query?${enc({ query: { filter: { productId: made.id } } })}`);
    expect(items.body.inventoryItems).toHaveLength(2);
  });

  it('gives a product without options one default variant', async () => {
    const r = await simple('Plain Mug', '8');
    expect(r.status).toBe(200);
    expect(r.body.product).toMatchObject({
      slug: 'plain-mug',
      options: [],
      variantSummary: { variantCount: 1 },
      inventory: { availabilityStatus: 'IN_STOCK' },
    });
  });

  it('hides invisible products from anonymous callers but not from the admin', async () => {
    const hidden = (await simple('Secret Scarf', '30.00', { visible: false })).body.product;
    expect((await s.request('GET', `${P}/${hidden.id}`)).status).toBe(404);
    expect((await s.request('GET', `${P}/slug/secret-scarf`)).status).toBe(404);
    expect((await s.admin<One>('GET', `${P}/${hidden.id}`)).body.product.name).toBe('Secret Scarf');
    const anon = await s.request<Page>('POST', `${P}/query`, {
      body: { query: { filter: { slug: 'secret-scarf' } } },
    });
    expect(anon.body.products).toEqual([]);
    expect(
      (await s.admin<Page>('POST', `${P}/query`, { query: { filter: { slug: 'secret-scarf' } } })).body
        .products,
    ).toHaveLength(1);
    expect((await s.request<{ count: number }>('GET', `${P}/count`)).body.count).toBe(2);
    expect((await s.admin<{ count: number }>('POST', `${P}/count`, {})).body.count).toBe(3);
  });

  it('updates only the fields given, and refuses a stale revision with 409', async () => {
    const r = await s.admin<One>('PATCH', `${P}/${made.id}`, {
      product: { id: made.id, revision: made.revision, name: 'Test Shirt v2' },
    });
    expect(r.status).toBe(200);
    expect(r.body.product).toMatchObject({
      name: 'Test Shirt v2',
      slug: 'test-shirt',
      revision: '2',
      variantSummary: { variantCount: 2 },
    });
    const stale = await s.admin('PATCH', `${P}/${made.id}`, {
      product: { revision: made.revision, name: 'Nope' },
    });
    expect(stale.status).toBe(409);
    expect(appError(stale.body).code).toBe('REVISION_MISMATCH');
    made = r.body.product;
  });

  it('changes availability when an inventory item is updated', async () => {
    const v = made.variantsInfo.variants[0]!;
    const items = await s.request<{ inventoryItems: { id: string; variantId: string }[] }>(
      'GET',
      `/stores/v3/inventory-items/query?${enc({ query: { filter: { variantId: v.id } } })}`,
    );
    const item = items.body.inventoryItems[0]!;
    const r = await s.admin<{ inventoryItem: { quantity: number; availabilityStatus: string } }>(
      'PATCH',
      `/stores/v3/inventory-items/${item.id}`,
      { inventoryItem: { quantity: 4 } },
    );
    expect(r.status).toBe(200);
    expect(r.body.inventoryItem).toMatchObject({ quantity: 4, availabilityStatus: 'IN_STOCK' });
    expect((await s.request<One>('GET', `${P}/${made.id}`)).body.product.inventory.availabilityStatus).toBe(
      'IN_STOCK',
    );
    await s.admin('PATCH', `/stores/v3/inventory-items/${item.id}`, { inventoryItem: { quantity: 0 } });
    expect((await s.request<One>('GET', `${P}/${made.id}`)).body.product.inventory.availabilityStatus).toBe(
      'PARTIALLY_OUT_OF_STOCK',
    );
    expect(
      (await s.admin('PATCH', `/stores/v3/inventory-items/${item.id}`, { inventoryItem: { quantity: -1 } }))
        .status,
    ).toBe(400);
  });

  it('rejects bad input with 400 violations and duplicates with 409', async () => {
    const bad = [
      [{ ...shirt, slug: 'Bad Slug' }, 'product.slug'],
      [
        { name: 'X', variantsInfo: { variants: [{ price: { actualPrice: { amount: '-1' } } }] } },
        'product.variantsInfo.variants.0.price.actualPrice.amount',
      ],
      [
        { name: 'X', variantsInfo: { variants: [{ price: { actualPrice: { amount: '1.234' } } }] } },
        'product.variantsInfo.variants.0.price.actualPrice.amount',
      ],
      [{ name: 'X' }, 'product.variantsInfo.variants'],
      [
        { name: '', variantsInfo: { variants: [{ price: { actualPrice: { amount: '1' } } }] } },
        'product.name',
      ],
      [
        {
          ...shirt,
          slug: 'other',
          variantsInfo: { variants: [shirt.variantsInfo.variants[0]] },
          options: [shirt.options[0]],
        },
        'product.variantsInfo.variants.0.choices.1',
      ],
    ] as const;
    for (const [product, field] of bad) {
      const r = await create(product as Record<string, unknown>);
      expect(r.status, field).toBe(400);
      expect(
        violations(r.body).map((v) => v.field),
        field,
      ).toContain(field);
    }
    const dupSlug = await create(shirt);
    expect([dupSlug.status, appError(dupSlug.body).code]).toEqual([409, 'DUPLICATE_SLUG_ERROR']);
    const dupSku = await create({ ...shirt, slug: 'another-shirt' });
    expect([dupSku.status, appError(dupSku.body).code]).toEqual([409, 'SKU_ALREADY_EXIST_ERROR']);
    expect((await s.request('POST', P, { body: { product: shirt } })).status).toBe(401);
    expect(
      (await s.request('POST', `${P}/query`, { body: { query: { filter: { color: 'red' } } } })).status,
    ).toBe(400);
    expect(
      (await s.request('POST', `${P}/query`, { body: { query: { cursorPaging: { cursor: 'junk' } } } }))
        .status,
    ).toBe(400);
  });

  it('emits product_created, product_updated and product_deleted events', async () => {
    const events = await s.admin<{ events: { eventType: string; entityId: string }[] }>(
      'POST',
      '/platform/v1/events/query',
      { query: { filter: { entityFqdn: 'wix.stores.catalog.v3.product', entityId: made.id } } },
    );
    expect(events.body.events.map((e) => e.eventType).sort()).toEqual([
      'wix.stores.catalog.v3.product_created',
      'wix.stores.catalog.v3.product_updated',
    ]);
  });

  it('deletes a product', async () => {
    const p = (await simple('Doomed Dish', '3.00')).body.product;
    expect((await s.admin('DELETE', `${P}/${p.id}?productId=${p.id}`)).status).toBe(200);
    expect((await s.admin('GET', `${P}/${p.id}`)).status).toBe(404);
    expect((await s.admin('DELETE', `${P}/${p.id}`)).status).toBe(404);
    const events = await s.admin<{ events: { eventType: string }[] }>('POST', '/platform/v1/events/query', {
      query: { filter: { entityId: p.id, eventType: 'wix.stores.catalog.v3.product_deleted' } },
    });
    expect(events.body.events).toHaveLength(1);
  });
});
