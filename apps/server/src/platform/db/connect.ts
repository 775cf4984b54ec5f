import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../database.ts';
import { PGliteDialect } from './pglite-dialect.ts';

export type Db = Kysely<Database>;
export type DbDialect = 'pglite' | 'postgres';

export interface DbHandle {
  db: Db;
  dialect: DbDialect;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball. */
  dump?(): Promise<Blob>;
}

// int8 (counts, sums, bigserial) as JS numbers on both engines: every value we keep in int8 is < 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
const pgliteParsers = { 20: (v: string) => Number(v) };

export interface PostgresOptions {
  url: string; schema?: string; poolSize?: number;
  /** Called with every statement sent to the server, BEGIN and COMMIT included (benchmarks count them). */
  onStatement?: (sql: string) => void;
}

export function openPostgres(o: PostgresOptions): DbHandle {
  const pool = new pg.Pool({
    connectionString: o.url,
    max: o.poolSize ?? 10,
    ...(o.schema ? { options: `-c search_path=${o.schema}` } : {}),
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const onStatement = o.onStatement;
  if (onStatement) {
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...a: unknown[]) => unknown;
      (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => {
        const text = typeof a[0] === 'string' ? a[0] : (a[0] as { text?: string }).text ?? '';
        onStatement(text);
        return query(...a);
      };
    });
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** Embedded Postgres: in `dataDir` (kept across restarts), in memory when `dataDir` is undefined. */
export function openPglite(dataDir?: string, loadDataDir?: Blob): DbHandle {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite({ dataDir, parsers: pgliteParsers, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, dialect: 'pglite', close: () => db.destroy(), dump: async () => (await pglite.dumpDataDir('gzip')) as Blob };
}
