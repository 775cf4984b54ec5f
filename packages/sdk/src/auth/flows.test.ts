import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverPerTest } from '../test-server.ts';
import { createClient } from './client.ts';
import { OAuthStrategy } from './oauth-strategy.ts';
import { CLIENT_ID, startOAuthPeer } from './oauth-peer.ts';
import { parseFromUrl } from './redirects.ts';
import type { OAuthData } from './types.ts';

const serve = serverPerTest();
const REDIRECT = 'https://shop.example.test/callback';
const RS = '/_api/redirects-api/v1/redirect-session';

async function setup() {
  const peer = await startOAuthPeer(serve);
  const client = createClient({ host: peer.baseUrl, auth: OAuthStrategy({ clientId: CLIENT_ID }) });
  return { peer, auth: client.auth };
}

/** What a browser does with the authorize URL: follow it to the redirect back to the app. */
async function visit(authUrl: string): Promise<string> {
  const res = await fetch(authUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

const fixedData: OAuthData = {
  codeVerifier: 'verifier-abc',
  codeChallenge: 'UYuYNoOHa3YdYVkr5LLzuiudepFn_zZgrE1N6ah1J_w',
  state: 'bTpppvJmrqwoxBNkGOZEVc_WAOoIWJiYDUvUhVWBUHU',
  redirectUri: REDIRECT,
  originalUri: '',
};

describe('getAuthUrl', () => {
  it('sends the auth intent exactly as captured, with the visitor token, and maps the answer', async () => {
    const { peer, auth } = await setup();
    const result = await auth.getAuthUrl(fixedData, { responseMode: 'query' });
    const r = peer.received.find((x) => x.path === RS)!;
    expect(r.headers.authorization).toBe('anon-access-1');
    expect(r.body).toBe(
      '{"auth":{"authRequest":{"redirectUri":"https://shop.example.test/callback","clientId":"probe-client-id","codeChallenge":"UYuYNoOHa3YdYVkr5LLzuiudepFn_zZgrE1N6ah1J_w","codeChallengeMethod":"S256","responseMode":"query","responseType":"code","scope":"offline_access","state":"bTpppvJmrqwoxBNkGOZEVc_WAOoIWJiYDUvUhVWBUHU"},"prompt":"login"}}',
    );
    expect(result).toEqual({
      authUrl: `${peer.baseUrl}/authorize?session=rs-2`,
      authorizationEndpoint: `${peer.baseUrl}/authorize`,
      sessionToken: null,
    });
  });

  it('defaults to fragment mode and prompt login; adds sessionToken and idp when given', async () => {
    const { peer, auth } = await setup();
    await auth.getAuthUrl(fixedData);
    await auth.getAuthUrl(fixedData, {
      prompt: 'none',
      sessionToken: 'JWS.session-token',
      idp: 'google-conn',
    });
    const [plain, withSession] = peer.bodies(RS) as {
      auth: { authRequest: Record<string, unknown>; prompt: string };
    }[];
    expect(plain!.auth.authRequest.responseMode).toBe('fragment');
    expect(plain!.auth.prompt).toBe('login');
    expect('sessionToken' in plain!.auth.authRequest).toBe(false);
    expect(withSession!.auth.prompt).toBe('none');
    expect(Object.keys(withSession!.auth.authRequest)).toEqual([
      'redirectUri',
      'clientId',
      'codeChallenge',
      'codeChallengeMethod',
      'responseMode',
      'responseType',
      'scope',
      'state',
      'sessionToken',
      'idp',
    ]);
    expect(withSession!.auth.authRequest.sessionToken).toBe('JWS.session-token');
  });
});

describe('authorization-code flow (PKCE verified by the peer)', () => {
  it.each(['fragment', 'query'] as const)(
    '%s mode: redirect back, parse, exchange, log in',
    async (responseMode) => {
      const { peer, auth } = await setup();
      const data = await auth.generateOAuthData(REDIRECT, 'https://shop.example.test/cart');
      const { authUrl } = await auth.getAuthUrl(data, { responseMode });
      const back = await visit(authUrl);
      expect(back.startsWith(`${REDIRECT}${responseMode === 'query' ? '?' : '#'}`)).toBe(true);

      const { code, state, error } = auth.parseFromUrl(back, responseMode);
      expect(error).toBeUndefined();
      const tokens = await auth.getMemberTokens(code, state, data);
      expect(tokens).toEqual({
        accessToken: { value: 'member-access-4', expiresAt: expect.any(Number) as number },
        refreshToken: { value: 'member-refresh-4', role: 'member' },
      });
      expect(peer.received.at(-1)!.body).toBe(
        JSON.stringify({
          clientId: CLIENT_ID,
          grantType: 'authorization_code',
          redirectUri: REDIRECT,
          code,
          codeVerifier: data.codeVerifier,
        }),
      );
      expect(auth.loggedIn()).toBe(false); // getMemberTokens stores nothing
      auth.setTokens(tokens);
      expect(auth.loggedIn()).toBe(true);
    },
  );

  it("getMemberTokens: 'Missing code or _state' and 'Invalid _state' before any request", async () => {
    const { peer, auth } = await setup();
    const data = await auth.generateOAuthData(REDIRECT);
    await expect(auth.getMemberTokens(null, data.state, data)).rejects.toThrow(
      new Error('Missing code or _state'),
    );
    await expect(auth.getMemberTokens('c', '', data)).rejects.toThrow(new Error('Missing code or _state'));
    await expect(auth.getMemberTokens('c', `${data.state}x`, data)).rejects.toThrow(
      new Error('Invalid _state'),
    );
    expect(peer.received).toEqual([]);
  });

  it("getMemberTokens: any exchange failure is 'Failed to get member tokens'", async () => {
    const { peer, auth } = await setup();
    const data = await auth.generateOAuthData(REDIRECT);
    const { authUrl } = await auth.getAuthUrl(data);
    const { code, state } = parseFromUrl(await visit(authUrl));
    // Wrong verifier: the peer's PKCE check refuses (400).
    await expect(
      auth.getMemberTokens(code, state, { ...data, codeVerifier: 'x'.repeat(43) }),
    ).rejects.toThrow(new Error('Failed to get member tokens'));
    // The code was consumed; the right verifier no longer helps.
    await expect(auth.getMemberTokens(code, state, data)).rejects.toThrow('Failed to get member tokens');
    // Unreachable server.
    const offline = OAuthStrategy({ clientId: CLIENT_ID, host: 'http://127.0.0.1:1' });
    await expect(offline.getMemberTokens('c', data.state, data)).rejects.toThrow(
      'Failed to get member tokens',
    );
    expect(peer.grants().filter((g) => g.grantType === 'authorization_code')).toHaveLength(2);
  });
});

describe('parseFromUrl', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the fragment by default and the query string in query mode', () => {
    const url = 'https://shop.example.test/callback?code=q-code&state=q-state#code=f-code&state=f-state';
    expect(parseFromUrl(url)).toEqual({ code: 'f-code', state: 'f-state' });
    expect(parseFromUrl(url, 'query')).toEqual({ code: 'q-code', state: 'q-state' });
    expect(parseFromUrl('https://shop.example.test/callback')).toEqual({ code: null, state: null });
  });

  it('reports error and error_description', () => {
    const frag =
      'https://shop.example.test/cb#error=access_denied&error_description=User%20said%20no&state=s1';
    expect(parseFromUrl(frag)).toEqual({
      code: null,
      state: 's1',
      error: 'access_denied',
      errorDescription: 'User said no',
    });
    expect(parseFromUrl('https://shop.example.test/cb?error=login_required&state=s2', 'query')).toEqual({
      code: null,
      state: 's2',
      error: 'login_required',
      errorDescription: null,
    });
  });

  it("uses the page's location in a browser, and needs a URL elsewhere", () => {
    expect(() => parseFromUrl()).toThrow('parseFromUrl needs a URL outside a browser');
    vi.stubGlobal('location', { href: 'https://shop.example.test/cb#code=c1&state=s1' });
    expect(parseFromUrl()).toEqual({ code: 'c1', state: 's1' });
  });
});
