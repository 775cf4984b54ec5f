import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_CACHE_MS } from '../../platform/auth.ts';
import { appError, type TestServer } from '../../test/server.ts';
import { invited, setUpOwner, type StaffBrowser, staffServer } from '../../test/staff.ts';

let s: TestServer;
let owner: StaffBrowser;
beforeAll(async () => {
  s = await staffServer();
  owner = await setUpOwner(s);
});
afterAll(async () => {
  await s?.stop();
});

type Key = { id: string; name: string; createdDate: string; revokedDate: string | null; key?: string };

describe('API keys', () => {
  it('are made by owners, shown once, work as Authorization, and stop working within the cache time once revoked', async () => {
    const created = await owner.request<{ apiKey: Key }>('POST', '/platform/v1/api-keys', {
      body: { name: ' Warehouse sync ' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { apiKey } = created.body;
    expect(apiKey).toMatchObject({
      name: 'Warehouse sync',
      revokedDate: null,
      key: expect.stringMatching(/^vk_/),
    });
    expect(created.headers.get('cache-control')).toBe('no-store');

    const asKey = () =>
      s.request('POST', '/ecom/v1/orders/search', { auth: apiKey.key!, body: { search: {} } });
    expect((await asKey()).status).toBe(200);
    // Owners' routes too: an API key counts as an owner.
    const listed = await s.request<{ apiKeys: Key[] }>('POST', '/platform/v1/api-keys/query', {
      auth: apiKey.key!,
      body: {},
    });
    expect(listed.status).toBe(200);
    const mine = listed.body.apiKeys.find((k) => k.id === apiKey.id);
    expect(mine).toEqual({
      id: apiKey.id,
      name: 'Warehouse sync',
      createdDate: apiKey.createdDate,
      revokedDate: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(apiKey.key);

    const revoked = await owner.request<{ apiKey: Key }>('DELETE', `/platform/v1/api-keys/${apiKey.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.apiKey.revokedDate).toBe(s.clock.now().toISOString());
    // Verified keys are cached per process for KEY_CACHE_MS: revocation takes effect within it.
    expect((await asKey()).status).toBe(200);
    s.clock.advance(KEY_CACHE_MS + 1);
    const refused = await asKey();
    expect([refused.status, appError(refused.body).code]).toEqual([401, 'UNAUTHENTICATED']);

    const again = await owner.request<{ apiKey: Key }>('DELETE', `/platform/v1/api-keys/${apiKey.id}`);
    expect(again.body.apiKey.revokedDate).toBe(revoked.body.apiKey.revokedDate);
    const unknown = await owner.request(
      'DELETE',
      '/platform/v1/api-keys/0190c0de-0000-7000-8000-00000000dead',
    );
    expect(unknown.status).toBe(404);
    const query = await owner.request<{ apiKeys: Key[] }>('POST', '/platform/v1/api-keys/query', {
      body: { query: { filter: { revokedDate: { $exists: true } } } },
    });
    expect(query.body.apiKeys.map((k) => k.id)).toEqual([apiKey.id]);
  });

  it('are refused to contributors', async () => {
    const c = await invited(owner, 'casey@example.test', 'CONTRIBUTOR');
    for (const [method, path] of [
      ['POST', '/platform/v1/api-keys'],
      ['POST', '/platform/v1/api-keys/query'],
      ['DELETE', '/platform/v1/api-keys/0190c0de-0000-7000-8000-00000000dead'],
    ] as const) {
      const r = await c.request(method, path, { body: method === 'DELETE' ? undefined : { name: 'x' } });
      expect([r.status, appError(r.body).code], `${method} ${path}`).toEqual([403, 'OWNER_ONLY']);
    }
  });
});
