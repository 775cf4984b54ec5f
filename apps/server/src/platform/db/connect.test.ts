/**
 * Named statements on PostgreSQL describe their answer on their first run on a connection only
 * (KnownShapeQuery in connect.ts): later runs must answer the same columns, parsed the same way,
 * whatever ran between them, and a failed run must not leave a wrong shape behind.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { inTransaction } from './tx.ts';
import { openPostgres, type DbHandle } from './connect.ts';

const onPostgres = testEngine() === 'postgres';
const table = `shape_${randomBytes(5).toString('hex')}`;
let h: DbHandle;

beforeAll(async () => {
  if (!onPostgres) return;
  // One connection: every run of a statement after its first skips the description.
  h = openPostgres({ url: process.env.TEST_DATABASE_URL!, poolSize: 1 });
  await sql`create table ${sql.table(table)} (id int primary key, at timestamptz, doc jsonb, n int8, ok bool, label text)`.execute(
    h.db,
  );
});
afterAll(async () => {
  if (!onPostgres) return;
  await sql`drop table ${sql.table(table)}`.execute(h.db);
  await h.close();
});

const at = new Date('2026-11-28T01:02:03.456Z');
const insert = (id: number) =>
  sql<{ id: number; at: Date; doc: unknown; n: number; ok: boolean; label: string }>`
    insert into ${sql.table(table)} (id, at, doc, n, ok, label)
    values (${id}, ${at}, ${JSON.stringify({ id, tags: ['a'] })}::jsonb, ${id * 1000}, ${id % 2 === 0}, ${`#${id}`})
    returning *`;
const byId = (id: number) => sql<Record<string, unknown>>`select * from ${sql.table(table)} where id = ${id}`;
const labels = (from: number) =>
  sql<{
    label: string;
    twice: number;
  }>`select label, n * 2 as twice from ${sql.table(table)} where id >= ${from} order by id`;

describe.skipIf(!onPostgres)('named statements on PostgreSQL', () => {
  it('answer the same columns, parsed the same way, on every run', async () => {
    const first = (await insert(1).execute(h.db)).rows[0];
    const second = (await insert(2).execute(h.db)).rows[0];
    expect(first).toEqual({ id: 1, at, doc: { id: 1, tags: ['a'] }, n: 1000, ok: false, label: '#1' });
    expect(second).toEqual({ id: 2, at, doc: { id: 2, tags: ['a'] }, n: 2000, ok: true, label: '#2' });
    for (let i = 0; i < 3; i++) {
      expect((await byId(2).execute(h.db)).rows).toEqual([second]);
      expect((await labels(1).execute(h.db)).rows).toEqual([
        { label: '#1', twice: 2000 },
        { label: '#2', twice: 4000 },
      ]);
      expect((await byId(99).execute(h.db)).rows).toEqual([]);
    }
  });

  it('keep each answer to its statement when runs of several are sent together', async () => {
    const [a, b, c] = await inTransaction({ db: h.db }, (tx) =>
      Promise.all([byId(1).execute(tx.db), labels(2).execute(tx.db), byId(2).execute(tx.db)]),
    );
    expect(a.rows.map((r) => r.label)).toEqual(['#1']);
    expect(b.rows).toEqual([{ label: '#2', twice: 4000 }]);
    expect(c.rows[0]).toMatchObject({ id: 2, at, doc: { id: 2, tags: ['a'] }, ok: true });
  });

  it('answer correctly after a run failed', async () => {
    await expect(insert(1).execute(h.db)).rejects.toThrow(/duplicate key/);
    expect((await insert(3).execute(h.db)).rows[0]).toEqual({
      id: 3,
      at,
      doc: { id: 3, tags: ['a'] },
      n: 3000,
      ok: false,
      label: '#3',
    });
    expect((await byId(3).execute(h.db)).rows[0]).toMatchObject({ label: '#3', n: 3000 });
  });
});
