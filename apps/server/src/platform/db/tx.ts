import type { Transaction } from 'kysely';
import type { Database } from '../../database.ts';
import type { Db } from './connect.ts';

export type Executor = Db | Transaction<Database>;

/**
 * Runs `fn` in a transaction on `ctx.db`, or inside the one `ctx` already carries.
 * The callback gets a context whose `db` is the transaction: pass it on, never the global handle.
 */
export async function inTransaction<C extends { db: Executor }, T>(
  ctx: C,
  fn: (tx: C) => Promise<T>,
): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx);
  return (ctx.db as Db).transaction().execute((trx) => fn({ ...ctx, db: trx }));
}
