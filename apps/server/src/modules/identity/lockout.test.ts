/**
 * Guessing a password cannot lock its owner out: the lock holds for the guessing address only,
 * the captcha escalation applies to every address, and a reset by e-mail lifts every lock.
 */
import type { StateMachineResponse } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/server.ts';
import {
  AUTH,
  appError,
  freshEmail,
  GOOD_PASSWORD,
  identityServer,
  linkIn,
  mailsTo,
  RECOVERY,
  registered,
  solvedCaptcha,
  tokenOfLink,
} from '../../test/identity.ts';
import { LOCK_AFTER_FAILURES } from './throttle.ts';

let s: TestServer;
// Behind a proxy, the client address is X-Forwarded-For's.
beforeAll(async () => {
  s = await identityServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await s?.stop();
});

const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.2';
const loginFrom = (ip: string, email: string, password: string, captcha?: string) =>
  s.request<StateMachineResponse>('POST', `${AUTH}/v2/login`, {
    headers: { 'x-forwarded-for': ip },
    body: {
      loginId: { email },
      password,
      ...(captcha ? { captchaTokens: [{ InvisibleRecaptcha: captcha }] } : {}),
    },
  });

describe("an attacker guessing an account's password", () => {
  it(`is locked out after ${LOCK_AFTER_FAILURES} failures; the owner, elsewhere, still signs in (with a captcha)`, async () => {
    const email = freshEmail('owner');
    await registered(s, email);
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      const r = await loginFrom(
        ATTACKER,
        email,
        `Wrong-${i}-password`,
        i >= 3 ? await solvedCaptcha(s, { fast: true }) : undefined,
      );
      expect(appError(r.body).code, `attempt ${i}`).toBe('-19976');
      expect(appError(r.body).data.attemptsLeft, `attempt ${i}`).toBe(LOCK_AFTER_FAILURES - i - 1);
      s.clock.advance(20_000);
    }
    const attacker = await loginFrom(ATTACKER, email, GOOD_PASSWORD, await solvedCaptcha(s, { fast: true }));
    expect([attacker.status, appError(attacker.body).code]).toEqual([429, 'ACCOUNT_LOCKED']);

    // The escalation stays: the account is under attack, so the owner solves a captcha.
    expect(appError((await loginFrom(OWNER, email, GOOD_PASSWORD)).body).code).toBe('-19971');
    const owner = await loginFrom(OWNER, email, GOOD_PASSWORD, await solvedCaptcha(s, { fast: true }));
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body.state).toBe('SUCCESS');

    // The owner's sign-in does not unlock the attacker.
    const still = await loginFrom(ATTACKER, email, GOOD_PASSWORD, await solvedCaptcha(s, { fast: true }));
    expect([still.status, appError(still.body).code]).toEqual([429, 'ACCOUNT_LOCKED']);

    // A reset by e-mail lifts every lock of the account.
    expect((await s.request('POST', `${RECOVERY}/v1/send-email`, { body: { email } })).status).toBe(200);
    const link = linkIn((await mailsTo(s, email))[0]!.text);
    const reset = await s.request('POST', `${RECOVERY}/v1/recover`, {
      body: { recoveryToken: tokenOfLink(link), password: 'Brand-New-Secret-7' },
    });
    expect(reset.status).toBe(200);
    const after = await loginFrom(
      ATTACKER,
      email,
      'Brand-New-Secret-7',
      await solvedCaptcha(s, { fast: true }),
    );
    expect(after.status, JSON.stringify(after.body)).toBe(200);
  }, 120_000);
});
