/**
 * What `npm start` and `npm ci` promise a newcomer (README, "The two commands"): apps are built only
 * when their inputs changed, the builds print no warnings, and every dependency supports the Node
 * version the README states.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inputsHash, isStale, markBuilt, ROOT, type App } from './build.mjs';

const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string };
};
const temp = mkdtempSync(join(tmpdir(), 'vitrine-build-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('building only what changed', () => {
  const root = join(temp, 'repo');
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  const app: App = { name: 'shop', workspace: '@x/shop', dir: 'apps/shop' };

  it('builds an app never built, then not again until its sources, a workspace package or the lock file change', () => {
    write('apps/shop/src/main.ts', 'export const a = 1;');
    write('apps/shop/src/main.test.ts', 'test');
    write('packages/sdk/src/index.ts', 'export const b = 2;');
    write('package-lock.json', '{}');
    expect(isStale(app, root)).toBe(true);
    mkdirSync(join(root, 'apps/shop/dist'));
    const built = () => markBuilt(app, inputsHash(app, root), root);
    built();
    expect(isStale(app, root)).toBe(false);

    // Output, tests and dates are not inputs.
    write('apps/shop/dist/index.js', 'built');
    write('apps/shop/src/main.test.ts', 'another test');
    utimesSync(join(root, 'apps/shop/src/main.ts'), new Date(), new Date(Date.now() + 60_000));
    expect(isStale(app, root)).toBe(false);

    for (const [file, text] of [
      ['apps/shop/src/main.ts', 'export const a = 2;'],
      ['apps/shop/src/new.ts', ''],
      ['packages/sdk/src/index.ts', 'export const b = 3;'],
      ['package-lock.json', '{"v":2}'],
    ]) {
      write(file!, text!);
      expect(isStale(app, root), file).toBe(true);
      built();
    }
    rmSync(join(root, 'apps/shop/src/new.ts'));
    expect(isStale(app, root)).toBe(true);
  });
});

describe('the React builds', () => {
  it("print no warning (the sourcemap notice about Tailwind's CSS step included)", () => {
    const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
    // As `npm start` runs them: not under the test runner's NODE_ENV=test (a development React build).
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST')),
    );
    for (const [app, args] of [
      ['hosted', []],
      ['storefront', []],
      ['storefront', ['--ssr', 'src/entry-server.tsx']],
      ['dashboard', []],
    ] as const) {
      const out = join(temp, `${app}-${args.length}`);
      const r = spawnSync(
        process.execPath,
        [vite, 'build', ...args, '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'],
        { cwd: join(ROOT, 'apps', app), env, encoding: 'utf8' },
      );
      expect(r.status, r.stderr).toBe(0);
      expect(`${r.stdout}${r.stderr}`.trim(), `${app} ${args.join(' ')}`).toBe('');
    }
  }, 120_000);
});

describe('the Node version', () => {
  it('the README states is the engines field, and every locked dependency supports it (npm ci warns of none)', () => {
    const stated = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node as string;
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(
      `Node ≥ ${semver.minVersion(stated).version.replace(/\.0$/, '')}`,
    );
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } }>;
    };
    const unsupported = Object.entries(lock.packages)
      .filter(
        ([, p]) =>
          p.engines?.node &&
          !(
            semver.satisfies(semver.minVersion(stated).version, p.engines.node) &&
            semver.satisfies(process.versions.node, p.engines.node)
          ),
      )
      .map(([path, p]) => `${path}@${p.version} needs Node ${p.engines!.node}`);
    expect(unsupported).toEqual([]);
  });
});
