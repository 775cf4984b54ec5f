import { KeyObject, sign } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../test/server.ts';
import {
  anonymousTokens,
  appError,
  bundledClientId,
  member,
  memberTokens,
  shopClient,
  token,
} from '../../test/oauth.ts';
import { hashSecret } from './secrets.ts';

let s: TestServer;
let clientId: string;
beforeAll(async () => {
  s = await startTestServer();
  clientId = await shopClient(s);
});
afterAll(async () => {
  await s?.stop();
});

const TTL = 14400;
const settings = (auth: string) => s.request('GET', '/platform/v1/store-settings', { auth });

describe('token endpoint: anonymous grant', () => {
  it('issues a visitor access token and refresh token in the shape the SDK reads', async () => {
    const r = await token(s, { clientId, grantType: 'anonymous' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      access_token: expect.any(String),
      expires_in: TTL,
      refresh_token: expect.any(String),
      token_type: 'Bearer',
      scope: 'offline_access',
    });
    expect(r.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const claims = decodeJwt(r.body.access_token);
    expect(claims).toMatchObject({ role: 'visitor', cid: clientId, iss: s.app.oauth.issuer });
    expect(claims.vid).toBe(claims.sub);
    expect(claims.exp! - claims.iat!).toBe(TTL);
    expect(claims.iat).toBe(Math.floor(s.clock.now().getTime() / 1000));
  });

  it('gives every anonymous grant a new visitor', async () => {
    const a = decodeJwt((await anonymousTokens(s, clientId)).access_token);
    const b = decodeJwt((await anonymousTokens(s, clientId)).access_token);
    expect(a.sub).not.toBe(b.sub);
  });

  it('is accepted as Authorization on API routes as the visitor', async () => {
    const t = await anonymousTokens(s, clientId);
    expect((await settings(t.access_token)).status).toBe(200);
    // A member-only route tells the visitor apart from a member: 403, not 401.
    expect((await s.request('GET', '/oauth2/user-info', { auth: t.access_token })).status).toBe(403);
  });

  it('rejects a tampered token and an expired one with 401', async () => {
    const t = await anonymousTokens(s, clientId);
    const [h, p, sig] = t.access_token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, role: 'member' })).toString('base64url')}.${sig}`;
    expect((await settings(forged)).status).toBe(401);
    const mid = sig!.length >> 1;
    const flipped = `${h}.${p}.${sig!.slice(0, mid)}${sig![mid] === 'A' ? 'B' : 'A'}${sig!.slice(mid + 1)}`;
    expect((await settings(flipped)).status).toBe(401);
    expect((await settings(t.access_token)).status).toBe(200);
    s.clock.advance(TTL * 1000 - 1000);
    expect((await settings(t.access_token)).status).toBe(200);
    s.clock.advance(2000);
    const expired = await settings(t.access_token);
    expect(expired.status).toBe(401);
    expect(appError(expired.body).code).toBe('UNAUTHENTICATED');
  });

  it('refuses a token signed with our key in any other form than an access token', async () => {
    const { kid, key } = await s.app.oauth.keys.signingKey();
    const claims = decodeJwt((await anonymousTokens(s, clientId)).access_token);
    // Signed by hand (jose would refuse to sign some of these forms).
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const signed = async (header: Record<string, unknown>, payload: Record<string, unknown> = claims) => {
      const input = `${b64({ alg: 'EdDSA', kid, typ: 'at+jwt', ...header })}.${b64(payload)}`;
      return `${input}.${sign(null, Buffer.from(input), KeyObject.from(key)).toString('base64url')}`;
    };
    // The control: the same claims in the same form are accepted (so each refusal below is its deviation's).
    expect((await settings(await signed({}))).status).toBe(200);
    expect((await settings(await signed({ typ: 'application/at+jwt' }))).status).toBe(200);
    const now = Math.floor(s.clock.now().getTime() / 1000);
    const refused = [
      await signed({ alg: 'ES256' }),
      await signed({ typ: 'JWT' }), // an ID token's type
      await signed({ typ: undefined }),
      await signed({ kid: 'another-key' }),
      await signed({ kid: undefined }),
      await signed({ crit: ['exp'] }),
      await signed({}, { ...claims, iss: 'https://elsewhere.example' }),
      await signed({}, { ...claims, exp: String(claims.exp) }),
      await signed({}, { ...claims, exp: now }),
      await signed({}, { ...claims, nbf: now + 60 }),
      await signed({}, { ...claims, nbf: 'now' }),
      await signed({}, { ...claims, iat: undefined }),
      await signed({}, { ...claims, role: 'admin' }),
    ];
    for (const t of refused) expect((await settings(t)).status, t).toBe(401);
    // The unsigned form, and a signature of the wrong length.
    const [h, p, sig] = (await signed({})).split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', kid, typ: 'at+jwt' })).toString('base64url');
    expect((await settings(`${none}.${p}.`)).status).toBe(401);
    expect((await settings(`${h}.${p}.${sig!.slice(0, 40)}`)).status).toBe(401);
  });

  it('rejects an unknown client and a missing one', async () => {
    const r = await token(s, { clientId: 'no-such-client', grantType: 'anonymous' });
    expect(r.status).toBe(400);
    expect(appError(r.body).code).toBe('invalid_client');
    const missing = await token(s, { grantType: 'anonymous' });
    expect(missing.status).toBe(400);
    expect(appError(missing.body).code).toBe('invalid_request');
  });

  it('rejects an unknown grant and a request without one', async () => {
    const r = await token(s, { clientId, grantType: 'password' });
    expect(r.status).toBe(400);
    expect(appError(r.body).code).toBe('unsupported_grant_type');
    expect(appError((await token(s, { clientId })).body).code).toBe('invalid_request');
  });

  it('also answers on /oauth/token', async () => {
    const r = await s.request('POST', '/oauth/token', { body: { clientId, grantType: 'anonymous' } });
    expect(r.status).toBe(200);
  });
});

describe('token endpoint: refresh_token grant', () => {
  it('renews the access token again and again with the same refresh token', async () => {
    const first = await anonymousTokens(s, clientId);
    const sub = decodeJwt(first.access_token).sub;
    for (let i = 0; i < 3; i++) {
      s.clock.advance(60_000);
      const r = await token(s, { clientId, refreshToken: first.refresh_token, grantType: 'refresh_token' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        refresh_token: first.refresh_token,
        expires_in: TTL,
        token_type: 'Bearer',
      });
      expect(decodeJwt(r.body.access_token)).toMatchObject({ sub, vid: sub, role: 'visitor', cid: clientId });
      expect((await settings(r.body.access_token)).status).toBe(200);
    }
  });

  it("works without clientId (SiteSessionAuth) and refuses another client's token", async () => {
    const t = await anonymousTokens(s, clientId);
    expect((await token(s, { refreshToken: t.refresh_token, grantType: 'refresh_token' })).status).toBe(200);
    const other = await token(s, {
      clientId: bundledClientId(s),
      refreshToken: t.refresh_token,
      grantType: 'refresh_token',
    });
    expect(other.status).toBe(400);
    expect(appError(other.body).code).toBe('invalid_grant');
  });

  it('rejects a revoked, an unknown and an expired refresh token', async () => {
    const { tokens, memberId } = await memberTokens(s, clientId);
    expect(
      (await token(s, { clientId, refreshToken: tokens.refresh_token, grantType: 'refresh_token' })).status,
    ).toBe(200);
    const { revokeTokensOf } = await import('./service.ts');
    await revokeTokensOf(s.app.systemCtx(), memberId);
    const revoked = await token(s, {
      clientId,
      refreshToken: tokens.refresh_token,
      grantType: 'refresh_token',
    });
    expect(revoked.status).toBe(400);
    expect(appError(revoked.body).code).toBe('invalid_grant');
    expect(
      appError((await token(s, { clientId, refreshToken: 'nope', grantType: 'refresh_token' })).body).code,
    ).toBe('invalid_grant');

    const visitor = await anonymousTokens(s, clientId);
    s.clock.advance(30 * 86_400_000 + 1000);
    expect(
      (await token(s, { clientId, refreshToken: visitor.refresh_token, grantType: 'refresh_token' })).status,
    ).toBe(400);
  });

  it('stops renewing a member who was blocked', async () => {
    const { tokens, memberId } = await memberTokens(s, clientId);
    const { syncMemberFromIdentity } = await import('../members/index.ts');
    await syncMemberFromIdentity(s.app.systemCtx(), memberId, { status: 'BLOCKED' });
    const r = await token(s, { clientId, refreshToken: tokens.refresh_token, grantType: 'refresh_token' });
    expect(r.status).toBe(400);
    expect(appError(r.body).code).toBe('invalid_grant');
  });

  it('revokeRefreshToken ends one refresh token only', async () => {
    const a = await anonymousTokens(s, clientId);
    const b = await anonymousTokens(s, clientId);
    const { revokeRefreshToken } = await import('./service.ts');
    expect(await revokeRefreshToken(s.app.systemCtx(), a.refresh_token)).toBe(true);
    expect((await token(s, { refreshToken: a.refresh_token, grantType: 'refresh_token' })).status).toBe(400);
    expect((await token(s, { refreshToken: b.refresh_token, grantType: 'refresh_token' })).status).toBe(200);
  });
});

describe('token endpoint: authorized_client grant', () => {
  it('issues member tokens for an admin API key beside the visitor token', async () => {
    const m = await member(s);
    const visitor = await anonymousTokens(s, clientId);
    const r = await token(
      s,
      { grant_type: 'authorized_client', scope: 'offline_access', member_id: m.memberId },
      `${visitor.access_token},${ADMIN_KEY}`,
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ token_type: 'Bearer', expires_in: TTL, scope: 'offline_access' });
    const claims = decodeJwt(r.body.access_token);
    expect(claims).toMatchObject({
      sub: m.memberId,
      role: 'member',
      cid: clientId,
      vid: decodeJwt(visitor.access_token).sub,
    });
    expect((await s.request('GET', '/oauth2/user-info', { auth: r.body.access_token })).status).toBe(200);
  });

  it('accepts the sign-on session token of the same member only', async () => {
    const m = await member(s);
    const other = await member(s);
    const visitor = await anonymousTokens(s, clientId);
    const auth = `${visitor.access_token},${ADMIN_KEY}`;
    const wrong = await token(
      s,
      { grant_type: 'authorized_client', member_id: m.memberId, session_token: other.sessionToken },
      auth,
    );
    expect(appError(wrong.body).code).toBe('invalid_grant');
    const ok = await token(
      s,
      { grant_type: 'authorized_client', member_id: m.memberId, session_token: m.sessionToken },
      auth,
    );
    expect(ok.status).toBe(200);
  });

  it('rejects a bad API key, a missing one, and an unknown member', async () => {
    const m = await member(s);
    const visitor = await anonymousTokens(s, clientId);
    const body = { grant_type: 'authorized_client', scope: 'offline_access', member_id: m.memberId };
    const badKey = await token(s, body, `${visitor.access_token},vk_not_a_real_key_000000000000`);
    expect(badKey.status).toBe(401);
    const noKey = await token(s, body, visitor.access_token);
    expect(noKey.status).toBe(401);
    expect(appError(noKey.body).code).toBe('unauthorized_client');
    expect((await token(s, body)).status).toBe(401);
    const unknown = await token(
      s,
      { ...body, member_id: '01900000-0000-7000-8000-000000000000' },
      `${visitor.access_token},${ADMIN_KEY}`,
    );
    expect(unknown.status).toBe(400);
    expect(appError(unknown.body).code).toBe('invalid_grant');
  });
});

describe('token info, user info and keys', () => {
  it('describes live access and refresh tokens, and nothing else', async () => {
    const t = await anonymousTokens(s, clientId);
    const claims = decodeJwt(t.access_token);
    const r = await s.request('POST', '/oauth2/token-info', { body: { token: t.access_token } });
    expect(r.body).toEqual({
      active: true,
      subjectType: 'VISITOR',
      subjectId: claims.sub,
      exp: String(claims.exp),
      iat: String(claims.iat),
      clientId,
      instanceId: s.app.oauth.instance!.instanceId,
    });
    const refresh = await s.request('POST', '/oauth2/token-info', { body: { token: t.refresh_token } });
    expect(refresh.body).toMatchObject({
      active: true,
      subjectType: 'VISITOR',
      subjectId: claims.sub,
      clientId,
    });
    expect((await s.request('POST', '/oauth2/token-info', { body: { token: 'garbage' } })).body).toEqual({
      active: false,
    });
    s.clock.advance(TTL * 1000 + 1000);
    expect((await s.request('POST', '/oauth2/token-info', { body: { token: t.access_token } })).body).toEqual(
      { active: false },
    );
  });

  it('answers user-info for a member from the identity', async () => {
    const { tokens, memberId, email } = await memberTokens(s, clientId);
    const r = await s.request('GET', '/oauth2/user-info', { auth: tokens.access_token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      sub: memberId,
      email,
      emailVerified: true,
      givenName: 'Ada',
      familyName: 'Lovelace',
      name: 'Ada Lovelace',
      language: 'en',
    });
    expect(
      (await s.request('POST', '/oauth2/token-info', { body: { token: tokens.access_token } })).body,
    ).toMatchObject({ subjectType: 'MEMBER', subjectId: memberId });
  });

  it('publishes the signing key; a token verifies against it with jose', async () => {
    const t = await anonymousTokens(s, clientId);
    const jwks = await s.request<{
      keys: { kty: string; crv: string; alg: string; kid: string; d?: string }[];
    }>('GET', '/oauth2/jwks');
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys).toHaveLength(1);
    expect(jwks.body.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(jwks.body.keys[0]!.d).toBeUndefined();
    const { payload, protectedHeader } = await jwtVerify(
      t.access_token,
      createLocalJWKSet(jwks.body as never),
      { currentDate: s.clock.now() },
    );
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'at+jwt', kid: jwks.body.keys[0]!.kid });
    expect(payload.role).toBe('visitor');
  });
});

describe('expired grants', () => {
  let t: TestServer;
  let id: string;
  beforeAll(async () => {
    t = await startTestServer();
    id = await shopClient(t);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const stored = async (refreshToken: string) =>
    (
      await t.db.handle.db
        .selectFrom('oauth_refresh_token')
        .select('id')
        .where('token_hash', '=', hashSecret(refreshToken))
        .execute()
    ).length;

  it('are deleted hourly a day after they expired; live ones stay and still work', async () => {
    const old = await anonymousTokens(t, id);
    const { tokens: memberTokensOld } = await memberTokens(t, id);
    t.clock.advance(20 * 86_400_000);
    const recent = await anonymousTokens(t, id);
    expect([await stored(old.refresh_token), await stored(recent.refresh_token)]).toEqual([1, 1]);
    // The old visitor token expired at 30 days, and is deleted after 31.
    t.clock.advance(11 * 86_400_000 + 60_000);
    await t.until(async () => (await stored(old.refresh_token)) === 0, 10_000);
    expect(await stored(recent.refresh_token)).toBe(1);
    expect(await stored(memberTokensOld.refresh_token)).toBe(1);
    for (const refreshToken of [recent.refresh_token, memberTokensOld.refresh_token])
      expect((await token(t, { clientId: id, refreshToken, grantType: 'refresh_token' })).status).toBe(200);
  });
});
