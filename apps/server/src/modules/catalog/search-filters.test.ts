import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, violations, type TestServer } from '../../test/server.ts';
import { demoCatalog, P, type Page, type Product } from './search-wire.test-support.ts';

/**
 * The platform's product filters that the storefront components send (its "supported filters" page
 * for Search Products), over the demo catalog, and the choices they see, through HTTP.
 */
let s: TestServer;
let all: Product[];
let home: string;
beforeAll(async () => {
  ({ s, all, home } = await demoCatalog());
});
afterAll(async () => {
  await s?.stop();
});

const search = (body: unknown, auth?: string) => s.request<Page>('POST', `${P}/search`, { body, auth });
const choiceNames = (p: Product) => p.options.flatMap((o) => o.choicesSettings.choices.map((c) => c.name));

describe('the platform filters the storefront components send', () => {
  const names = async (filter: unknown, auth?: string) => {
    const r = await search({ search: { filter, cursorPaging: { limit: 100 } } }, auth);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.products.map((p) => p.slug).sort();
  };
  const slugs = (ps: Product[]) => ps.map((p) => p.slug).sort();

  it('filters by category with $matchItems (id or _id), on all and direct categories', async () => {
    const inHome = slugs(all.filter((p) => p.allCategoriesInfo!.categories.some((c) => c.id === home)));
    expect(inHome.length).toBeGreaterThan(0);
    expect(
      await names({ 'allCategoriesInfo.categories': { $matchItems: [{ _id: { $in: [home] } }] } }),
    ).toEqual(inHome);
    expect(await names({ 'directCategoriesInfo.categories': { $matchItems: [{ id: home }] } })).toEqual(
      inHome,
    );
    expect(
      await names({ 'allCategoriesInfo.categories': { $matchItems: [{ id: { $eq: home.toUpperCase() } }] } }),
    ).toEqual(inHome);
    // One category must satisfy every condition; an id that is no UUID matches nothing.
    expect(
      await names({
        'allCategoriesInfo.categories': { $matchItems: [{ id: { $in: [home] } }, { id: { $in: ['nope'] } }] },
      }),
    ).toEqual([]);
    expect(
      await names({ 'allCategoriesInfo.categories': { $matchItems: [{ _id: { $in: ['x'] } }] } }),
    ).toEqual([]);
    expect(await names({ 'allCategoriesInfo.categories': { $isEmpty: false } })).toEqual(slugs(all));
    expect(await names({ 'allCategoriesInfo.categories.id': { $hasSome: [home] } })).toEqual(inHome);
    const r = await search({
      search: { filter: { 'allCategoriesInfo.categories': { $matchItems: [{ index: 0 }] } } },
    });
    expect(violations(r.body)[0]).toMatchObject({ violatedRule: 'FIELD_NOT_ALLOWED' });
  });

  it('filters by option, choice id and name ($hasSome, $hasAll, $isEmpty), modifiers and the other listed fields', async () => {
    const customizations = await s.request<{
      customizations: { name: string; choicesSettings: { choices: { id: string; name: string }[] } }[];
    }>('POST', '/stores/v3/customizations/query', { body: {} });
    const colour = customizations.body.customizations.find((c) => c.name === 'Color')!;
    const names_ = colour.choicesSettings.choices.map((c) => c.name);
    expect(new Set(names_).size).toBe(names_.length);
    const navy = colour.choicesSettings.choices.find((c) => c.name === 'Navy')!.id;
    const sage = colour.choicesSettings.choices.find((c) => c.name === 'Sage')!.id;
    const offers = (name: string) => (p: Product) => choiceNames(p).includes(name);
    expect(await names({ 'options.choicesSettings.choices.choiceId': { $hasSome: [navy] } })).toEqual(
      slugs(all.filter(offers('Navy'))),
    );
    expect(all.filter(offers('Navy')).length).toBe(2);
    expect(await names({ 'options.choicesSettings.choices.choiceId': { $hasSome: [navy, sage] } })).toEqual(
      slugs(all.filter((p) => offers('Navy')(p) || offers('Sage')(p))),
    );
    expect(await names({ 'options.choicesSettings.choices.choiceId': { $hasAll: [navy, sage] } })).toEqual(
      slugs(all.filter((p) => offers('Navy')(p) && offers('Sage')(p))),
    );
    expect(await names({ 'options.choicesSettings.choices.choiceId': { $isEmpty: true } })).toEqual(
      slugs(all.filter((p) => p.options.length === 0)),
    );
    expect(await names({ 'options.choicesSettings.choices.choiceId': { $hasSome: ['not-a-uuid'] } })).toEqual(
      [],
    );
    expect(await names({ 'options.choicesSettings.choices.name': { $hasSome: ['Navy'] } })).toEqual(
      slugs(all.filter(offers('Navy'))),
    );
    expect(await names({ 'options.name': { $hasAll: ['Size', 'Color'] } })).toEqual(
      slugs(all.filter((p) => p.options.length === 2)),
    );
    const size = all
      .find((p) => p.options.some((o) => o.name === 'Size'))!
      .options.find((o) => o.name === 'Size')!;
    expect(await names({ 'options.id': { $hasSome: [size.id] } })).toEqual(
      slugs(all.filter((p) => p.options.some((o) => o.id === size.id))),
    );
    expect(await names({ 'modifiers.name': { $isEmpty: true } })).toEqual(slugs(all));
    expect(await names({ 'modifiers.choicesSettings.choices.choiceId': { $hasSome: [navy] } })).toEqual([]);
    expect(await names({ 'inventory.preorderStatus': { $in: ['DISABLED'] }, visibleInPos: true })).toEqual(
      slugs(all),
    );
    expect(await names({ importId: { $exists: false } })).toEqual(slugs(all));
    expect(await names({ importId: 'x' })).toEqual([]);
    const one = all[0]!;
    expect(await names({ id: { $startsWith: one.id.slice(0, 30) }, slug: { $exists: true } })).toEqual([
      one.slug,
    ]);
    expect(await names({ slug: { $startsWith: 'linen' } })).toEqual(
      slugs(all.filter((p) => p.slug.startsWith('linen'))),
    );
    const wrong = await search({ search: { filter: { 'options.name': { $isEmpty: 'yes' } } } });
    expect(violations(wrong.body)[0]).toMatchObject({ field: 'search.filter' });
  });

  it('takes the same filters in queryProducts and countProducts', async () => {
    const filter = { 'allCategoriesInfo.categories': { $matchItems: [{ id: { $in: [home] } }] } };
    const inHome = all.filter((p) => p.allCategoriesInfo!.categories.some((c) => c.id === home)).length;
    const q = await s.request<Page>('POST', `${P}/query`, { body: { query: { filter } } });
    expect(q.body.products).toHaveLength(inHome);
    const n = await s.request<{ count: number }>('POST', `${P}/count`, { body: { filter } });
    expect(n.body.count).toBe(inHome);
  });

  it("sorts by up to 10 fields, as the platform's search does, the next page too", async () => {
    const sort = [
      { fieldName: 'actualPriceRange.minValue.amount', order: 'DESC' },
      { fieldName: 'actualPriceRange.maxValue.amount', order: 'DESC' },
      { fieldName: 'productType', order: 'ASC' },
      { fieldName: 'visible', order: 'ASC' },
      { fieldName: 'createdDate', order: 'ASC' },
      { fieldName: 'name', order: 'ASC' },
      { fieldName: 'slug', order: 'ASC' },
    ];
    const first = await search({ search: { sort, cursorPaging: { limit: 5 } } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const next = await search({
      search: { cursorPaging: { limit: 100, cursor: first.body.pagingMetadata.cursors.next } },
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    const price = (p: Product) => Number(p.actualPriceRange.minValue.amount);
    const shown = [...first.body.products, ...next.body.products];
    expect(shown).toHaveLength(all.length);
    expect(shown.map(price)).toEqual([...all.map(price)].sort((a, b) => b - a));
    const eleven = await search({ search: { sort: [...sort, ...sort].slice(0, 11) } });
    expect(eleven.status).toBe(400);
  });

  it('matches any word with search mode OR', async () => {
    const r = await search({ search: { search: { expression: 'linen mug', mode: 'OR' } } });
    const words = (p: Product) => p.name.toLowerCase().split(/[^a-z]+/);
    expect(r.body.products.map((p) => p.slug).sort()).toEqual(
      slugs(all.filter((p) => words(p).some((w) => w.startsWith('linen') || w.startsWith('mug')))),
    );
  });
});

describe('choices a reader sees, and choices shared by name', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(async () => {
    await plain?.stop();
  });
  const option = (names: string[]) => ({
    name: 'Finish',
    choicesSettings: { choices: names.map((name) => ({ name })) },
  });
  const create = async (name: string, choices: string[], hidden: string[] = []) => {
    const r = await plain.admin<{ product: Product }>('POST', P, {
      product: {
        name,
        options: [option(choices)],
        variantsInfo: {
          variants: choices.map((c) => ({
            price: { actualPrice: { amount: '10.00' } },
            visible: !hidden.includes(c),
            choices: [{ optionChoiceNames: { optionName: 'Finish', choiceName: c } }],
          })),
        },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.product;
  };

  it('gives a shared option the ids of same-named choices that any earlier product added', async () => {
    const a = await create('Bowl', ['Matte', 'Gloss']);
    const b = await create('Plate', ['Gloss', 'Satin']);
    const c = await create('Cup', ['Satin', 'Matte', 'Raw']);
    const id = (p: Product, n: string) =>
      p.options[0]!.choicesSettings.choices.find((x) => x.name === n)!.choiceId;
    expect(id(b, 'Gloss')).toBe(id(a, 'Gloss'));
    expect(id(c, 'Satin')).toBe(id(b, 'Satin'));
    expect(id(c, 'Matte')).toBe(id(a, 'Matte'));
  });

  it("filters and aggregates a visitor's choices as the product shows them: none only hidden variants use", async () => {
    const p = await create('Vase', ['Glazed', 'Secret'], ['Secret']);
    const secret = p.options[0]!.choicesSettings.choices.find((x) => x.name === 'Secret')!.choiceId;
    const byChoice = {
      search: { filter: { 'options.choicesSettings.choices.choiceId': { $hasSome: [secret] } } },
    };
    const choices = {
      search: {
        filter: { slug: p.slug },
        aggregations: [{ name: 'c', fieldPath: 'options.choicesSettings.choices.name', type: 'VALUE' }],
      },
    };
    expect((await plain.request<Page>('POST', `${P}/search`, { body: byChoice })).body.products).toEqual([]);
    const seen = await plain.request<Page>('POST', `${P}/search`, { body: choices });
    expect(seen.body.aggregationData!.results[0]!.values!.results).toEqual([{ value: 'Glazed', count: 1 }]);
    const admin = await plain.admin<Page>('POST', `${P}/search`, byChoice);
    expect(admin.body.products.map((x) => x.name)).toEqual(['Vase']);
    const all = await plain.admin<Page>('POST', `${P}/search`, choices);
    expect(all.body.aggregationData!.results[0]!.values!.results).toEqual([
      { value: 'Glazed', count: 1 },
      { value: 'Secret', count: 1 },
    ]);
  });
});
