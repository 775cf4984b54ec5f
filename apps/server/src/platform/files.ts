import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from './config.ts';

/**
 * Generated files (the demo catalog's pictures) on local disk under `${DATA_DIR}/media`, served at
 * `/media/<file>` by the media module with long-lived caching: file names are content names (never
 * rewritten with other bytes), so a URL can be cached forever.
 */
export const MEDIA_PREFIX = '/media/';
const SAFE_NAME = /^[a-z0-9][a-z0-9._-]{0,150}\.(webp|jpe?g|png|gif|avif)$/;

export const mediaDir = (config: Pick<Config, 'DATA_DIR'>) => resolve(config.DATA_DIR, 'media');
/** The absolute URL of a media file. */
export const mediaUrl = (config: Pick<Config, 'PUBLIC_URL'>, name: string) =>
  `${config.PUBLIC_URL}${MEDIA_PREFIX}${name}`;

/**
 * Writes `name` under the media folder unless it is already there (then `make` is not called). The write is
 * atomic (temporary file, then rename), so a concurrent reader or writer never sees half a file.
 */
export async function ensureMediaFile(
  config: Pick<Config, 'DATA_DIR'>,
  name: string,
  make: () => Promise<Buffer>,
): Promise<boolean> {
  if (!SAFE_NAME.test(name)) throw new Error(`not a safe media file name: ${name}`);
  const dir = mediaDir(config);
  const file = join(dir, name);
  if (existsSync(file)) return false;
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, await make());
  renameSync(tmp, file);
  return true;
}
