import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, type TestServer } from '../../test/server.ts';
import { RAW_ROUTES } from './raw-routes.ts';
import { mediaServer, png, ready, upload } from '../../test/media.ts';

/** Every media route with every caller: managing is for admins; members upload (and read) their own visitor uploads. */
let s: TestServer;
beforeAll(async () => {
  s = await mediaServer();
});
afterAll(async () => {
  await s?.stop();
});

const callers = {
  anonymous: undefined,
  visitor: 'visitor:v-1',
  member: 'member:m-1',
  admin: ADMIN_KEY,
} as const;

describe('permission matrix', () => {
  it('walks every media route with every role', async () => {
    const routes = s.app.router.routes.filter((r) => r.url.startsWith('/site-media/'));
    expect(routes.length).toBeGreaterThanOrEqual(24);
    const memberRoutes = new Set([
      'POST /site-media/v1/files/generate-upload-url',
      'POST /site-media/v1/files/generate-resumable-upload-url',
      'GET /site-media/v1/files/get-file-by-id',
      'POST /site-media/v1/files/get-files',
    ]);
    const seen: string[] = [];
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      const allowed = r.roles === 'any' ? Object.keys(callers) : ['admin', ...r.roles];
      expect(allowed.includes('member')).toBe(memberRoutes.has(key));
      const url = r.url.replace(/:[a-zA-Z]+/g, 'x');
      for (const [role, auth] of Object.entries(callers)) {
        const res = await s.request(r.method, url, {
          ...(auth ? { auth } : {}),
          ...(r.method === 'GET' ? {} : { body: {} }),
        });
        const refused = res.status === 401 || res.status === 403;
        if (allowed.includes(role)) expect(refused, `${role} ${key} → ${res.status}`).toBe(false);
        else expect(res.status, `${role} ${key}`).toBe(role === 'anonymous' ? 401 : 403);
        expect(res.status, `${role} ${key}`).toBeLessThan(500);
      }
      seen.push(key);
    }
    expect(seen).toContain('POST /site-media/v1/bulk/files/delete');
  });

  it('guards the raw routes: upload by token, archives by signature, public files to anyone, private ones by link', async () => {
    expect(RAW_ROUTES.map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /site-media/v1/upload',
      'GET /site-media/v1/download/archive',
      'GET /media/*',
    ]);
    const put = (q: string) => fetch(`${s.url}/site-media/v1/upload${q}`, { method: 'PUT', body: 'x' });
    expect((await put('')).status).toBe(400);
    expect((await put('?token=forged')).status).toBe(403);
    expect((await fetch(`${s.url}/site-media/v1/download/archive?ids=a`)).status).toBe(403);
    const pub = (await upload(s, await png(4, 4))).body.file;
    const priv = (await upload(s, await png(4, 4), { private: true })).body.file;
    await ready(s, pub.id);
    for (const auth of Object.values(callers)) {
      const headers = auth ? { authorization: auth } : undefined;
      expect((await fetch(pub.url, { headers })).status).toBe(200);
      // Even an admin's token does not open a private file's URL: only a signed link does.
      expect((await fetch(priv.url, { headers })).status).toBe(403);
    }
    const visitorUpload = await s.request('POST', '/site-media/v1/files/generate-upload-url', {
      auth: callers.visitor,
      body: { mimeType: 'image/png', sizeInBytes: '10' },
    });
    expect(visitorUpload.status).toBe(403);
  });
});
