import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import {
  appError,
  authorizeCode,
  authorizeRequest,
  authorizePath,
  browse,
  CALLBACK,
  member,
  pkce,
  SHOP,
  shopClient,
  token,
} from '../../test/oauth.ts';

let s: TestServer;
let clientId: string;
beforeAll(async () => {
  s = await startTestServer();
  clientId = await shopClient(s);
});
afterAll(async () => {
  await s?.stop();
});

const exchange = (body: Record<string, unknown>) =>
  token(s, { clientId, grantType: 'authorization_code', redirectUri: CALLBACK, ...body });
const request = (o: Record<string, string | undefined> = {}) => authorizeRequest(clientId, o);
/** The target origins and data of a web_message page. */
function webMessage(html: string) {
  const origins = JSON.parse(/var targetOrigins = (\[.*?\]);/.exec(html)![1]!) as string[];
  const data = JSON.parse(/var data = (\{.*?\});/.exec(html)![1]!) as Record<string, string>;
  return { origins, data };
}

describe('authorization_code flow', () => {
  it('signs in with a session token, redirects with code and state, and exchanges the code for member tokens', async () => {
    const m = await member(s);
    const { verifier, challenge } = pkce(64);
    const a = await authorizeCode(s, {
      clientId,
      sessionToken: m.sessionToken,
      challenge,
      state: 'round/trip+state=1',
    });
    expect(a.location.origin + a.location.pathname).toBe(CALLBACK);
    expect(a.state).toBe('round/trip+state=1');
    expect(a.cookie).toMatch(/^vitrine_session=/);
    const r = await exchange({ code: a.code, codeVerifier: verifier });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      access_token: expect.any(String),
      expires_in: 14400,
      refresh_token: expect.any(String),
      token_type: 'Bearer',
      scope: 'offline_access',
    });
    expect(decodeJwt(r.body.access_token)).toMatchObject({ sub: m.memberId, role: 'member', cid: clientId });
    expect((await s.request('GET', '/oauth2/user-info', { auth: r.body.access_token })).status).toBe(200);
    const again = await token(s, {
      clientId,
      refreshToken: r.body.refresh_token,
      grantType: 'refresh_token',
    });
    expect(decodeJwt(again.body.access_token)).toMatchObject({ sub: m.memberId, role: 'member' });
  });

  it('puts code and state in the fragment for responseMode=fragment', async () => {
    const m = await member(s);
    const r = await browse(
      s,
      authorizePath(request({ responseMode: 'fragment', sessionToken: m.sessionToken })),
    );
    expect(r.status).toBe(302);
    const u = new URL(r.location!);
    expect(u.search).toBe('');
    const hash = new URLSearchParams(u.hash.slice(1));
    expect(hash.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash.get('state')).toBe('state-xyz');
  });

  it('rejects a verifier that does not match the challenge, and verifiers of 42 and 129 characters', async () => {
    const m = await member(s);
    const { verifier, challenge } = pkce();
    const { code } = await authorizeCode(s, { clientId, sessionToken: m.sessionToken, challenge });
    const mismatch = await exchange({ code, codeVerifier: pkce().verifier });
    expect(mismatch.status).toBe(400);
    expect(appError(mismatch.body).code).toBe('invalid_grant');
    for (const length of [42, 129]) {
      const r = await exchange({ code, codeVerifier: 'a'.repeat(length) });
      expect(r.status).toBe(400);
      expect(appError(r.body).code).toBe('invalid_request');
      expect(appError(r.body).data.fieldViolations).toEqual([
        expect.objectContaining({ field: 'codeVerifier' }),
      ]);
    }
    // The failed attempts did not spend the code.
    expect((await exchange({ code, codeVerifier: verifier })).status).toBe(200);
  });

  it('accepts a code once; a replay is rejected and revokes the tokens issued from it', async () => {
    const m = await member(s);
    const { verifier, challenge } = pkce();
    const { code } = await authorizeCode(s, { clientId, sessionToken: m.sessionToken, challenge });
    const first = await exchange({ code, codeVerifier: verifier });
    expect(first.status).toBe(200);
    const replay = await exchange({ code, codeVerifier: verifier });
    expect(replay.status).toBe(400);
    expect(appError(replay.body).code).toBe('invalid_grant');
    const refresh = await token(s, {
      clientId,
      refreshToken: first.body.refresh_token,
      grantType: 'refresh_token',
    });
    expect(refresh.status).toBe(400);
    expect(appError(refresh.body).code).toBe('invalid_grant');
  });

  it('settles two simultaneous exchanges of one code: one wins, the other counts as a replay', async () => {
    const m = await member(s);
    const { verifier, challenge } = pkce();
    const { code } = await authorizeCode(s, { clientId, sessionToken: m.sessionToken, challenge });
    const answers = await Promise.all([
      exchange({ code, codeVerifier: verifier }),
      exchange({ code, codeVerifier: verifier }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers.find((a) => a.status === 200)!;
    expect(
      (await token(s, { refreshToken: winner.body.refresh_token, grantType: 'refresh_token' })).status,
    ).toBe(400);
  });

  it('rejects a code after 10 minutes', async () => {
    const m = await member(s);
    const { verifier, challenge } = pkce();
    const { code } = await authorizeCode(s, { clientId, sessionToken: m.sessionToken, challenge });
    s.clock.advance(10 * 60_000 + 1);
    const r = await exchange({ code, codeVerifier: verifier });
    expect(r.status).toBe(400);
    expect(appError(r.body).code).toBe('invalid_grant');
  });

  it('rejects another redirect URI, a missing one, and another client', async () => {
    const other = await shopClient(s);
    const m = await member(s);
    const { verifier, challenge } = pkce();
    const { code } = await authorizeCode(s, { clientId, sessionToken: m.sessionToken, challenge });
    expect(
      appError((await exchange({ code, codeVerifier: verifier, redirectUri: `${SHOP}/other` })).body).code,
    ).toBe('invalid_grant');
    expect(
      appError(
        (await token(s, { clientId, grantType: 'authorization_code', code, codeVerifier: verifier })).body,
      ).code,
    ).toBe('invalid_grant');
    expect(appError((await exchange({ clientId: other, code, codeVerifier: verifier })).body).code).toBe(
      'invalid_grant',
    );
    expect(appError((await exchange({ clientId: 'nobody', code, codeVerifier: verifier })).body).code).toBe(
      'invalid_client',
    );
    expect((await exchange({ code, codeVerifier: verifier })).status).toBe(200);
  });
});

describe('authorize request checks', () => {
  it('shows an error page, never a redirect, for an unknown client or an unregistered redirect URI', async () => {
    for (const o of [
      { clientId: 'nobody' },
      { redirectUri: 'https://evil.example.test/callback' },
      { redirectUri: `${CALLBACK}/../x` },
      { clientId: undefined },
    ]) {
      const r = await browse(s, authorizePath(request(o)));
      expect(r.status).toBe(400);
      expect(r.location).toBeNull();
      expect(r.headers.get('content-type')).toContain('text/html');
      expect(r.text).not.toContain('evil.example.test/callback?');
    }
  });

  it('sends request errors back to the client with the state', async () => {
    for (const [o, error] of [
      [{ codeChallengeMethod: 'plain' }, 'invalid_request'],
      [{ codeChallenge: undefined }, 'invalid_request'],
      [{ responseType: 'token' }, 'unsupported_response_type'],
    ] as const) {
      const r = await browse(s, authorizePath(request(o)));
      expect(r.status).toBe(302);
      const u = new URL(r.location!);
      expect(u.searchParams.get('error')).toBe(error);
      expect(u.searchParams.get('state')).toBe('state-xyz');
      expect(u.searchParams.get('code')).toBeNull();
    }
  });

  it('answers prompt=none without a session with login_required', async () => {
    const r = await browse(s, authorizePath(request({ prompt: 'none' })));
    expect(r.status).toBe(302);
    const u = new URL(r.location!);
    expect(u.searchParams.get('error')).toBe('login_required');
    expect(u.searchParams.get('state')).toBe('state-xyz');
  });

  it('signs a browser in with a session token when no app asked (the hosted page alone); the next request then completes at once', async () => {
    const m = await member(s);
    const bad = await s.request('POST', '/oauth2/session', { body: { sessionToken: 'not-a-token' } });
    expect([bad.status, appError(bad.body).code]).toEqual([401, 'login_required']);
    const opened = await s.request('POST', '/oauth2/session', { body: { sessionToken: m.sessionToken } });
    expect([opened.status, opened.body]).toEqual([200, {}]);
    const cookie = opened.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^vitrine_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax/);
    // The store's own authorize request, asking for no page, gets its code from that session.
    const r = await browse(s, authorizePath(request({ prompt: 'none' })), { cookie: cookie.split(';')[0] });
    const code = new URL(r.location!).searchParams.get('code');
    expect(code).toBeTruthy();
    // A session token is spent once.
    const again = await s.request('POST', '/oauth2/session', { body: { sessionToken: m.sessionToken } });
    expect(again.status).toBe(401);
  });

  it("sends a browser signed in by a `login` redirect session back to a front end's own origin, only when a client allows it", async () => {
    const opened = async (postFlowUrl: string) => {
      const m = await member(s);
      const r = await s.request<{ redirectUrl?: string }>('POST', '/oauth2/session', {
        body: { sessionToken: m.sessionToken, postFlowUrl },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.headers.get('set-cookie')).toMatch(/^vitrine_session=[\w-]+;/);
      return r.body.redirectUrl;
    };
    // The shop's client allows SHOP: the browser goes back there, to the very page.
    expect(await opened(`${SHOP}/welcome?from=login#top`)).toBe(`${SHOP}/welcome?from=login#top`);
    // Anywhere else is never a redirect: the page goes on to the store's own sign-in.
    for (const elsewhere of [
      'https://evil.example.test/',
      `${s.url}/cart`,
      '/cart',
      'javascript:alert(1)',
      'not a url',
    ])
      expect(await opened(elsewhere), elsewhere).toBeUndefined();
    const bad = await s.request('POST', '/oauth2/session', {
      body: { sessionToken: 'not-a-token', postFlowUrl: `${SHOP}/` },
    });
    expect([bad.status, appError(bad.body).code]).toEqual([401, 'login_required']);
  });

  it('sends a browser without a session to the hosted login page with the same request', async () => {
    const r = await browse(s, authorizePath(request({ prompt: 'login' })));
    expect(r.status).toBe(302);
    const u = new URL(r.location!);
    expect(u.origin + u.pathname).toBe(`${s.app.oauth.issuer}/auth/login`);
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      clientId,
      redirectUri: CALLBACK,
      state: 'state-xyz',
      prompt: 'login',
      codeChallengeMethod: 'S256',
    });
  });

  it('completes from the browser-session cookie unless a login is asked for; logout ends it', async () => {
    const m = await member(s);
    const first = await authorizeCode(s, {
      clientId,
      sessionToken: m.sessionToken,
      challenge: pkce().challenge,
    });
    for (const prompt of ['none', 'consent', undefined]) {
      const r = await browse(s, authorizePath(request({ prompt })), { cookie: first.cookie });
      expect(new URL(r.location!).searchParams.get('code')).toMatch(/./);
    }
    const login = await browse(s, authorizePath(request({ prompt: 'login' })), { cookie: first.cookie });
    expect(new URL(login.location!).pathname).toBe('/auth/login');

    const { verifier, challenge } = pkce();
    const viaCookie = new URL(
      (await browse(s, authorizePath(request({ codeChallenge: challenge })), { cookie: first.cookie }))
        .location!,
    );
    const tokens = await exchange({ code: viaCookie.searchParams.get('code'), codeVerifier: verifier });
    expect(decodeJwt(tokens.body.access_token).sub).toBe(m.memberId);

    const out = await browse(
      s,
      `/oauth2/logout?clientId=${clientId}&postFlowUrl=${encodeURIComponent(`${SHOP}/bye`)}`,
      { cookie: first.cookie },
    );
    expect(out.status).toBe(302);
    expect(out.location).toBe(`${SHOP}/bye`);
    expect(out.setCookie).toMatch(/vitrine_session=;.*Max-Age=0/);
    const after = await browse(s, authorizePath(request({ prompt: 'none' })), { cookie: first.cookie });
    expect(new URL(after.location!).searchParams.get('error')).toBe('login_required');
    // Refresh tokens issued through the ended browser session are revoked with it.
    expect(
      (await token(s, { refreshToken: tokens.body.refresh_token, grantType: 'refresh_token' })).status,
    ).toBe(400);
  });

  it('logout sends a postFlowUrl the client does not allow to the store instead', async () => {
    const r = await browse(
      s,
      `/oauth2/logout?clientId=${clientId}&postFlowUrl=${encodeURIComponent('https://evil.example.test/')}`,
    );
    expect(r.location).toBe(`${s.app.oauth.issuer}/`);
  });
});

describe('web_message (direct login in a hidden iframe)', () => {
  it("posts {code, state} only to the client's allowed origins, under a strict CSP", async () => {
    const other = await shopClient(s, { allowedOrigins: ['https://other.example.test'] });
    const m = await member(s);
    const { verifier, challenge } = pkce();
    const r = await browse(
      s,
      authorizePath(
        request({
          responseMode: 'web_message',
          prompt: 'none',
          redirectUri: undefined,
          codeChallenge: challenge,
          sessionToken: m.sessionToken,
        }),
      ),
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/html');
    const csp = r.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`frame-ancestors ${SHOP}`);
    expect(r.text).toContain(`<script nonce="${nonce}">`);
    const { origins, data } = webMessage(r.text);
    expect(origins).toEqual([SHOP]);
    expect(origins).not.toContain('*');
    expect(origins).not.toContain('https://other.example.test');
    expect(data).toEqual({ code: expect.any(String), state: 'state-xyz' });
    // Direct login exchanges the code without a redirect URI.
    const t = await token(s, {
      clientId,
      grantType: 'authorization_code',
      code: data.code,
      codeVerifier: verifier,
    });
    expect(t.status).toBe(200);
    expect(decodeJwt(t.body.access_token).sub).toBe(m.memberId);

    const errors = await browse(
      s,
      authorizePath(
        request({ clientId: other, responseMode: 'web_message', prompt: 'none', redirectUri: undefined }),
      ),
    );
    const e = webMessage(errors.text);
    expect(e.origins).toEqual(['https://other.example.test']);
    expect(e.data).toEqual({
      error: 'login_required',
      error_description: expect.any(String),
      state: 'state-xyz',
    });
  });

  it('POST /oauth2/authorize/complete answers the redirect URL, or the web message for web_message', async () => {
    const m = await member(s);
    const done = await s.request<{ redirectUrl: string }>('POST', '/oauth2/authorize/complete', {
      body: { ...request(), sessionToken: m.sessionToken },
    });
    expect(done.status).toBe(200);
    expect(done.headers.get('set-cookie')).toMatch(/^vitrine_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    const u = new URL(done.body.redirectUrl);
    expect(u.origin + u.pathname).toBe(CALLBACK);
    expect(u.searchParams.get('state')).toBe('state-xyz');
    const reused = await s.request('POST', '/oauth2/authorize/complete', {
      body: { ...request(), sessionToken: m.sessionToken },
    });
    expect(reused.status).toBe(401);
    expect(appError(reused.body).code).toBe('login_required');
    const m2 = await member(s);
    const wm = await s.request<{ webMessage: { targetOrigins: string[]; data: Record<string, string> } }>(
      'POST',
      '/oauth2/authorize/complete',
      {
        body: {
          ...request({ responseMode: 'web_message', redirectUri: undefined }),
          sessionToken: m2.sessionToken,
        },
      },
    );
    expect(wm.body.webMessage).toEqual({
      targetOrigins: [SHOP],
      data: { code: expect.any(String), state: 'state-xyz' },
    });
    const bad = await s.request('POST', '/oauth2/authorize/complete', {
      body: { ...request({ redirectUri: 'https://evil.example.test/' }), sessionToken: 'x' },
    });
    expect(bad.status).toBe(400);
  });
});
