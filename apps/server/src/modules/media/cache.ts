import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Ctx } from '../../platform/context.ts';
import { cacheRoot } from './runtime.ts';

/** The cache folder of one file's transforms (local disk, rebuilt on demand). */
export const cacheDirOf = (ctx: Pick<Ctx, 'config'>, fileId: string) =>
  join(cacheRoot(ctx.config), fileId.split('~')[0]!);

export async function dropCached(ctx: Pick<Ctx, 'config'>, fileId: string) {
  await rm(cacheDirOf(ctx, fileId), { recursive: true, force: true });
}
