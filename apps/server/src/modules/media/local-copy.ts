import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Ctx } from '../../platform/context.ts';
import { localStorage } from '../../platform/storage/local.ts';
import { libraryRoot, storageOf } from './runtime.ts';

/**
 * Runs `fn` with the bytes at `key` as a local file (tools like ffmpeg want a path), in a scratch
 * folder `fn` may also write to; the folder is removed afterwards.
 */
export async function withLocalCopy<T>(
  ctx: Ctx,
  key: string,
  fn: (file: string, scratch: string) => Promise<T>,
): Promise<T> {
  const scratch = await mkdtemp(join(tmpdir(), 'vitrine-media-'));
  try {
    // On local disk the stored file is read in place (tools only read it); other storage is copied.
    if (storageOf(ctx).kind === 'local')
      return await fn(localStorage(libraryRoot(ctx.config)).pathOf(key), scratch);
    const source = await storageOf(ctx).get(key);
    if (!source) throw new Error('the file has no bytes in storage');
    const file = join(scratch, `source-${randomBytes(4).toString('hex')}`);
    await pipeline(source, createWriteStream(file));
    return await fn(file, scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Copies every file of a local folder to storage under `prefix/`. */
export async function uploadFolder(ctx: Ctx, dir: string, prefix: string, only?: (name: string) => boolean) {
  for (const name of await readdir(dir)) {
    if (only && !only(name)) continue;
    await storageOf(ctx).put(`${prefix}/${name}`, createReadStream(join(dir, name)));
  }
}
