import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../test/database.ts';
import type { Db } from './connect.ts';
import { isRowChanged, jsonColumns, sendIfRevision, sendInsert, statement } from './statement.ts';
import { inTransaction } from './tx.ts';

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
  await sql`create table statement_sent (id text primary key, owner text unique, note text, data jsonb,
    revision bigint not null, updated_at timestamptz not null)`.execute(db);
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

/**
 * Writes sent without waiting for their answer (one round trip for the transaction where there
 * were two): the row is answered as written, and a write that finds no row to write fails its
 * transaction with ROW_CHANGED, leaving nothing of it behind.
 */
describe('sendIfRevision and sendInsert', () => {
  type Sent = {
    id: string;
    owner: string;
    note: string | null;
    data: unknown;
    revision: number;
    updated_at: Date;
  };
  const sentJson = jsonColumns(['data']);
  const insertSent = sendInsert<Sent>('statement_sent' as never, sentJson, { ifAbsent: 'owner' });
  const writeSent = sendIfRevision<Sent>('statement_sent' as never, sentJson);
  const readSent = async (id: string) =>
    (await sql<Sent>`select * from statement_sent where id = ${id}`.execute(db)).rows[0];
  const at = new Date('2026-11-28T12:00:00.000Z');

  it('answers the row as written, JSON columns as PostgreSQL gives them back', async () => {
    const data = { b: [1, { c: null }], a: 'x', gone: undefined, when: at };
    const made = await inTransaction({ db }, (tx) =>
      insertSent(tx.db, { id: 's1', owner: 'o1', note: null, data, updated_at: at }),
    );
    expect(made).toEqual({
      id: 's1',
      owner: 'o1',
      note: null,
      data: { a: 'x', b: [1, { c: null }], when: at.toISOString() },
      revision: 1,
      updated_at: at,
    });
    expect(await readSent('s1')).toEqual(made);
    const later = new Date(at.getTime() + 1000);
    const written = await inTransaction({ db }, (tx) => writeSent(tx.db, made, { note: 'two' }, later));
    expect(written).toEqual({ ...made, note: 'two', revision: 2, updated_at: later });
    expect(await readSent('s1')).toEqual(written);
  });

  it('fails the transaction with ROW_CHANGED on a stale revision or a taken unique value, writing none of it', async () => {
    const row = (await readSent('s1'))!;
    const stale = { ...row, revision: row.revision - 1 };
    const failed = inTransaction({ db }, async (tx) => {
      await insertSent(tx.db, { id: 's2', owner: 'o2', note: null, data: null, updated_at: at });
      await writeSent(tx.db, stale, { note: 'lost' }, at);
      return 'committed';
    });
    await expect(failed).rejects.toSatisfy(isRowChanged);
    expect(await readSent('s2')).toBeUndefined();
    expect((await readSent('s1'))?.note).toBe('two');
    const taken = inTransaction({ db }, (tx) =>
      insertSent(tx.db, { id: 's3', owner: 'o1', note: null, data: null, updated_at: at }),
    );
    await expect(taken).rejects.toSatisfy(isRowChanged);
    expect(await readSent('s3')).toBeUndefined();
    // A write that found its row goes through after a failed one on the same connection.
    const ok = await inTransaction({ db }, (tx) => writeSent(tx.db, row, { note: 'three' }, at));
    expect(await readSent('s1')).toEqual(ok);
  });
});
