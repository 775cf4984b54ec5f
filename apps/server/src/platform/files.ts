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

/** The path of the generated media file `name` (a safe name: no folder, no path tricks). */
export function mediaFilePath(config: Pick<Config, 'DATA_DIR'>, name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`not a safe media file name: ${name}`);
  return join(mediaDir(config), name);
}
