import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthClient } from '@vitrine/contract';
import { testEngine } from '../../test/database.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { createKeyring } from './keys.ts';
import { appError, bundledClientId, SHOP, shopClient } from '../../test/oauth.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { PUBLIC_URL: 'https://store.example.test' } });
});
afterAll(async () => {
  await s?.stop();
});

type One = { client: OAuthClient };
const preflight = (origin: string, path = '/_api/redirects-api/v1/redirect-session') =>
  fetch(s.url + path, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
  });

describe('OAuth clients (admin API)', () => {
  it('creates the bundled storefront client at first start for PUBLIC_URL', async () => {
    const r = await s.admin<One>('GET', `/oauth2/v1/clients/${bundledClientId(s)}`);
    expect(r.status).toBe(200);
    expect(r.body.client).toMatchObject({
      id: bundledClientId(s),
      redirectUris: ['https://store.example.test/*'],
      allowedOrigins: ['https://store.example.test'],
    });
    const del = await s.admin('DELETE', `/oauth2/v1/clients/${bundledClientId(s)}`);
    expect(del.status).toBe(409);
  });

  it('creates, reads, patches (field mask), queries and deletes a client', async () => {
    const created = await s.admin<One>('POST', '/oauth2/v1/clients', {
      client: {
        name: 'Mobile shop',
        redirectUris: ['https://m.example.test/cb'],
        allowedOrigins: ['https://M.example.test/'],
      },
    });
    expect(created.status).toBe(200);
    const c = created.body.client;
    expect(c).toMatchObject({
      name: 'Mobile shop',
      redirectUris: ['https://m.example.test/cb'],
      allowedOrigins: ['https://m.example.test'],
    });
    expect(c.createdDate).toBe(c.updatedDate);
    expect((await s.admin<One>('GET', `/oauth2/v1/clients/${c.id}`)).body.client).toEqual(c);

    s.clock.advance(1000);
    const patched = await s.admin<One>('PATCH', `/oauth2/v1/clients/${c.id}`, {
      client: { name: 'Renamed', allowedOrigins: ['https://x.example.test'] },
      fieldMask: 'name',
    });
    expect(patched.body.client).toMatchObject({
      name: 'Renamed',
      allowedOrigins: ['https://m.example.test'],
    });
    expect(patched.body.client.updatedDate).not.toBe(c.updatedDate);
    const noMask = await s.admin<One>('PATCH', `/oauth2/v1/clients/${c.id}`, {
      client: { redirectUris: ['https://m.example.test/a/*'] },
    });
    expect(noMask.body.client).toMatchObject({
      name: 'Renamed',
      redirectUris: ['https://m.example.test/a/*'],
    });

    const q = await s.admin<{ clients: OAuthClient[]; metadata: { count: number } }>(
      'POST',
      '/oauth2/v1/clients/query',
      {
        query: {
          filter: { allowedOrigins: { $hasSome: ['https://m.example.test'] } },
          sort: [{ fieldName: 'name', order: 'ASC' }],
        },
      },
    );
    expect(q.status).toBe(200);
    expect(q.body.clients.map((x) => x.id)).toEqual([c.id]);
    expect(q.body.metadata.count).toBe(1);

    const before = await s.request('POST', '/oauth2/token', {
      body: { clientId: c.id, grantType: 'anonymous' },
    });
    expect(before.status).toBe(200);
    expect((await s.admin('DELETE', `/oauth2/v1/clients/${c.id}`)).status).toBe(200);
    const after = await s.request('POST', '/oauth2/token', {
      body: { clientId: c.id, grantType: 'anonymous' },
    });
    expect(appError(after.body).code).toBe('invalid_client');
    const gone = await s.admin('GET', `/oauth2/v1/clients/${c.id}`);
    expect(gone.status).toBe(404);
    expect(appError(gone.body).code).toBe('OAUTH_CLIENT_NOT_FOUND');
  });

  it('refuses bad redirect URIs and origins, unknown query fields, and non-admin callers', async () => {
    const bad = await s.admin('POST', '/oauth2/v1/clients', {
      client: {
        name: 'Bad',
        redirectUris: ['https://a.example.test/cb#x', 'javascript:alert(1)', 'https://a.example.test/*/x'],
        allowedOrigins: ['https://a.example.test/path'],
      },
    });
    expect(bad.status).toBe(400);
    const fields = (
      bad.body as { details: { validationError: { fieldViolations: { field: string }[] } } }
    ).details.validationError.fieldViolations.map((v) => v.field);
    expect(fields).toEqual([
      'client.allowedOrigins.0',
      'client.redirectUris.0',
      'client.redirectUris.1',
      'client.redirectUris.2',
    ]);
    expect(
      (await s.admin('POST', '/oauth2/v1/clients/query', { query: { filter: { secret: 'x' } } })).status,
    ).toBe(400);
    expect((await s.request('POST', '/oauth2/v1/clients', { body: { client: { name: 'x' } } })).status).toBe(
      401,
    );
    const blank = await s.admin('PATCH', `/oauth2/v1/clients/${bundledClientId(s)}`, {
      client: {},
      fieldMask: 'name',
    });
    expect(blank.status).toBe(400);
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin, and adds the headers to the request itself', async () => {
    await shopClient(s);
    const r = await preflight(SHOP);
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(r.headers.get('access-control-allow-headers')).toBe(
      'authorization, content-type, x-wix-bi-gateway, x-wix-consistent, client-binding',
    );
    expect(r.headers.get('access-control-allow-methods')).toContain('POST');
    const get = await fetch(`${s.url}/platform/v1/store-settings`, { headers: { origin: SHOP } });
    expect(get.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(get.headers.get('access-control-expose-headers')).toBe(
      'X-Wix-Request-Id, X-Wix-Consistent, X-Vitrine-Session',
    );
    expect((await preflight('https://store.example.test', '/oauth2/token')).status).toBe(204);
  });

  it('refuses a preflight from any other origin and sends no CORS headers to it', async () => {
    const r = await preflight('https://evil.example.test');
    expect(r.status).toBe(403);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    expect(appError(await r.json()).code).toBe('CORS_ORIGIN_NOT_ALLOWED');
    const get = await fetch(`${s.url}/platform/v1/store-settings`, {
      headers: { origin: 'https://evil.example.test' },
    });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('follows client changes at once', async () => {
    const origin = 'https://later.example.test';
    expect((await preflight(origin)).status).toBe(403);
    const id = await shopClient(s, { allowedOrigins: [origin] });
    expect((await preflight(origin)).status).toBe(204);
    await s.admin('PATCH', `/oauth2/v1/clients/${id}`, { client: { allowedOrigins: [] } });
    expect((await preflight(origin)).status).toBe(403);
  });
});

describe('signing keys', () => {
  it('keeps the key across restarts', async () => {
    const before = await s.request<{ keys: { kid: string }[] }>('GET', '/oauth2/jwks');
    const again = await startTestServer({
      database: s.db.handle,
      env: { PUBLIC_URL: 'https://store.example.test' },
    });
    try {
      const after = await again.request<{ keys: { kid: string }[] }>('GET', '/oauth2/jwks');
      expect(after.body.keys.map((k) => k.kid)).toEqual(before.body.keys.map((k) => k.kid));
      // A token from one process is accepted by the other.
      const t = await again.request<{ access_token: string }>('POST', '/oauth2/token', {
        body: { clientId: bundledClientId(s), grantType: 'anonymous' },
      });
      expect(
        (await s.request('GET', '/platform/v1/store-settings', { auth: t.body.access_token })).status,
      ).toBe(200);
    } finally {
      await again.stop();
    }
  });

  it('ends up with one key when two processes start together on an empty table', async () => {
    const db = s.db.handle.db;
    await db.deleteFrom('oauth_signing_key').execute();
    const other = testEngine() === 'postgres' ? s.db.another() : s.db.handle;
    try {
      const a = createKeyring(db);
      const b = createKeyring(other.db);
      await Promise.all([a.setUp(s.clock.now()), b.setUp(s.clock.now())]);
      const rows = await db.selectFrom('oauth_signing_key').select(['kid', 'active']).execute();
      expect(rows).toEqual([{ kid: expect.any(String), active: true }]);
      expect((await a.signingKey()).kid).toBe(rows[0]!.kid);
      expect((await b.signingKey()).kid).toBe(rows[0]!.kid);
    } finally {
      if (other !== s.db.handle) await other.close();
    }
  });
});
