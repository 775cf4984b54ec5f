import type { StaffEnrolmentResponse, StaffSessionResponse, StaffSessionView } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from '../../test/identity.ts';
import { anonymousTokens, bundledClientId } from '../../test/oauth.ts';
import { ADMIN_KEY, appError, violations, type TestServer } from '../../test/server.ts';
import {
  invited,
  OWNER_EMAIL,
  STAFF_PASSWORD,
  StaffBrowser,
  staffServer,
  tokenOf,
  totpCode,
} from '../../test/staff.ts';
import { createSetupLink, firstOwnerSetupLink } from './index.ts';

let s: TestServer;
let owner: StaffBrowser;
beforeAll(async () => {
  s = await staffServer();
});
afterAll(async () => {
  await s?.stop();
});

/** Fifteen minutes and a second: earlier failures no longer ask for a captcha. */
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const pastCaptchaWindow = () => s.clock.advance(15 * 60_000 + 1000);

describe('the first owner', () => {
  it('sets up with the printed link, enrols TOTP, and gets an http-only, same-site session', async () => {
    const b = new StaffBrowser(s);
    const token = tokenOf(s.setupLink!);
    expect(s.setupLink).toBe(`${s.url}/dashboard/setup?token=${token}`);

    const weak = await b.request('POST', '/staff/v1/setup', {
      body: { token, email: OWNER_EMAIL, password: 'password1', name: 'Olive' },
    });
    expect(weak.status).toBe(400);
    expect(violations(weak.body)[0]).toMatchObject({ field: 'password', ruleName: 'COMMON_PASSWORD' });

    const setup = await b.request<StaffEnrolmentResponse>('POST', '/staff/v1/setup', {
      body: { token, email: ' Owner@Example.TEST ', password: STAFF_PASSWORD, name: 'Olive Owner' },
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    expect(setup.body.totp.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*owner%40example\.test/);
    expect(b.cookie).toBeUndefined();

    const wrong = await b.request('POST', '/staff/v1/enrol', {
      body: { enrollmentToken: setup.body.enrollmentToken, code: '000000' },
    });
    expect([wrong.status, appError(wrong.body).code]).toEqual([400, 'INVALID_TOTP_CODE']);
    expect(appError(wrong.body).data.attemptsLeft).toBe(4);

    const enrolled = await b.enrol(setup.body);
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    expect(enrolled.body.staff).toMatchObject({
      email: OWNER_EMAIL,
      name: 'Olive Owner',
      role: 'OWNER',
      status: 'ACTIVE',
      totpEnrolled: true,
    });
    expect(b.setCookie).toMatch(
      /^vitrine_staff=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=604800$/,
    );

    const me = await b.request<StaffSessionResponse>('GET', '/staff/v1/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(enrolled.body);
    owner = b;
  });

  it('uses a set-up link once; a new start prints none once an owner exists', async () => {
    const again = await new StaffBrowser(s).request('POST', '/staff/v1/setup', {
      body: {
        token: tokenOf(s.setupLink!),
        email: 'other@example.test',
        password: STAFF_PASSWORD,
        name: 'X',
      },
    });
    expect([again.status, appError(again.body).code]).toEqual([400, 'INVALID_SETUP_TOKEN']);
    expect(await firstOwnerSetupLink(s.app.systemCtx())).toBeUndefined();
  });

  it('re-enrols an owner who lost the authenticator, with a link made by the command', async () => {
    const link = await createSetupLink(s.app.systemCtx());
    const b = new StaffBrowser(s);
    const setup = await b.request<StaffEnrolmentResponse>('POST', '/staff/v1/setup', {
      body: { token: tokenOf(link), email: OWNER_EMAIL, password: STAFF_PASSWORD, name: 'Olive Owner' },
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    s.clock.advance(30_000);
    const enrolled = await b.enrol(setup.body);
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    expect(enrolled.body.staff.id).toBe(owner.staff!.id);
    // The old authenticator and its sessions are gone.
    expect((await owner.request('GET', '/staff/v1/me')).status).toBe(401);
    owner = b;
  });
});

describe('sign-in', () => {
  it('asks owners for their TOTP code, and takes a code once', async () => {
    const b = new StaffBrowser(s);
    const noCode = await b.request('POST', '/staff/v1/login', {
      body: { email: OWNER_EMAIL, password: STAFF_PASSWORD },
    });
    expect([noCode.status, appError(noCode.body).code]).toEqual([428, 'TOTP_REQUIRED']);
    expect(b.cookie).toBeUndefined();

    s.clock.advance(30_000);
    const code = await totpCode(s, owner.secret!);
    const ok = await b.request<StaffSessionResponse>('POST', '/staff/v1/login', {
      body: { email: OWNER_EMAIL, password: STAFF_PASSWORD, code },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.staff.lastLoginDate).toBe(s.clock.now().toISOString());
    expect((await b.request('GET', '/staff/v1/me')).status).toBe(200);

    const replay = await new StaffBrowser(s).request('POST', '/staff/v1/login', {
      body: { email: OWNER_EMAIL, password: STAFF_PASSWORD, code },
    });
    expect([replay.status, appError(replay.body).code]).toEqual([401, 'INVALID_CREDENTIALS']);
    expect(appError(replay.body).data.reason).toBe('WRONG_CODE');
    pastCaptchaWindow();
  });

  it('answers a wrong password and an unknown address alike, and throttles like shoppers’ sign-in', async () => {
    const b = new StaffBrowser(s);
    const unknown = await b.request('POST', '/staff/v1/login', {
      body: { email: 'nobody@example.test', password: STAFF_PASSWORD },
    });
    expect([unknown.status, appError(unknown.body)]).toEqual([
      401,
      { code: 'INVALID_CREDENTIALS', description: 'Wrong e-mail or password', data: expect.any(Object) },
    ]);
    pastCaptchaWindow();
    for (let i = 0; i < 3; i++) {
      const wrong = await b.request('POST', '/staff/v1/login', {
        body: { email: OWNER_EMAIL, password: 'Wrong-Password-1' },
      });
      expect([wrong.status, appError(wrong.body).code]).toEqual([401, 'INVALID_CREDENTIALS']);
    }
    // Three failures: even the right password and code need a solved captcha now.
    s.clock.advance(30_000);
    const right = { email: OWNER_EMAIL, password: STAFF_PASSWORD, code: await totpCode(s, owner.secret!) };
    const refused = await b.request('POST', '/staff/v1/login', { body: right });
    expect([refused.status, appError(refused.body).code]).toEqual([400, 'CAPTCHA_REQUIRED']);
    const bad = await b.request('POST', '/staff/v1/login', { body: { ...right, captchaToken: 'x' } });
    expect([bad.status, appError(bad.body).code]).toEqual([400, 'CAPTCHA_INVALID']);
    const solved = await b.request('POST', '/staff/v1/login', {
      body: { ...right, captchaToken: await solvedCaptcha(s, { fast: true }) },
    });
    expect(solved.status, JSON.stringify(solved.body)).toBe(200);
    pastCaptchaWindow();
  });
});

describe('CSRF protection', () => {
  it('refuses an unsafe request with the cookie but without the session’s X-CSRF-Token', async () => {
    for (const csrf of [null, 'not-the-token', `${owner.csrfToken!}x`]) {
      const r = await owner.request('POST', '/staff/v1/staff/query', { body: {}, csrf });
      expect([r.status, appError(r.body).code]).toEqual([403, 'CSRF_TOKEN_INVALID']);
    }
    expect((await owner.request('POST', '/staff/v1/staff/query', { body: {} })).status).toBe(200);
    // GET needs none.
    expect((await owner.request('GET', '/staff/v1/me', { csrf: null })).status).toBe(200);
  });

  it('treats such a request as nobody’s on public routes: the shop keeps working beside the dashboard', async () => {
    const r = await owner.request<{ access_token: string }>('POST', '/oauth2/token', {
      body: { grantType: 'anonymous', clientId: bundledClientId(s) },
      csrf: null,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.access_token).toBeTruthy();
  });

  it('judges a request with an Authorization header by it alone', async () => {
    const visitor = (await anonymousTokens(s, bundledClientId(s))).access_token;
    const asVisitor = await owner.request('GET', '/staff/v1/me', { headers: { authorization: visitor } });
    expect(asVisitor.status).toBe(403);
    const bad = await owner.request('GET', '/staff/v1/me', { headers: { authorization: 'vk_nope' } });
    expect(bad.status).toBe(401);
    const key = await owner.request('GET', '/staff/v1/me', { headers: { authorization: ADMIN_KEY } });
    expect([key.status, appError(key.body).code]).toEqual([403, 'STAFF_SESSION_REQUIRED']);
  });
});

describe('sessions', () => {
  it('end at sign-out; sign-out everywhere ends every session of the staff member', async () => {
    const one = new StaffBrowser(s);
    one.secret = owner.secret;
    const two = new StaffBrowser(s);
    two.secret = owner.secret;
    expect((await one.login(OWNER_EMAIL)).status).toBe(200);
    expect((await two.login(OWNER_EMAIL)).status).toBe(200);
    expect((await owner.login(OWNER_EMAIL)).status).toBe(200);

    const out = await one.request('POST', '/staff/v1/logout');
    expect(out.status).toBe(200);
    expect(one.setCookie).toMatch(/^vitrine_staff=; .*Max-Age=0/);
    expect((await two.request('GET', '/staff/v1/me')).status).toBe(200);

    const cookieOfTwo = two.cookie;
    expect((await owner.request('POST', '/staff/v1/logout-all')).status).toBe(200);
    two.cookie = cookieOfTwo;
    expect((await two.request('GET', '/staff/v1/me')).status).toBe(401);
    expect((await owner.request('GET', '/staff/v1/me')).status).toBe(401);
    expect((await owner.login(OWNER_EMAIL)).status).toBe(200);
  });

  it('end when the browser signs in again (its old cookie opens nothing)', async () => {
    const b = new StaffBrowser(s);
    b.secret = owner.secret;
    expect((await b.login(OWNER_EMAIL)).status).toBe(200);
    const old = b.cookie;
    expect((await b.login(OWNER_EMAIL)).status).toBe(200);
    expect(b.cookie).not.toBe(old);
    const stale = new StaffBrowser(s);
    stale.cookie = old;
    expect((await stale.request('GET', '/staff/v1/me')).status).toBe(401);
    expect((await b.request('GET', '/staff/v1/me')).status).toBe(200);
  });

  it('end after 12 idle hours, and after 7 days whatever the use', async () => {
    const b = new StaffBrowser(s);
    b.secret = owner.secret;
    expect((await b.login(OWNER_EMAIL)).status).toBe(200);
    s.clock.advance(11 * 3_600_000);
    expect((await b.request('GET', '/staff/v1/me')).status).toBe(200);
    s.clock.advance(11 * 3_600_000);
    expect((await b.request('GET', '/staff/v1/me')).status).toBe(200);
    s.clock.advance(12 * 3_600_000 + 60_000);
    expect((await b.request('GET', '/staff/v1/me')).status).toBe(401);

    const week = new StaffBrowser(s);
    week.secret = owner.secret;
    expect((await week.login(OWNER_EMAIL)).status).toBe(200);
    // Used every 11 hours: alive for 165 hours, ended at 176 (past 7 days).
    for (let i = 1; i <= 16; i++) {
      s.clock.advance(11 * 3_600_000);
      const r = await week.request('GET', '/staff/v1/me');
      expect(r.status, `after ${i * 11} hours`).toBe(i <= 15 ? 200 : 401);
    }
    expect((await owner.login(OWNER_EMAIL)).status).toBe(200);
  });

  it('changing the password checks the current one and ends every other session', async () => {
    const other = new StaffBrowser(s);
    other.secret = owner.secret;
    expect((await other.login(OWNER_EMAIL)).status).toBe(200);
    const wrong = await owner.request('POST', '/staff/v1/me/password', {
      body: { password: 'Not-The-Password-9', newPassword: 'Brand-New-Secret-7' },
    });
    expect([wrong.status, appError(wrong.body).code]).toEqual([401, 'INVALID_CREDENTIALS']);
    const changed = await owner.request('POST', '/staff/v1/me/password', {
      body: { password: STAFF_PASSWORD, newPassword: 'Brand-New-Secret-7' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await owner.request('GET', '/staff/v1/me')).status).toBe(200);
    expect((await other.request('GET', '/staff/v1/me')).status).toBe(401);
    expect((await other.login(OWNER_EMAIL, 'Brand-New-Secret-7')).status).toBe(200);
    const back = await owner.request('POST', '/staff/v1/me/password', {
      body: { password: 'Brand-New-Secret-7', newPassword: STAFF_PASSWORD },
    });
    expect(back.status).toBe(200);
    pastCaptchaWindow();
  });

  it('are listed for their staff member alone, with device and address; one ends by its id, or all but this one; an owner ends them all', async () => {
    const email = `sessions-${Date.now()}@example.test`;
    const laptop = await invited(owner, email, 'CONTRIBUTOR', 'Sasha Sessions');
    laptop.userAgent = MAC;
    expect((await laptop.login(email)).status).toBe(200);
    const phone = new StaffBrowser(s);
    phone.userAgent = IPHONE;
    s.clock.advance(60_000);
    expect((await phone.login(email)).status).toBe(200);
    const LIST = '/staff/v1/me/sessions';
    const list = async (b: StaffBrowser) => {
      const r = await b.request<{ sessions: StaffSessionView[] }>('GET', LIST);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.sessions;
    };
    // This session first, then the most recently active (signing in again ended the invitation's).
    const seen = await list(laptop);
    expect(seen.map((x) => [x.current, x.device])).toEqual([
      [true, { browser: 'Chrome', os: 'macOS', type: 'DESKTOP' }],
      [false, { browser: 'Safari', os: 'iOS', type: 'MOBILE' }],
    ]);
    expect(seen[0]!.ipAddress).toMatch(/127\.0\.0\.1|::1/);
    const phoneId = seen[1]!.id;
    // Another staff member sees only theirs, and ends none of these.
    expect((await list(owner)).some((x) => x.id === phoneId)).toBe(false);
    for (const id of [phoneId, 'not-a-session']) {
      const r = await owner.request('POST', `${LIST}/${id}/end`);
      expect([r.status, appError(r.body).code]).toEqual([404, 'STAFF_SESSION_NOT_FOUND']);
    }
    const key = await s.request('GET', LIST, { auth: ADMIN_KEY });
    expect([key.status, appError(key.body).code]).toEqual([403, 'STAFF_SESSION_REQUIRED']);

    expect((await laptop.request('POST', `${LIST}/${phoneId}/end`)).status).toBe(200);
    expect((await phone.request('GET', '/staff/v1/me')).status).toBe(401);
    expect((await list(laptop)).map((x) => x.id)).toEqual([seen[0]!.id]);

    // Two more; "everywhere else" ends them and keeps this one.
    const tablet = new StaffBrowser(s);
    expect((await tablet.login(email)).status).toBe(200);
    expect((await phone.login(email)).status).toBe(200);
    const ended = await laptop.request('POST', `${LIST}/end-others`);
    expect([ended.status, ended.body]).toEqual([200, { endedSessions: 2 }]);
    for (const b of [tablet, phone]) expect((await b.request('GET', '/staff/v1/me')).status).toBe(401);
    expect((await laptop.request('GET', '/staff/v1/me')).status).toBe(200);
    // Ending this very session signs this browser out.
    const self = await laptop.request('POST', `${LIST}/${seen[0]!.id}/end`);
    expect(self.status).toBe(200);
    expect(laptop.setCookie).toMatch(/^vitrine_staff=; .*Max-Age=0/);
    expect((await laptop.request('GET', '/staff/v1/me')).status).toBe(401);

    // An owner signs them out everywhere (a lost laptop); they stay on the staff and sign in again.
    expect((await laptop.login(email)).status).toBe(200);
    expect((await phone.login(email)).status).toBe(200);
    const staffId = laptop.staff!.id;
    const out = await owner.request('POST', `/staff/v1/staff/${staffId}/logout-all`);
    expect([out.status, out.body]).toEqual([200, { endedSessions: 2 }]);
    for (const b of [laptop, phone]) expect((await b.request('GET', '/staff/v1/me')).status).toBe(401);
    expect((await laptop.login(email)).status).toBe(200);
    const nobody = await owner.request(
      'POST',
      '/staff/v1/staff/0190c0de-0000-7000-8000-00000000dead/logout-all',
    );
    expect(nobody.status).toBe(404);
    pastCaptchaWindow();
  });
});
