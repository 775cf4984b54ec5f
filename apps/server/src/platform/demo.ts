import { sql } from 'kysely';
import type { Ctx } from './context.ts';
import { inTransaction } from './db/tx.ts';

export type DemoSeeder = (ctx: Ctx) => Promise<void>;

/**
 * Fills a new store with demo data, once: the first start with DEMO_DATA on runs every module's
 * seeder in one transaction and records that it did; later starts (or other processes) do nothing.
 */
export async function seedDemoOnce(ctx: Ctx, seeders: readonly DemoSeeder[]): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    await sql`select pg_advisory_xact_lock(7331003)`.execute(tx.db);
    const done = await tx.db
      .selectFrom('instance_setting')
      .select('key')
      .where('key', '=', 'demo_seeded')
      .executeTakeFirst();
    if (done) return false;
    for (const seed of seeders) await seed(tx);
    await tx.db
      .insertInto('instance_setting')
      .values({ key: 'demo_seeded', value: JSON.stringify(tx.clock.now().toISOString()) })
      .execute();
    return true;
  });
}
