import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { serverSrc } from '../paths.ts';
import { sql } from 'kysely';
import type { Db } from './connect.ts';

const srcDir = serverSrc;
/** Any constant works; it only has to be the same for every Vitrine process on the database. */
const MIGRATION_LOCK = 7_331_001;

export interface Migration {
  name: string;
  sql: string;
}

/** Every `migrations/*.sql` under platform/ and modules/<domain>/, ordered by file name. */
export function collectMigrations(root = srcDir): Migration[] {
  const dirs = [join(root, 'platform', 'migrations')];
  for (const mod of readdirSync(join(root, 'modules'), { withFileTypes: true })) {
    if (mod.isDirectory()) dirs.push(join(root, 'modules', mod.name, 'migrations'));
  }
  const files: string[] = [];
  for (const dir of dirs) {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      continue;
    }
    for (const f of entries) if (f.endsWith('.sql')) files.push(join(dir, f));
  }
  const migrations = files.map((f) => ({ name: basename(f), sql: readFileSync(f, 'utf8') }));
  migrations.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]!.name === migrations[i - 1]!.name)
      throw new Error(`duplicate migration name ${migrations[i]!.name}`);
  }
  return migrations;
}

/**
 * Applies pending migrations in one transaction under an advisory lock, so several processes
 * starting together apply each migration exactly once. Returns the names applied.
 */
export async function migrate(db: Db, migrations = collectMigrations()): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`create table if not exists schema_migration (
      name text primary key, applied_at timestamptz not null default now())`.execute(trx);
    const done = new Set(
      (await sql<{ name: string }>`select name from schema_migration`.execute(trx)).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await sql.raw(m.sql).execute(trx);
      await sql`insert into schema_migration (name) values (${m.name})`.execute(trx);
      applied.push(m.name);
    }
    return applied;
  });
}
