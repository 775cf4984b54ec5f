import { existsSync } from 'node:fs';
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
