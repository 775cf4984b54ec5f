/**
 * A build while the server runs does not break the pages opened before it: each React app is built
 * three times (with its real Vite config, into a folder of its own, each build's source marked so
 * that its chunks get new hashed names) and served over HTTP as the server serves it (`serveApp`
 * for the sign-in pages and the dashboard, `serveStorefront` for the shop). After the second build,
 * every chunk of the first still answers with its bytes (an open page lazy-loads them by those
 * names), and the new build's chunks, which the process never saw at start, answer too. After the
 * third, the first build's own chunks are gone from disk and answer 404: `assets/` holds the last
 * two builds, no more (scripts/kept-assets.ts).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { serveStorefront } from '../../modules/storefront/index.ts';
import { loadConfig } from '../config.ts';
import { serverSrc } from '../paths.ts';
import { installErrorHandling } from './error-handler.ts';
import { serveApp } from './static.ts';

const temp = mkdtempSync(join(tmpdir(), 'vitrine-rebuild-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const appsDir = join(serverSrc, '..', '..');

/**
 * Builds the app's client into `outDir` with its own config; `n` marks every source module of the
 * app, so the chunks holding them change names. Answers the scripts the build wrote, with their bytes.
 */
async function buildApp(app: string, outDir: string, n: number): Promise<Map<string, string>> {
  const root = join(appsDir, app);
  const written: string[] = [];
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'error',
    plugins: [
      {
        name: 'test-build-mark',
        transform: (code, id) =>
          id.startsWith(join(root, 'src')) && /\.tsx?$/.test(id)
            ? `${code}\n;globalThis.__vitrineBuild = ${n};\n`
            : undefined,
        writeBundle: (_options, bundle) => {
          written.push(...Object.keys(bundle));
        },
      },
    ],
    build: { outDir },
  });
  return new Map(
    written
      .filter((f) => /^assets\/[^/]+\.js$/.test(f))
      .map((f) => [f.slice('assets/'.length), readFileSync(join(outDir, f), 'utf8')]),
  );
}

/** The scripts on disk in `assets/`. */
const onDisk = (outDir: string) =>
  readdirSync(join(outDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .sort();

async function listen(serve: (app: FastifyInstance) => void) {
  const app = Fastify();
  installErrorHandling(app);
  serve(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

const APPS = [
  { app: 'hosted', prefix: '/auth/', page: '/auth/login', client: '' },
  { app: 'dashboard', prefix: '/dashboard/', page: '/dashboard/', client: '' },
  { app: 'storefront', prefix: '/', page: '/', client: 'client' },
] as const;

describe('a build while the server runs', () => {
  it.each(APPS)(
    '$app: keeps the previous build’s chunks for open pages, serves the new ones, and drops the build before',
    async ({ app, prefix, page, client }) => {
      const dist = join(temp, app);
      const outDir = join(dist, client);
      const first = await buildApp(app, outDir, 1);
      // The server starts on the first build, as `npm start` does.
      const { app: server, url } = await listen((a) => {
        if (app !== 'storefront') return serveApp(a, { prefix, dir: outDir, name: app });
        mkdirSync(join(dist, 'server'), { recursive: true });
        writeFileSync(
          join(dist, 'server', 'entry-server.js'),
          "export async function render() { return { kind: 'page', status: 200, html: '<h1>Shop</h1>' }; }\n",
        );
        serveStorefront(a, {
          config: loadConfig({ PUBLIC_URL: 'http://shop.test' }),
          clientId: () => 'c',
          dir: dist,
        });
      });
      // Bodies are always read: a response left unread holds its connection, and close() waits on it.
      const get = async (path: string, accept = '*/*') => {
        const r = await fetch(url + path, { headers: { accept } });
        return { status: r.status, cacheControl: r.headers.get('cache-control'), text: await r.text() };
      };
      const asset = (file: string) => get(`${prefix}assets/${file}`);
      const entryOf = async () => {
        const html = (await get(page, 'text/html')).text;
        // The entry: index-*.js, or the storefront's shell, which holds its entry module.
        return new RegExp(`src="${prefix}assets/((?:index|shell)-[\\w-]+\\.js)"`).exec(html)?.[1];
      };
      try {
        const entry1 = await entryOf();
        expect(first.has(entry1!), `${entry1} is a script of the first build`).toBe(true);

        const second = await buildApp(app, outDir, 2);
        const added = [...second.keys()].filter((f) => !first.has(f));
        expect(added.length).toBeGreaterThan(0);
        // A page opened on the first build lazy-loads its chunks by their old names: all still there.
        for (const [file, body] of first) {
          const r = await asset(file);
          expect(r.status, `${file} of the first build after the second`).toBe(200);
          expect(r.text).toBe(body);
        }
        // A page opened now gets the new build, whose files this process never saw at start.
        await new Promise((r) => setTimeout(r, 1100)); // the storefront looks for a new build each second
        const entry2 = await entryOf();
        expect(entry2).not.toBe(entry1);
        expect(added).toContain(entry2);
        for (const file of added) {
          const r = await asset(file);
          expect(r.status, `${file} of the second build`).toBe(200);
          expect(r.cacheControl).toBe('public, max-age=31536000, immutable');
          expect(r.text).toBe(second.get(file));
        }

        const third = await buildApp(app, outDir, 3);
        const firstOnly = [...first.keys()].filter((f) => !second.has(f) && !third.has(f));
        expect(firstOnly.length).toBeGreaterThan(0);
        for (const file of firstOnly) {
          expect((await asset(file)).status, `${file} of the first build after the third`).toBe(404);
        }
        for (const file of second.keys()) expect((await asset(file)).status, file).toBe(200);
        // On disk: the last two builds' scripts, with their maps (and the shop's .br and .gz), no more.
        const kept = new Set([...second.keys(), ...third.keys()]);
        expect(onDisk(outDir)).toEqual([...kept].sort());
        const owner = (f: string) => f.replace(/\.(map|br|gz)$/, '');
        expect(
          readdirSync(join(outDir, 'assets')).filter((f) => owner(f).endsWith('.js') && !kept.has(owner(f))),
        ).toEqual([]);
      } finally {
        await server.close();
      }
    },
    180_000,
  );
});
