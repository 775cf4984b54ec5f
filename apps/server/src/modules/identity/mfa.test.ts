import type { StateMachineResponse } from '@vitrine/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/server.ts';
import { redeemSessionToken } from './service.ts';
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
  ok,
  pastCaptchaWindow,
  RECOVERY,
  registered,
  tokenOfLink,
  VERIFICATION,
} from '../../test/identity.ts';

let s: TestServer;
beforeAll(async () => {
  s = await identityServer();
});
afterAll(async () => {
  await s?.stop();
});
beforeEach(() => pastCaptchaWindow(s));

type Enrolled = {
  factor: { factorId: string; type: string; status: string };
  secret: string;
  otpauthUri: string;
};
const totpNow = (secret: string) => generate({ secret, epoch: Math.floor(s.clock.now().getTime() / 1000) });
const nextStep = () => s.clock.advance(30_000);
const verifyTotp = (stateToken: string, code: string) =>
  s.request<StateMachineResponse>('POST', `${AUTH}/v2/TOTP/verify`, {
    body: { factorType: 'TOTP', stateToken, totpData: { code } },
  });
const verifyRecoveryCode = (stateToken: string, code: string) =>
  s.request<StateMachineResponse>('POST', `${AUTH}/v2/RECOVERY_CODE/verify`, {
    body: { stateToken, recoveryCodeData: { code } },
  });

/** A member with an authenticator app set up: its e-mail, secret and recovery codes. */
async function withTotp() {
  const email = freshEmail('mfa');
  const id = await registered(s, email);
  const enrolled = ok(
    await s.request<Enrolled>('POST', `${AUTH}/v2/factors/totp/enroll`, { auth: asMember(id) }),
  );
  const confirmed = ok(
    await s.request<{ recoveryCodes: string[] }>('POST', `${AUTH}/v2/factors/totp/confirm`, {
      body: { code: await totpNow(enrolled.secret) },
      auth: asMember(id),
    }),
  );
  nextStep();
  return { email, id, secret: enrolled.secret, recoveryCodes: confirmed.recoveryCodes };
}

async function secondStep(email: string): Promise<string> {
  const r = await login(s, email, GOOD_PASSWORD);
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({
    state: 'STATUS_CHECK',
    sessionToken: null,
    additionalData: { factorType: 'TOTP' },
  });
  return r.body.stateToken!;
}

describe('TOTP second factor', () => {
  it('is enrolled by the member only, and confirmed with a current code', async () => {
    const email = freshEmail('enroll');
    const id = await registered(s, email);
    expect((await s.request('POST', `${AUTH}/v2/factors/totp/enroll`)).status).toBe(401);
    expect((await s.request('POST', `${AUTH}/v2/factors/totp/enroll`, { auth: 'visitor:v1' })).status).toBe(
      403,
    );
    expect((await s.admin('POST', `${AUTH}/v2/factors/totp/enroll`)).status).toBe(403);

    const enrolled = ok(
      await s.request<Enrolled>('POST', `${AUTH}/v2/factors/totp/enroll`, { auth: asMember(id) }),
    );
    expect(enrolled.factor).toMatchObject({ type: 'TOTP', status: 'INACTIVE' });
    expect(enrolled.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolled.otpauthUri).toBe(
      `otpauth://totp/My%20Vitrine%20store:${encodeURIComponent(email)}?secret=${enrolled.secret}&issuer=My%20Vitrine%20store`,
    );
    expect((await login(s, email, GOOD_PASSWORD)).body.state).toBe('SUCCESS');

    const bad = await s.request('POST', `${AUTH}/v2/factors/totp/confirm`, {
      body: { code: '000000' },
      auth: asMember(id),
    });
    expect(appError(bad.body)).toMatchObject({ code: 'VERIFICATION_FAILED', data: { reason: 'BAD_CODE' } });
    const confirmed = ok(
      await s.request<{ factor: Enrolled['factor']; recoveryCodes: string[] }>(
        'POST',
        `${AUTH}/v2/factors/totp/confirm`,
        { body: { code: await totpNow(enrolled.secret) }, auth: asMember(id) },
      ),
    );
    expect(confirmed.factor).toEqual({ factorId: enrolled.factor.factorId, type: 'TOTP', status: 'ACTIVE' });
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    for (const c of confirmed.recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const twice = await s.request('POST', `${AUTH}/v2/factors/totp/enroll`, { auth: asMember(id) });
    expect(twice.status).toBe(409);
    expect(appError(twice.body).code).toBe('TOTP_ALREADY_ENROLLED');
  });

  it('makes sign-in ask for a code (STATUS_CHECK) and accepts each code once', async () => {
    const { email, id, secret } = await withTotp();
    const stateToken = await secondStep(email);
    expect(appError((await verifyTotp(stateToken, '123456')).body).data).toMatchObject({
      reason: 'BAD_CODE',
      attemptsLeft: 4,
    });
    const code = await totpNow(secret);
    const r = await verifyTotp(stateToken, code);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ state: 'SUCCESS', identity: { id } });
    expect(await redeemSessionToken(s.app.systemCtx(), r.body.sessionToken!)).toEqual({ identityId: id });
    expect(appError((await verifyTotp(stateToken, code)).body).data.reason).toBe('NOT_FOUND');

    const replay = await verifyTotp(await secondStep(email), code);
    expect(appError(replay.body)).toMatchObject({
      code: 'VERIFICATION_FAILED',
      data: { reason: 'BAD_CODE' },
    });
    nextStep();
    const step = await secondStep(email);
    const viaAuthVerify = await s.request<StateMachineResponse>('POST', `${VERIFICATION}/v1/auth/verify`, {
      body: { code: await totpNow(secret), stateToken: step },
    });
    expect(viaAuthVerify.body.state).toBe('SUCCESS');
  });

  it('accepts each recovery code once instead of a TOTP code', async () => {
    const { email, recoveryCodes } = await withTotp();
    const [first, second] = recoveryCodes as [string, string];
    expect((await verifyRecoveryCode(await secondStep(email), first.toUpperCase())).body.state).toBe(
      'SUCCESS',
    );
    expect(appError((await verifyRecoveryCode(await secondStep(email), first)).body).data.reason).toBe(
      'BAD_CODE',
    );
    const viaAuthVerify = await s.request<StateMachineResponse>('POST', `${VERIFICATION}/v1/auth/verify`, {
      body: { code: second, stateToken: await secondStep(email) },
    });
    expect(viaAuthVerify.body.state).toBe('SUCCESS');
  });

  it('ends the step after 5 wrong codes and after 10 minutes', async () => {
    const { email, secret } = await withTotp();
    const stateToken = await secondStep(email);
    for (let i = 4; i >= 0; i--)
      expect(appError((await verifyTotp(stateToken, '000000')).body).data).toMatchObject({
        reason: 'BAD_CODE',
        attemptsLeft: i,
      });
    expect(appError((await verifyTotp(stateToken, await totpNow(secret))).body).data.reason).toBe(
      'NOT_FOUND',
    );
    pastCaptchaWindow(s);
    const late = await secondStep(email);
    s.clock.advance(10 * 60_000 + 1);
    expect(appError((await verifyTotp(late, await totpNow(secret))).body).data.reason).toBe('NOT_FOUND');
  });

  it('still asks for the second factor after a password reset by e-mail', async () => {
    const { email } = await withTotp();
    expect((await s.request('POST', `${RECOVERY}/v1/send-email`, { body: { email } })).status).toBe(200);
    const [mail] = await mailsTo(s, email);
    const r = await s.request<StateMachineResponse>('POST', `${RECOVERY}/v1/recover`, {
      body: { recoveryToken: tokenOfLink(linkIn(mail!.text)), password: 'Reset-But-Still-2FA' },
    });
    expect(r.body).toMatchObject({
      state: 'STATUS_CHECK',
      sessionToken: null,
      additionalData: { factorType: 'TOTP' },
    });
  });

  it('refuses other factor types of the legacy verify call', async () => {
    const r = await s.request('POST', `${AUTH}/v2/SMS/verify`, {
      body: { factorType: 'SMS', stateToken: 'x', smsData: { code: '123456' } },
    });
    expect(r.status).toBe(400);
    expect(appError(r.body).code).toBe('UNSUPPORTED_FACTOR');
  });

  it("lists the member's factors, and turns the authenticator off only with a fresh code or an unused recovery code", async () => {
    const m = await withTotp();
    const factors = async () =>
      ok(
        await s.request<{ factors: { type: string; status: string }[] }>('GET', `${AUTH}/v2/factors`, {
          auth: asMember(m.id),
        }),
      ).factors.map((f) => `${f.type} ${f.status}`);
    expect(await factors()).toEqual(expect.arrayContaining(['PASSWORD ACTIVE', 'TOTP ACTIVE']));
    expect((await s.request('GET', `${AUTH}/v2/factors`, { auth: 'visitor:v1' })).status).toBe(403);
    const remove = (code: string, auth = asMember(m.id)) =>
      s.request('POST', `${AUTH}/v2/factors/totp/remove`, { body: { code }, auth });
    expect((await remove('123456', 'visitor:v1')).status).toBe(403);

    // A wrong code, a used one (spent by the sign-in above), a wrong recovery code: refused, and each
    // counts as a failed sign-in of the account (a captcha after 3).
    const used = await totpNow(m.secret);
    const stateToken = await secondStep(m.email);
    ok(await verifyTotp(stateToken, used));
    for (const code of ['000000', used, 'aaaaa-bbbbb']) {
      const r = await remove(code);
      expect([r.status, appError(r.body).code, appError(r.body).data]).toEqual([
        400,
        'VERIFICATION_FAILED',
        expect.objectContaining({ reason: 'BAD_CODE' }),
      ]);
    }
    expect(await factors()).toContain('TOTP ACTIVE');
    expect(appError((await login(s, m.email, GOOD_PASSWORD)).body).code).toBe('-19971');
    pastCaptchaWindow(s);

    // An unused recovery code turns it off; sign-in then needs the password alone.
    expect(ok(await remove(m.recoveryCodes[0]!))).toEqual({});
    expect((await factors()).filter((f) => f.startsWith('TOTP'))).toEqual([]);
    expect((await login(s, m.email, GOOD_PASSWORD)).body.state).toBe('SUCCESS');
    const again = await remove(m.recoveryCodes[1]!);
    expect([again.status, appError(again.body).code]).toEqual([409, 'TOTP_NOT_ENROLLED']);

    // Set up again, it turns off with a fresh code from the app.
    const second = await withTotp();
    expect(ok(await remove(await totpNow(second.secret), asMember(second.id)))).toEqual({});
    // Each change was told to the address (newest first); the refused attempts changed nothing.
    for (const who of [m, second])
      expect((await mailsTo(s, who.email)).map((x) => x.subject)).toEqual([
        expect.stringMatching(/^Two-step sign-in is off for your .+ account$/),
        expect.stringMatching(/^Two-step sign-in is on for your .+ account$/),
      ]);
  });
});
