import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, startTestServer, violations, type TestServer } from '../../test/server.ts';

type Any = Record<string, unknown>;
interface V1Product {
  id: string;
  name: string;
  numericId: string;
  sku?: string;
  priceData: { price: number; discountedPrice: number };
  stock: Any;
  variants?: { id: string; choices: Record<string, string> }[];
}
interface V1Page {
  products: V1Product[];
  metadata: { count: number; offset: number; total: number };
}
const R = '/stores-reader/v1';
const enc = (o: unknown) => `.r=${Buffer.from(JSON.stringify(o)).toString('base64url')}`;
const price = (a: string, c?: string) => ({
  actualPrice: { amount: a },
  ...(c ? { compareAtPrice: { amount: c } } : {}),
});

let s: TestServer;
const made: Record<string, { id: string; variantsInfo: { variants: { id: string; visible: boolean }[] } }> =
  {};
beforeAll(async () => {
  s = await startTestServer();
  const create = async (key: string, product: Any) => {
    const r = await s.admin<{ product: (typeof made)[string] }>('POST', '/stores/v3/products', { product });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    made[key] = r.body.product;
  };
  await create('kettle', {
    name: 'V1 Kettle',
    variantsInfo: {
      variants: [{ sku: 'KET', price: price('30.00', '40.00'), inventoryItem: { quantity: 2 } }],
    },
  });
  await create('hidden', {
    name: 'V1 Hidden',
    visible: false,
    variantsInfo: { variants: [{ price: price('5.00') }] },
  });
  await create('rug', {
    name: 'V1 Rug',
    options: [
      {
        name: 'Colour',
        optionRenderType: 'SWATCH_CHOICES',
        choicesSettings: {
          choices: [
            { name: 'Red', choiceType: 'ONE_COLOR', colorCode: '#ff0000' },
            { name: 'Blue', choiceType: 'ONE_COLOR', colorCode: '#0000ff' },
          ],
        },
      },
    ],
    variantsInfo: {
      variants: [
        {
          sku: 'RUG-R',
          price: price('90.00'),
          choices: [{ optionChoiceNames: { optionName: 'Colour', choiceName: 'Red' } }],
        },
        {
          sku: 'RUG-B',
          price: price('80.00'),
          visible: false,
          choices: [{ optionChoiceNames: { optionName: 'Colour', choiceName: 'Blue' } }],
        },
      ],
    },
  });
});
afterAll(async () => {
  await s?.stop();
});

describe('catalog v1 reads over HTTP', () => {
  it('lists visible products (hidden ones only when the admin asks), with their variants; pages by offset with a total', async () => {
    const all = await s.admin<V1Page>(
      'GET',
      `${R}/products/query-platformized?${enc({ query: { paging: { limit: 2, offset: 0 } } })}`,
    );
    expect(all.status).toBe(200);
    expect(all.body.metadata).toEqual({ count: 2, offset: 0, total: 2 });
    expect(all.body.products.map((p) => p.name).sort()).toEqual(['V1 Kettle', 'V1 Rug']);
    expect(all.body.products.find((p) => p.name === 'V1 Rug')!.variants!.map((v) => v.choices)).toEqual([
      { Colour: 'Red' },
    ]);
    const bare = await s.request<V1Page>(
      'GET',
      `${R}/products/query-platformized?${enc({ query: {}, includeVariants: false })}`,
    );
    expect(bare.body.products.map((p) => p.variants)).toEqual([undefined, undefined]);
    const plain = await s.request<V1Page>(
      'GET',
      `${R}/products/query-platformized?includeVariants=true&includeMerchantSpecificData=false`,
    );
    expect(plain.body.products.every((p) => p.variants!.length === 1)).toBe(true);
    const hidden = await s.admin<V1Page>('POST', `${R}/products/query-platformized`, {
      query: { sort: [{ fieldName: 'name', order: 'ASC' }] },
      includeHiddenProducts: true,
      includeMerchantSpecificData: true,
    });
    expect(hidden.body.products.map((p) => p.name)).toEqual(['V1 Hidden', 'V1 Kettle', 'V1 Rug']);
    const notYours = await s.request('POST', `${R}/products/query-platformized`, {
      body: { includeHiddenProducts: true },
    });
    expect([notYours.status, appError(notYours.body).code]).toEqual([
      403,
      'NO_PERMISSION_TO_INCLUDE_NOT_VISIBLE_PRODUCTS',
    ]);
    const merchant = await s.request('POST', `${R}/products/query-platformized`, {
      body: { includeMerchantSpecificData: true },
    });
    expect([merchant.status, appError(merchant.body).code]).toEqual([
      403,
      'NO_PERMISSION_TO_READ_MERCHANT_DATA',
    ]);
    // Default order: newest first (numericId descending).
    expect(all.body.products.map((p) => p.name)).toEqual(['V1 Rug', 'V1 Kettle']);
    expect(BigInt(all.body.products[0]!.numericId) > BigInt(all.body.products[1]!.numericId)).toBe(true);
    const byNumeric = await s.request<V1Page>('POST', `${R}/products/query-platformized`, {
      body: { query: { filter: { numericId: { $lte: Number(all.body.products[1]!.numericId) } } } },
    });
    expect(byNumeric.body.products.map((p) => p.name)).toEqual(['V1 Kettle']);
    expect((await s.request('GET', `${R}/products/${made.hidden!.id}`)).status).toBe(404);
    expect((await s.admin('GET', `${R}/products/${made.hidden!.id}`)).status).toBe(200);
  });

  it('maps prices, discounts and stock, and the lead variant of a product whose cheapest variant is hidden', async () => {
    const kettle = (
      await s.request<{ product: V1Product & Any }>(
        'GET',
        `${R}/products/${made.kettle!.id}?id=${made.kettle!.id}`,
      )
    ).body.product;
    expect(kettle).toMatchObject({
      sku: 'KET',
      priceData: { price: 40, discountedPrice: 30 },
      discount: { type: 'AMOUNT', value: 10 },
      stock: { trackInventory: true, quantity: 2, inStock: true, inventoryStatus: 'IN_STOCK' },
      manageVariants: false,
    });
    const rug = (await s.request<{ product: V1Product & Any }>('GET', `${R}/products/${made.rug!.id}`)).body
      .product;
    expect(rug).toMatchObject({
      sku: 'RUG-R',
      priceData: { price: 90 },
      priceRange: { minValue: 90, maxValue: 90 },
      manageVariants: true,
    });
    expect(rug.variants!.map((v) => v.choices)).toEqual([{ Colour: 'Red' }]);
    expect(rug.productOptions).toEqual([
      {
        optionType: 'color',
        name: 'Colour',
        choices: [
          { value: '#ff0000', description: 'Red', inStock: true, visible: true },
          { value: '#0000ff', description: 'Blue', inStock: false, visible: false },
        ],
      },
    ]);
  });

  it('resolves options by name or colour code, and hidden variants are not for sale', async () => {
    const avail = (options: Any) =>
      s.request<Any>('POST', `${R}/products/${made.rug!.id}/productOptionsAvailability`, {
        body: { id: made.rug!.id, options },
      });
    expect((await avail({ Colour: '#FF0000' })).body).toMatchObject({
      availableForPurchase: true,
      selectedVariant: { sku: 'RUG-R' },
    });
    expect((await avail({ colour: 'red' })).body).toMatchObject({ availableForPurchase: true });
    const blue = (await avail({ Colour: 'Blue' })).body;
    expect(blue.availableForPurchase).toBe(false);
    expect(blue.selectedVariant).toBeUndefined();
    expect((await avail({ Size: 'XL' })).body.availableForPurchase).toBe(false);
    const single = await s.request<Any>(
      'POST',
      `${R}/products/${made.kettle!.id}/productOptionsAvailability`,
      { body: { options: {} } },
    );
    expect(single.body).toMatchObject({
      availableForPurchase: true,
      selectedVariant: { sku: 'KET', quantity: 2 },
      productOptions: [],
    });
    const stores = await s.request<{ variants: { sku?: string }[] }>('POST', `${R}/variants/query`, {
      body: { query: { filter: { productId: made.rug!.id } } },
    });
    expect(stores.body.variants.map((v) => v.sku)).toEqual(['RUG-R']);
    const hiddenVariant = made.rug!.variantsInfo.variants.find((v) => !v.visible)!;
    expect((await s.request('GET', `${R}/variants/${made.rug!.id}-${hiddenVariant.id}`)).status).toBe(404);
  });

  it('answers bad input with violations, never a 500', async () => {
    const bad = [
      await s.request('GET', `${R}/products/not-a-guid`),
      await s.request('POST', `${R}/products/query-platformized`, {
        body: { query: { filter: { colour: 'red' } } },
      }),
      await s.request('POST', `${R}/products/query-platformized`, {
        body: { query: { filter: { productType: 7 } } },
      }),
      await s.request('POST', `${R}/products/query-platformized`, {
        body: { query: { filter: { numericId: 'abc' } } },
      }),
      await s.request('POST', `${R}/products/query-platformized`, {
        body: { query: { paging: { limit: 101 } } },
      }),
      await s.request('POST', `${R}/products/query-platformized`, {
        body: { query: { sort: [{ fieldName: 'description' }] } },
      }),
      await s.request('POST', `${R}/products/${made.rug!.id}/productOptionsAvailability`, {
        body: { options: { Colour: 3 } },
      }),
      await s.request('POST', `${R}/products/${made.rug!.id}/productOptionsAvailability`, {
        body: { id: made.kettle!.id, options: {} },
      }),
      await s.request('POST', `${R}/variants/query`, {
        body: { query: { cursorPaging: { cursor: 'junk' } } },
      }),
      await s.request('POST', '/v2/collections/query', { body: { query: { filter: { visible: true } } } }),
    ];
    expect(bad.map((r) => r.status)).toEqual(bad.map(() => 400));
    expect(violations(bad[1]!.body)[0]?.field).toBe('query.filter');
    const missing = await s.request(
      'GET',
      `${R}/variants/${made.rug!.id}-0190b1a8-0000-7000-8000-000000000000`,
    );
    expect([missing.status, appError(missing.body).code]).toEqual([404, 'VARIANT_NOT_FOUND']);
    expect((await s.request('GET', '/v2/collections/slug/nope')).status).toBe(404);
  });
});
