import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { resolve } from 'node:path';
import type { Config } from '../../platform/config.ts';
import type { Ctx } from '../../platform/context.ts';
import type { Executor } from '../../platform/db/tx.ts';
import { localStorage } from '../../platform/storage/local.ts';
import { s3Storage } from '../../platform/storage/s3.ts';
import type { Storage } from '../../platform/storage/storage.ts';

/** One storage driver per configuration (per server process in production, per test server in tests). */
const storages = new WeakMap<Config, Storage>();
export const libraryRoot = (config: Pick<Config, 'DATA_DIR'>) => resolve(config.DATA_DIR, 'media', 'library');
/** Transform and rendition cache, always on local disk (rebuilt on demand; never the only copy). */
export const cacheRoot = (config: Pick<Config, 'DATA_DIR'>) => resolve(config.DATA_DIR, 'media', 'cache');

export function storageOf(ctx: Pick<Ctx, 'config'>): Storage {
  let s = storages.get(ctx.config);
  if (!s) {
    s = ctx.config.MEDIA_STORAGE === 's3' ? s3Storage(ctx.config) : localStorage(libraryRoot(ctx.config));
    storages.set(ctx.config, s);
  }
  return s;
}

async function instanceValue(db: Executor, key: string, make: () => string): Promise<string> {
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
  return String(row.value);
}

const keys = new WeakMap<Config, { siteId: string; secret: Buffer }>();
async function runtime(ctx: Ctx) {
  let k = keys.get(ctx.config);
  if (!k) {
    const siteId = await instanceValue(ctx.db, 'instance_id', () => 'unknown');
    const secret = await instanceValue(ctx.db, 'media_signing_key', () =>
      randomBytes(32).toString('base64url'),
    );
    k = { siteId, secret: Buffer.from(secret, 'base64url') };
    keys.set(ctx.config, k);
  }
  return k;
}
export const siteIdOf = async (ctx: Ctx) => (await runtime(ctx)).siteId;

/** An HMAC-SHA256 signature (base64url) of `payload` under the instance's media key. */
export async function sign(ctx: Ctx, payload: string): Promise<string> {
  return createHmac('sha256', (await runtime(ctx)).secret)
    .update(payload)
    .digest('base64url');
}
export async function verify(ctx: Ctx, payload: string, signature: string): Promise<boolean> {
  const expected = Buffer.from(await sign(ctx, payload));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
