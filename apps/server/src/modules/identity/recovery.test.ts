import type { StateMachineResponse } from '@vitrine/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/server.ts';
import { memberTokens, shopClient, SHOP, token } from '../../test/oauth.ts';
import { LINK_TTL_MS } from './challenges.ts';
import { MAX_RECOVERY_MAILS_PER_HOUR } from './recovery.ts';
import {
  appError,
  freshEmail,
  GOOD_PASSWORD,
  identityServer,
  linkIn,
  login,
  mailsTo,
  pastCaptchaWindow,
  RECOVERY,
  registered,
  tokenOfLink,
  violations,
} from '../../test/identity.ts';

let s: TestServer;
let publicUrl: string;
beforeAll(async () => {
  s = await identityServer();
  publicUrl = s.app.systemCtx().config.PUBLIC_URL;
});
afterAll(async () => {
  await s?.stop();
});
beforeEach(() => pastCaptchaWindow(s));

const NEW_PASSWORD = 'Brand-New-Secret-7';
const sendEmail = (
  email: string,
  redirect?: { url: string; clientId?: string },
  headers: Record<string, string> = {},
) =>
  s.request('POST', `${RECOVERY}/v1/send-email`, {
    body: { email, ...(redirect ? { redirect } : {}) },
    headers,
  });
const recover = (recoveryToken: string, password = NEW_PASSWORD) =>
  s.request<StateMachineResponse>('POST', `${RECOVERY}/v1/recover`, { body: { recoveryToken, password } });
async function lastLink(email: string) {
  const [mail] = await mailsTo(s, email);
  expect(mail, `a mail to ${email}`).toBeDefined();
  return linkIn(mail!.text);
}

describe('password recovery', () => {
  it('answers {} whether or not the account exists, and mails only an existing one', async () => {
    const email = freshEmail('known');
    await registered(s, email);
    const unknown = freshEmail('unknown');
    const a = await sendEmail(email);
    const b = await sendEmail(unknown);
    expect([a.status, a.body]).toEqual([200, {}]);
    expect([b.status, b.body]).toEqual([200, {}]);
    expect(await mailsTo(s, unknown)).toEqual([]);
    const [mail] = await mailsTo(s, email);
    expect(mail!.subject).toMatch(/Reset your .* password/);
    expect(linkIn(mail!.text)).toMatch(new RegExp(`^${publicUrl}/auth/reset\\?recoveryToken=[\\w-]{40,}$`));
  });

  it('builds the link from PUBLIC_URL or an allowed client origin, never from request headers or other origins', async () => {
    const email = freshEmail('links');
    await registered(s, email);
    await sendEmail(
      email,
      { url: 'https://evil.example/steal' },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );
    expect(await lastLink(email)).toMatch(new RegExp(`^${publicUrl}/auth/reset\\?recoveryToken=`));
    await sendEmail(email, { url: `${publicUrl}/auth/reset?clientId=abc` });
    expect(await lastLink(email)).toMatch(
      new RegExp(`^${publicUrl}/auth/reset\\?clientId=abc&recoveryToken=`),
    );
    const clientId = await shopClient(s);
    await sendEmail(email, { url: `${SHOP}/account/reset`, clientId });
    expect(await lastLink(email)).toMatch(new RegExp(`^${SHOP}/account/reset\\?recoveryToken=`));
  });

  it('sets a new password with the token once: the new password works, the old one does not', async () => {
    const email = freshEmail('recover');
    const id = await registered(s, email);
    await sendEmail(email);
    const recoveryToken = tokenOfLink(await lastLink(email));

    const weak = await recover(recoveryToken, 'password');
    expect(weak.status).toBe(400);
    expect(violations(weak.body)).toEqual([
      expect.objectContaining({ field: 'password', ruleName: 'COMMON_PASSWORD' }),
    ]);

    const r = await recover(recoveryToken);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ state: 'SUCCESS', identity: { id, email: { isVerified: true } } });
    expect(r.body.sessionToken).toBeTruthy();
    // The address is told, with the way back if it was not the member.
    const [told] = await mailsTo(s, email);
    expect(told!.subject).toMatch(/ password was reset$/);
    expect(told!.text).toMatch(
      /reset on \d{1,2} \w+ \d{4} at \d\d:\d\d UTC, with a link sent to this address/,
    );
    expect(new URL(linkIn(told!.text)).pathname).toBe('/forgot-password');

    const again = await recover(recoveryToken, 'Yet-Another-Secret-8');
    expect(again.status).toBe(400);
    expect(appError(again.body).code).toBe('INVALID_RECOVERY_TOKEN');
    expect(appError((await login(s, email, GOOD_PASSWORD)).body).code).toBe('-19976');
    expect((await login(s, email, NEW_PASSWORD)).body.state).toBe('SUCCESS');
  });

  it('lets a link expire after an hour, and a newer link replace an older one', async () => {
    const email = freshEmail('expire');
    await registered(s, email);
    await sendEmail(email);
    const older = tokenOfLink(await lastLink(email));
    await sendEmail(email);
    const newer = tokenOfLink(await lastLink(email));
    expect(appError((await recover(older)).body).code).toBe('INVALID_RECOVERY_TOKEN');
    s.clock.advance(LINK_TTL_MS.RECOVERY + 1);
    expect(appError((await recover(newer)).body).code).toBe('INVALID_RECOVERY_TOKEN');
    expect((await login(s, email, GOOD_PASSWORD)).body.state).toBe('SUCCESS');
  });

  it(`sends at most ${MAX_RECOVERY_MAILS_PER_HOUR} recovery mails per account and hour, answering alike`, async () => {
    const email = freshEmail('spam');
    await registered(s, email);
    for (let i = 0; i <= MAX_RECOVERY_MAILS_PER_HOUR; i++) expect((await sendEmail(email)).body).toEqual({});
    expect(await mailsTo(s, email)).toHaveLength(MAX_RECOVERY_MAILS_PER_HOUR);
    s.clock.advance(3_600_000);
    await sendEmail(email);
    expect(await mailsTo(s, email)).toHaveLength(MAX_RECOVERY_MAILS_PER_HOUR + 1);
  });

  it("revokes the member's refresh tokens", async () => {
    const clientId = await shopClient(s, { redirectUris: [`${SHOP}/callback`], allowedOrigins: [SHOP] });
    const { tokens, email } = await memberTokens(s, clientId);
    expect(
      (await token(s, { clientId, refreshToken: tokens.refresh_token, grantType: 'refresh_token' })).status,
    ).toBe(200);
    await sendEmail(email);
    expect((await recover(tokenOfLink(await lastLink(email)))).body.state).toBe('SUCCESS');
    const after = await token(s, {
      clientId,
      refreshToken: tokens.refresh_token,
      grantType: 'refresh_token',
    });
    expect(after.status).toBe(400);
  });

  it('mails an activation link on an admin request (24 hours), which sets the first password', async () => {
    const email = freshEmail('activate');
    const id = await registered(s, email);
    const r = await s.request('POST', `${RECOVERY}/v1/activation-email`, {
      body: { identityId: id, emailOptions: { language: 'en' } },
    });
    expect(r.status).toBe(401);
    expect(
      (
        await s.admin('POST', `${RECOVERY}/v1/activation-email`, {
          identityId: id,
          emailOptions: { language: 'en' },
        })
      ).status,
    ).toBe(200);
    const [mail] = await mailsTo(s, email);
    expect(mail!.subject).toMatch(/Activate your/);
    s.clock.advance(LINK_TTL_MS.RECOVERY + 1);
    expect((await recover(tokenOfLink(linkIn(mail!.text)))).body.state).toBe('SUCCESS');
    expect((await login(s, email, NEW_PASSWORD)).body.state).toBe('SUCCESS');
    // Choosing the first password is no change to tell about.
    expect((await mailsTo(s, email)).map((m) => m.subject)).toEqual([mail!.subject]);
  });
});
