import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousTokens, bundledClientId } from '../test/oauth.ts';
import { startTestServer, type TestServer } from '../test/server.ts';

/** A value the README allows for ADMIN_API_KEY: 24+ characters, no `vk_` prefix. */
const OWN_KEY = 'my-own-admin-key-0123456789abcd';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { ADMIN_API_KEY: OWN_KEY } });
});
afterAll(async () => {
  await s?.stop();
});

describe('ADMIN_API_KEY without the vk_ prefix', () => {
  it('is the admin credential, alone and after a visitor token', async () => {
    const alone = await s.request('POST', '/platform/v1/jobs/query', { auth: OWN_KEY, body: {} });
    expect(alone.status, JSON.stringify(alone.body)).toBe(200);
    const visitor = (await anonymousTokens(s, bundledClientId(s))).access_token;
    const elevated = await s.request('POST', '/platform/v1/jobs/query', {
      auth: `${visitor},${OWN_KEY}`,
      body: {},
    });
    expect(elevated.status, JSON.stringify(elevated.body)).toBe(200);
  });

  it('is not matched by a value of the same length or a prefix of it', async () => {
    for (const wrong of [OWN_KEY.replace(/d$/, 'e'), OWN_KEY.slice(0, -1)]) {
      expect((await s.request('POST', '/platform/v1/jobs/query', { auth: wrong, body: {} })).status).toBe(
        401,
      );
    }
  });
});
