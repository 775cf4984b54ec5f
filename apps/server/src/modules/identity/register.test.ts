import type { DomainEvent, Member, StateMachineResponse } from '@vitrine/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import type { TestServer } from '../../test/server.ts';
import { getMember } from '../members/index.ts';
import { SESSION_TOKEN_TTL_MS } from './flow.ts';
import { redeemSessionToken } from './service.ts';
import {
  appError,
  AUTH,
  freshEmail,
  GOOD_PASSWORD,
  identityServer,
  login,
  pastCaptchaWindow,
  register,
  solvedCaptcha,
  violations,
} from '../../test/identity.ts';

let s: TestServer;
beforeAll(async () => {
  s = await identityServer();
});
afterAll(async () => {
  await s?.stop();
});
beforeEach(() => pastCaptchaWindow(s));

const redeem = (token: string) => redeemSessionToken(s.app.systemCtx(), token);

describe('POST /_api/iam/authentication/v2/register', () => {
  it('creates an ACTIVE identity and member and answers SUCCESS with a session token that redeems once, within 5 minutes', async () => {
    const email = freshEmail('ada');
    const r = await register(s, `  ${email.toUpperCase()} `, GOOD_PASSWORD, {
      profile: { firstName: 'Ada', lastName: 'Lovelace', nickname: 'countess' },
      clientMetaData: { a: 1 },
    });
    expect(r.status).toBe(200);
    const body = r.body;
    expect(body).toMatchObject({ state: 'SUCCESS', stateToken: null, additionalData: {} });
    expect(body.sessionToken).toMatch(/^[\w-]{40,}$/);
    expect(body.identity).toMatchObject({
      revision: '1',
      connections: [],
      email: { address: email, isVerified: false },
      status: { name: 'ACTIVE', reasons: [] },
      identityProfile: { firstName: 'Ada', lastName: 'Lovelace', nickname: 'countess', emails: [email] },
      createdDate: s.clock.now().toISOString(),
    });
    expect(body.identity!.factors.map((f) => [f.type, f.status]).sort()).toEqual([
      ['EMAIL', 'INACTIVE'],
      ['PASSWORD', 'ACTIVE'],
    ]);
    expect(JSON.stringify(body)).not.toMatch(/argon2|hash/i);

    const id = body.identity!.id;
    expect(await redeem(body.sessionToken!)).toEqual({ identityId: id });
    expect(await redeem(body.sessionToken!)).toBeNull();
    expect(await redeem('not-a-token')).toBeNull();

    const again = await login(s, email, GOOD_PASSWORD);
    expect(again.body.state).toBe('SUCCESS');
    s.clock.advance(SESSION_TOKEN_TTL_MS + 1);
    expect(await redeem(again.body.sessionToken!)).toBeNull();

    const member = await getMember(s.app.systemCtx(), id);
    expect(member).toMatchObject({
      id,
      loginEmail: email,
      loginEmailVerified: false,
      status: 'APPROVED',
      privacyStatus: 'PRIVATE',
      activityStatus: 'ACTIVE',
      contactId: id,
      contact: { firstName: 'Ada', lastName: 'Lovelace', emails: [email] },
      profile: { nickname: 'countess', slug: 'countess' },
    });
    expect(member!.lastLoginDate).toBeDefined();
    const events = await s.admin<{ events: DomainEvent[] }>('POST', '/platform/v1/events/query', {
      query: { filter: { eventType: 'wix.members.v1.member_created', entityId: id } },
    });
    expect(events.body.events).toHaveLength(1);
    expect(events.body.events[0]!.createdEvent!.entity as Member).toMatchObject({
      id,
      loginEmail: email,
      status: 'APPROVED',
      profile: { slug: 'countess' },
    });
  });

  it('gives members unique slugs from the nickname, name or e-mail', async () => {
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const r = await register(s, freshEmail(), GOOD_PASSWORD, { profile: { nickname: 'Zoë Smith!' } });
      ids.push(r.body.identity!.id);
    }
    const slugs = await Promise.all(
      ids.map(async (id) => (await getMember(s.app.systemCtx(), id))!.profile.slug),
    );
    expect(slugs).toEqual(['zoe-smith', 'zoe-smith-2']);
  });

  it('answers -19995 (409) for an e-mail that is already registered, whatever its case', async () => {
    const email = freshEmail('dup');
    expect((await register(s, email)).status).toBe(200);
    const r = await register(s, email.toUpperCase(), 'Another-Pass-99');
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ message: 'Email already exists' });
    expect(appError(r.body)).toMatchObject({ code: '-19995', description: 'Email already exists' });
  });

  it('refuses short, over-long, common and e-mail-like passwords as field violations on password', async () => {
    const email = freshEmail('weak');
    const cases: [string, string, string?][] = [
      ['Short1!', 'MIN_LENGTH'],
      ['x'.repeat(257), 'MAX_LENGTH'],
      ['password1', 'OTHER', 'COMMON_PASSWORD'],
      ['Qwertyuiop', 'OTHER', 'COMMON_PASSWORD'],
      [email.split('@')[0]!, 'OTHER', 'PASSWORD_IS_EMAIL'],
    ];
    for (const [password, rule, ruleName] of cases) {
      const r = await register(s, email, password);
      expect(r.status, password).toBe(400);
      expect(violations(r.body), password).toEqual([
        expect.objectContaining({
          field: 'password',
          violatedRule: rule,
          data: expect.any(Object),
          ...(ruleName ? { ruleName } : {}),
        }),
      ]);
    }
    expect((await register(s, email, 'x'.repeat(256))).status).toBe(200);
  });

  it('reports a bad or missing e-mail as a FORMAT violation whose data.type is EMAIL', async () => {
    for (const body of [
      { loginId: { email: 'not-an-email' } },
      { loginId: { email: 42 } },
      { loginId: {} },
      {},
    ]) {
      const r = await s.request('POST', `${AUTH}/v2/register`, {
        body: { ...body, password: GOOD_PASSWORD },
      });
      expect(r.status, JSON.stringify(body)).toBe(400);
      const v = violations(r.body);
      expect(v, JSON.stringify(body)).toContainEqual(
        expect.objectContaining({ field: 'loginId.email', violatedRule: 'FORMAT', data: { type: 'EMAIL' } }),
      );
      for (const each of v) expect(each.data).toBeTypeOf('object');
    }
  });

  it('answers REQUIRE_OWNER_APPROVAL and keeps the member PENDING when the store requires approval', async () => {
    expect(
      (await s.admin('PATCH', '/platform/v1/store-settings', { settings: { memberApprovalRequired: true } }))
        .status,
    ).toBe(200);
    try {
      const email = freshEmail('pending');
      const r = await register(s, email);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        state: 'REQUIRE_OWNER_APPROVAL',
        sessionToken: null,
        identity: { status: { name: 'PENDING', reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'] } },
      });
      expect((await getMember(s.app.systemCtx(), r.body.identity!.id))?.status).toBe('PENDING');
      const again = await login(s, email, GOOD_PASSWORD);
      expect(again.body).toMatchObject({ state: 'REQUIRE_OWNER_APPROVAL', sessionToken: null });
    } finally {
      await s.admin('PATCH', '/platform/v1/store-settings', { settings: { memberApprovalRequired: false } });
    }
  });

  it('answers on the alias prefix /iam/authentication too', async () => {
    const r = await s.request<StateMachineResponse>('POST', '/iam/authentication/v2/register', {
      body: { loginId: { email: freshEmail('alias') }, password: GOOD_PASSWORD },
    });
    expect(r.status).toBe(200);
    expect(r.body.state).toBe('SUCCESS');
  });

  it('requires a captcha (-19971) from an address that keeps registering taken e-mails', async () => {
    const email = freshEmail('probe');
    await register(s, email);
    for (let i = 0; i < 3; i++) expect(appError((await register(s, email)).body).code).toBe('-19995');
    const r = await register(s, freshEmail('next'));
    expect(r.status).toBe(400);
    expect(appError(r.body).code).toBe('-19971');
  });

  it.skipIf(testEngine() !== 'postgres')(
    'lets exactly one of concurrent sign-ups with one e-mail win, and a session token redeem once, across two processes',
    async () => {
      const pool = s.db.another();
      const other = await identityServer({ database: pool, clock: s.clock });
      try {
        const email = freshEmail('race');
        // Each brings a solved captcha: the losers' failures must not turn the race into -19971 answers.
        const captchas = await Promise.all(Array.from({ length: 8 }, () => solvedCaptcha(s, { fast: true })));
        const answers = await Promise.all(
          captchas.map((c, i) =>
            register(i % 2 ? other : s, i % 3 ? email : email.toUpperCase(), GOOD_PASSWORD, {
              captchaTokens: [{ NoCaptcha: c }],
            }),
          ),
        );
        expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
        for (const a of answers.filter((x) => x.status !== 200)) expect(appError(a.body).code).toBe('-19995');

        const { sessionToken } = answers.find((a) => a.status === 200)!.body;
        const redeemed = await Promise.all(
          [s, other, s, other].map((srv) => redeemSessionToken(srv.app.systemCtx(), sessionToken!)),
        );
        expect(redeemed.filter(Boolean)).toHaveLength(1);
      } finally {
        await other.stop();
        await pool.close();
      }
    },
  );
});
