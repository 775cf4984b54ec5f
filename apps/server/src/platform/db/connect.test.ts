/**
 * Named statements on PostgreSQL describe their answer on their first run on a connection only
 * (KnownShapeQuery in connect.ts): later runs must answer the same columns, parsed the same way,
 * whatever ran between them, and a failed run must not leave a wrong shape behind. Statements sent
 * without waiting for their answer leave in one write with the statement after them (holdWrites).
 */
import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { inTransaction, writeUnanswered } from './tx.ts';
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

/**
 * Keeps what each write to a socket to PostgreSQL handed the operating system, while `fn` runs: one
 * entry per call of the socket's `_write` or `_writev` (the stream's writes once uncorked).
 */
async function socketWrites(port: number, fn: () => Promise<void>): Promise<string[]> {
  const writes: string[] = [];
  type Chunk = { chunk: Buffer | string };
  const proto = Socket.prototype as unknown as {
    _write(chunk: Buffer | string, ...rest: unknown[]): void;
    _writev(chunks: Chunk[], ...rest: unknown[]): void;
  };
  const { _write, _writev } = proto;
  const ours = (s: Socket) => s.remotePort === port;
  proto._write = function (this: Socket, chunk, ...rest) {
    if (ours(this)) writes.push(Buffer.from(chunk).toString('latin1'));
    return _write.call(this, chunk, ...rest);
  };
  proto._writev = function (this: Socket, chunks, ...rest) {
    if (ours(this)) writes.push(chunks.map((c) => Buffer.from(c.chunk).toString('latin1')).join(''));
    return _writev.call(this, chunks, ...rest);
  };
  try {
    await fn();
  } finally {
    Object.assign(proto, { _write, _writev });
  }
  return writes;
}

describe.skipIf(!onPostgres)('statements sent without waiting for their answer', () => {
  it('leave in one write with the statement that follows them: BEGIN with the first, deferred rows with COMMIT', async () => {
    await sql`select 1`.execute(h.db); // connected, so only this test's statements follow
    let labels: unknown[] = [];
    const writes = await socketWrites(
      Number(new URL(process.env.TEST_DATABASE_URL!).port || 5432),
      async () => {
        labels = await inTransaction({ db: h.db }, async (tx) => {
          // A text this connection has not prepared, so its Parse (with the text) is in the write.
          const got = await sql<{
            label: string;
          }>`select label from ${sql.table(table)} where id = ${1} -- first`.execute(tx.db);
          const update = sql`update ${sql.table(table)} set label = '#1 again' where id = 1`;
          await writeUnanswered(tx.db, { compile: () => update.compile(tx.db) });
          return got.rows.map((x) => x.label);
        });
      },
    );
    expect(labels).toEqual(['#1']);
    expect((await byId(1).execute(h.db)).rows[0]).toMatchObject({ label: '#1 again' });
    expect(writes).toHaveLength(2);
    expect(writes[0]).toContain('begin\0');
    expect(writes[0]).toContain(`from "${table}" where id = $1 -- first`);
    expect(writes[1]).toContain("set label = '#1 again'");
    expect(writes[1]).toContain('commit\0');
  });
});
