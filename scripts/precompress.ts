/**
 * Writes `.br` and `.gz` beside every script, stylesheet and SVG of a React app's build that has
 * none: the server sends them as they are (`@fastify/static`'s `preCompressed`), compressed once at
 * the highest levels instead of on every request. Files a previous build wrote (kept by
 * `keptAssets`) were compressed when they were built.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'vitrine-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
    },
    closeBundle() {
      const dir = join(outDir, 'assets');
      const done = new Set(readdirSync(dir));
      for (const f of [...done].filter(
        (n) => /\.(js|css|svg)$/.test(n) && !(done.has(`${n}.br`) && done.has(`${n}.gz`)),
      )) {
        const body = readFileSync(join(dir, f));
        writeFileSync(
          join(dir, `${f}.br`),
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(join(dir, `${f}.gz`), gzipSync(body, { level: 9 }));
      }
    },
  };
}
