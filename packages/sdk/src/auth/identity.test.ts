import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../test-server.ts';
import type { Answer } from '../test-server.ts';
import { createClient } from './client.ts';
import { IDENTITY_PATHS } from './identity.ts';
import { OAuthStrategy } from './oauth-strategy.ts';
import { CLIENT_ID, startOAuthPeer } from './oauth-peer.ts';

const serve = serverPerTest();
const ADA = { email: 'ada@example.test', password: 'S3cret!!' };

async function setup(script: Record<string, Answer[]> = {}) {
  const peer = await startOAuthPeer(serve, { script });
  const { auth } = createClient({ host: peer.baseUrl, auth: OAuthStrategy({ clientId: CLIENT_ID }) });
  const sent = (path: string) => peer.received.filter((r) => r.path === path).map((r) => r.body);
  return { peer, auth, sent };
}

const state = (s: Record<string, unknown>): Answer => ({ body: { identity: { id: 'i-1' }, ...s } });
const appError = (status: number, code: string, message: string): Answer => ({
  status,
  body: { message, details: { applicationError: { code, description: message, data: {} } } },
});
const violations = (...v: object[]): Answer => ({
  status: 400,
  body: { message: 'invalid request', details: { validationError: { fieldViolations: v } } },
});

describe('register', () => {
  it('sends loginId, password, profile and captcha tokens with the visitor token; SUCCESS keeps the session token', async () => {
    const { peer, auth, sent } = await setup();
    const result = await auth.register({
      ...ADA,
      profile: { firstName: 'Ada', nickname: 'ada' },
      captchaTokens: { recaptchaToken: 'rc-token' },
    });
    expect(result).toEqual({ loginState: 'SUCCESS', data: { sessionToken: 'JWS.session-token' } });
    expect(sent(IDENTITY_PATHS.register)).toEqual([
      '{"loginId":{"email":"ada@example.test"},"password":"S3cret!!","profile":{"firstName":"Ada","nickname":"ada"},"captchaTokens":[{"Recaptcha":"rc-token"}]}',
    ]);
    expect(peer.authorizations(IDENTITY_PATHS.register)).toEqual(['anon-access-1']);
  });

  it.each([
    [
      state({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'JWS.state-token' }),
      { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'JWS.state-token' } },
    ],
    [
      state({ state: 'REQUIRE_OWNER_APPROVAL', stateToken: 'JWS.x' }),
      { loginState: 'OWNER_APPROVAL_REQUIRED' },
    ],
    [
      state({ state: 'STATUS_CHECK', stateToken: 'JWS.mfa', additionalData: { factorType: 'TOTP' } }),
      { loginState: 'SECOND_FACTOR_REQUIRED', data: { stateToken: 'JWS.mfa' } },
    ],
    [state({ state: 'STATUS_CHECK' }), { loginState: 'FAILURE', error: 'Unknown _state' }],
    [state({ state: 'UNKNOWN_STATE' }), { loginState: 'FAILURE', error: 'Unknown _state' }],
    [state({}), { loginState: 'FAILURE', error: 'Unknown _state' }],
  ])('maps state answers (%#)', async (answer, expected) => {
    const { auth } = await setup({ [IDENTITY_PATHS.register]: [answer], [IDENTITY_PATHS.login]: [answer] });
    expect(await auth.register(ADA)).toEqual(expected);
    expect(await auth.login(ADA)).toEqual(expected);
  });

  it('an EMAIL-type violation is invalidEmail with its description', async () => {
    const { auth } = await setup({
      [IDENTITY_PATHS.register]: [
        violations(
          { field: 'password', description: 'too short', violatedRule: 'MIN_LENGTH', data: {} },
          {
            field: 'loginId.email',
            description: 'not an email address',
            violatedRule: 'FORMAT',
            data: { type: 'EMAIL' },
          },
        ),
      ],
    });
    expect(await auth.register(ADA)).toEqual({
      loginState: 'FAILURE',
      error: 'not an email address',
      errorCode: 'invalidEmail',
    });
  });

  it('other violations (even without data) give the message only', async () => {
    const { auth } = await setup({
      [IDENTITY_PATHS.register]: [
        violations({ field: 'password', description: 'too short', violatedRule: 'MIN_LENGTH' }),
      ],
    });
    const r = await auth.register(ADA);
    expect(r).toEqual({
      loginState: 'FAILURE',
      error: expect.stringContaining('INVALID_ARGUMENT: \\"password\\" too short') as string,
    });
    expect('errorCode' in r).toBe(false);
  });

  it.each([
    ['-19971', 'missingCaptchaToken'],
    ['-19995', 'emailAlreadyExists'],
    ['-19970', 'invalidCaptchaToken'],
    ['-19976', undefined],
    ['SOMETHING_ELSE', undefined],
  ])('application error %s → %s', async (code, errorCode) => {
    const { auth } = await setup({
      [IDENTITY_PATHS.register]: [appError(409, code, 'Email already exists')],
    });
    const r = await auth.register(ADA);
    expect(r.loginState).toBe('FAILURE');
    if (r.loginState !== 'FAILURE') return;
    expect(r.errorCode).toBe(errorCode);
    expect(JSON.parse(r.error)).toMatchObject({
      message: 'Email already exists',
      details: { applicationError: { code } },
    });
  });
});

describe('login', () => {
  it('sends loginId, password and captcha tokens', async () => {
    const { auth, sent } = await setup();
    expect(await auth.login({ ...ADA, captchaTokens: { invisibleRecaptchaToken: 'inv-token' } })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'JWS.session-token' },
    });
    await auth.login(ADA);
    expect(sent(IDENTITY_PATHS.login)).toEqual([
      '{"loginId":{"email":"ada@example.test"},"password":"S3cret!!","captchaTokens":[{"InvisibleRecaptcha":"inv-token"}]}',
      '{"loginId":{"email":"ada@example.test"},"password":"S3cret!!"}',
    ]);
  });

  it.each([
    ['-19971', 'missingCaptchaToken'],
    ['-19970', 'invalidCaptchaToken'],
    ['-19976', 'invalidPassword'],
    ['-19973', 'resetPassword'],
    ['-19995', 'invalidEmail'],
    ['NOT_FOUND', 'invalidEmail'],
  ])('application error %s → %s', async (code, errorCode) => {
    const { auth } = await setup({ [IDENTITY_PATHS.login]: [appError(401, code, 'login failed')] });
    const r = await auth.login(ADA);
    expect(r).toEqual({ loginState: 'FAILURE', error: expect.any(String) as string, errorCode });
    if (r.loginState === 'FAILURE') expect(JSON.parse(r.error).message).toBe('login failed');
  });

  it('a validation error or a failure without envelope is invalidEmail too', async () => {
    const { auth } = await setup({
      [IDENTITY_PATHS.login]: [
        violations({
          field: 'loginId.email',
          description: 'bad',
          violatedRule: 'FORMAT',
          data: { type: 'EMAIL' },
        }),
        { status: 500, body: 'oops' },
      ],
    });
    expect((await auth.login(ADA)) as object).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
    });
    expect((await auth.login(ADA)) as object).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
    });
  });
});

describe('processVerification', () => {
  it('posts the code with the remembered state token; a wrong code keeps the state for a retry', async () => {
    const { auth, sent } = await setup({
      [IDENTITY_PATHS.login]: [state({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'JWS.state-token' })],
      [IDENTITY_PATHS.verify]: [appError(400, 'VERIFICATION_FAILED', 'wrong code')],
    });
    expect((await auth.login(ADA)).loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    const wrong = await auth.processVerification({ verificationCode: '000000' });
    expect(wrong).toMatchObject({ loginState: 'FAILURE' });
    expect(await auth.processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'JWS.verified-session' },
    });
    expect(sent(IDENTITY_PATHS.verify)).toEqual([
      '{"code":"000000","stateToken":"JWS.state-token"}',
      '{"code":"123456","stateToken":"JWS.state-token"}',
    ]);
    // Verified: no verification state any more.
    expect(await auth.processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    expect(sent(IDENTITY_PATHS.verify)).toHaveLength(2);
  });

  it("outside a verification state it is 'Unknown _state' without a call; an explicit state is used", async () => {
    const { auth, sent } = await setup();
    expect(await auth.processVerification({ verificationCode: '1' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    await auth.register(ADA); // SUCCESS
    expect(await auth.processVerification({ verificationCode: '1' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    expect(sent(IDENTITY_PATHS.verify)).toEqual([]);
    const given = { loginState: 'EMAIL_VERIFICATION_REQUIRED' as const, data: { stateToken: 'JWS.given' } };
    expect((await auth.processVerification({ verificationCode: '42' }, given)).loginState).toBe('SUCCESS');
    expect(sent(IDENTITY_PATHS.verify)).toEqual(['{"code":"42","stateToken":"JWS.given"}']);
  });
});

describe('sendPasswordResetEmail', () => {
  it('posts the e-mail with the redirect and client id', async () => {
    const { auth, sent, peer } = await setup();
    await expect(
      auth.sendPasswordResetEmail('ada@example.test', 'https://shop.example.test/reset'),
    ).resolves.toBeUndefined();
    expect(sent(IDENTITY_PATHS.sendRecoveryEmail)).toEqual([
      '{"email":"ada@example.test","redirect":{"url":"https://shop.example.test/reset","clientId":"probe-client-id"}}',
    ]);
    expect(peer.authorizations(IDENTITY_PATHS.sendRecoveryEmail)).toEqual(['anon-access-1']);
  });
});
