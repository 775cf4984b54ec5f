import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../test/database.ts';
import type { Db } from './connect.ts';
import { jsonColumns, statement } from './statement.ts';

/**
 * Statements compiled once and run with new values: each run answers as the statement its own
 * values build would, and under the tests a statement that its values would build differently is
 * refused (so every statement the suite runs is checked).
 */
let t: TestDatabase;
let db: Db;
// The table is not in the Database type: the statements go through `never` as the stores' do.
type Row = { id: string; n: number | null; note: string | null; data: unknown };
const anyDb = () => db as unknown as Db;

beforeAll(async () => {
  t = await freshDatabase();
  db = t.handle.db;
  await sql`create table statement_test (id text primary key, n int, note text, data jsonb)`.execute(db);
});
afterAll(async () => {
  await t.handle.close();
  await t.drop();
});

const jsonb = jsonColumns(['data']);
const insert = statement((q, row: Record<string, unknown>) =>
  q
    .insertInto('statement_test' as never)
    .values(jsonb.cast(row) as never)
    .returningAll(),
);
const update = statement((q, set: Record<string, unknown>, key: { id: string }) =>
  q
    .updateTable('statement_test' as never)
    .set({ ...jsonb.cast(set), n: sql`coalesce(n, 0) + 1` } as never)
    .where('id' as never, '=', key.id as never)
    .returningAll(),
);
const read = async (id: string) =>
  (await sql<Row>`select * from statement_test where id = ${id}`.execute(db)).rows[0];

describe('statement', () => {
  it('runs with each call its own values, and leaves out the columns a call leaves undefined', async () => {
    for (const [id, note] of [
      ['a', 'first'],
      ['b', null],
      ['c', 'third'],
    ] as const) {
      const { rows } = await anyDb().executeQuery(insert(anyDb(), jsonb.text({ id, note, data: { id } })));
      expect(rows).toEqual([{ id, n: null, note, data: { id } }]);
    }
    // Another shape (no note): its own statement; the column keeps what it held.
    await anyDb().executeQuery(update(anyDb(), jsonb.text({ data: [1, 2] }), { id: 'a' }));
    expect(await read('a')).toEqual({ id: 'a', n: 1, note: 'first', data: [1, 2] });
    await anyDb().executeQuery(update(anyDb(), jsonb.text({ note: undefined, data: null }), { id: 'a' }));
    expect(await read('a')).toEqual({ id: 'a', n: 2, note: 'first', data: null });
    await anyDb().executeQuery(update(anyDb(), jsonb.text({ note: 'changed' }), { id: 'c' }));
    expect(await read('c')).toEqual({ id: 'c', n: 1, note: 'changed', data: { id: 'c' } });
    expect(await read('b')).toEqual({ id: 'b', n: null, note: null, data: { id: 'b' } });
  });

  it('builds a group holding an expression for that run alone', async () => {
    await anyDb().executeQuery(update(anyDb(), { note: sql`upper(note)` }, { id: 'c' }));
    expect((await read('c'))?.note).toBe('CHANGED');
    await anyDb().executeQuery(update(anyDb(), { note: 'again' }, { id: 'c' }));
    expect((await read('c'))?.note).toBe('again');
  });

  it('answers right past the shapes it keeps (a statement keeps 256)', async () => {
    const byId = statement((q, o: Record<string, unknown>) =>
      q
        .selectFrom('statement_test' as never)
        .select('note' as never)
        .where('id' as never, '=', o.id as never),
    );
    const notes = [];
    for (let i = 0; i < 300; i++) {
      const id = ['a', 'b', 'c'][i % 3]!;
      const { rows } = await anyDb().executeQuery(byId(anyDb(), { id, [`unused${i}`]: i }));
      notes.push((rows[0] as { note: string | null } | undefined)?.note);
    }
    expect(new Set(notes)).toEqual(new Set(['first', null, 'again']));
    expect(notes.slice(255, 261)).toEqual(['first', null, 'again', 'first', null, 'again']);
  });

  it('refuses, under the tests, a statement whose values would build it differently', async () => {
    // Decides what to build from a value: the stand-in is always truthy, so the first shape sticks.
    const branching = statement((q, o: { id: string; note: string | null }) =>
      q
        .selectFrom('statement_test' as never)
        .selectAll()
        .where('id' as never, '=', o.id as never)
        .where(o.note ? sql<boolean>`note = ${o.note}` : sql<boolean>`note is null`),
    );
    // (Kysely compiles as it is called: the error is thrown, not a rejection.)
    expect(() => anyDb().executeQuery(branching(anyDb(), { id: 'b', note: null }))).toThrow(
      /compiled once differs/,
    );
  });
});
