import { sql } from 'kysely';
import { markConfigChanged, readsCommittedConfig, type Executor } from './db/tx.ts';

/**
 * Process-local caching of merchant configuration (settings, discount rules, shipping, tax…)
 * that stays correct with several server processes: every configuration write calls
 * `bumpConfigRevision` in its transaction, and readers pass the revision they read (one
 * statement, often folded into a query they make anyway) to `ConfigCache.get`, which reloads
 * only when the revision moved.
 */
export async function bumpConfigRevision(db: Executor): Promise<void> {
  markConfigChanged(db);
  await db
    .updateTable('config_revision')
    .set({ revision: sql`revision + 1` })
    .where('id', '=', 1)
    .execute();
}

export async function readConfigRevision(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('config_revision')
    .select('revision')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.revision);
}

/** A SQL expression for the current revision, to select beside other columns. */
export const configRevisionSql = sql<string>`(select revision from config_revision where id = 1)`;

export interface ConfigCache<T> {
  /** The value for `revision`, loading it when the cached one is older. */
  get(db: Executor, revision: number): Promise<T>;
  /** Reads the revision itself (one statement) and then behaves like `get`. */
  current(db: Executor): Promise<T>;
}

export function configCache<T>(load: (db: Executor) => Promise<T>): ConfigCache<T> {
  let cached: { revision: number; value: T } | undefined;
  const get = async (db: Executor, revision: number): Promise<T> => {
    if (cached && cached.revision === revision) return cached.value;
    const value = await load(db);
    // A value read inside a transaction that changed the configuration may be rolled back: never
    // keep it. One that changed nothing reads committed configuration, as a plain read does.
    if (readsCommittedConfig(db) && (!cached || revision >= cached.revision)) cached = { revision, value };
    return value;
  };
  return { get, current: async (db) => get(db, await readConfigRevision(db)) };
}
