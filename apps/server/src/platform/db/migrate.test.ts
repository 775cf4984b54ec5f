import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, testEngine, type TestDatabase } from '../../test/database.ts';
import { collectMigrations, migrate } from './migrate.ts';

const dbs: TestDatabase[] = [];
afterAll(async () => {
  for (const d of dbs) {
    await d.handle.close().catch(() => {});
    await d.drop();
  }
});

describe('migrations', () => {
  it('are ordered by file name, platform first, with unique names', () => {
    const names = collectMigrations().map((m) => m.name);
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toMatch(/platform/);
  });

  it('apply once: a second run applies nothing', async () => {
    const d = await freshDatabase();
    dbs.push(d);
    expect(await migrate(d.handle.db)).toEqual([]);
    const rows = await sql<{ n: number }>`select count(*)::int as n from schema_migration`.execute(
      d.handle.db,
    );
    expect(rows.rows[0]!.n).toBe(collectMigrations().length);
  });

  it.skipIf(testEngine() !== 'postgres')(
    'apply exactly once when several processes start together (PostgreSQL)',
    async () => {
      const d = await freshDatabase();
      dbs.push(d);
      // Start from nothing: drop what freshDatabase applied, then race four "processes".
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(d.handle.db)).rows[0]!.s;
      await sql`drop schema ${sql.id(schema)} cascade`.execute(d.handle.db);
      await sql`create schema ${sql.id(schema)}`.execute(d.handle.db);
      const others = [d.another(), d.another(), d.another(), d.another()];
      const results = await Promise.all(others.map((o) => migrate(o.db)));
      expect(results.flat().sort()).toEqual(
        collectMigrations()
          .map((m) => m.name)
          .sort(),
      );
      for (const o of others) await o.close();
    },
  );

  it('store the largest JSON written on every order with LZ4 where PostgreSQL has it, pglz on PGlite', async () => {
    const d = await freshDatabase();
    dbs.push(d);
    const { rows } = await sql<{ col: string; method: string }>`
      select c.relname || '.' || a.attname as col, a.attcompression as method
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.oid in (to_regclass('event'), to_regclass('ecom_order')) and a.attname in ('body', 'data')
      order by 1`.execute(d.handle.db);
    // '' is the default method (pglz); 'l' is LZ4.
    const expected = testEngine() === 'postgres' ? 'l' : '';
    expect(rows).toEqual([
      { col: 'ecom_order.data', method: expected },
      { col: 'event.body', method: expected },
    ]);
  });
});
