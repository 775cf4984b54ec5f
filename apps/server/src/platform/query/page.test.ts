import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSpec } from '../../modules/system/index.ts';
import { freshDatabase, type TestDatabase } from '../../test/database.ts';
import { ValidationError } from '../errors.ts';
import { cursorPage, metadata, offsetPage } from './page.ts';
import type { QuerySpec } from './spec.ts';

/**
 * Offset paging (the members' shape) and the array operators, on real rows in the test database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL): no HTTP endpoint uses either yet.
 */
let d: TestDatabase;
const T0 = Date.parse('2030-01-01T00:00:00.000Z');

/** Ten messages: `a@shop.test`, `b@example.test`, … with equal times in places and ids not in creation order. */
const ROWS = 'abcdefghij'.split('').map((letter, i) => ({
  id: `00000000-0000-7000-8000-0000000000${String((i * 7) % 10)}${i}`,
  to: `${letter}@${i % 2 === 0 ? 'shop' : 'example'}.test`,
  created: new Date(T0 + [0, 1, 1, 2, 3, 3, 3, 4, 5, 6][i]! * 60_000).toISOString(),
}));

/** A spec with an array field: the parts of the address (`a@shop.test` → {a, shop, test}). */
const partsSpec: QuerySpec = {
  ...mailSpec,
  entity: 'mail-parts',
  fields: {
    ...mailSpec.fields,
    parts: { sql: "regexp_split_to_array(to_address, '[@.]')", type: 'stringArray' },
  },
};

beforeAll(async () => {
  d = await freshDatabase();
  await d.handle.db
    .insertInto('mail_message')
    .values(
      ROWS.map((r) => ({
        id: r.id,
        to_address: r.to,
        from_address: 'shop@vitrine.test',
        subject: 'Hello',
        text_body: 'Hi',
        html_body: null,
        status: 'STORED' as const,
        last_error: null,
        created_at: new Date(r.created),
        sent_at: null,
      })),
    )
    .execute();
});
afterAll(async () => {
  await d?.handle.close();
  await d?.drop();
});

const base = () => d.handle.db.selectFrom('mail_message').selectAll();
type Row = { id: string; to_address: string };
const offset = (query: Parameters<typeof offsetPage>[3], spec: QuerySpec = mailSpec) =>
  offsetPage<Row>(d.handle.db, base(), spec, query);
const ordered = (dir: 'ASC' | 'DESC', rows = ROWS) =>
  [...rows]
    .sort(
      (a, b) =>
        (a.created === b.created ? (a.id < b.id ? -1 : 1) : a.created < b.created ? -1 : 1) *
        (dir === 'ASC' ? 1 : -1),
    )
    .map((r) => r.id);

describe('offsetPage', () => {
  it('pages with limit and offset, every page counting the total', async () => {
    const sort = [{ fieldName: 'createdDate', order: 'ASC' as const }];
    const pages = await Promise.all([0, 4, 8].map((o) => offset({ sort, paging: { limit: 4, offset: o } })));
    expect(pages.map((p) => [p.items.length, p.offset, p.total])).toEqual([
      [4, 0, 10],
      [4, 4, 10],
      [2, 8, 10],
    ]);
    expect(pages.flatMap((p) => p.items.map((r) => r.id))).toEqual(ordered('ASC'));
    expect(typeof pages[0]!.total).toBe('number');
    expect(metadata.offset(pages[2]!)).toEqual({ count: 2, offset: 8, total: 10, tooManyToCount: false });
  });

  it('keeps the total right past the end, with a filter, and with a zero limit', async () => {
    expect(await offset({ paging: { limit: 4, offset: 10 } })).toEqual({
      items: [],
      offset: 10,
      total: 10,
      tooManyToCount: false,
    });
    expect(await offset({ paging: { limit: 4, offset: 25 } })).toEqual({
      items: [],
      offset: 25,
      total: 10,
      tooManyToCount: false,
    });
    const shop = { to: { $endsWith: '@shop.test' } };
    const p = await offset({ filter: shop, paging: { limit: 4, offset: 4 } });
    expect([p.items.length, p.total]).toEqual([1, 5]);
    expect(await offset({ filter: shop, paging: { limit: 4, offset: 8 } })).toEqual({
      items: [],
      offset: 8,
      total: 5,
      tooManyToCount: false,
    });
    expect(await offset({ filter: { to: 'nobody@x.test' } })).toEqual({
      items: [],
      offset: 0,
      total: 0,
      tooManyToCount: false,
    });
    expect(await offset({ paging: { limit: 0 } })).toEqual({
      items: [],
      offset: 0,
      total: 10,
      tooManyToCount: false,
    });
  });

  it('sorts ASC and DESC, by default newest first, with the id breaking ties', async () => {
    expect((await offset({})).items.map((r) => r.id)).toEqual(ordered('DESC'));
    expect(
      (
        await offset({ sort: [{ fieldName: 'createdDate', order: 'DESC' }], paging: { limit: 3, offset: 3 } })
      ).items.map((r) => r.id),
    ).toEqual(ordered('DESC').slice(3, 6));
    const to = async (order: 'ASC' | 'DESC') =>
      (await offset({ sort: [{ fieldName: 'to', order }], paging: { limit: 3 } })).items.map(
        (r) => r.to_address[0],
      );
    expect(await to('ASC')).toEqual(['a', 'b', 'c']);
    expect(await to('DESC')).toEqual(['j', 'i', 'h']);
    await expect(offset({ sort: [{ fieldName: 'subject', order: 'ASC' }] })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });
});

describe('array fields', () => {
  const to = async (filter: unknown) =>
    (
      await offset(
        { filter: filter as Record<string, unknown>, sort: [{ fieldName: 'to', order: 'ASC' }] },
        partsSpec,
      )
    ).items.map((r) => r.to_address);
  const shop = ROWS.filter((r) => r.to.endsWith('shop.test'))
    .map((r) => r.to)
    .sort();
  const example = ROWS.filter((r) => r.to.endsWith('example.test'))
    .map((r) => r.to)
    .sort();

  it('$eq and $ne test membership; $hasSome and $in any value; $hasAll every value', async () => {
    expect(await to({ parts: 'shop' })).toEqual(shop);
    expect(await to({ parts: { $ne: 'shop' } })).toEqual(example);
    expect(await to({ parts: { $hasSome: ['a', 'b', 'zzz'] } })).toEqual(['a@shop.test', 'b@example.test']);
    expect(await to({ parts: { $in: ['c', 'd'] } })).toEqual(['c@shop.test', 'd@example.test']);
    expect(await to({ parts: { $hasSome: [] } })).toEqual([]);
    expect(await to({ parts: { $hasAll: ['shop', 'test'] } })).toEqual(shop);
    expect(await to({ parts: { $hasAll: ['a', 'shop'] } })).toEqual(['a@shop.test']);
    expect(await to({ parts: { $hasAll: ['shop', 'example'] } })).toEqual([]);
    expect(await to({ parts: { $hasAll: [] } })).toHaveLength(10);
    expect(await to({ $not: { parts: { $hasSome: ['shop'] } } })).toEqual(example);
  });

  it('rejects comparisons and text operators on arrays, and non-string values', async () => {
    for (const filter of [
      { parts: { $gt: 'a' } },
      { parts: { $contains: 'a' } },
      { parts: 5 },
      { parts: { $hasAll: [1] } },
    ]) {
      await expect(offset({ filter }, partsSpec), JSON.stringify(filter)).rejects.toBeInstanceOf(
        ValidationError,
      );
    }
  });

  it('pages by cursor with an array filter', async () => {
    const first = await cursorPage<Row>(base(), partsSpec, {
      filter: { parts: { $hasSome: ['example'] } },
      sort: [{ fieldName: 'to', order: 'ASC' }],
      cursorPaging: { limit: 3 },
    });
    const second = await cursorPage<Row>(base(), partsSpec, { cursorPaging: { cursor: first.cursors.next } });
    expect([...first.items, ...second.items].map((r) => r.to_address)).toEqual(example);
    expect(second.hasNext).toBe(false);
  });
});
