import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, startTestServer, violations, type TestServer } from '../../test/server.ts';
import { anonymousTokens, bundledClientId, shopClient, signInFrom } from '../../test/oauth.ts';
import { register, freshEmail } from '../../test/identity.ts';

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const C = '/ecom/v1/carts/current';
type Money = { amount: string; formattedAmount: string };
interface Line {
  id: string;
  quantity: number;
  productName: { original: string };
  price?: Money;
  fullPrice?: Money;
  lineItemPrice?: Money;
  availability: { status: string; quantityAvailable?: number };
  catalogReference: { catalogItemId: string; options?: { variantId?: string } };
  descriptionLines: {
    name: { original: string };
    plainText?: { original: string };
    colorInfo?: { code: string };
  }[];
  physicalProperties: { weight?: number; sku?: string; shippable: boolean };
  itemType: { preset?: string };
  url?: { relativePath: string };
}
interface Cart {
  id: string;
  lineItems: Line[];
  buyerInfo: { visitorId?: string; memberId?: string };
  currency: string;
  revision: string;
  buyerNote?: string;
  checkoutId?: string;
  appliedDiscounts: unknown[];
}

let s: TestServer;
let product: { id: string; variants: { id: string; sku?: string }[] };
let mug: { id: string; variants: { id: string }[] };
let soldOut: { id: string; variants: { id: string }[] };

async function newProduct(p: Record<string, unknown>) {
  const r = await s.admin<{
    product: { id: string; variantsInfo: { variants: { id: string; sku?: string }[] } };
  }>('POST', '/stores/v3/products', { product: p });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: r.body.product.id, variants: r.body.product.variantsInfo.variants };
}
const visitor = async () => (await anonymousTokens(s, bundledClientId(s))).access_token;
const ref = (catalogItemId: string, variantId?: string) => ({
  catalogItemId,
  appId: APP,
  ...(variantId ? { options: { variantId } } : {}),
});
const add = (auth: string, lineItems: unknown[], extra: Record<string, unknown> = {}) =>
  s.request<{ cart: Cart }>('POST', `${C}/add-to-cart`, { auth, body: { lineItems, ...extra } });
const get = (auth: string) => s.request<{ cart: Cart }>('GET', C, { auth });

beforeAll(async () => {
  s = await startTestServer();
  product = await newProduct({
    name: 'Cart Shirt',
    options: [
      { name: 'Size', choicesSettings: { choices: [{ name: 'S' }, { name: 'M' }] } },
      {
        name: 'Color',
        optionRenderType: 'SWATCH_CHOICES',
        choicesSettings: { choices: [{ name: 'Red', choiceType: 'ONE_COLOR', colorCode: '#ff0000' }] },
      },
    ],
    variantsInfo: {
      variants: [
        {
          sku: 'CS-S',
          price: { actualPrice: { amount: '10.00' }, compareAtPrice: { amount: '15.00' } },
          physicalProperties: { weight: 0.5 },
          inventoryItem: { quantity: 3 },
          choices: [
            { optionChoiceNames: { optionName: 'Size', choiceName: 'S' } },
            { optionChoiceNames: { optionName: 'Color', choiceName: 'Red' } },
          ],
        },
        {
          sku: 'CS-M',
          price: { actualPrice: { amount: '12.50' } },
          choices: [
            { optionChoiceNames: { optionName: 'Size', choiceName: 'M' } },
            { optionChoiceNames: { optionName: 'Color', choiceName: 'Red' } },
          ],
        },
      ],
    },
  });
  mug = await newProduct({
    name: 'Cart Mug',
    variantsInfo: { variants: [{ price: { actualPrice: { amount: '8' } } }] },
  });
  soldOut = await newProduct({
    name: 'Gone Lamp',
    variantsInfo: {
      variants: [{ price: { actualPrice: { amount: '30' } }, inventoryItem: { quantity: 0 } }],
    },
  });
});
afterAll(async () => {
  await s?.stop();
});

describe('current cart', () => {
  it('carries subtotal (MultiCurrencyPrice) on every cart answer: lines that count, before discounts', async () => {
    const v = await visitor();
    type Sub = {
      cart: Cart & { subtotal: Money & { convertedAmount: string; formattedConvertedAmount: string } };
    };
    const subtotal = (r: { body: Sub }) => r.body.cart.subtotal;
    const added = await s.request<Sub>('POST', `${C}/add-to-cart`, {
      auth: v,
      body: {
        lineItems: [
          { catalogReference: ref(product.id, product.variants[0]!.id), quantity: 2 },
          { catalogReference: ref(mug.id), quantity: 1 },
        ],
      },
    });
    expect(subtotal(added)).toEqual({
      amount: '28.00',
      convertedAmount: '28.00',
      formattedAmount: '$28.00',
      formattedConvertedAmount: '$28.00',
    });
    expect(subtotal(await s.request<Sub>('GET', C, { auth: v }))).toMatchObject({ amount: '28.00' });
    const more = await s.request<Sub>('POST', `${C}/update-line-items-quantity`, {
      auth: v,
      body: { lineItems: [{ id: added.body.cart.lineItems[1]!.id, quantity: 3 }] },
    });
    expect(subtotal(more)).toMatchObject({ amount: '44.00' });
    const coupon = await s.request<Sub>('PATCH', C, { auth: v, body: { cartInfo: { buyerNote: 'hi' } } });
    expect(subtotal(coupon)).toMatchObject({ amount: '44.00' });
    const less = await s.request<Sub>('POST', `${C}/remove-line-items`, {
      auth: v,
      body: { lineItemIds: [added.body.cart.lineItems[0]!.id] },
    });
    expect(subtotal(less)).toMatchObject({ amount: '24.00', formattedAmount: '$24.00' });
    const estimate = await s.request<Sub>('POST', `${C}/estimate-totals`, { auth: v, body: {} });
    expect(subtotal(estimate)).toMatchObject({ amount: '24.00' });
  });

  it('has no cart before the first item, then creates one on add-to-cart', async () => {
    const v = await visitor();
    const none = await get(v);
    expect(none.status).toBe(404);
    expect(appError(none.body).code).toBe('OWNED_CART_NOT_FOUND');

    const r = await add(v, [{ catalogReference: ref(product.id, product.variants[0]!.id), quantity: 2 }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const cart = r.body.cart;
    expect(cart).toMatchObject({
      currency: 'USD',
      buyerInfo: { visitorId: expect.any(String) },
      revision: '1',
    });
    expect(cart.lineItems[0]).toMatchObject({
      quantity: 2,
      productName: { original: 'Cart Shirt' },
      price: { amount: '10.00', formattedAmount: '$10.00' },
      fullPrice: { amount: '15.00' },
      lineItemPrice: { amount: '20.00' },
      availability: { status: 'AVAILABLE', quantityAvailable: 3 },
      physicalProperties: { weight: 0.5, sku: 'CS-S', shippable: true },
      itemType: { preset: 'PHYSICAL' },
      url: { relativePath: '/product-page/cart-shirt' },
      catalogReference: {
        catalogItemId: product.id,
        appId: APP,
        options: { variantId: product.variants[0]!.id },
      },
    });
    expect(cart.lineItems[0]!.descriptionLines).toEqual([
      { name: { original: 'Size', translated: 'Size' }, plainText: { original: 'S', translated: 'S' } },
      {
        name: { original: 'Color', translated: 'Color' },
        colorInfo: { original: 'Red', translated: 'Red', code: '#ff0000' },
      },
    ]);
    expect((await get(v)).body.cart).toEqual(cart);
  });

  it('adds the same item to the same line, a product with one variant without options, and refuses more than the stock', async () => {
    const v = await visitor();
    await add(v, [{ catalogReference: ref(product.id, product.variants[0]!.id), quantity: 1 }]);
    const again = await add(v, [
      { catalogReference: ref(product.id, product.variants[0]!.id), quantity: 1 },
      { catalogReference: ref(mug.id), quantity: 3 },
    ]);
    expect(again.body.cart.lineItems.map((l) => [l.productName.original, l.quantity])).toEqual([
      ['Cart Shirt', 2],
      ['Cart Mug', 3],
    ]);
    const tooMany = await add(v, [
      { catalogReference: ref(product.id, product.variants[0]!.id), quantity: 2 },
    ]);
    expect(tooMany.status).toBe(400);
    expect(appError(tooMany.body)).toMatchObject({
      code: 'INSUFFICIENT_INVENTORY',
      // What the cart already holds of it, so the shopper can be told how many more it takes.
      data: { quantityAvailable: 3, quantityInCart: 2 },
    });
    expect((await get(v)).body.cart.lineItems[0]!.quantity).toBe(2);
  });

  it('resolves a variant from option names, and refuses unknown, ambiguous and sold-out items', async () => {
    const v = await visitor();
    const byName = await add(v, [
      {
        catalogReference: {
          catalogItemId: product.id,
          appId: APP,
          options: { options: { Size: 'M', Color: 'Red' } },
        },
        quantity: 1,
      },
    ]);
    expect(byName.status, JSON.stringify(byName.body)).toBe(200);
    expect(byName.body.cart.lineItems[0]).toMatchObject({
      price: { amount: '12.50' },
      catalogReference: { options: { variantId: product.variants[1]!.id } },
    });
    const ambiguous = await add(v, [{ catalogReference: ref(product.id), quantity: 1 }]);
    expect([ambiguous.status, appError(ambiguous.body).code]).toEqual([404, 'CATALOG_ITEM_NOT_FOUND']);
    const unknown = await add(v, [
      { catalogReference: ref('0190a0a0-0000-7000-8000-000000000000'), quantity: 1 },
    ]);
    expect([unknown.status, appError(unknown.body).code]).toEqual([404, 'CATALOG_ITEM_NOT_FOUND']);
    const gone = await add(v, [{ catalogReference: ref(soldOut.id), quantity: 1 }]);
    expect([gone.status, appError(gone.body).code]).toEqual([400, 'ITEM_NOT_AVAILABLE']);
    const otherApp = await add(v, [
      { catalogReference: { catalogItemId: mug.id, appId: 'some-other-app' }, quantity: 1 },
    ]);
    expect(violations(otherApp.body)[0]).toMatchObject({ field: 'lineItems.0.catalogReference.appId' });
  });

  it('finds items named by their variant in the statement that reads the cart, and the same ones not found', async () => {
    const v = await visitor();
    // Into no cart yet, then into the cart (an id in capitals names the same variant).
    expect((await add(v, [{ catalogReference: ref(mug.id, mug.variants[0]!.id), quantity: 1 }])).status).toBe(
      200,
    );
    const more = await add(v, [
      { catalogReference: ref(product.id, product.variants[1]!.id), quantity: 1 },
      { catalogReference: ref(mug.id.toUpperCase(), mug.variants[0]!.id.toUpperCase()), quantity: 2 },
    ]);
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(
      more.body.cart.lineItems.map((l) => [l.productName.original, l.quantity, l.price?.amount]),
    ).toEqual([
      ['Cart Mug', 3, '8.00'],
      ['Cart Shirt', 1, '12.50'],
    ]);
    for (const wrong of [
      ref(mug.id, product.variants[0]!.id), // another product's variant
      ref(product.id, '0190a0a0-0000-7000-8000-000000000000'),
      ref(product.id, 'not-a-uuid'),
      ref('not-a-uuid', mug.variants[0]!.id),
    ]) {
      const r = await add(v, [{ catalogReference: wrong, quantity: 1 }]);
      expect([r.status, appError(r.body).code], JSON.stringify(wrong)).toEqual([
        404,
        'CATALOG_ITEM_NOT_FOUND',
      ]);
    }
    const gone = await add(v, [{ catalogReference: ref(soldOut.id, soldOut.variants[0]!.id), quantity: 1 }]);
    expect([gone.status, appError(gone.body).code]).toEqual([400, 'ITEM_NOT_AVAILABLE']);
    expect((await get(v)).body.cart.lineItems.map((l) => l.quantity)).toEqual([3, 1]);
  });

  it('changes quantities, removes lines, sets the buyer note and deletes the cart', async () => {
    const v = await visitor();
    const made = (
      await add(v, [
        { catalogReference: ref(mug.id), quantity: 1 },
        { catalogReference: ref(product.id, product.variants[1]!.id), quantity: 1 },
      ])
    ).body.cart;
    const [a, b] = made.lineItems;
    const q = await s.request<{ cart: Cart }>('POST', `${C}/update-line-items-quantity`, {
      auth: v,
      body: { lineItems: [{ id: a!.id, quantity: 5 }] },
    });
    expect(q.body.cart.lineItems.find((l) => l.id === a!.id)!.quantity).toBe(5);
    const r = await s.request<{ cart: Cart }>('POST', `${C}/remove-line-items`, {
      auth: v,
      body: { lineItemIds: [b!.id] },
    });
    expect(r.body.cart.lineItems.map((l) => l.id)).toEqual([a!.id]);
    const missing = await s.request('POST', `${C}/remove-line-items`, {
      auth: v,
      body: { lineItemIds: [b!.id] },
    });
    expect([missing.status, appError(missing.body).code]).toEqual([404, 'LINE_ITEM_NOT_FOUND']);
    const note = await s.request<{ cart: Cart }>('PATCH', C, {
      auth: v,
      body: {
        cartInfo: {
          buyerNote: 'gift wrap',
          contactInfo: { address: { country: 'US', subdivision: 'US-NY', city: 'New York' } },
        },
      },
    });
    expect(note.body.cart).toMatchObject({
      buyerNote: 'gift wrap',
      contactInfo: { address: { country: 'US', city: 'New York' } },
    });
    expect((await s.request('DELETE', C, { auth: v })).status).toBe(200);
    expect((await get(v)).status).toBe(404);
  });

  it('reports field violations for bad quantities and unknown fields, and needs a visitor or member token', async () => {
    const v = await visitor();
    for (const quantity of [0, -1, 1.5, 100_001, '2']) {
      const r = await add(v, [{ catalogReference: ref(mug.id), quantity }]);
      expect(r.status).toBe(400);
      expect(violations(r.body)[0]).toMatchObject({ field: 'lineItems.0.quantity' });
    }
    const extra = await s.request('POST', `${C}/add-to-cart`, { auth: v, body: { lineItems: [], nope: 1 } });
    expect(violations(extra.body)[0]).toMatchObject({ field: 'nope', violatedRule: 'FIELD_NOT_ALLOWED' });
    const bad = await s.request('POST', `${C}/add-to-cart`, { auth: v, body: '{"lineItems": [' });
    expect(bad.status).toBe(400);
    expect((await s.request('GET', C)).status).toBe(401);
    expect((await s.admin('GET', C)).status).toBe(403);
    const custom = await add(v, [], {
      customLineItems: [{ quantity: 1, price: '5.00', productName: { original: 'Engraving' } }],
    });
    expect([custom.status, appError(custom.body).code]).toEqual([403, 'PERMISSION_DENIED']);
  });

  it('keeps each visitor to their own cart', async () => {
    const [v1, v2] = [await visitor(), await visitor()];
    const c1 = (await add(v1, [{ catalogReference: ref(mug.id), quantity: 1 }])).body.cart;
    const c2 = (await add(v2, [{ catalogReference: ref(mug.id), quantity: 4 }])).body.cart;
    expect(c1.id).not.toBe(c2.id);
    expect((await get(v1)).body.cart.lineItems[0]!.quantity).toBe(1);
    const steal = await s.request('POST', `${C}/remove-line-items`, {
      auth: v1,
      body: { lineItemIds: [c2.lineItems[0]!.id] },
    });
    expect(steal.status).toBe(404);
    expect((await get(v2)).body.cart.lineItems[0]!.quantity).toBe(4);
  });

  it('lets apps add custom line items and merchant discounts for a visitor with an elevated header', async () => {
    const v = await visitor();
    const elevated = `${v},${'vk_test_admin_key_0123456789abcdef'}`;
    const r = await add(elevated, [], {
      customLineItems: [
        {
          quantity: 2,
          price: '5.25',
          productName: { original: 'Engraving' },
          itemType: { preset: 'SERVICE' },
        },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.cart.lineItems[0]).toMatchObject({
      productName: { original: 'Engraving' },
      price: { amount: '5.25' },
      lineItemPrice: { amount: '10.50' },
      itemType: { preset: 'SERVICE' },
    });
    const d = await s.request<{ cart: Cart }>('PATCH', C, {
      auth: elevated,
      body: { merchantDiscounts: [{ amount: '1.50' }] },
    });
    expect(d.body.cart.appliedDiscounts).toEqual([
      { merchantDiscount: { amount: expect.objectContaining({ amount: '1.50' }) } },
    ]);
    const badPrice = await add(elevated, [], {
      customLineItems: [{ quantity: 1, price: '1.234', productName: { original: 'X' } }],
    });
    expect(badPrice.status).toBe(400);
    expect((await get(v)).body.cart.lineItems).toHaveLength(1);
    const scoped = await s.request('PATCH', C, {
      auth: elevated,
      body: { merchantDiscounts: [{ amount: '1.00', lineItemIds: [r.body.cart.lineItems[0]!.id] }] },
    });
    expect(violations(scoped.body)[0]).toMatchObject({
      field: 'merchantDiscounts.0.lineItemIds',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
    const asVisitor = await s.request('PATCH', C, {
      auth: v,
      body: { merchantDiscounts: [{ amount: '1.00' }] },
    });
    expect(asVisitor.status).toBe(403);
  });

  it('shows stock changes on the next read: partially available, then out of stock', async () => {
    const p = await newProduct({
      name: 'Scarce Vase',
      variantsInfo: {
        variants: [{ price: { actualPrice: { amount: '20' } }, inventoryItem: { quantity: 5 } }],
      },
    });
    const v = await visitor();
    await add(v, [{ catalogReference: ref(p.id), quantity: 4 }]);
    const items = await s.admin<{ inventoryItems: { id: string; revision: string }[] }>(
      'POST',
      '/stores/v3/inventory-items/query',
      { query: { filter: { productId: p.id } } },
    );
    const item = items.body.inventoryItems[0]!;
    await s.admin('PATCH', `/stores/v3/inventory-items/${item.id}`, {
      inventoryItem: { id: item.id, revision: item.revision, quantity: 2 },
    });
    expect((await get(v)).body.cart.lineItems[0]!.availability).toEqual({
      status: 'PARTIALLY_AVAILABLE',
      quantityAvailable: 2,
    });
    await s.admin('DELETE', `/stores/v3/products/${p.id}`);
    expect((await get(v)).body.cart.lineItems[0]).toMatchObject({
      availability: { status: 'NOT_FOUND' },
      productName: { original: 'Scarce Vase' },
    });
  });

  it('sets a quantity above the stock to the stock left (update-line-items-quantity); with none left the line stays as it is, out of stock', async () => {
    const p = await newProduct({
      name: 'Few Pens',
      variantsInfo: {
        variants: [{ price: { actualPrice: { amount: '2' } }, inventoryItem: { quantity: 5 } }],
      },
    });
    const v = await visitor();
    const made = (
      await add(v, [
        { catalogReference: ref(p.id), quantity: 2 },
        { catalogReference: ref(mug.id), quantity: 1 },
      ])
    ).body.cart;
    const [pen, cup] = made.lineItems.map((l) => l.id);
    const setQuantity = async (lineItems: { id: string; quantity: number }[]) => {
      const r = await s.request<{ cart: Cart }>('POST', `${C}/update-line-items-quantity`, {
        auth: v,
        body: { lineItems },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.cart.lineItems.map((l) => [l.quantity, l.availability]);
    };
    // Above the stock: set to the 5 left (and the untracked mug in the same call takes what it asks).
    expect(
      await setQuantity([
        { id: pen!, quantity: 8 },
        { id: cup!, quantity: 40 },
      ]),
    ).toEqual([
      [5, { status: 'AVAILABLE', quantityAvailable: 5 }],
      [40, { status: 'AVAILABLE' }],
    ]);
    expect((await get(v)).body.cart.lineItems[0]!.quantity).toBe(5);
    // Lowering, and raising within the stock, are as asked.
    expect((await setQuantity([{ id: pen!, quantity: 3 }]))[0]).toEqual([
      3,
      { status: 'AVAILABLE', quantityAvailable: 5 },
    ]);
    expect((await setQuantity([{ id: pen!, quantity: 4 }]))[0]![0]).toBe(4);

    const items = await s.admin<{ inventoryItems: { id: string; revision: string }[] }>(
      'POST',
      '/stores/v3/inventory-items/query',
      { query: { filter: { productId: p.id } } },
    );
    const item = items.body.inventoryItems[0]!;
    const stock = async (quantity: number) => {
      const r = await s.admin<{ inventoryItem: { revision: string } }>(
        'PATCH',
        `/stores/v3/inventory-items/${item.id}`,
        { inventoryItem: { id: item.id, revision: item.revision, quantity } },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      item.revision = r.body.inventoryItem.revision;
    };
    // Stock fell to 2 under a line of 4: asking for 6, or for 3 (less than it holds), gives the 2 left.
    await stock(2);
    expect((await get(v)).body.cart.lineItems[0]!.availability.status).toBe('PARTIALLY_AVAILABLE');
    expect((await setQuantity([{ id: pen!, quantity: 6 }]))[0]).toEqual([
      2,
      { status: 'AVAILABLE', quantityAvailable: 2 },
    ]);
    // None left: a raise leaves the line at its quantity, shown out of stock; it is not removed.
    await stock(0);
    expect((await setQuantity([{ id: pen!, quantity: 6 }]))[0]).toEqual([
      2,
      { status: 'NOT_AVAILABLE', quantityAvailable: 0 },
    ]);
    expect((await setQuantity([{ id: pen!, quantity: 1 }]))[0]![0]).toBe(1);
    expect((await get(v)).body.cart.lineItems.map((l) => l.quantity)).toEqual([1, 40]);
  });

  it("hands a visitor's cart to the member they log in as, and merges it into an existing member cart", async () => {
    const clientId = await shopClient(s);
    const visitor = async () => (await anonymousTokens(s, clientId)).access_token;
    const loginAs = (visitorToken: string, email: string) =>
      signInFrom(s, { clientId, visitorToken, email, password: 'Correct-Horse-42' });
    const email = freshEmail('cart');
    expect((await register(s, email, 'Correct-Horse-42')).status).toBe(200);
    const v1 = await visitor();
    await add(v1, [{ catalogReference: ref(mug.id), quantity: 2 }]);
    const m1 = await loginAs(v1, email);
    const handed = (await get(m1)).body.cart;
    expect(handed).toMatchObject({ buyerInfo: { memberId: expect.any(String) } });
    expect(handed.lineItems.map((l) => l.quantity)).toEqual([2]);
    expect((await get(v1)).status).toBe(404);

    const v2 = await visitor();
    await add(v2, [
      { catalogReference: ref(mug.id), quantity: 1 },
      { catalogReference: ref(product.id, product.variants[1]!.id), quantity: 1 },
    ]);
    const m2 = await loginAs(v2, email);
    const merged = (await get(m2)).body.cart;
    expect(merged.id).toBe(handed.id);
    expect(merged.lineItems.map((l) => [l.productName.original, l.quantity])).toEqual([
      ['Cart Mug', 3],
      ['Cart Shirt', 1],
    ]);
    expect((await get(v2)).status).toBe(404);
  });
});
