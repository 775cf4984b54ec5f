import { describe, expect, it, vi } from 'vitest';
import { VitrineError } from '../errors.ts';
import { serverPerTest } from '../test-server.ts';
import { createClient } from './client.ts';
import { OAuthStrategy } from './oauth-strategy.ts';
import type { OAuthStrategyOptions } from './oauth-strategy.ts';
import { CLIENT_ID, MODULE_PATH, startOAuthPeer } from './oauth-peer.ts';
import type { PeerOptions } from './oauth-peer.ts';
import { memoryStorage } from './storage.ts';
import type { Tokens } from './types.ts';

const serve = serverPerTest();
const T0 = 1_700_000_000_500; // ms; the half second checks the floor()

/** A peer, a strategy on a settable clock, and a client whose module call is `call()`. */
async function setup(peerOptions: PeerOptions = {}, strategy: Partial<OAuthStrategyOptions> = {}) {
  const peer = await startOAuthPeer(serve, peerOptions);
  const clock = { ms: T0 };
  const auth = OAuthStrategy({ clientId: CLIENT_ID, now: () => clock.ms, ...strategy });
  const onError = vi.fn();
  const client = createClient({ host: peer.baseUrl, auth, onError });
  const call = () => client.request<{ cart: { id: string } }>({ method: 'GET', path: MODULE_PATH });
  const trail = () => peer.received.map((r) => `${r.method} ${r.path} ${r.headers.authorization ?? '-'}`);
  return { peer, clock, auth, client, call, trail, onError };
}

const memberTokens = (value = 'member-access-x', expiresAt = T0 / 1000 + 3600): Tokens => ({
  accessToken: { value, expiresAt },
  refreshToken: { value: 'member-refresh-x', role: 'member' },
});

describe('visitor tokens', () => {
  it('the first call fetches an anonymous token; the second reuses it', async () => {
    const { peer, auth, call, trail } = await setup();
    expect(await call()).toEqual({ cart: { id: 'cart-1' } });
    await call();
    expect(trail()).toEqual([
      'POST /oauth2/token -',
      `GET ${MODULE_PATH} anon-access-1`,
      `GET ${MODULE_PATH} anon-access-1`,
    ]);
    const tokenRequest = peer.received[0]!;
    expect(tokenRequest.body).toBe('{"clientId":"probe-client-id","grantType":"anonymous"}');
    expect(tokenRequest.headers['content-type']).toBe('application/json');
    expect(auth.getTokens()).toEqual({
      accessToken: { value: 'anon-access-1', expiresAt: 1_700_000_000 + 14400 },
      refreshToken: { value: 'anon-refresh-1', role: 'visitor' },
    });
    expect(auth.loggedIn()).toBe(false);
  });

  it('concurrent first calls share one token request', async () => {
    const { peer, call } = await setup();
    await Promise.all([call(), call(), call()]);
    expect(peer.grants()).toHaveLength(1);
    expect(peer.authorizations(MODULE_PATH)).toEqual(['anon-access-1', 'anon-access-1', 'anon-access-1']);
  });

  it('valid through its expiry second; after it, renewed with the old refresh token kept', async () => {
    const { peer, clock, auth, call } = await setup({ lifetime: 100 });
    await call();
    clock.ms = (1_700_000_000 + 100) * 1000 + 999; // expiresAt === now (seconds): not before now
    await call();
    expect(peer.grants()).toHaveLength(1);
    clock.ms = (1_700_000_000 + 101) * 1000; // expiresAt < now
    await call();
    expect(peer.received.filter((r) => r.path === '/oauth2/token').map((r) => r.body)).toEqual([
      '{"clientId":"probe-client-id","grantType":"anonymous"}',
      '{"clientId":"probe-client-id","refreshToken":"anon-refresh-1","grantType":"refresh_token"}',
    ]);
    expect(peer.authorizations(MODULE_PATH)).toEqual([
      'anon-access-1',
      'anon-access-1',
      'refreshed-access-2',
    ]);
    // expires_in came as the string "100"; the rotated refresh token in the answer is ignored.
    expect(auth.getTokens()).toEqual({
      accessToken: { value: 'refreshed-access-2', expiresAt: 1_700_000_101 + 100 },
      refreshToken: { value: 'anon-refresh-1', role: 'visitor' },
    });
  });

  it('a failed renewal falls back to a fresh anonymous token', async () => {
    const { peer, clock, auth, call } = await setup({ lifetime: 60 });
    await call();
    peer.revokeRefreshToken('anon-refresh-1');
    clock.ms += 61_000;
    await call();
    expect(peer.grants().map((g) => g.grantType)).toEqual(['anonymous', 'refresh_token', 'anonymous']);
    expect(peer.authorizations(MODULE_PATH)).toEqual(['anon-access-1', 'anon-access-2']);
    expect(auth.getTokens().refreshToken).toEqual({ value: 'anon-refresh-2', role: 'visitor' });
  });

  it('an expired member whose renewal fails becomes a visitor', async () => {
    const { peer, clock, auth, call } = await setup();
    auth.setTokens(memberTokens('member-access-x', T0 / 1000 - 1));
    expect(auth.loggedIn()).toBe(true);
    await call();
    expect(peer.grants()).toEqual([
      { clientId: CLIENT_ID, refreshToken: 'member-refresh-x', grantType: 'refresh_token' },
      { clientId: CLIENT_ID, grantType: 'anonymous' },
    ]);
    expect(auth.loggedIn()).toBe(false);
    clock.ms += 1000;
    await call();
    expect(peer.grants()).toHaveLength(2);
  });

  it('given tokens are used as they are while valid; generateVisitorTokens/renewToken store nothing', async () => {
    const { peer, auth, call } = await setup({}, { tokens: memberTokens() });
    await call();
    expect(peer.grants()).toEqual([]);
    expect(peer.authorizations(MODULE_PATH)).toEqual(['member-access-x']);

    expect(await auth.generateVisitorTokens(memberTokens())).toEqual(memberTokens());
    const visitor = await auth.generateVisitorTokens();
    expect(visitor.refreshToken).toEqual({ value: 'anon-refresh-1', role: 'visitor' });
    const renewed = await auth.renewToken(visitor.refreshToken);
    expect(renewed).toEqual({
      accessToken: { value: 'refreshed-access-2', expiresAt: 1_700_000_000 + 14400 },
      refreshToken: visitor.refreshToken,
    });
    expect(auth.getTokens()).toEqual(memberTokens());
    await expect(auth.renewToken()).rejects.toThrow('something went wrong'); // member-refresh-x is unknown to the peer
  });

  it('loggedIn is true only while the refresh token role is member', async () => {
    const { auth, call } = await setup();
    expect(auth.loggedIn()).toBe(false);
    await call();
    expect(auth.loggedIn()).toBe(false);
    auth.setTokens(memberTokens());
    expect(auth.loggedIn()).toBe(true);
    auth.setTokens({ ...memberTokens(), refreshToken: { value: 'r', role: 'visitor' } });
    expect(auth.loggedIn()).toBe(false);
  });
});

describe('token endpoint failures', () => {
  it("a non-200 answer is Error('something went wrong'); a module call surfaces it through the error hook", async () => {
    const failing = { status: 503, body: { message: 'down' } };
    const { peer, auth, call, onError } = await setup({ script: { '/oauth2/token': [failing, failing] } });
    await expect(auth.generateVisitorTokens()).rejects.toThrow(new Error('something went wrong'));
    const err = await call().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(VitrineError);
    expect(((err as VitrineError).runtimeError as Error).message).toBe('something went wrong');
    expect(onError).toHaveBeenCalledWith(err);
    expect(peer.received.map((r) => r.path)).toEqual(['/oauth2/token', '/oauth2/token']);
    await call(); // the next call tries again
    expect(peer.authorizations(MODULE_PATH)).toEqual(['anon-access-1']);
  });

  it('a 200 answer that is not JSON or lacks access_token/expires_in is a failure too', async () => {
    const { auth } = await setup({
      script: {
        '/oauth2/token': [
          { body: 'not json' },
          { body: { refresh_token: 'r', expires_in: 1 } },
          { body: { access_token: 'a', refresh_token: 'r' } },
        ],
      },
    });
    for (let i = 0; i < 3; i++)
      await expect(auth.generateVisitorTokens()).rejects.toThrow('something went wrong');
  });

  it('token requests carry tokenRequestOptions.headers', async () => {
    const { peer, call } = await setup({}, { tokenRequestOptions: { headers: { 'client-binding': 'b-1' } } });
    await call();
    expect(peer.received[0]!.headers['client-binding']).toBe('b-1');
    expect(peer.received[1]!.headers['client-binding']).toBeUndefined();
  });
});

describe('wiring', () => {
  it('token requests go through the fetch injected into createClient', async () => {
    const peer = await startOAuthPeer(serve);
    const seen: string[] = [];
    const client = createClient({
      host: 'https://vitrine.invalid',
      auth: OAuthStrategy({ clientId: CLIENT_ID }),
      fetch: (input, init) => {
        seen.push(`${init?.method} ${String(input)}`);
        return fetch(String(input).replace('https://vitrine.invalid', peer.baseUrl), init);
      },
    });
    await client.request({ method: 'GET', path: MODULE_PATH });
    expect(seen).toEqual([
      'POST https://vitrine.invalid/oauth2/token',
      `GET https://vitrine.invalid${MODULE_PATH}`,
    ]);
  });

  it('a strategy used alone needs a host', async () => {
    await expect(OAuthStrategy({ clientId: CLIENT_ID }).getAuthHeaders()).rejects.toThrow(
      'OAuthStrategy needs a host',
    );
    const peer = await startOAuthPeer(serve);
    const alone = OAuthStrategy({ clientId: CLIENT_ID, host: peer.baseUrl });
    expect(await alone.getAuthHeaders()).toEqual({ Authorization: 'anon-access-1' });
  });

  it('setTokens during a token fetch wins over the fetched tokens', async () => {
    const { auth, call, peer } = await setup();
    const first = call();
    auth.setTokens(memberTokens());
    await first;
    expect(auth.getTokens()).toEqual(memberTokens());
    expect(peer.authorizations(MODULE_PATH)).toEqual(['member-access-x']);
  });
});

describe('logout', () => {
  it('creates a logout redirect session, clears both tokens and the storage, returns the URL', async () => {
    const storage = memoryStorage();
    const { peer, auth, call } = await setup({}, { tokenStorage: storage, tokens: memberTokens() });
    expect(storage.get()).toEqual(memberTokens());
    const { logoutUrl } = await auth.logout('https://shop.example.test/');
    expect(logoutUrl).toBe(`${peer.baseUrl}/logout?next=https%3A%2F%2Fshop.example.test%2F`);
    const r = peer.received[0]!;
    expect([r.method, r.path, r.headers.authorization]).toEqual([
      'POST',
      '/_api/redirects-api/v1/redirect-session',
      'member-access-x',
    ]);
    expect(r.body).toBe(
      '{"logout":{"clientId":"probe-client-id"},"callbacks":{"postFlowUrl":"https://shop.example.test/"}}',
    );
    expect(auth.getTokens()).toEqual({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: '', role: 'none' },
    });
    expect(auth.loggedIn()).toBe(false);
    expect(storage.get()).toBeNull();
    await call();
    expect(peer.grants()).toEqual([{ clientId: CLIENT_ID, grantType: 'anonymous' }]);
  });

  it('a failed logout call keeps the tokens', async () => {
    const fail = { status: 500, body: { message: 'boom' } };
    const { auth } = await setup(
      { script: { '/_api/redirects-api/v1/redirect-session': [fail] } },
      { tokens: memberTokens() },
    );
    await expect(auth.logout('https://shop.example.test/')).rejects.toBeInstanceOf(VitrineError);
    expect(auth.loggedIn()).toBe(true);
  });
});
