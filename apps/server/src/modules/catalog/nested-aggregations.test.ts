import { createClient } from '@wix/sdk';
import { productsV3 } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations, type TestServer } from '../../test/server.ts';
import { noAuth, redirectWixFetch } from '../../test/wix.ts';
import { demoCatalog, P, type Product } from './search-wire.test-support.ts';

/**
 * NESTED search aggregations over the demo catalog, through HTTP and the official SDK: the answer is
 * the SDK's flattened `nested.results`, one entry per deepest bucket keyed by the levels' names, and
 * every level's count is worked out here from the products themselves.
 */
interface Entry {
  value?: { value: string; count: number };
  range?: { from?: number; to?: number; count: number };
  scalar?: { value?: number };
}
interface Answer {
  aggregationData: {
    results: { name?: string; type: string; nested?: { results: { results: Record<string, Entry> }[] } }[];
  };
}

let s: TestServer;
let all: Product[];
let undo: () => void;
beforeAll(async () => {
  ({ s, all } = await demoCatalog());
  undo = redirectWixFetch(s.url);
});
afterAll(async () => {
  undo?.();
  await s?.stop();
});

const nested = async (nestedAggregations: unknown[], filter?: unknown) => {
  const r = await s.request<Answer>('POST', `${P}/search`, {
    body: {
      search: { filter, aggregations: [{ name: 'n', type: 'NESTED', nested: { nestedAggregations } }] },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.aggregationData.results[0]!.nested!.results.map((x) => x.results);
};
const status = (p: Product) => p.inventory.availabilityStatus;
const minPrice = (p: Product) => Number(p.actualPriceRange.minValue.amount);
const byCountThenValue = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);
function groups<T>(items: T[], keys: (t: T) => string[]): [string, T[]][] {
  const m = new Map<string, T[]>();
  for (const t of items) for (const k of new Set(keys(t))) m.set(k, [...(m.get(k) ?? []), t]);
  return [...m.entries()]
    .map(([k, v]) => [k, v] as [string, T[]])
    .sort((a, b) => byCountThenValue([a[0], a[1].length], [b[0], b[1].length]));
}

describe('NESTED aggregations', () => {
  it('buckets by a value, then takes a scalar within each bucket', async () => {
    const got = await nested([
      { name: 'status', fieldPath: 'inventory.availabilityStatus', type: 'VALUE' },
      {
        name: 'cheapest',
        fieldPath: 'actualPriceRange.minValue.amount',
        type: 'SCALAR',
        scalar: { type: 'MIN' },
      },
    ]);
    const want = groups(all, (p) => [status(p)]).map(([k, ps]) => ({
      status: { value: { value: k, count: ps.length } },
      cheapest: { scalar: { value: Math.min(...ps.map(minPrice)) } },
    }));
    expect(want.length).toBeGreaterThan(1);
    expect(got).toEqual(want);
  });

  it('nests three levels: a value, price ranges, then option names (arrays), each counted in its own bucket', async () => {
    const buckets = [{ to: 20 }, { from: 20, to: 40 }, { from: 40 }];
    const got = await nested([
      { name: 'status', fieldPath: 'inventory.availabilityStatus', type: 'VALUE' },
      { name: 'price', fieldPath: 'actualPriceRange.minValue.amount', type: 'RANGE', range: { buckets } },
      { name: 'option', fieldPath: 'options.name', type: 'VALUE', value: { limit: 5 } },
    ]);
    const inside = (b: { from?: number; to?: number }) => (p: Product) =>
      (b.from === undefined || minPrice(p) >= b.from) && (b.to === undefined || minPrice(p) < b.to);
    const want = groups(all, (p) => [status(p)]).flatMap(([st, ps]) =>
      buckets.flatMap((b) => {
        const inB = ps.filter(inside(b));
        return groups(inB, (p) => p.options.map((o) => o.name))
          .slice(0, 5)
          .map(([name, withName]) => ({
            status: { value: { value: st, count: ps.length } },
            price: { range: { ...b, count: inB.length } },
            option: { value: { value: name, count: withName.length } },
          }));
      }),
    );
    expect(want.length).toBeGreaterThan(2);
    // A product without options still counts in its status and price buckets.
    expect(all.some((p) => p.options.length === 0)).toBe(true);
    expect(got).toEqual(want);
  });

  it('describes only the products the filter matches, with missing values in a bucket of their own when asked', async () => {
    const cheap = all.filter((p) => minPrice(p) < 20);
    const got = await nested(
      [
        {
          name: 'option',
          fieldPath: 'options.name',
          type: 'VALUE',
          value: { missingValues: 'INCLUDE', includeOptions: { addToBucket: 'none' } },
        },
        { name: 'count', fieldPath: 'id', type: 'SCALAR', scalar: { type: 'COUNT_DISTINCT' } },
      ],
      { 'actualPriceRange.minValue.amount': { $lt: 20 } },
    );
    const want = groups(cheap, (p) => (p.options.length ? p.options.map((o) => o.name) : ['none'])).map(
      ([k, ps]) => ({
        option: { value: { value: k, count: ps.length } },
        count: { scalar: { value: ps.length } },
      }),
    );
    expect(got).toEqual(want);
  });

  it('answers the official SDK, which reads the flattened results', async () => {
    const c = createClient({ auth: noAuth, modules: { productsV3 } });
    const r = await c.productsV3.searchProducts({
      aggregations: [
        {
          name: 'byStatus',
          type: 'NESTED',
          nested: {
            nestedAggregations: [
              { name: 'status', fieldPath: 'inventory.availabilityStatus', type: 'VALUE' },
              {
                name: 'top',
                fieldPath: 'actualPriceRange.maxValue.amount',
                type: 'SCALAR',
                scalar: { type: 'MAX' },
              },
            ],
          },
        },
      ],
    });
    const result = r.aggregationData!.results!.find((x) => x.name === 'byStatus')!;
    expect(result.type).toBe('NESTED');
    const rows = result.nested!.results!.map((x) => x.results!);
    const total = rows.reduce((n, x) => n + (x.status!.value!.count ?? 0), 0);
    expect(total).toBe(all.length);
    expect(Math.max(...rows.map((x) => x.top!.scalar!.value!))).toBe(
      Math.max(...all.map((p) => Number(p.actualPriceRange.maxValue.amount))),
    );
  });

  it('refuses fewer than two levels, a scalar before the last, twice the same name, and a bad level, naming it', async () => {
    const bad = async (nestedAggregations: unknown[]) => {
      const r = await s.request('POST', `${P}/search`, {
        body: { search: { aggregations: [{ name: 'n', type: 'NESTED', nested: { nestedAggregations } }] } },
      });
      expect(r.status).toBe(400);
      return violations(r.body)[0];
    };
    const value = { name: 'a', fieldPath: 'name', type: 'VALUE' };
    expect(await bad([value])).toMatchObject({
      field: 'search.aggregations.0.nested.nestedAggregations',
      violatedRule: 'MIN_SIZE',
    });
    expect(
      await bad([
        { name: 'm', fieldPath: 'actualPriceRange.minValue.amount', type: 'SCALAR', scalar: { type: 'MIN' } },
        value,
      ]),
    ).toMatchObject({ field: 'search.aggregations.0.nested.nestedAggregations.0.type' });
    expect(await bad([value, { ...value, fieldPath: 'slug' }])).toMatchObject({
      field: 'search.aggregations.0.nested.nestedAggregations.1.name',
    });
    expect(await bad([value, { name: 'b', fieldPath: 'colour', type: 'VALUE' }])).toMatchObject({
      field: 'search.aggregations.0.nested.nestedAggregations.1.fieldPath',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
  });
});
