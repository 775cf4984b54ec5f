import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, type ByteRange, type Storage } from './storage.ts';

/** Files under `root` (DATA_DIR/media/library by default): written to a temporary name, then renamed. */
export function localStorage(root: string): Storage & { pathOf(key: string): string } {
  const pathOf = (key: string) => join(root, checkKey(key));
  return {
    kind: 'local',
    pathOf,
    async put(key, body) {
      const file = pathOf(key);
      await mkdir(dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(body, createWriteStream(tmp, { flags: 'wx' }));
        await rename(tmp, file);
      } catch (e) {
        await unlink(tmp).catch(() => {});
        throw e;
      }
    },
    async get(key, range?: ByteRange) {
      const file = pathOf(key);
      try {
        await stat(file);
      } catch {
        return undefined;
      }
      return createReadStream(file, range ? { start: range.start, end: range.end } : {}) as Readable;
    },
    async stat(key) {
      try {
        const s = await stat(pathOf(key));
        return s.isFile() ? { size: s.size } : undefined;
      } catch {
        return undefined;
      }
    },
    async delete(key, o) {
      const file = pathOf(key);
      await rm(file, { force: true, recursive: o?.prefix ?? false });
    },
  };
}
