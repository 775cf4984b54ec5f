/**
 * `null` where `@wix/identity` declares a request field `T | null` is "not given": a front end that
 * passes a form's empty field (`firstName: null`) or the SDK's own nullable options must not have its
 * sign-up, sign-in or recovery refused.
 */
import type { StateMachineResponse } from '@vitrine/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/server.ts';
import {
  AUTH,
  freshEmail,
  GOOD_PASSWORD,
  identityServer,
  pastCaptchaWindow,
  RECOVERY,
  register,
} from '../../test/identity.ts';

let s: TestServer;
beforeAll(async () => {
  s = await identityServer();
});
afterAll(async () => {
  await s?.stop();
});
beforeEach(() => pastCaptchaWindow(s));

describe('null in nullable request fields', () => {
  it('signs up with null profile fields and null clientMetaData', async () => {
    const email = freshEmail('nulls');
    const r = await register(s, email, GOOD_PASSWORD, {
      profile: {
        firstName: 'Ada',
        lastName: null,
        nickname: null,
        picture: null,
        language: null,
        company: null,
        position: null,
        birthdate: null,
        slug: null,
        subscription: null,
        vatId: null,
        phonesV2: [{ phone: '+1 555 0100', countryCode: null }],
        customFields: [{ name: 'custom.since', value: { dateValue: null, strValue: '2020' } }],
      },
      clientMetaData: null,
      captchaTokens: null,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ state: 'SUCCESS', identity: { identityProfile: { firstName: 'Ada' } } });
    expect(r.body.identity!.identityProfile).not.toHaveProperty('lastName');
  });

  it('signs in with null stateToken and clientMetaData, and a null password is a wrong password', async () => {
    const email = freshEmail('nulls');
    expect((await register(s, email)).status).toBe(200);
    const r = await s.request<StateMachineResponse>('POST', `${AUTH}/v2/login`, {
      body: { loginId: { email }, password: GOOD_PASSWORD, stateToken: null, clientMetaData: null },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.state).toBe('SUCCESS');
    const none = await s.request('POST', `${AUTH}/v2/login`, {
      body: { loginId: { email }, password: null },
    });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('-19976');
  });

  it('sends a recovery e-mail with a null language and redirect', async () => {
    const r = await s.request('POST', `${RECOVERY}/v1/send-email`, {
      body: { email: freshEmail('nulls'), language: null, redirect: null },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
});
