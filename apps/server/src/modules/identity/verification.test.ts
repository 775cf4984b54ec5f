import type { StateMachineResponse } from '@vitrine/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/server.ts';
import { getMember } from '../members/index.ts';
import { EMAIL_CODE_TTL_MS, EMAIL_STATE_TTL_MS, MAX_CODE_ATTEMPTS, MAX_CODE_SENDS } from './challenges.ts';
import {
  appError,
  asMember,
  AUTH,
  codeIn,
  freshEmail,
  GOOD_PASSWORD,
  identityServer,
  latestCode,
  login,
  mailsTo,
  pastCaptchaWindow,
  register,
  smtpSink,
  VERIFICATION,
} from '../../test/identity.ts';

let smtp: Awaited<ReturnType<typeof smtpSink>>;
let s: TestServer;
beforeAll(async () => {
  smtp = await smtpSink();
  s = await identityServer({ env: { EMAIL_VERIFICATION_REQUIRED: 'true', SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await s?.stop();
  await smtp?.close();
});
beforeEach(() => pastCaptchaWindow(s));

const verify = (code: string, stateToken: string) =>
  s.request<StateMachineResponse>('POST', `${VERIFICATION}/v1/auth/verify`, { body: { code, stateToken } });
const resend = (stateToken: string) =>
  s.request<StateMachineResponse>('POST', `${VERIFICATION}/v1/auth/resend`, { body: { stateToken } });
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

async function pendingSignUp(email = freshEmail('verify')) {
  const r = await register(s, email);
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({
    state: 'REQUIRE_EMAIL_VERIFICATION',
    sessionToken: null,
    identity: {
      status: { name: 'PENDING', reasons: expect.arrayContaining(['PENDING_EMAIL_VERIFICATION_REQUIRED']) },
    },
  });
  expect(r.body.stateToken).toBeTruthy();
  return { email, stateToken: r.body.stateToken!, id: r.body.identity!.id };
}

describe('e-mail verification during sign-up and sign-in', () => {
  it('mails a 6-digit code over SMTP; the code continues the sign-in once, and the address counts as verified', async () => {
    const { email, stateToken, id } = await pendingSignUp();
    const mail = await s.until(async () => smtp.received.find((m) => m.to.includes(email)));
    const code = codeIn(mail.raw);
    expect(code).toMatch(/^\d{6}$/);
    expect(await latestCode(s, email)).toBe(code);

    const r = await verify(code, stateToken);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      state: 'SUCCESS',
      identity: { id, email: { isVerified: true }, status: { name: 'ACTIVE', reasons: [] } },
    });
    expect(r.body.sessionToken).toBeTruthy();
    expect(r.body.identity!.factors).toContainEqual(
      expect.objectContaining({ type: 'EMAIL', status: 'ACTIVE' }),
    );
    expect(await getMember(s.app.systemCtx(), id)).toMatchObject({
      loginEmailVerified: true,
      status: 'APPROVED',
    });

    const again = await verify(code, stateToken);
    expect(again.status).toBe(400);
    expect(appError(again.body)).toMatchObject({
      code: 'VERIFICATION_FAILED',
      data: { reason: 'NOT_FOUND' },
    });
    expect((await login(s, email, GOOD_PASSWORD)).body.state).toBe('SUCCESS');
  });

  it(`voids the code after ${MAX_CODE_ATTEMPTS} wrong attempts; a resent code works, up to ${MAX_CODE_SENDS} codes`, async () => {
    const { email, stateToken } = await pendingSignUp();
    const code = await latestCode(s, email);
    for (let i = 1; i <= MAX_CODE_ATTEMPTS; i++) {
      const r = await verify(wrong(code), stateToken);
      expect(appError(r.body)).toMatchObject({
        code: 'VERIFICATION_FAILED',
        data: { reason: 'BAD_CODE', attemptsLeft: MAX_CODE_ATTEMPTS - i },
      });
    }
    expect(appError((await verify(code, stateToken)).body).data.reason).toBe('NOT_FOUND');

    for (let sends = 2; sends <= MAX_CODE_SENDS; sends++) {
      const r = await resend(stateToken);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken });
    }
    expect(await mailsTo(s, email)).toHaveLength(MAX_CODE_SENDS);
    const limit = await resend(stateToken);
    expect(appError(limit.body)).toMatchObject({
      code: 'VERIFICATION_FAILED',
      data: { reason: 'SEND_CODE_ERROR' },
    });

    const latest = await latestCode(s, email);
    expect((await verify(latest, stateToken)).body.state).toBe('SUCCESS');
  });

  it('lets a code expire after 10 minutes and a step after an hour', async () => {
    const { email, stateToken } = await pendingSignUp();
    const first = await latestCode(s, email);
    s.clock.advance(EMAIL_CODE_TTL_MS + 1);
    expect(appError((await verify(first, stateToken)).body).data.reason).toBe('NOT_FOUND');
    expect((await resend(stateToken)).status).toBe(200);
    s.clock.advance(EMAIL_STATE_TTL_MS);
    expect(appError((await verify(await latestCode(s, email), stateToken)).body).data.reason).toBe(
      'NOT_FOUND',
    );
    expect(appError((await resend(stateToken)).body).data.reason).toBe('NOT_FOUND');
  });

  it('asks an unverified account for a fresh code at sign-in, after the password', async () => {
    const { email, stateToken: old } = await pendingSignUp();
    expect(appError((await login(s, email, 'Wrong-Password-1')).body).code).toBe('-19976');
    const r = await login(s, email, GOOD_PASSWORD);
    expect(r.body).toMatchObject({ state: 'REQUIRE_EMAIL_VERIFICATION', sessionToken: null });
    expect(r.body.stateToken).not.toBe(old);
    expect(appError((await verify(await latestCode(s, email), old)).body).data.reason).toBe('NOT_FOUND');
    const viaLegacy = await s.request<StateMachineResponse>('POST', `${AUTH}/v2/EMAIL/verify`, {
      body: {
        factorType: 'EMAIL',
        stateToken: r.body.stateToken,
        emailData: { code: await latestCode(s, email) },
      },
    });
    expect(viaLegacy.status).toBe(200);
    expect(viaLegacy.body.state).toBe('SUCCESS');
  });

  it('continues to owner approval when the store requires it', async () => {
    await s.admin('PATCH', '/platform/v1/store-settings', { settings: { memberApprovalRequired: true } });
    try {
      const { email, stateToken } = await pendingSignUp();
      const r = await verify(await latestCode(s, email), stateToken);
      expect(r.body).toMatchObject({
        state: 'REQUIRE_OWNER_APPROVAL',
        sessionToken: null,
        identity: { email: { isVerified: true }, status: { reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'] } },
      });
    } finally {
      await s.admin('PATCH', '/platform/v1/store-settings', { settings: { memberApprovalRequired: false } });
    }
  });

  it('starts a verification on request (/v1/start and legacy /v1/Start) for admins, the member, or a pending identity', async () => {
    const { email, stateToken, id } = await pendingSignUp();
    const started = await s.request<{ verificationId: string }>('POST', `${VERIFICATION}/v1/Start`, {
      body: { identityId: id, target: 'EMAIL' },
    });
    expect(started.status).toBe(200);
    expect(appError((await verify(await latestCode(s, email), stateToken)).body).data.reason).toBe(
      'NOT_FOUND',
    );
    expect((await verify(await latestCode(s, email), started.body.verificationId)).body.state).toBe(
      'SUCCESS',
    );

    const anonymous = await s.request('POST', `${VERIFICATION}/v1/start`, {
      body: { identityId: id, target: 'EMAIL' },
    });
    expect(anonymous.status).toBe(403);
    const own = await s.request<{ verificationId: string }>('POST', `${VERIFICATION}/v1/start`, {
      body: { identityId: id },
      auth: asMember(id),
    });
    expect(own.status).toBe(200);
    expect((await s.admin('POST', `${VERIFICATION}/v1/start`, { identityId: id })).status).toBe(200);
    expect(
      (
        await s.admin('POST', `${VERIFICATION}/v1/start`, {
          identityId: '01890000-0000-7000-8000-000000000000',
        })
      ).status,
    ).toBe(404);
  });
});
