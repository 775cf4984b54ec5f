import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { appDist, serveApp } from './static.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

/** A GET asking for one encoding, its body left as sent. */
const rawGet = (url: string, encoding: string) =>
  new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    httpRequest(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(parts) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });

// `npm test` builds the apps before running the tests.
describe.skipIf(!existsSync(appDist('hosted')))('hosted pages', () => {
  it('serves the sign-in app for every client route under /auth/, with its hashed assets cached for good', async () => {
    for (const path of ['/auth/login', '/auth/signup', '/auth/reset?recoveryToken=x', '/auth']) {
      const r = await s.request('GET', path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/html');
      expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    const html = (await s.request<string>('GET', '/auth/login')).body;
    const asset = /\/auth\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const js = await s.request('GET', asset!);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends scripts and stylesheets compressed as built (brotli, else gzip), the same bytes once decoded', async () => {
    const html = (await s.request<string>('GET', '/auth/login')).body;
    for (const asset of [
      /\/auth\/assets\/[\w.-]+\.js/.exec(html)![0],
      /\/auth\/assets\/[\w.-]+\.css/.exec(html)![0],
    ]) {
      const plain = await fetch(s.url + asset, { headers: { 'accept-encoding': 'identity' } });
      const raw = Buffer.from(await plain.arrayBuffer());
      expect(plain.headers.get('content-encoding'), asset).toBeNull();
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        // Node's fetch would decode the body itself: a raw request keeps the bytes as sent.
        const r = await rawGet(s.url + asset, encoding);
        expect(r.encoding, `${asset} ${encoding}`).toBe(encoding);
        expect(r.body.length).toBeLessThan(raw.length / 2);
        expect(decode(r.body).equals(raw)).toBe(true);
      }
    }
  });

  it("preloads the hosted checkout's code on its pages, loaded with the entry rather than after it", async () => {
    const page = (await s.request<string>('GET', '/checkout?checkoutId=x')).body;
    const preloads = [
      ...page.matchAll(/<link rel="modulepreload" crossorigin href="(\/auth\/assets\/[\w.-]+\.js)">/g),
    ].map((m) => m[1]!);
    expect(preloads.some((p) => /\/checkout-page-[\w-]+\.js$/.test(p))).toBe(true);
    for (const p of preloads) expect((await s.request('GET', p)).status, p).toBe(200);
    // Sign-in pages do not load the checkout's code.
    expect((await s.request<string>('GET', '/auth/login')).body).not.toContain('modulepreload');
  });

  it('answers 404 in the envelope for an asset that does not exist', async () => {
    const r = await s.request<{ details: { applicationError: { code: string } } }>(
      'GET',
      '/auth/assets/nope.js',
    );
    expect(r.status).toBe(404);
    expect(r.body.details.applicationError.code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('an app that is not built', () => {
  it('answers 503 saying how to build it', async () => {
    const app = Fastify();
    serveApp(app, { prefix: '/x/', dir: '/nonexistent/dist', name: 'test pages' });
    const r = await app.inject({ method: 'GET', url: '/x/anything' });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toMatchObject({ details: { applicationError: { code: 'APP_NOT_BUILT' } } });
    expect(r.json().message).toContain('npm run build');
    await app.close();
  });
});

describe('an app built again while the server runs', () => {
  it('serves the assets its new index.html names, never a file outside its folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<script src="/x/assets/old.js"></script>');
    writeFileSync(join(dir, 'assets', 'old.js'), 'old()');
    writeFileSync(join(tmpdir(), 'vitrine-static-secret.txt'), 'TOP-SECRET-CONTENT');
    const app = Fastify();
    serveApp(app, { prefix: '/x/', dir, name: 'test pages' });
    await app.ready();
    // The build replaces its files: a new index and a new hashed asset the process never saw.
    rmSync(join(dir, 'assets', 'old.js'));
    writeFileSync(join(dir, 'assets', 'new-1a2b.js'), 'fresh()');
    writeFileSync(join(dir, 'index.html'), '<script src="/x/assets/new-1a2b.js"></script>');
    expect((await app.inject({ url: '/x/some/route' })).body).toContain('/x/assets/new-1a2b.js');
    const fresh = await app.inject({ url: '/x/assets/new-1a2b.js?v=1' });
    expect([fresh.statusCode, fresh.body, fresh.headers['cache-control']]).toEqual([
      200,
      'fresh()',
      'public, max-age=31536000, immutable',
    ]);
    expect((await app.inject({ url: '/x/assets/old.js' })).statusCode).toBe(404);
    for (const url of [
      '/x/assets/../../vitrine-static-secret.txt',
      '/x/assets/%2e%2e/%2e%2e/vitrine-static-secret.txt',
    ])
      expect((await app.inject({ url })).body, url).not.toContain('TOP-SECRET-CONTENT');
    await app.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(join(tmpdir(), 'vitrine-static-secret.txt'), { force: true });
  });
});
