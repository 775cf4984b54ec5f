/**
 * A blocked or deleted member loses access at once, not when the access token expires: their
 * tokens are refused within DENIALS_REFRESH_MS on every server process (two processes on one
 * database; on PostgreSQL each has its own pool, as separate processes would). A member who changes
 * their password ends their other sessions (refresh tokens and their access tokens) and keeps the one
 * they changed it from; a sign-out ends its session's access tokens too.
 */
import type { MemberSessionView, TokenInfo } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { appError, startTestServer, type TestServer } from '../../test/server.ts';
import { DENIALS_REFRESH_MS } from '../oauth/index.ts';
import {
  anonymousTokens,
  authorizePath,
  authorizeRequest,
  browse,
  bundledClientId,
  CALLBACK,
  memberTokens,
  shopClient,
} from '../../test/oauth.ts';

const M = '/members/v1/members';
let s: TestServer;
let other: TestServer;
let clientId: string;
beforeAll(async () => {
  s = await startTestServer();
  other = await startTestServer({
    database: testEngine() === 'postgres' ? s.db.another() : s.db.handle,
    clock: s.clock,
    env: { PUBLIC_URL: s.url },
  });
  clientId = await shopClient(s);
});
afterAll(async () => {
  await other?.stop();
  await s?.stop();
});

const myStatus = async (server: TestServer, token: string) =>
  (await server.request('GET', `${M}/my`, { auth: token })).status;
const active = async (server: TestServer, token: string) =>
  (await server.request<TokenInfo>('POST', '/oauth2/token-info', { body: { token } })).body.active;
/** A public call's status, and whether the answer says the token's session ended. */
const browseWith = async (server: TestServer, token: string) => {
  const r = await server.request('POST', '/stores/v3/products/query', { auth: token, body: {} });
  return [r.status, r.headers.get('x-vitrine-session')];
};
/** Time passes (the tokens stay far from expiry): each process re-reads the denied members. */
const aFewSecondsLater = () => s.clock.advance(DENIALS_REFRESH_MS);

describe('access tokens of members who lose access', () => {
  it('are refused within seconds after a block, on every process; once approved, the member signs in again', async () => {
    expect(DENIALS_REFRESH_MS).toBeLessThanOrEqual(5000);
    const { memberId, tokens, email } = await memberTokens(s, clientId);
    const bystander = (await memberTokens(s, clientId)).tokens.access_token;
    const visitor = (await anonymousTokens(s, bundledClientId(s))).access_token;
    for (const server of [s, other]) expect(await myStatus(server, tokens.access_token)).toBe(200);

    expect((await other.admin('POST', `${M}/${memberId}/block`)).status).toBe(200);
    aFewSecondsLater();
    for (const server of [s, other]) {
      const r = await server.request('GET', `${M}/my`, { auth: tokens.access_token });
      expect(r.status).toBe(401);
      expect(await active(server, tokens.access_token)).toBe(false);
      expect(await myStatus(server, bystander)).toBe(200);
      expect((await server.request('GET', '/ecom/v1/carts/current', { auth: visitor })).status).not.toBe(401);
    }
    // Nor can they get another one.
    const renewed = await s.request('POST', '/oauth2/token', {
      body: { clientId, grantType: 'refresh_token', refreshToken: tokens.refresh_token },
    });
    expect([renewed.status, appError(renewed.body).code]).toEqual([400, 'invalid_grant']);

    expect((await s.admin('POST', `${M}/${memberId}/approve`)).status).toBe(200);
    aFewSecondsLater();
    // The block ended the session it had: its access token stays refused; a new sign-in works.
    const again = await memberTokens(s, clientId, { email });
    for (const server of [s, other]) {
      expect(await myStatus(server, tokens.access_token)).toBe(401);
      expect(await myStatus(server, again.tokens.access_token)).toBe(200);
    }
  });

  it('are refused within seconds after the owner deletes the member, or the member deletes themself', async () => {
    const deleted = await memberTokens(s, clientId);
    const leaving = await memberTokens(s, clientId);
    for (const t of [deleted, leaving])
      for (const server of [s, other]) expect(await myStatus(server, t.tokens.access_token)).toBe(200);

    expect((await s.admin('DELETE', `${M}/${deleted.memberId}`)).status).toBe(200);
    expect((await other.request('DELETE', `${M}/my`, { auth: leaving.tokens.access_token })).status).toBe(
      200,
    );
    aFewSecondsLater();
    for (const t of [deleted, leaving]) {
      for (const server of [s, other]) {
        expect(await myStatus(server, t.tokens.access_token)).toBe(401);
        expect(await active(server, t.tokens.access_token)).toBe(false);
      }
    }
  });

  it("a password change ends the member's other sessions on every process, and keeps the caller's", async () => {
    const here = await memberTokens(s, clientId);
    const elsewhere = await memberTokens(s, clientId, { email: here.email });
    const bystander = await memberTokens(s, clientId);
    const refresh = (server: TestServer, t: { refresh_token: string }) =>
      server.request('POST', '/oauth2/token', {
        body: { clientId, grantType: 'refresh_token', refreshToken: t.refresh_token },
      });
    expect(elsewhere.memberId).toBe(here.memberId);
    for (const t of [here, elsewhere]) expect((await refresh(other, t.tokens)).status).toBe(200);

    const changed = await other.request('POST', '/_api/iam/authentication/v2/change-password', {
      auth: here.tokens.access_token,
      body: { newPassword: 'N3w-Secret-Pass' },
    });
    expect([changed.status, changed.body]).toEqual([200, {}]);
    aFewSecondsLater();
    for (const server of [s, other]) {
      // The other device's access token is refused too, not only its renewal; the caller's goes on.
      expect(await myStatus(server, elsewhere.tokens.access_token)).toBe(401);
      expect(await active(server, elsewhere.tokens.access_token)).toBe(false);
      expect(await myStatus(server, here.tokens.access_token)).toBe(200);
      expect(await active(server, here.tokens.access_token)).toBe(true);
      const gone = await refresh(server, elsewhere.tokens);
      expect([gone.status, appError(gone.body).code]).toEqual([400, 'invalid_grant']);
      expect(await active(server, elsewhere.tokens.refresh_token)).toBe(false);
      // The caller's session goes on, refreshed too; so does everyone else's.
      const kept = await refresh(server, here.tokens);
      expect(kept.status).toBe(200);
      expect(await myStatus(server, (kept.body as { access_token: string }).access_token)).toBe(200);
      expect((await refresh(server, bystander.tokens)).status).toBe(200);
    }
    // A second change from the refreshed session still keeps it (its access token names the session).
    const renewed = (await refresh(s, here.tokens)).body as { access_token: string };
    const again = await s.request('POST', '/_api/iam/authentication/v2/change-password', {
      auth: renewed.access_token,
      body: { newPassword: 'An0ther-Secret-Pass' },
    });
    expect(again.status).toBe(200);
    expect((await refresh(other, here.tokens)).status).toBe(200);
  });

  it("a sign-out ends that session's access tokens on every process; the member's other sessions go on", async () => {
    const leaving = await memberTokens(s, clientId);
    const staying = await memberTokens(s, clientId, { email: leaving.email });
    expect(leaving.cookie).toMatch(/=/);
    for (const server of [s, other]) expect(await myStatus(server, leaving.tokens.access_token)).toBe(200);

    const out = await browse(other, `/oauth2/logout?clientId=${clientId}`, { cookie: leaving.cookie });
    expect(out.status).toBe(302);
    aFewSecondsLater();
    for (const server of [s, other]) {
      expect(await myStatus(server, leaving.tokens.access_token)).toBe(401);
      expect(await active(server, leaving.tokens.access_token)).toBe(false);
      expect(await myStatus(server, staying.tokens.access_token)).toBe(200);
      // A front end that keeps the ended token still browses the store (as nobody in particular),
      // where a token the server never signed answers 401.
      expect(await browseWith(server, leaving.tokens.access_token)).toEqual([200, 'ended']);
      expect(await browseWith(server, staying.tokens.access_token)).toEqual([200, null]);
      expect((await browseWith(server, `${leaving.tokens.access_token.slice(0, -4)}AAAA`))[0]).toBe(401);
    }
  });

  it('signing out of other devices ends them on every process, and keeps the caller', async () => {
    const here = await memberTokens(s, clientId);
    const phone = await memberTokens(s, clientId, { email: here.email });
    const laptop = await memberTokens(s, clientId, { email: here.email });
    const bystander = await memberTokens(s, clientId);
    const END = '/_api/iam/authentication/v2/sessions/end-others';
    expect(
      (await other.request('POST', END, { auth: bystander.tokens.access_token.slice(0, 20) })).status,
    ).toBe(401);

    const ended = await other.request('POST', END, { auth: here.tokens.access_token, body: {} });
    expect([ended.status, ended.body]).toEqual([200, { endedSessions: 2 }]);
    aFewSecondsLater();
    for (const server of [s, other]) {
      for (const gone of [phone, laptop]) {
        expect(await myStatus(server, gone.tokens.access_token)).toBe(401);
        const renewed = await server.request('POST', '/oauth2/token', {
          body: { clientId, grantType: 'refresh_token', refreshToken: gone.tokens.refresh_token },
        });
        expect([renewed.status, appError(renewed.body).code]).toEqual([400, 'invalid_grant']);
      }
      expect(await myStatus(server, here.tokens.access_token)).toBe(200);
      expect(await myStatus(server, bystander.tokens.access_token)).toBe(200);
    }
    const again = await s.request('POST', END, { auth: here.tokens.access_token, body: {} });
    expect(again.body).toEqual({ endedSessions: 0 });
  });

  it("the member's list of sessions names each device; signing one out ends it and its hosted sign-in on every process", async () => {
    const MAC =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const ANDROID =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    const here = await memberTokens(s, clientId, { userAgent: MAC });
    s.clock.advance(60_000);
    const phone = await memberTokens(s, clientId, { email: here.email, userAgent: ANDROID });
    const bystander = await memberTokens(s, clientId);
    const LIST = '/_api/iam/authentication/v2/sessions';
    const list = async (server: TestServer, tokens: { access_token: string }) => {
      const r = await server.request<{ sessions: MemberSessionView[] }>('GET', LIST, {
        auth: tokens.access_token,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.sessions;
    };

    // The caller's session first, then the most recently active; each device as its browser told it.
    const seen = await list(other, here.tokens);
    expect(seen.map((x) => [x.current, x.device, x.appName])).toEqual([
      [true, { browser: 'Chrome', os: 'macOS', type: 'DESKTOP' }, 'Shop'],
      [false, { browser: 'Chrome', os: 'Android', type: 'MOBILE' }, 'Shop'],
    ]);
    const phoneSession = seen[1]!;
    // The merchant sees the same sessions on the member's page, none of them the caller's.
    const merchant = await other.admin<{ sessions: MemberSessionView[] }>(
      'GET',
      `${M}/${here.memberId}/sessions`,
    );
    expect(merchant.body.sessions.map((x) => [x.id, x.current, x.device.os])).toEqual([
      [phoneSession.id, false, 'Android'],
      [seen[0]!.id, false, 'macOS'],
    ]);
    const nobody = await other.admin('GET', `${M}/0190c0de-0000-7000-8000-00000000dead/sessions`);
    expect([nobody.status, appError(nobody.body).code]).toEqual([404, 'MEMBER_NOT_FOUND']);
    expect(phoneSession.lastActiveDate).toBe(phoneSession.createdDate);
    // Renewing its access is activity: the phone's session shows when.
    s.clock.advance(3_600_000);
    const renewed = await other.request('POST', '/oauth2/token', {
      body: { clientId, grantType: 'refresh_token', refreshToken: phone.tokens.refresh_token },
    });
    expect(renewed.status).toBe(200);
    const [phoneFirst, hereSecond] = await list(s, phone.tokens);
    expect([phoneFirst?.id, phoneFirst?.current, hereSecond?.current]).toEqual([
      phoneSession.id,
      true,
      false,
    ]);
    expect(phoneFirst?.lastActiveDate).toBe(s.clock.now().toISOString());
    expect(Date.parse(phoneFirst!.lastActiveDate)).toBeGreaterThan(Date.parse(phoneFirst!.createdDate));
    // Nobody else sees them or ends them; what is not a live session of theirs is not found.
    expect((await list(s, bystander.tokens)).map((x) => x.current)).toEqual([true]);
    for (const id of [phoneSession.id, 'not-a-session', '00000000-0000-0000-0000-000000000000']) {
      const r = await other.request('POST', `${LIST}/${id}/end`, {
        auth: bystander.tokens.access_token,
        body: {},
      });
      expect([r.status, appError(r.body).code]).toEqual([404, 'SESSION_NOT_FOUND']);
    }
    const visitor = (await anonymousTokens(s, clientId)).access_token;
    expect((await s.request('GET', LIST, { auth: visitor })).status).toBe(403);

    const ended = await other.request('POST', `${LIST}/${phoneSession.id}/end`, {
      auth: here.tokens.access_token,
      body: {},
    });
    expect([ended.status, ended.body]).toEqual([200, {}]);
    aFewSecondsLater();
    for (const server of [s, other]) {
      expect(await myStatus(server, phone.tokens.access_token)).toBe(401);
      const refused = await server.request('POST', '/oauth2/token', {
        body: { clientId, grantType: 'refresh_token', refreshToken: phone.tokens.refresh_token },
      });
      expect([refused.status, appError(refused.body).code]).toEqual([400, 'invalid_grant']);
      expect(await myStatus(server, here.tokens.access_token)).toBe(200);
      expect(await myStatus(server, bystander.tokens.access_token)).toBe(200);
    }
    // The phone's browser is signed out of the hosted sign-in too: asking it for a code shows the
    // sign-in page, where the computer's browser still gets one at once.
    const ask = (cookie: string | undefined) =>
      browse(other, authorizePath(authorizeRequest(clientId)), { ...(cookie ? { cookie } : {}) });
    expect((await ask(phone.cookie)).location).toMatch(/\/auth\/login\?/);
    expect((await ask(here.cookie)).location).toMatch(new RegExp(`^${CALLBACK}\\?code=`));
    expect((await list(s, here.tokens)).map((x) => x.id)).toEqual([seen[0]!.id]);
    const again = await s.request('POST', `${LIST}/${phoneSession.id}/end`, {
      auth: here.tokens.access_token,
      body: {},
    });
    expect(again.status).toBe(404);
  });
});
