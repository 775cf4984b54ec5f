import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
