import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openPglite, openPostgres, type DbHandle } from '../platform/db/connect.ts';
import { collectMigrations, migrate } from '../platform/db/migrate.ts';

/** Which engine this test run uses: PGlite, or PostgreSQL at TEST_DATABASE_URL. */
export const testEngine = (): 'pglite' | 'postgres' =>
  process.env.VITRINE_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A migrated PGlite data directory, built once per migration set and reused by every test file
 * (booting and migrating PGlite takes seconds; loading a dump takes a fraction of one: 0.35 s as a
 * plain tarball of 45 MB, 0.75 s gzipped). The files of a worker share its modules, so the tarball
 * is read from disk once per worker and migration set.
 */
let template: { hash: string; blob: Blob } | undefined;
async function pgliteTemplate(): Promise<Blob> {
  const migrations = collectMigrations();
  const hash = createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 16);
  if (template?.hash === hash) return template.blob;
  const file = join(tmpdir(), `vitrine-pglite-template-${hash}.tar`);
  if (!existsSync(file)) {
    const h = openPglite();
    await migrate(h.db, migrations);
    const dump = await dumpOf(h);
    await h.close();
    const tmp = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
  }
  template = { hash, blob: new Blob([readFileSync(file)]) };
  return template.blob;
}

async function dumpOf(h: DbHandle): Promise<Blob> {
  if (!h.dump) throw new Error('not a PGlite handle');
  return h.dump();
}

export interface TestDatabase {
  handle: DbHandle;
  /** Opens another handle (another pool: like another server process) on the same database. */
  another(): DbHandle;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file. */
export async function freshDatabase(): Promise<TestDatabase> {
  if (testEngine() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('VITRINE_TEST_DB=postgres needs TEST_DATABASE_URL');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = openPostgres({ url, poolSize: 1 });
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    const handle = openPostgres({ url, schema, poolSize: 10 });
    await migrate(handle.db);
    return {
      handle,
      another: () => openPostgres({ url, schema, poolSize: 10 }),
      async drop() {
        await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
        await admin.close();
      },
    };
  }
  const handle = openPglite(undefined, await pgliteTemplate());
  // A copy of the template is a copy of its revisions too: start them anywhere again, as a new
  // database's migrations do, so files sharing a worker never share a cached revision.
  for (const m of collectMigrations().filter((m) => m.name.includes('start-anywhere')))
    await sql.raw(m.sql).execute(handle.db);
  return {
    handle,
    another: () => {
      throw new Error('PGlite is one session: share the handle instead');
    },
    async drop() {},
  };
}
