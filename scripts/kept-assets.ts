/**
 * Keeps the previous build's hashed assets when a React app is built again (the apps' Vite configs
 * build with `emptyOutDir: false` and this plugin). A page opened before `npm run build` still
 * lazy-loads its chunks by their old hashed names (a route, a dialog, hls.js); had the build emptied
 * `dist/`, they would answer 404 and the page would break until reloaded. After each client build,
 * the files of `assets/` that none of the last `KEPT_BUILDS` builds wrote are deleted, so `dist/`
 * holds at most two builds' assets, never a growing pile.
 *
 * The builds' file lists are kept in `<outDir>/.vite/kept-assets.json`. A build that writes the same
 * files as the last one (nothing changed) is not a new build. Before the first recorded build, what
 * `assets/` already holds counts as the previous build. A file's `.map`, `.br` and `.gz` go with it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** How many builds' assets stay: this one and the one before. */
export const KEPT_BUILDS = 2;
export const HISTORY_FILE = join('.vite', 'kept-assets.json');

interface History {
  builds: { at: string; files: string[] }[];
}

/** The file a companion belongs to: `a.js.map`, `a.js.br`, `a.js.gz` → `a.js`. */
const ownerOf = (name: string) => name.replace(/\.(map|br|gz)$/, '');

function readHistory(file: string): History {
  try {
    const h = JSON.parse(readFileSync(file, 'utf8')) as History;
    return Array.isArray(h.builds) ? h : { builds: [] };
  } catch {
    return { builds: [] };
  }
}

/**
 * Records a build that wrote `written` (paths relative to `outDir`) and deletes the files of
 * `outDir/assetsDir` that none of the last `keep` builds wrote. Returns the deleted names.
 */
export function pruneAssets(
  outDir: string,
  written: readonly string[],
  o: { assetsDir?: string; keep?: number; now?: Date } = {},
): string[] {
  const assetsDir = o.assetsDir ?? 'assets';
  const dir = join(outDir, assetsDir);
  const onDisk = existsSync(dir) ? readdirSync(dir) : [];
  const current = [
    ...new Set(
      written
        .filter((f) => f.startsWith(`${assetsDir}/`))
        .map((f) => ownerOf(f.slice(assetsDir.length + 1)))
        .filter((f) => !f.includes('/')),
    ),
  ].sort();
  const historyFile = join(outDir, HISTORY_FILE);
  const { builds } = readHistory(historyFile);
  if (builds.length === 0) {
    const before = [...new Set(onDisk.map(ownerOf))].filter((f) => !current.includes(f)).sort();
    if (before.length) builds.push({ at: 'before', files: before });
  }
  const last = builds.at(-1);
  const entry = { at: (o.now ?? new Date()).toISOString(), files: current };
  if (last && last.files.join('\n') === current.join('\n')) builds[builds.length - 1] = entry;
  else builds.push(entry);
  const kept = builds.slice(-(o.keep ?? KEPT_BUILDS));
  const keep = new Set(kept.flatMap((b) => b.files));
  const deleted = onDisk.filter((f) => !keep.has(ownerOf(f)));
  for (const f of deleted) rmSync(join(dir, f), { recursive: true, force: true });
  mkdirSync(dirname(historyFile), { recursive: true });
  writeFileSync(historyFile, `${JSON.stringify({ builds: kept }, null, 1)}\n`);
  return deleted;
}

/** The Vite plugin: after a client build is written, prune what the last two builds did not write. */
export function keptAssets(): Plugin {
  let outDir = '';
  let assetsDir = 'assets';
  return {
    name: 'vitrine-kept-assets',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(c) {
      outDir = resolve(c.root, c.build.outDir);
      assetsDir = c.build.assetsDir;
    },
    writeBundle(_options, bundle) {
      pruneAssets(outDir, Object.keys(bundle), { assetsDir });
    },
  };
}
