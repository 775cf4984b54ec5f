import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { FileDescriptor } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { prominentOf } from './process.ts';
import { addServerFile } from './server-files.ts';
import type { FileMeta } from './wire.ts';

/** A picture the server makes: WebP at `path` (rendered from `svg` when the file is missing). */
export interface ServerPicture {
  path: string;
  svg: string;
  displayName: string;
  labels: string[];
  origin: string;
}

/** What the child read of one picture, as processImage (process.ts) reads an upload. */
interface Read {
  width: number;
  height: number;
  format: string;
  dominant: { r: number; g: number; b: number };
  /** No rotation, metadata or frames: else the library's own processing (a web copy) is needed. */
  plain: boolean;
}

/**
 * What the child runs (plain JavaScript, so it needs no TypeScript loader): the jobs arrive as JSON
 * on stdin; each missing picture is rendered, a few at a time (libvips works on its own threads),
 * to a temporary file then renamed, so a reader never sees half a picture; then each is read as
 * processing reads an upload, and the answers go out as JSON on stdout.
 */
const CHILD = `
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
const { sharp: url, jobs } = JSON.parse(readFileSync(0, 'utf8'));
const { default: sharp } = await import(url);
const one = async ({ path, svg }) => {
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    const tmp = path + '.' + process.pid + '.tmp';
    writeFileSync(tmp, await sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer());
    renameSync(tmp, path);
  }
  const m = await sharp(path).metadata();
  const { dominant } = await sharp(path).stats();
  const plain = (m.orientation ?? 1) === 1 && !m.exif && !m.xmp && !m.iptc && (m.pages ?? 1) === 1;
  return { width: m.width, height: m.height, format: m.format, dominant, plain };
};
const out = [];
for (let i = 0; i < jobs.length; i += 4) out.push(...(await Promise.all(jobs.slice(i, i + 4).map(one))));
process.stdout.write(JSON.stringify(out));
`;

/** Renders and reads pictures in a short-lived child process (see addServerPictures). */
function inChild(jobs: readonly { path: string; svg: string }[]): Promise<Read[]> {
  const sharp = pathToFileURL(createRequire(import.meta.url).resolve('sharp')).href;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
      stdio: ['pipe', 'pipe', 'pipe'],
      // Not the parent's NODE_OPTIONS (a test runner's loader): the child is plain JavaScript.
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code !== 0)
        return reject(
          new Error(`making pictures failed (${signal ?? `exit ${code}`}): ${err.slice(0, 2000)}`),
        );
      try {
        resolve(JSON.parse(out) as Read[]);
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
    child.stdin.end(JSON.stringify({ sharp, jobs }));
  });
}

/**
 * Adds pictures the server makes (the demo catalog's) to the library, READY with their size and
 * prominent colour, rendering those whose file is missing. libvips (sharp) renders and reads them
 * in a short-lived child process: what libvips allocates stays in its threads' allocator arenas for
 * as long as the process lives, and making the demo catalog's 28 pictures in the server left it
 * about 120 MiB larger for the rest of its life (peak RSS under the buy flow 261 MiB instead of
 * 138). In a child that memory goes back to the system when it exits. Into the library one at a
 * time, in order.
 */
export async function addServerPictures(
  ctx: Ctx,
  pictures: readonly ServerPicture[],
): Promise<FileDescriptor[]> {
  if (pictures.length === 0) return [];
  const reads = await inChild(pictures.map((p) => ({ path: p.path, svg: p.svg })));
  const added: FileDescriptor[] = [];
  for (const [i, p] of pictures.entries()) {
    const r = reads[i]!;
    const meta: FileMeta = {
      width: r.width,
      height: r.height,
      format: r.format,
      prominent: prominentOf(r.dominant),
    };
    added.push(
      await addServerFile(ctx, await readFile(p.path), {
        mimeType: 'image/webp',
        displayName: p.displayName,
        labels: p.labels,
        origin: p.origin,
        ...(r.plain ? { meta } : {}),
      }),
    );
  }
  return added;
}
