/**
 * The SDK's register, login, e-mail verification, recovery and member-token flows against the
 * real Vitrine server (the same flows the official packages run in apps/server/src/conformance).
 */
import type { MailMessage } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../apps/server/src/test/server.ts';
import { createClient } from './client.ts';
import { OAuthStrategy } from './oauth-strategy.ts';

const PASSWORD = 'Correct-Horse-42';
let server: TestServer;
let clientId: string;

beforeAll(async () => {
  server = await startTestServer({
    env: { PASSWORD_HASH_MEMORY_KIB: '1024', EMAIL_VERIFICATION_REQUIRED: 'true' },
  });
  clientId = server.app.oauth.instance!.oauthClientId;
});
afterAll(async () => {
  await server?.stop();
});

const newClient = () => createClient({ host: server.url, auth: OAuthStrategy({ clientId }) });
const address = () => `sdk-${Math.random().toString(36).slice(2, 10)}@example.test`;

async function lastMailTo(to: string, subject: RegExp): Promise<MailMessage> {
  return server.until(async () => {
    const r = await server.admin<{ messages: MailMessage[] }>('POST', '/platform/v1/mail/messages/query', {
      query: { filter: { to }, sort: [{ fieldName: 'createdDate', order: 'DESC' }] },
    });
    return r.body.messages.find((m) => subject.test(m.subject));
  });
}

describe('the SDK against the real identity service', () => {
  it('registers, verifies the e-mailed code, signs in, and exchanges the session for member tokens', async () => {
    const client = newClient();
    const email = address();
    const r = await client.auth.register({ email, password: PASSWORD, profile: { nickname: 'ada' } });
    expect(r.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    const code = /\b(\d{6})\b/.exec((await lastMailTo(email, /./)).text)?.[1];
    expect(code).toBeDefined();
    expect(
      (await client.auth.processVerification({ verificationCode: '000000' === code ? '111111' : '000000' }))
        .loginState,
    ).toBe('FAILURE');
    const verified = await client.auth.processVerification({ verificationCode: code! });
    expect(verified.loginState).toBe('SUCCESS');

    const login = await client.auth.login({ email, password: PASSWORD });
    expect(login.loginState).toBe('SUCCESS');
    const sessionToken = (login as { data: { sessionToken: string } }).data.sessionToken;
    const oauthData = await client.auth.generateOAuthData(`${server.url}/callback`);
    const { authUrl } = await client.auth.getAuthUrl(oauthData, {
      sessionToken,
      responseMode: 'query',
      prompt: 'none',
    });
    const res = await fetch(authUrl, { redirect: 'manual' });
    const { code: authCode, state } = client.auth.parseFromUrl(res.headers.get('location')!, 'query');
    client.auth.setTokens(await client.auth.getMemberTokens(authCode, state, oauthData));
    expect(client.auth.loggedIn()).toBe(true);
    const me = await client.request<{ email: string }>({ method: 'GET', path: '/oauth2/user-info' });
    expect(me.email).toBe(email);
  });

  it('sends a recovery link whose token sets a new password once', async () => {
    const client = newClient();
    const email = address();
    expect((await client.auth.register({ email, password: PASSWORD })).loginState).toBe(
      'EMAIL_VERIFICATION_REQUIRED',
    );
    await client.auth.sendPasswordResetEmail(email, `${server.url}/reset`);
    const token = /recoveryToken=([\w-]+)/.exec((await lastMailTo(email, /password/i)).text)?.[1];
    expect(token).toBeDefined();
    const recover = (password: string) =>
      client.request<{ state: string }>({
        method: 'POST',
        path: '/_api/iam/recovery/v1/recover',
        body: { recoveryToken: token, password },
      });
    expect((await recover('Brand-New-Secret-7')).state).toBe('SUCCESS');
    await expect(recover('Another-Secret-8')).rejects.toMatchObject({ status: 400 });
    expect((await client.auth.login({ email, password: 'Brand-New-Secret-7' })).loginState).not.toBe(
      'FAILURE',
    );
  });

  // Last: its failed sign-ins from this address make the server ask this IP for a captcha.
  it("maps the server's failures to the SDK's error codes", async () => {
    const client = newClient();
    const email = address();
    await client.auth.register({ email, password: PASSWORD });
    expect(await client.auth.register({ email, password: PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'emailAlreadyExists',
    });
    expect(await client.auth.register({ email: 'not-an-email', password: PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
    });
    expect(await client.auth.login({ email, password: 'Wrong-Password-1' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidPassword',
    });
    expect(await client.auth.login({ email: address(), password: PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidPassword',
    });
  });
});
