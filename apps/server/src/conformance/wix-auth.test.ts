/**
 * The official packages (`@wix/sdk` OAuthStrategy, `@wix/identity`, `@wix/redirects`), unchanged,
 * pointed at a Vitrine test server: visitor tokens, refresh, register → member tokens, login,
 * e-mail verification, password recovery, logout.
 */
import type { MailMessage } from '@vitrine/contract';
import { createClient, OAuthStrategy, type Tokens } from '@wix/sdk';
import { oauth, recovery } from '@wix/identity';
import { redirects } from '@wix/redirects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, startTestServer, type TestServer } from '../test/server.ts';
import { redirectWixFetch, type Recorded } from '../test/wix.ts';

const REDIRECT = 'https://shop.example.test/callback';
const PASSWORD = 'Correct-Horse-42';
let s: TestServer;
let undo: () => void;
let clientId: string;
const log: Recorded[] = [];

beforeAll(async () => {
  s = await startTestServer({
    env: { PASSWORD_HASH_MEMORY_KIB: '1024', EMAIL_VERIFICATION_REQUIRED: 'false' },
  });
  undo = redirectWixFetch(s.url, log);
  const created = await s.admin<{ client: { id: string } }>('POST', '/oauth2/v1/clients', {
    client: {
      name: 'Shop front end',
      redirectUris: [REDIRECT],
      allowedOrigins: ['https://shop.example.test'],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  clientId = created.body.client.id;
});
afterAll(async () => {
  undo?.();
  await s?.stop();
});

const newClient = (tokens?: Tokens) =>
  createClient({
    auth: OAuthStrategy({ clientId, ...(tokens ? { tokens } : {}) }),
    modules: { redirects, recovery, oauth },
  });
const email = () => `ada-${Math.random().toString(36).slice(2, 10)}@example.test`;
const grants = () =>
  log
    .filter((r) => r.url.endsWith('/oauth2/token'))
    .map((r) => (JSON.parse(r.body ?? '{}') as { grantType?: string }).grantType);

async function mailTo(to: string): Promise<MailMessage> {
  return s.until(async () => {
    const r = await s.admin<{ messages: MailMessage[] }>('POST', '/platform/v1/mail/messages/query', {
      query: { filter: { to } },
    });
    return r.body.messages[0];
  });
}

const sessionTokenOf = (r: unknown) => (r as { data: { sessionToken: string } }).data.sessionToken;

/** Exchanges a session token for member tokens the way a server-side front end does: authorize with prompt none. */
async function memberTokens(client: ReturnType<typeof newClient>, sessionToken: string): Promise<Tokens> {
  const oauthData = client.auth.generateOAuthData(REDIRECT);
  // `sessionToken` is read by the SDK at run time though its declared options omit it (contract §2).
  const options = { sessionToken, responseMode: 'query', prompt: 'none' } as Parameters<
    typeof client.auth.getAuthUrl
  >[1];
  const { authUrl } = await client.auth.getAuthUrl(oauthData, options);
  const res = await fetch(authUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const location = res.headers.get('location')!;
  expect(location.startsWith(`${REDIRECT}?`)).toBe(true);
  const { code, state } = client.auth.parseFromUrl(location, 'query');
  return client.auth.getMemberTokens(code, state, oauthData);
}

describe('the official SDK against Vitrine', () => {
  it('gets visitor tokens on the first call and uses them for module calls', async () => {
    const client = newClient();
    log.length = 0;
    const { redirectSession } = await client.redirects.createRedirectSession({
      storesProduct: { productSlug: 'linen-shirt' },
    });
    expect(redirectSession?.fullUrl).toMatch(/\/products\/linen-shirt$/);
    expect(grants()).toEqual(['anonymous']);
    expect(client.auth.loggedIn()).toBe(false);
    expect(client.auth.getTokens().refreshToken.role).toBe('visitor');
  });

  it('renews an expired access token with the refresh token, keeping the visitor', async () => {
    const client = newClient();
    const tokens = await client.auth.generateVisitorTokens();
    const expired = {
      ...tokens,
      accessToken: { ...tokens.accessToken, expiresAt: Math.floor(Date.now() / 1000) - 10 },
    };
    const again = newClient(expired);
    log.length = 0;
    await again.redirects.createRedirectSession({ login: {} });
    expect(grants()).toEqual(['refresh_token']);
    expect(again.auth.getTokens().refreshToken.value).toBe(tokens.refreshToken.value);
  });

  it('registers, signs in with the session token, and holds member tokens', async () => {
    const client = newClient();
    const address = email();
    const result = await client.auth.register({
      email: address,
      password: PASSWORD,
      profile: { nickname: 'ada' },
    });
    expect(result.loginState).toBe('SUCCESS');
    const tokens = await memberTokens(client, sessionTokenOf(result));
    expect(tokens.refreshToken.role).toBe('member');
    client.auth.setTokens(tokens);
    expect(client.auth.loggedIn()).toBe(true);
    const info = await s.request<{ email: string }>('GET', '/oauth2/user-info', {
      auth: tokens.accessToken.value,
    });
    expect(info.body.email).toBe(address);

    const again = await client.auth.login({ email: address, password: PASSWORD });
    expect(again.loginState).toBe('SUCCESS');
    const wrong = await client.auth.login({ email: address, password: 'not-the-password' });
    expect(wrong).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });
    const twice = await client.auth.register({ email: address, password: PASSWORD });
    expect(twice).toMatchObject({ loginState: 'FAILURE', errorCode: 'emailAlreadyExists' });
  });

  it('logs out: the SDK drops its tokens and the logout URL ends the session', async () => {
    const client = newClient();
    const result = await client.auth.register({ email: email(), password: PASSWORD });
    client.auth.setTokens(await memberTokens(client, sessionTokenOf(result)));
    const { logoutUrl } = await client.auth.logout('https://shop.example.test/');
    expect(logoutUrl).toContain('/oauth2/logout');
    expect(client.auth.loggedIn()).toBe(false);
    const res = await fetch(logoutUrl.replace(/^https?:\/\/[^/]+/, s.url), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://shop.example.test/');
  });

  it('recovers a password through the e-mailed token', async () => {
    const client = newClient();
    const address = email();
    await client.auth.register({ email: address, password: PASSWORD });
    await client.auth.sendPasswordResetEmail(address, 'https://shop.example.test/reset');
    const mail = await mailTo(address);
    const token = /recoveryToken=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    await client.recovery.recover(token!, { password: 'Brand-New-Secret-7' });
    expect((await client.auth.login({ email: address, password: 'Brand-New-Secret-7' })).loginState).toBe(
      'SUCCESS',
    );
    expect((await client.auth.login({ email: address, password: PASSWORD })).loginState).toBe('FAILURE');
  });
});

describe("@wix/identity's raw oauth wrappers", () => {
  const bytes = (o: unknown) => new TextEncoder().encode(typeof o === 'string' ? o : JSON.stringify(o));
  const json = (b: Uint8Array | undefined) =>
    JSON.parse(new TextDecoder().decode(b)) as Record<string, unknown>;
  const JSON_HEADERS = [{ key: 'Content-Type', value: 'application/json' }];

  it('oauth.token() sends the grant as a base64 body and reads the raw answer back: tokens, or the OAuth error with its status', async () => {
    const client = newClient();
    const visitor = await client.oauth.token({
      body: bytes({ clientId, grantType: 'anonymous' }),
      headers: JSON_HEADERS,
      method: 'POST',
    });
    expect(visitor.statusCode).toBe(200);
    const tokens = json(visitor.body);
    expect(tokens).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
    });
    expect(visitor.headers).toContainEqual({ key: 'Content-Type', value: 'application/json' });

    // RFC 6749's form encoding and snake_case names work too.
    const form = await client.oauth.token({
      body: bytes(
        new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: clientId,
          refresh_token: tokens.refresh_token as string,
        }).toString(),
      ),
      headers: [{ key: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
      method: 'POST',
    });
    expect([form.statusCode, json(form.body).refresh_token]).toEqual([200, tokens.refresh_token]);

    const bad = await client.oauth.token({
      body: bytes({ clientId, grantType: 'refresh_token', refreshToken: 'nope' }),
      headers: JSON_HEADERS,
      method: 'POST',
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad.body)).toMatchObject({ error: 'invalid_grant', error_description: expect.any(String) });

    // An elevated grant names its caller in the wrapped headers.
    const made = await s.admin<{ member: { id: string } }>('POST', '/members/v1/members', {
      member: { loginEmail: email() },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const memberId = made.body.member.id;
    const elevated = await newClient().oauth.token({
      body: bytes({ grant_type: 'authorized_client', scope: 'offline_access', member_id: memberId }),
      headers: [
        ...JSON_HEADERS,
        { key: 'Authorization', value: `${tokens.access_token as string},${ADMIN_KEY}` },
      ],
      method: 'POST',
    });
    expect(elevated.statusCode, JSON.stringify(json(elevated.body))).toBe(200);
    const info = await s.request<{ subjectType: string; subjectId: string }>('POST', '/oauth2/token-info', {
      body: { token: json(elevated.body).access_token },
    });
    expect(info.body).toMatchObject({ subjectType: 'MEMBER', subjectId: memberId });
  });

  it('oauth.tokenInfo() sends the token wrapped and gets the plain token info', async () => {
    const client = newClient();
    const tokens = await client.auth.generateVisitorTokens();
    const info = await client.oauth.tokenInfo({
      body: bytes({ token: tokens.accessToken.value }),
      headers: JSON_HEADERS,
      method: 'POST',
    });
    expect(info).toMatchObject({ active: true, subjectType: 'VISITOR', clientId });
    const refresh = await client.oauth.tokenInfo({
      body: bytes(`token=${encodeURIComponent(tokens.refreshToken.value)}`),
      headers: [{ key: 'content-type', value: 'application/x-www-form-urlencoded' }],
    });
    expect(refresh).toMatchObject({ active: true, subjectType: 'VISITOR' });
    expect(await client.oauth.tokenInfo({ body: bytes({ token: 'junk' }) })).toMatchObject({ active: false });
    await expect(client.oauth.tokenInfo({ body: bytes({}) })).rejects.toMatchObject({ status: 400 });
  });
});

describe('the official SDK with e-mail verification required', () => {
  it('asks for the e-mailed code, then signs in', async () => {
    const v = await startTestServer({
      env: { PASSWORD_HASH_MEMORY_KIB: '1024', EMAIL_VERIFICATION_REQUIRED: 'true' },
    });
    const restore = redirectWixFetch(v.url);
    try {
      const c = await v.admin<{ client: { id: string } }>('POST', '/oauth2/v1/clients', {
        client: { name: 'Shop', redirectUris: [REDIRECT], allowedOrigins: ['https://shop.example.test'] },
      });
      const client = createClient({ auth: OAuthStrategy({ clientId: c.body.client.id }) });
      const address = email();
      const result = await client.auth.register({ email: address, password: PASSWORD });
      expect(result.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
      const mail = await v.until(
        async () =>
          (
            await v.admin<{ messages: MailMessage[] }>('POST', '/platform/v1/mail/messages/query', {
              query: { filter: { to: address } },
            })
          ).body.messages[0],
      );
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      expect(code).toBeDefined();
      const verified = await client.auth.processVerification({ verificationCode: code! });
      expect(verified.loginState).toBe('SUCCESS');
    } finally {
      restore();
      await v.stop();
    }
  });
});
