import { sql } from 'kysely';
import { countApiKeys, createApiKey, generateApiKey } from './auth.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import { newId } from './ids.ts';

export interface Instance {
  instanceId: string;
  oauthClientId: string;
  /** Set only on the start that generated the admin key: it is shown once and never stored in clear. */
  generatedAdminKey?: string;
}

async function getOrCreate(db: Db, key: string, make: () => unknown): Promise<unknown> {
  await db
    .insertInto('instance_setting')
    .values({ key, value: JSON.stringify(make()) })
    .onConflict((c) => c.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('instance_setting')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** First-start set-up: instance id, the bundled storefront's OAuth client id, the admin API key. */
export async function bootstrapInstance(db: Db, config: Config, now: Date): Promise<Instance> {
  const instanceId = String(await getOrCreate(db, 'instance_id', newId));
  const oauthClientId = config.OAUTH_CLIENT_ID ?? String(await getOrCreate(db, 'oauth_client_id', newId));
  let generatedAdminKey: string | undefined;
  if (!config.ADMIN_API_KEY) {
    // One process creates the first key; a second one starting at the same time waits on the lock.
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(7331002)`.execute(trx);
      if ((await countApiKeys(trx)) === 0) {
        generatedAdminKey = generateApiKey();
        await createApiKey(trx, 'Admin key created at first start', generatedAdminKey, now);
      }
    });
  }
  return { instanceId, oauthClientId, ...(generatedAdminKey ? { generatedAdminKey } : {}) };
}
