import type { StateMachineResponse } from '@vitrine/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/server.ts';
import { memberTokens, shopClient, SHOP, token } from '../../test/oauth.ts';
import { LINK_TTL_MS } from './challenges.ts';
import { MAX_RECOVERY_MAILS_PER_HOUR } from './recovery.ts';
import { setIdentityBlocked } from './service.ts';
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
const linkStatus = (recoveryToken: string) =>
  s.request<{ status: string }>('POST', `${RECOVERY}/v1/link-status`, { body: { recoveryToken } });
const resend = (recoveryToken: string, redirect?: { url: string }) =>
  s.request('POST', `${RECOVERY}/v1/resend-email`, {
    body: { recoveryToken, ...(redirect ? { redirect } : {}) },
  });
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

  it('tells what became of a link without spending it: VALID, USED (or replaced), EXPIRED, UNKNOWN', async () => {
    const email = freshEmail('status');
    await registered(s, email);
    await sendEmail(email);
    const first = tokenOfLink(await lastLink(email));
    expect((await linkStatus(first)).body).toEqual({ status: 'VALID' });
    expect((await linkStatus(first)).body).toEqual({ status: 'VALID' });
    await sendEmail(email);
    const second = tokenOfLink(await lastLink(email));
    expect((await linkStatus(first)).body).toEqual({ status: 'USED' });
    expect((await recover(second)).body.state).toBe('SUCCESS');
    expect((await linkStatus(second)).body).toEqual({ status: 'USED' });
    await sendEmail(email);
    const third = tokenOfLink(await lastLink(email));
    s.clock.advance(LINK_TTL_MS.RECOVERY + 1);
    expect((await linkStatus(third)).body).toEqual({ status: 'EXPIRED' });
    expect((await linkStatus('not-a-token')).body).toEqual({ status: 'UNKNOWN' });
    const empty = await s.request('POST', `${RECOVERY}/v1/link-status`, { body: {} });
    expect(violations(empty.body)).toEqual([expect.objectContaining({ field: 'recoveryToken' })]);
  });

  it("mails a new link to the account of a used or expired one, to the link's page; the new link works", async () => {
    const email = freshEmail('resend');
    await registered(s, email);
    await sendEmail(email, { url: `${publicUrl}/auth/reset?clientId=abc` });
    const used = tokenOfLink(await lastLink(email));
    expect((await recover(used)).body.state).toBe('SUCCESS');
    const before = (await mailsTo(s, email)).length;

    const r = await resend(used, { url: `${publicUrl}/auth/reset?clientId=abc` });
    expect([r.status, r.body]).toEqual([200, {}]);
    const mails = await mailsTo(s, email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.subject).toMatch(/Reset your .* password/);
    const link = linkIn(mails[0]!.text);
    expect(link).toMatch(new RegExp(`^${publicUrl}/auth/reset\\?clientId=abc&recoveryToken=`));
    expect((await linkStatus(tokenOfLink(link))).body).toEqual({ status: 'VALID' });
    expect((await recover(tokenOfLink(link), 'Third-Secret-Word-9')).body.state).toBe('SUCCESS');
    expect((await login(s, email, 'Third-Secret-Word-9')).body.state).toBe('SUCCESS');

    // An expired link's account gets one too; an unknown token answers alike and sends nothing.
    await sendEmail(email);
    const expiring = tokenOfLink(await lastLink(email));
    s.clock.advance(LINK_TTL_MS.RECOVERY + 1);
    expect((await resend(expiring)).body).toEqual({});
    expect((await linkStatus(tokenOfLink(await lastLink(email)))).body).toEqual({ status: 'VALID' });
    const count = (await mailsTo(s, email)).length;
    expect([(await resend('unknown-token')).status, (await mailsTo(s, email)).length]).toEqual([200, count]);
  });

  it('sends no new link for a blocked account, nor past the hourly limit', async () => {
    const email = freshEmail('resend-limit');
    const id = await registered(s, email);
    await sendEmail(email);
    const old = tokenOfLink(await lastLink(email));
    for (let i = 0; i < MAX_RECOVERY_MAILS_PER_HOUR + 1; i++) expect((await resend(old)).body).toEqual({});
    expect(await mailsTo(s, email)).toHaveLength(MAX_RECOVERY_MAILS_PER_HOUR);
    s.clock.advance(3_600_000);
    await setIdentityBlocked(s.app.systemCtx(), id, true);
    expect((await resend(old)).body).toEqual({});
    expect(await mailsTo(s, email)).toHaveLength(MAX_RECOVERY_MAILS_PER_HOUR);
  });
});
