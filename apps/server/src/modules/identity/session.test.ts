import type { StateMachineResponse } from '@vitrine/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_KEY, type TestServer } from '../../test/server.ts';
import { getMember } from '../members/index.ts';
import { approveIdentity, redeemSessionToken, setIdentityBlocked } from './service.ts';
import {
  appError,
  asMember,
  AUTH,
  freshEmail,
  GOOD_PASSWORD,
  identityServer,
  linkIn,
  login,
  mailsTo,
  pastCaptchaWindow,
  register,
  registered,
  violations,
} from '../../test/identity.ts';

let s: TestServer;
let publicUrl: string;
beforeAll(async () => {
  s = await identityServer({ env: { CAPTCHA_SITE_KEY: 'site-key-1' } });
  publicUrl = s.app.systemCtx().config.PUBLIC_URL;
});
afterAll(async () => {
  await s?.stop();
});
beforeEach(() => pastCaptchaWindow(s));

describe('change-password', () => {
  it('needs a member caller and applies the password rules', async () => {
    const email = freshEmail('change');
    const id = await registered(s, email);
    const path = `${AUTH}/v2/change-password`;
    expect((await s.request('POST', path, { body: { newPassword: 'N3w-Secret-Pass' } })).status).toBe(401);
    expect(
      (await s.request('POST', path, { body: { newPassword: 'N3w-Secret-Pass' }, auth: 'visitor:v1' }))
        .status,
    ).toBe(403);
    expect((await s.admin('POST', path, { newPassword: 'N3w-Secret-Pass' })).status).toBe(403);

    const weak = await s.request('POST', path, { body: { newPassword: 'short' }, auth: asMember(id) });
    expect(weak.status).toBe(400);
    expect(violations(weak.body)).toEqual([
      expect.objectContaining({ field: 'newPassword', violatedRule: 'MIN_LENGTH', data: { threshold: 8 } }),
    ]);

    expect(await mailsTo(s, email)).toEqual([]);
    const r = await s.request('POST', path, { body: { newPassword: 'N3w-Secret-Pass' }, auth: asMember(id) });
    expect([r.status, r.body]).toEqual([200, {}]);
    // The address is told, with a link to the page that resets the password should it not be them.
    const told = await mailsTo(s, email);
    expect(told.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your .+ password was changed$/)]);
    expect(told[0]!.text).toContain('Your other devices were signed out.');
    const page = await fetch(linkIn(told[0]!.text));
    expect([page.status, page.headers.get('content-type')]).toEqual([
      200,
      expect.stringMatching(/^text\/html/),
    ]);
    expect(appError((await login(s, email, GOOD_PASSWORD)).body).code).toBe('-19976');
    expect((await login(s, email, 'N3w-Secret-Pass')).body.state).toBe('SUCCESS');
  });
});

describe('sessions/end-others', () => {
  it('is for the signed-in member only', async () => {
    const id = await registered(s, freshEmail('others'));
    const path = `${AUTH}/v2/sessions/end-others`;
    expect((await s.request('POST', path, { body: {} })).status).toBe(401);
    expect((await s.request('POST', path, { body: {}, auth: 'visitor:v1' })).status).toBe(403);
    expect((await s.admin('POST', path, {})).status).toBe(403);
    const r = await s.request('POST', path, { body: {}, auth: asMember(id) });
    expect([r.status, r.body]).toEqual([200, { endedSessions: 0 }]);
  });
});

describe('sign-on', () => {
  it('is for admins: finds or creates the identity and returns a session token', async () => {
    const email = freshEmail('external');
    const body = { loginId: { email }, profile: { firstName: 'Ext' }, verifyEmail: true };
    expect((await s.request('POST', `${AUTH}/v2/sign-on`, { body })).status).toBe(401);
    expect((await s.request('POST', `${AUTH}/v2/sign-on`, { body, auth: 'visitor:v1' })).status).toBe(403);

    const first = await s.admin<{ sessionToken: string; identity: StateMachineResponse['identity'] }>(
      'POST',
      `${AUTH}/v2/sign-on`,
      body,
    );
    expect(first.status).toBe(200);
    expect(first.body.identity).toMatchObject({
      email: { address: email, isVerified: true },
      status: { name: 'ACTIVE' },
      identityProfile: { firstName: 'Ext' },
    });
    expect(first.body.identity!.factors.map((f) => f.type)).toEqual(['EMAIL']);
    const id = first.body.identity!.id;
    expect(await redeemSessionToken(s.app.systemCtx(), first.body.sessionToken)).toEqual({ identityId: id });

    const second = await s.admin<{ sessionToken: string; identity: { id: string } }>(
      'POST',
      `${AUTH}/v2/sign-on`,
      { loginId: { email: email.toUpperCase() }, verifyEmail: false },
    );
    expect(second.body.identity.id).toBe(id);
    expect(second.body.sessionToken).not.toBe(first.body.sessionToken);
    expect(appError((await login(s, email, 'Any-Password-123')).body).code).toBe('-19976');

    // The SDK's external-login helper sends `<visitor token>,<API key>`.
    const elevated = await s.request<{ identity: { id: string } }>('POST', `${AUTH}/v2/sign-on`, {
      body: { loginId: { email } },
      auth: `visitor:v1,${ADMIN_KEY}`,
    });
    expect(elevated.status).toBe(200);
    expect(elevated.body.identity.id).toBe(id);
  });
});

describe('approval and blocking (for the members API)', () => {
  it('approves a pending identity and blocks or unblocks one, the member following', async () => {
    await s.admin('PATCH', '/platform/v1/store-settings', { settings: { memberApprovalRequired: true } });
    const email = freshEmail('approve');
    let id: string;
    try {
      const r = await register(s, email);
      expect(r.body.state).toBe('REQUIRE_OWNER_APPROVAL');
      id = r.body.identity!.id;
    } finally {
      await s.admin('PATCH', '/platform/v1/store-settings', { settings: { memberApprovalRequired: false } });
    }
    expect(await approveIdentity(s.app.systemCtx(), id)).toMatchObject({
      status: { name: 'ACTIVE', reasons: [] },
    });
    expect((await getMember(s.app.systemCtx(), id))?.status).toBe('APPROVED');
    const signedIn = await login(s, email, GOOD_PASSWORD);
    expect(signedIn.body.state).toBe('SUCCESS');

    expect(await setIdentityBlocked(s.app.systemCtx(), id, true)).toMatchObject({
      status: { name: 'BLOCKED' },
    });
    expect((await getMember(s.app.systemCtx(), id))?.status).toBe('BLOCKED');
    expect(await redeemSessionToken(s.app.systemCtx(), signedIn.body.sessionToken!)).toBeNull();
    const blocked = await login(s, email, GOOD_PASSWORD);
    expect(blocked.status).toBe(403);
    expect(appError(blocked.body).code).toBe('IDENTITY_BLOCKED');
    expect(appError((await login(s, email, 'Wrong-Password-1')).body).code).toBe('-19976');

    await setIdentityBlocked(s.app.systemCtx(), id, false);
    expect((await getMember(s.app.systemCtx(), id))?.status).toBe('APPROVED');
    expect((await login(s, email, GOOD_PASSWORD)).body.state).toBe('SUCCESS');
  });
});

describe('logout, single sign-on, captcha and e-mail checks', () => {
  const logout = (q: string, prefix = '/_api/iam/authentication') =>
    s.request<{ body: string; statusCode: number; headers: { key: string; value: string }[] }>(
      'GET',
      `${prefix}/v1/logout${q}`,
    );

  it('answers logout with a raw 302 to an allowed URL, else to the store', async () => {
    const back = `${publicUrl}/account?x=1`;
    const r = await logout(`?postLogoutRedirectUri=${encodeURIComponent(back)}&clientId=probe-client-id`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ body: '', statusCode: 302, headers: [{ key: 'Location', value: back }] });
    const foreign = await logout(
      `?postLogoutRedirectUri=${encodeURIComponent('https://evil.example/')}`,
      '/iam/authentication',
    );
    expect(foreign.body.headers).toEqual([{ key: 'Location', value: `${publicUrl}/` }]);
  });

  it('answers the SSO calls with 501 SSO_NOT_CONFIGURED', async () => {
    const calls = [
      s.request(
        'GET',
        `${AUTH}/v1/sso/login/site-1/0e6a?tenantId=site-1&idpConnectionId=0e6a&tenantType=SITE&customPayload.a=b&sessionId=sess-1`,
      ),
      s.request('GET', `${AUTH}/v1/callback?state=state-abc&sessionToken=JWS.session-token`),
      s.request('POST', `${AUTH}/v1/sso/login-with-token-params`, {
        body: { idpConnectionId: '0e6a', tokenParams: { id_token: 'x' } },
      }),
    ];
    for (const r of await Promise.all(calls)) {
      expect(r.status).toBe(501);
      expect(appError(r.body).code).toBe('SSO_NOT_CONFIGURED');
    }
  });

  it('tells the captcha provider and site keys', async () => {
    const r = await s.request('GET', '/_api/iam/captcha/v1/config');
    expect(r.body).toEqual({
      provider: 'ALTCHA',
      siteKey: 'site-key-1',
      invisibleSiteKey: 'vitrine-altcha-invisible',
      challengeUrl: `${publicUrl}/_api/iam/captcha/v1/challenge`,
    });
    const challenge = await s.request<{ parameters: { algorithm: string; cost: number }; signature: string }>(
      'GET',
      '/iam/captcha/v1/challenge',
    );
    expect(challenge.headers.get('cache-control')).toBe('no-store');
    expect(challenge.body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1 });
    expect(challenge.body.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('checks the format of an e-mail address', async () => {
    const good = await s.request('POST', `${AUTH}/v2/validate-email`, {
      body: { email: 'ada@example.test' },
    });
    expect(good.body).toEqual({ valid: true, formatInvalid: false });
    const bad = await s.request('POST', `${AUTH}/v2/validate-email`, { body: { email: 'ada@' } });
    expect(bad.body).toEqual({
      valid: false,
      formatInvalid: true,
      failure: { reason: 'EMAIL_DOMAIN_FORMAT_INVALID' },
    });
  });
});
