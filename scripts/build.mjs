/**
 * Builds the apps and the server bundle (`npm run build`: all of them; `npm start`: only those whose
 * inputs changed).
 *
 * An app's inputs are its own files (tests, `dist/` and `node_modules/` aside), the workspace
 * packages (`packages/`), `package-lock.json`, `tsconfig.base.json` and `scripts/kept-assets.ts`
 * (the apps' Vite plugin). After a build, the SHA-256 of those inputs is written to
 * `<app>/dist/.build-inputs`; an app whose inputs hash to the same value is up to date. Contents
 * are hashed, not dates: a checkout that rewrites files unchanged rebuilds nothing, and an edit
 * rebuilds its app even when the clock says otherwise.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The apps, in build order. */
export const APPS = [
  { name: 'sign-in and checkout pages', workspace: '@vitrine/hosted', dir: 'apps/hosted' },
  { name: 'storefront', workspace: '@vitrine/storefront', dir: 'apps/storefront' },
  { name: 'dashboard', workspace: '@vitrine/dashboard', dir: 'apps/dashboard' },
  { name: 'server', workspace: '@vitrine/server', dir: 'apps/server' },
];
const SHARED = ['packages', 'package-lock.json', 'tsconfig.base.json', 'scripts/kept-assets.ts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'test-artifacts']);
const STAMP = '.build-inputs';

function collect(root, rel, out) {
  const full = join(root, rel);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    out.push(rel);
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (
      entry.isDirectory()
        ? SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.')
        : /\.test\.tsx?$/.test(entry.name)
    )
      continue;
    collect(root, join(rel, entry.name), out);
  }
}

/** The SHA-256 of an app's inputs (paths and contents). */
export function inputsHash(app, root = ROOT) {
  const files = [];
  for (const rel of [app.dir, ...SHARED]) collect(root, rel, files);
  const hash = createHash('sha256');
  for (const rel of files.sort())
    hash
      .update(`${rel}\0`)
      .update(readFileSync(join(root, rel)))
      .update('\0');
  return hash.digest('hex');
}

const stampFile = (app, root) => join(root, app.dir, 'dist', STAMP);

/** Whether the app must be built: never built, or built from other inputs. */
export function isStale(app, root = ROOT) {
  const stamp = stampFile(app, root);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8') !== inputsHash(app, root);
}

/** Records that the app's build matches these inputs (the hash taken before the build began). */
export function markBuilt(app, hash, root = ROOT) {
  writeFileSync(stampFile(app, root), hash);
}

/** Runs the app's build script; `quiet` keeps its output unless it fails. Resolves to the exit code. */
export function buildApp(app, { quiet = false, root = ROOT } = {}) {
  const hash = inputsHash(app, root);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '--silent', '-w', app.workspace], {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => {
      if (code === 0) markBuilt(app, hash, root);
      else if (quiet) process.stderr.write(output);
      resolve(code ?? 1);
    });
  });
}

// `node scripts/build.mjs`: build every app, showing the tools' output.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const app of APPS) {
    const code = await buildApp(app);
    if (code !== 0) process.exit(code);
  }
}
