import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations, type TestServer } from '../../test/server.ts';
import { demoCatalog, P, type Page, type Product } from './search-wire.test-support.ts';

/**
 * Product search aggregations (contract catalog.md §6 `aggregationData`) and the platform's product
 * filters that the storefront components send, over the demo catalog, through HTTP.
 */
const enc = (o: unknown) => `.r=${Buffer.from(JSON.stringify(o)).toString('base64url')}`;
/** What the headless product list sends with every search (products-list-service.js). */
const HEADLESS = [
  {
    name: 'minPrice',
    fieldPath: 'actualPriceRange.minValue.amount',
    type: 'SCALAR',
    scalar: { type: 'MIN' },
  },
  {
    name: 'maxPrice',
    fieldPath: 'actualPriceRange.maxValue.amount',
    type: 'SCALAR',
    scalar: { type: 'MAX' },
  },
  {
    name: 'optionNames',
    fieldPath: 'options.name',
    type: 'VALUE',
    value: { limit: 20, sortType: 'VALUE', sortDirection: 'ASC' },
  },
  {
    name: 'choiceNames',
    fieldPath: 'options.choicesSettings.choices.name',
    type: 'VALUE',
    value: { limit: 50, sortType: 'VALUE', sortDirection: 'ASC' },
  },
  {
    name: 'inventoryStatus',
    fieldPath: 'inventory.availabilityStatus',
    type: 'VALUE',
    value: { limit: 10, sortType: 'VALUE', sortDirection: 'ASC' },
  },
];

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
const byName = (r: Page, name: string) => r.aggregationData!.results.find((x) => x.name === name)!;
/** Distinct values of `pick` over `products`, with how many products hold each. */
function counted(products: Product[], pick: (p: Product) => string[]) {
  const n = new Map<string, number>();
  for (const p of products) for (const v of new Set(pick(p))) n.set(v, (n.get(v) ?? 0) + 1);
  return n;
}
const choiceNames = (p: Product) => p.options.flatMap((o) => o.choicesSettings.choices.map((c) => c.name));

describe('search aggregations', () => {
  it("answers the headless product list's aggregations over the matching products (GET and POST)", async () => {
    const get = await s.request<Page>(
      'GET',
      `${P}/search?${enc({ search: { filter: {}, aggregations: HEADLESS }, fields: ['CURRENCY'] })}`,
    );
    expect(get.status).toBe(200);
    const prices = all.map((p) => Number(p.actualPriceRange.minValue.amount));
    const tops = all.map((p) => Number(p.actualPriceRange.maxValue.amount));
    expect(byName(get.body, 'minPrice')).toEqual({
      name: 'minPrice',
      type: 'SCALAR',
      fieldPath: 'actualPriceRange.minValue.amount',
      scalar: { type: 'MIN', value: Math.min(...prices) },
    });
    expect(byName(get.body, 'maxPrice').scalar).toEqual({ type: 'MAX', value: Math.max(...tops) });
    const options = counted(all, (p) => p.options.map((o) => o.name));
    expect(byName(get.body, 'optionNames').values!.results).toEqual(
      [...options].sort(([a], [b]) => (a < b ? -1 : 1)).map(([value, count]) => ({ value, count })),
    );
    const choices = counted(all, choiceNames);
    const sorted = [...choices].sort(([a], [b]) => (a < b ? -1 : 1)).slice(0, 50);
    expect(byName(get.body, 'choiceNames').values!.results).toEqual(
      sorted.map(([value, count]) => ({ value, count })),
    );
    expect(byName(get.body, 'choiceNames').values!.results).toContainEqual({ value: 'Navy', count: 2 });
    const statuses = counted(all, (p) => [p.inventory.availabilityStatus]);
    expect(byName(get.body, 'inventoryStatus').values!.results).toEqual(
      [...statuses].sort(([a], [b]) => (a < b ? -1 : 1)).map(([value, count]) => ({ value, count })),
    );

    // Narrowed by the filter: a category's products only.
    const post = await search({
      search: {
        filter: { 'allCategoriesInfo.categories': { $matchItems: [{ _id: { $in: [home] } }] } },
        aggregations: HEADLESS,
      },
    });
    expect(post.status).toBe(200);
    const inHome = all.filter((p) => p.allCategoriesInfo!.categories.some((c) => c.id === home));
    expect(post.body.products.map((p) => p.slug).sort()).toEqual(inHome.map((p) => p.slug).sort());
    expect(byName(post.body, 'minPrice').scalar!.value).toBe(
      Math.min(...inHome.map((p) => Number(p.actualPriceRange.minValue.amount))),
    );
    expect(byName(post.body, 'choiceNames').values!.results).toEqual(
      [...counted(inHome, choiceNames)]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([value, count]) => ({ value, count })),
    );
  });

  it('sorts and limits value buckets, counts distinct values, ranges, histograms and missing values', async () => {
    const r = await search({
      search: {
        search: { expression: 'linen' },
        aggregations: [
          { name: 'top', fieldPath: 'options.choicesSettings.choices.name', value: { limit: 2 } },
          {
            name: 'desc',
            fieldPath: 'inventory.availabilityStatus',
            type: 'VALUE',
            value: { sortType: 'VALUE', sortDirection: 'DESC' },
          },
          { name: 'distinct', fieldPath: 'options._id', type: 'SCALAR', scalar: { type: 'COUNT_DISTINCT' } },
          {
            name: 'cheap',
            fieldPath: 'actualPriceRange.minValue.amount',
            type: 'RANGE',
            range: { buckets: [{ to: 50 }, { from: 50, to: 100 }, { from: 100 }] },
          },
          {
            name: 'days',
            fieldPath: '_createdDate',
            type: 'DATE_HISTOGRAM',
            dateHistogram: { interval: 'YEAR' },
          },
          {
            name: 'brands',
            fieldPath: 'brand.name',
            type: 'VALUE',
            value: { missingValues: 'INCLUDE', includeOptions: { addToBucket: 'none' } },
          },
          { name: 'sum', fieldPath: 'actualPriceRange.minValue.amount', scalar: { type: 'SUM' } },
        ],
      },
    });
    expect(r.status).toBe(200);
    const linen = all.filter((p) =>
      p.name
        .toLowerCase()
        .split(/[^a-z]+/)
        .includes('linen'),
    );
    expect(r.body.products.map((p) => p.slug).sort()).toEqual(linen.map((p) => p.slug).sort());
    // By count (most first), ties by value.
    const top = [...counted(linen, choiceNames)].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1));
    expect(byName(r.body, 'top').values!.results).toEqual(
      top.slice(0, 2).map(([value, count]) => ({ value, count })),
    );
    const statuses = [...new Set(linen.map((p) => p.inventory.availabilityStatus))].sort().reverse();
    expect(byName(r.body, 'desc').values!.results.map((x) => x.value)).toEqual(statuses);
    expect(byName(r.body, 'distinct').scalar).toEqual({
      type: 'COUNT_DISTINCT',
      value: new Set(linen.flatMap((p) => p.options.map((o) => o.id))).size,
    });
    const price = linen.map((p) => Number(p.actualPriceRange.minValue.amount));
    expect(byName(r.body, 'cheap')).toMatchObject({
      type: 'RANGE',
      ranges: {
        results: [
          { to: 50, count: price.filter((x) => x < 50).length },
          { from: 50, to: 100, count: price.filter((x) => x >= 50 && x < 100).length },
          { from: 100, count: price.filter((x) => x >= 100).length },
        ],
      },
    });
    const year = `${s.clock.now().getUTCFullYear()}-01-01T00:00:00.000Z`;
    expect(byName(r.body, 'days')).toMatchObject({
      fieldPath: '_createdDate',
      dateHistogram: { results: [{ value: year, count: linen.length }] },
    });
    expect(byName(r.body, 'brands').values!.results).toEqual([{ value: 'none', count: linen.length }]);
    expect(byName(r.body, 'sum').scalar!.value).toBeCloseTo(
      price.reduce((a, b) => a + b, 0),
      6,
    );
  });

  it('describes the whole result on every page, and is absent when none is asked for', async () => {
    const first = await search({
      search: { cursorPaging: { limit: 5 }, aggregations: HEADLESS.slice(0, 1) },
    });
    const next = await search({
      search: {
        cursorPaging: { cursor: first.body.pagingMetadata.cursors.next },
        aggregations: HEADLESS.slice(0, 1),
      },
    });
    expect(next.status).toBe(200);
    expect(next.body.aggregationData).toEqual(first.body.aggregationData);
    const plain = await search({ search: { cursorPaging: { limit: 5 } } });
    expect(plain.body).not.toHaveProperty('aggregationData');
  });

  it('refuses unknown field paths, NESTED without levels, unknown settings and MIN of text, naming the aggregation', async () => {
    const bad = async (aggregation: unknown) => {
      const r = await search({ search: { aggregations: [HEADLESS[0], aggregation] } });
      expect(r.status).toBe(400);
      return violations(r.body);
    };
    expect(await bad({ name: 'colour', fieldPath: 'colour', type: 'VALUE' })).toMatchObject([
      {
        field: 'search.aggregations.1.fieldPath',
        description: 'aggregation "colour": colour is not a field that can be aggregated',
        violatedRule: 'FIELD_NOT_ALLOWED',
      },
    ]);
    expect((await bad({ name: 'n', type: 'NESTED', nested: { nestedAggregations: [] } }))[0]!.field).toBe(
      'search.aggregations.1.nested.nestedAggregations',
    );
    expect((await bad({ name: 'x', fieldPath: 'name', scalar: { type: 'MIN' } }))[0]).toMatchObject({
      field: 'search.aggregations.1.scalar.type',
    });
    expect((await bad({ fieldPath: 'name', type: 'VALUE', value: { top: 3 } }))[0]!.field).toMatch(
      /^search\.aggregations/,
    );
    expect((await bad({ fieldPath: 'name', type: 'SCALAR', value: {} }))[0]!.field).toBe(
      'search.aggregations.1.value',
    );
  });
});
