import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, startTestServer, violations, type TestServer } from '../../test/server.ts';
import { lookupCatalogItems } from './lookup.ts';

type Any = Record<string, unknown>;
interface Variant {
  id: string;
  visible: boolean;
  choices: { optionChoiceIds: Any; optionChoiceNames?: Any }[];
}
interface Product {
  id: string;
  revision: string;
  slug: string;
  productType: string;
  extendedFields?: Any;
  currency?: string;
  url?: string;
  plainDescription?: string;
  description?: { nodes: Any[] };
  media: { main: Any | null; itemsInfo?: Any };
  directCategoriesInfo?: Any;
  allCategoriesInfo?: Any;
  breadcrumbsInfo?: Any;
  options: { name: string; choicesSettings: { choices: { name: string; visible: boolean }[] } }[];
  variantsInfo: { variants: Variant[] };
  variantSummary: { variantCount: number; minPriceVariant?: Any };
  actualPriceRange: { minValue: { amount: string } };
}
interface Category {
  id: string;
  revision: string;
  name: string;
  slug: string;
  visible: boolean;
  description?: string;
  image?: { url: string };
  itemCounter: number;
}
const P = '/stores/v3/products';
const C = '/categories/v1/categories';
const names = (o: string, c: string) => ({ optionChoiceNames: { optionName: o, choiceName: c } });
const price = (a: string) => ({ actualPrice: { amount: a } });

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const category = async (name: string, extra: Any = {}) => {
  const r = await s.admin<{ category: Category }>('POST', C, {
    category: { name, ...extra },
    treeReference: { appNamespace: '@wix/stores' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.category;
};

describe('requested fields on v3 product reads', () => {
  let p: Product;
  let cat: Category;
  beforeAll(async () => {
    cat = await category('Fields Cat');
    const r = await s.admin<{ product: Product }>('POST', P, {
      product: {
        name: 'Fields Lamp',
        plainDescription: 'Warm light.\nDimmable.',
        media: {
          main: { url: 'https://cdn.example.test/media/lamp.webp' },
          itemsInfo: { items: [{ url: 'https://cdn.example.test/media/lamp-2.webp' }] },
        },
        directCategoriesInfo: { categories: [{ id: cat.id }] },
        options: [{ name: 'Finish', choicesSettings: { choices: [{ name: 'Brass' }, { name: 'Steel' }] } }],
        variantsInfo: {
          variants: [
            { price: price('40.00'), choices: [names('Finish', 'Brass')] },
            { price: price('30.00'), choices: [names('Finish', 'Steel')] },
          ],
        },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    p = r.body.product;
  });

  it('leaves optional fields out by default', async () => {
    const r = (await s.request<{ product: Product }>('GET', `${P}/${p.id}`)).body.product;
    for (const k of [
      'currency',
      'url',
      'plainDescription',
      'description',
      'directCategoriesInfo',
      'allCategoriesInfo',
      'breadcrumbsInfo',
    ])
      expect(r, k).not.toHaveProperty(k);
    expect(r.media.itemsInfo).toBeUndefined();
    expect(r.media.main).toMatchObject({
      url: 'https://cdn.example.test/media/lamp.webp',
      mediaType: 'IMAGE',
    });
    expect(r.variantsInfo.variants[0]!.choices[0]!.optionChoiceNames).toBeUndefined();
    expect(r.variantSummary.minPriceVariant).toBeUndefined();
  });

  it('adds each requested field', async () => {
    const f = [
      'URL',
      'CURRENCY',
      'PLAIN_DESCRIPTION',
      'DESCRIPTION',
      'MEDIA_ITEMS_INFO',
      'VARIANT_OPTION_CHOICE_NAMES',
      'DIRECT_CATEGORIES_INFO',
      'ALL_CATEGORIES_INFO',
      'BREADCRUMBS_INFO',
      'MIN_PRICE_VARIANT',
    ];
    const r = (
      await s.request<{ product: Product }>(
        'GET',
        `${P}/slug/${p.slug}?${f.map((x) => `fields=${x}`).join('&')}`,
      )
    ).body.product;
    expect(r).toMatchObject({
      currency: 'USD',
      url: `${s.url}/product-page/fields-lamp`,
      plainDescription: 'Warm light.\nDimmable.',
      directCategoriesInfo: { categories: [{ id: cat.id, index: 0 }] },
      allCategoriesInfo: { categories: [{ id: cat.id }] },
      breadcrumbsInfo: {
        breadcrumbs: [{ categoryId: cat.id, categoryName: 'Fields Cat', categorySlug: 'fields-cat' }],
      },
      media: {
        itemsInfo: {
          items: [
            { url: 'https://cdn.example.test/media/lamp.webp' },
            { url: 'https://cdn.example.test/media/lamp-2.webp' },
          ],
        },
      },
      variantSummary: { variantCount: 2, minPriceVariant: { price: { actualPrice: { amount: '30.00' } } } },
    });
    expect(r.description!.nodes).toHaveLength(2);
    expect(r.variantsInfo.variants[0]!.choices[0]!.optionChoiceNames).toEqual({
      optionName: 'Finish',
      choiceName: 'Brass',
      renderType: 'TEXT_CHOICES',
    });
    const listed = await s.request<{ products: Product[] }>('POST', `${P}/query`, {
      body: { query: { filter: { id: p.id } }, fields: ['CURRENCY', 'URL'] },
    });
    expect(listed.body.products[0]).toMatchObject({
      currency: 'USD',
      url: `${s.url}/product-page/fields-lamp`,
    });
  });

  it('refuses unknown fields, and merchant data or hidden products to visitors', async () => {
    const bad = await s.request('GET', `${P}/${p.id}?fields=COLOUR`);
    expect([bad.status, violations(bad.body)[0]?.field]).toEqual([400, 'fields.0']);
    const merchant = await s.request('GET', `${P}/${p.id}?fields=MERCHANT_DATA`);
    expect([merchant.status, appError(merchant.body).code]).toEqual([
      403,
      'NO_PERMISSION_TO_READ_MERCHANT_DATA',
    ]);
    expect((await s.admin('GET', `${P}/${p.id}?fields=MERCHANT_DATA`)).status).toBe(200);
    const hidden = await s.request('POST', `${P}/query`, { body: { returnNonVisibleProducts: true } });
    expect([hidden.status, appError(hidden.body).code]).toEqual([
      403,
      'NO_PERMISSION_TO_INCLUDE_NOT_VISIBLE_PRODUCTS',
    ]);
  });
});

describe('hidden variants inside a visible product', () => {
  it('are not shown to visitors, not counted in the price range, and not purchasable; the admin sees them', async () => {
    const r = await s.admin<{ product: Product }>('POST', P, {
      product: {
        name: 'Hidden Variant Vase',
        options: [{ name: 'Size', choicesSettings: { choices: [{ name: 'Small' }, { name: 'Huge' }] } }],
        variantsInfo: {
          variants: [
            { price: price('20.00'), choices: [names('Size', 'Small')] },
            { price: price('5.00'), visible: false, choices: [names('Size', 'Huge')] },
          ],
        },
      },
    });
    const p = r.body.product;
    const huge = p.variantsInfo.variants.find((v) => !v.visible)!;
    const visitor = (await s.request<{ product: Product }>('GET', `${P}/${p.id}`)).body.product;
    expect(visitor.variantsInfo.variants.map((v) => v.visible)).toEqual([true]);
    expect(visitor.variantSummary.variantCount).toBe(1);
    expect(visitor.options[0]!.choicesSettings.choices.map((c) => c.name)).toEqual(['Small']);
    expect(visitor.actualPriceRange.minValue.amount).toBe('20.00');
    const admin = (await s.admin<{ product: Product }>('GET', `${P}/${p.id}`)).body.product;
    expect(admin.variantsInfo.variants).toHaveLength(2);
    expect(admin.options[0]!.choicesSettings.choices.map((c) => [c.name, c.visible])).toEqual([
      ['Small', true],
      ['Huge', false],
    ]);
    const variants = await s.request<{ variants: { id: string }[] }>('POST', `${P}/query-variants`, {
      body: { query: { filter: { 'productData.productId': p.id } } },
    });
    expect(variants.body.variants.map((v) => v.id)).not.toContain(huge.id);
    const [item] = await lookupCatalogItems(s.app.systemCtx().db, [
      { catalogItemId: p.id, options: { variantId: huge.id } },
    ]);
    expect(item).toBeUndefined();
  });
});

describe('item types', () => {
  it('stores GIFT_CARD and SERVICE in extendedFields, DIGITAL on the wire; lookup reports the item type', async () => {
    const make = (name: string, extra: Any) =>
      s.admin<{ product: Product }>('POST', P, {
        product: { name, variantsInfo: { variants: [{ price: price('25.00') }] }, ...extra },
      });
    const gift = await make('Type Gift', {
      extendedFields: { namespaces: { '@vitrine/stores': { itemType: 'GIFT_CARD' } } },
    });
    expect(gift.status, JSON.stringify(gift.body)).toBe(200);
    expect(gift.body.product).toMatchObject({
      productType: 'DIGITAL',
      extendedFields: { namespaces: { '@vitrine/stores': { itemType: 'GIFT_CARD' } } },
    });
    const service = await make('Type Service', {
      productType: 'DIGITAL',
      extendedFields: { namespaces: { '@vitrine/stores': { itemType: 'SERVICE' } } },
    });
    const digital = await make('Type Digital', { productType: 'DIGITAL' });
    expect(digital.body.product.extendedFields).toBeUndefined();
    const wrong = await make('Type Wrong', {
      productType: 'PHYSICAL',
      extendedFields: { namespaces: { '@vitrine/stores': { itemType: 'GIFT_CARD' } } },
    });
    expect([wrong.status, violations(wrong.body)[0]?.field]).toEqual([400, 'product.productType']);
    const unknown = await make('Type Unknown', {
      extendedFields: { namespaces: { '@vitrine/stores': { itemType: 'CAR' } } },
    });
    expect([unknown.status, violations(unknown.body)[0]?.violatedRule]).toEqual([400, 'INVALID_ENUM_VALUE']);

    const items = await lookupCatalogItems(
      s.app.systemCtx().db,
      [gift, service, digital].map((r) => ({ catalogItemId: r.body.product.id })),
    );
    expect(items.map((i) => i?.itemType)).toEqual(['GIFT_CARD', 'SERVICE', 'DIGITAL']);

    // Updating the productType alone keeps a compatible item type, and resets an incompatible one.
    const g = gift.body.product;
    const same = await s.admin<{ product: Product }>('PATCH', `${P}/${g.id}`, {
      product: { revision: g.revision, productType: 'DIGITAL' },
    });
    expect(same.body.product.extendedFields).toMatchObject({
      namespaces: { '@vitrine/stores': { itemType: 'GIFT_CARD' } },
    });
    const physical = await s.admin<{ product: Product }>('PATCH', `${P}/${g.id}`, {
      product: { revision: same.body.product.revision, productType: 'PHYSICAL' },
    });
    expect(physical.body.product).toMatchObject({ productType: 'PHYSICAL' });
    expect(physical.body.product.extendedFields).toBeUndefined();
  });

  it('creates and updates through products-with-inventory', async () => {
    const r = await s.admin<{ product: Product }>('POST', '/stores/v3/products-with-inventory', {
      product: {
        name: 'With Inventory',
        variantsInfo: { variants: [{ price: price('3.00'), inventoryItem: { quantity: 4 } }] },
      },
      returnEntity: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [item] = await lookupCatalogItems(s.app.systemCtx().db, [{ catalogItemId: r.body.product.id }]);
    expect(item).toMatchObject({ tracked: true, quantity: 4 });
    const v = r.body.product.variantsInfo.variants[0]!;
    const u = await s.admin('PATCH', `/stores/v3/products-with-inventory/${r.body.product.id}`, {
      product: {
        revision: r.body.product.revision,
        variantsInfo: { variants: [{ id: v.id, price: price('3.00'), inventoryItem: { quantity: 9 } }] },
      },
    });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    const [after] = await lookupCatalogItems(s.app.systemCtx().db, [{ catalogItemId: r.body.product.id }]);
    expect(after).toMatchObject({ variantId: v.id, quantity: 9 });
  });
});

describe('categories: get, get by slug, update, delete', () => {
  it('reads, updates with a revision, hides from visitors and deletes', async () => {
    const c = await category('Lighting', {
      description: 'Lamps and more',
      image: 'https://cdn.example.test/media/lighting.webp',
    });
    expect(c).toMatchObject({
      name: 'Lighting',
      slug: 'lighting',
      visible: true,
      description: 'Lamps and more',
      image: { url: 'https://cdn.example.test/media/lighting.webp' },
      revision: '1',
    });
    expect(
      (await s.request<{ category: Category }>('GET', `${C}/${c.id}?treeReference.appNamespace=@wix/stores`))
        .body.category,
    ).toEqual(c);
    expect(
      (
        await s.request<{ category: Category }>(
          'GET',
          `${C}/slug/lighting?treeReference.appNamespace=@wix/stores`,
        )
      ).body.category.id,
    ).toBe(c.id);

    const u = await s.admin<{ category: Category }>('PATCH', `${C}/${c.id}`, {
      category: { id: c.id, revision: c.revision, name: 'Lights', visible: false },
      treeReference: { appNamespace: '@wix/stores' },
    });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body.category).toMatchObject({
      name: 'Lights',
      slug: 'lighting',
      visible: false,
      revision: '2',
    });
    const stale = await s.admin('PATCH', `${C}/${c.id}`, {
      category: { revision: c.revision, name: 'Nope' },
    });
    expect([stale.status, appError(stale.body).code]).toEqual([409, 'REVISION_MISMATCH']);
    const other = await category('Other Cat');
    const dup = await s.admin('PATCH', `${C}/${other.id}`, {
      category: { revision: other.revision, slug: 'lighting' },
    });
    expect([dup.status, appError(dup.body).code]).toEqual([409, 'DUPLICATE_SLUG_ERROR']);

    expect((await s.request('GET', `${C}/${c.id}`)).status).toBe(404);
    expect((await s.admin('GET', `${C}/${c.id}`)).status).toBe(200);
    expect(
      (await s.request('PATCH', `${C}/${c.id}`, { body: { category: { revision: '2', name: 'x' } } })).status,
    ).toBe(401);

    expect((await s.admin('DELETE', `${C}/${c.id}?treeReference.appNamespace=@wix/stores`)).status).toBe(200);
    expect((await s.admin('GET', `${C}/${c.id}`)).status).toBe(404);
    expect((await s.admin('DELETE', `${C}/${c.id}`)).status).toBe(404);
    const events = await s.admin<{ events: { eventType: string }[] }>('POST', '/platform/v1/events/query', {
      query: { filter: { entityId: c.id } },
    });
    expect(events.body.events.map((e) => e.eventType).sort()).toEqual([
      'wix.categories.v1.category_created',
      'wix.categories.v1.category_deleted',
      'wix.categories.v1.category_updated',
    ]);
  });
});

describe("catalog domain events besides the product's own", () => {
  it('emits inventory item created / updated / deleted and category item added / removed', async () => {
    const [a, b] = [await category('Events A'), await category('Events B')];
    const created = await s.admin<{ product: Product }>('POST', P, {
      product: {
        name: 'Event Stool',
        directCategoriesInfo: { categories: [{ id: a.id }] },
        variantsInfo: { variants: [{ price: price('70.00'), inventoryItem: { quantity: 2 } }] },
      },
    });
    const p = created.body.product;
    const v = p.variantsInfo.variants[0]!;
    const updated = await s.admin<{ product: Product }>('PATCH', `${P}/${p.id}`, {
      product: {
        revision: p.revision,
        directCategoriesInfo: { categories: [{ id: b.id }] },
        variantsInfo: { variants: [{ id: v.id, price: price('70.00'), inventoryItem: { quantity: 5 } }] },
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await s.admin('DELETE', `${P}/${p.id}`)).status).toBe(200);
    const q = async (filter: Any) =>
      (
        await s.admin<{ events: { eventType: string; entityId: string; actionEvent?: { body: Any } }[] }>(
          'POST',
          '/platform/v1/events/query',
          { query: { filter, cursorPaging: { limit: 100 } } },
        )
      ).body.events;
    const inv = await q({ entityFqdn: 'wix.stores.catalog.v3.inventory_item', entityId: v.id });
    expect(inv.map((e) => e.eventType).sort()).toEqual(
      ['created', 'deleted', 'updated'].map((x) => `wix.stores.catalog.v3.inventory_item_${x}`),
    );
    const ofA = (await q({ entityId: a.id })).map((e) => e.eventType).sort();
    expect(ofA).toEqual([
      'wix.categories.v1.category_created',
      'wix.categories.v1.category_item_added_to_category',
      'wix.categories.v1.category_item_removed_from_category',
    ]);
    const ofB = await q({
      entityId: b.id,
      eventType: 'wix.categories.v1.category_item_removed_from_category',
    });
    expect(ofB[0]?.actionEvent?.body).toEqual({
      categoryId: b.id,
      removedItem: { catalogItemId: p.id, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
      treeReference: { appNamespace: '@wix/stores', treeKey: null },
    });
  });
});
