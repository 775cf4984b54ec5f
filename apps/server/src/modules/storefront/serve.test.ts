/**
 * Which requests get the storefront's page: over HTTP, against a small storefront build (a
 * template, a manifest and a server entry written for the test), so it runs without `npm run build`.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { installErrorHandling } from '../../platform/http/error-handler.ts';
import { serveStorefront } from './serve.ts';

const dir = mkdtempSync(join(tmpdir(), 'vitrine-storefront-'));
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  mkdirSync(join(dir, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dir, 'client', 'assets'));
  mkdirSync(join(dir, 'server'));
  writeFileSync(
    join(dir, 'client', 'index.html'),
    '<!doctype html><html><head><!--vitrine-head--></head><body><div id="root"><!--vitrine-app--></div><!--vitrine-state--></body></html>',
  );
  writeFileSync(join(dir, 'client', '.vite', 'manifest.json'), '{}');
  writeFileSync(
    join(dir, 'server', 'entry-server.js'),
    // Like the real entry, whose API calls are refused (400) for a NUL: the page would fail.
    "export async function render({ url }) { if (decodeURIComponent(url).includes('\\0')) throw new Error('400 from the API');" +
      " return url === '/' ? { kind: 'page', status: 200, html: '<h1>The shop</h1>' } : { kind: 'page', status: 404, html: '<h1>Not found</h1>' }; }\n",
  );
  app = Fastify();
  installErrorHandling(app);
  serveStorefront(app, {
    config: loadConfig({ PUBLIC_URL: 'http://shop.example.test' }),
    clientId: () => 'client',
    dir,
  });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (path: string, accept?: string) => {
  const res = await fetch(url + path, { headers: accept === undefined ? {} : { accept } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
};

describe('the storefront at / and every non-API path', () => {
  it("answers curl's default (Accept: */*), a browser and a client without Accept with the page", async () => {
    for (const accept of [
      '*/*',
      'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'text/*',
      '',
    ]) {
      const home = await get('/', accept);
      expect([home.status, home.type], accept).toEqual([200, 'text/html; charset=utf-8']);
      expect(home.text).toContain('<h1>The shop</h1>');
      const unknown = await get('/no/such/page', accept);
      expect([unknown.status, unknown.type], accept).toEqual([404, 'text/html; charset=utf-8']);
      expect(unknown.text).toContain('<h1>Not found</h1>');
    }
  });

  it('answers a path or query with U+0000 as an unknown page, not a failed one', async () => {
    for (const path of ['/product-page/a%00b', '/search?q=%00']) {
      const r = await get(path, 'text/html');
      expect([r.status, r.type], path).toEqual([404, 'text/html; charset=utf-8']);
    }
  });

  it('keeps the JSON envelope for API paths, and for clients that ask for JSON and not HTML', async () => {
    for (const [path, accept] of [
      ['/_api/nope', '*/*'],
      ['/ecom/v1/nope', 'text/html'],
      ['/oauth2/nope', '*/*'],
      ['/', 'application/json'],
      ['/shop', 'application/json, text/plain, */*'],
      ['/shop', 'application/problem+json'],
    ] as const) {
      const r = await get(path, accept);
      expect([r.status, r.type], `${path} ${accept}`).toEqual([404, 'application/json; charset=utf-8']);
      expect(JSON.parse(r.text)).toMatchObject({
        details: { applicationError: { code: 'ROUTE_NOT_FOUND' } },
      });
    }
  });
});

describe('a build while the server runs', () => {
  it('serves the new template and server entry within a second; a half-written build keeps the last one', async () => {
    expect((await get('/')).text).toContain('<h1>The shop</h1>');
    const template = (v: string) =>
      `<!doctype html><html><head><script type="module" src="/assets/index-${v}.js"></script><!--vitrine-head--></head><body><div id="root"><!--vitrine-app--></div><!--vitrine-state--></body></html>`;
    writeFileSync(join(dir, 'client', 'index.html'), template('new'));
    // Like the real build: a page chunk imports the entry back (its React contexts) by a relative path.
    mkdirSync(join(dir, 'server', 'assets'), { recursive: true });
    writeFileSync(
      join(dir, 'server', 'assets', 'page.js'),
      "import { marker } from '../entry-server.js';\n" +
        "export const page = (m) => (m === marker ? '<h1>The new shop</h1>' : '<h1>Two entries</h1>');\n",
    );
    writeFileSync(
      join(dir, 'server', 'entry-server.js'),
      "export const marker = Symbol('entry');\n" +
        "export async function render() { const { page } = await import('./assets/page.js');" +
        " return { kind: 'page', status: 200, html: page(marker) }; }\n",
    );
    await new Promise((r) => setTimeout(r, 1100));
    const page = (await get('/')).text;
    expect(page).toContain('<h1>The new shop</h1>');
    expect(page).toContain('/assets/index-new.js');

    // Caught mid-build: the entry is not valid yet. The last build goes on serving.
    writeFileSync(join(dir, 'server', 'entry-server.js'), 'export async function render( {');
    writeFileSync(join(dir, 'client', 'index.html'), template('half'));
    await new Promise((r) => setTimeout(r, 1100));
    const during = await get('/');
    expect([during.status, during.text.includes('<h1>The new shop</h1>')]).toEqual([200, true]);
    // One copy of a later build's server entry is kept beside it.
    expect(readdirSync(dir).filter((f) => f.startsWith('.ssr-'))).toHaveLength(1);
  });
});
