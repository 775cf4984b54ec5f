import type { StaffEnrolmentResponse, StaffMember, StaffSessionResponse } from '@vitrine/contract';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { startTestServer, type Answer, type TestServer, type TestServerOptions } from './server.ts';

export const STAFF_PASSWORD = 'Staff-Password-42';
export const OWNER_EMAIL = 'owner@example.test';

/** A test server with cheap password hashing and captcha (the staff suites sign in often). */
export const staffServer = (o: TestServerOptions = {}): Promise<TestServer> =>
  startTestServer({ ...o, env: { PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1', ...o.env } });

/** The current code of a TOTP secret, by the server's clock. */
export const totpCode = (s: TestServer, secret: string): Promise<string> =>
  generate({ secret, epoch: Math.floor(s.clock.now().getTime() / 1000) });

/** The token of a set-up or invitation link. */
export const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';

/**
 * A browser of the dashboard: keeps the `vitrine_staff` cookie (as the server set it) and the
 * session's CSRF token, and sends both (the token on unsafe methods only, unless told otherwise).
 */
export class StaffBrowser {
  cookie: string | undefined;
  csrfToken: string | undefined;
  /** The last `Set-Cookie` the server sent for the session. */
  setCookie: string | undefined;
  /** A TOTP secret this browser's staff member enrolled. */
  secret: string | undefined;
  staff: StaffMember | undefined;
  /** The browser's User-Agent header, sent with every request when set. */
  userAgent: string | undefined;

  constructor(
    readonly s: TestServer,
    /** Another server on the same database: where the requests go (another process). */
    public server: TestServer = s,
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    o: { body?: unknown; csrf?: string | null; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (this.userAgent) headers['user-agent'] = this.userAgent;
    if (this.cookie) headers.cookie = `vitrine_staff=${this.cookie}`;
    const csrf = o.csrf === undefined ? (method === 'GET' ? undefined : this.csrfToken) : o.csrf;
    if (csrf) headers['x-csrf-token'] = csrf;
    const body = o.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
    const r = await this.server.request<T>(method, path, {
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const set = r.headers.get('set-cookie');
    if (set?.startsWith('vitrine_staff=')) {
      this.setCookie = set;
      const value = /^vitrine_staff=([^;]*)/.exec(set)![1]!;
      this.cookie = value || undefined;
    }
    const session = r.body as Partial<StaffSessionResponse> | undefined;
    if (r.status === 200 && session?.csrfToken && session.staff) {
      this.csrfToken = session.csrfToken;
      this.staff = session.staff;
    }
    return r;
  }

  /** Signs in with the password and, once enrolled, a fresh TOTP code (the clock moves a step on). */
  async login(email: string, password = STAFF_PASSWORD): Promise<Answer<StaffSessionResponse>> {
    if (this.secret) this.s.clock.advance(30_000);
    const code = this.secret ? await totpCode(this.s, this.secret) : undefined;
    return this.request<StaffSessionResponse>('POST', '/staff/v1/login', {
      body: { email, password, ...(code ? { code } : {}) },
    });
  }

  /** Confirms an enrolment with a current code (remembering the secret for later sign-ins). */
  async enrol(e: StaffEnrolmentResponse): Promise<Answer<StaffSessionResponse>> {
    this.secret = e.totp.secret;
    return this.request<StaffSessionResponse>('POST', '/staff/v1/enrol', {
      body: { enrollmentToken: e.enrollmentToken, code: await totpCode(this.s, e.totp.secret) },
    });
  }
}

/** Creates the first owner from the start's set-up link; returns their signed-in browser. */
export async function setUpOwner(s: TestServer, email = OWNER_EMAIL, name = 'Olive Owner') {
  expect(s.setupLink, 'the start printed a set-up link').toMatch(/\/dashboard\/setup\?token=/);
  const b = new StaffBrowser(s);
  const setup = await b.request<StaffEnrolmentResponse>('POST', '/staff/v1/setup', {
    body: { token: tokenOf(s.setupLink!), email, password: STAFF_PASSWORD, name },
  });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const enrolled = await b.enrol(setup.body);
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  return b;
}

/** Invites someone as `owner`'s browser and accepts; returns the invitee's signed-in browser. */
export async function invited(
  owner: StaffBrowser,
  email: string,
  role: 'OWNER' | 'CONTRIBUTOR',
  name = 'Casey Contributor',
): Promise<StaffBrowser> {
  const invite = await owner.request<{ staff: StaffMember; inviteUrl: string }>('POST', '/staff/v1/staff', {
    body: { email, name, role },
  });
  expect(invite.status, JSON.stringify(invite.body)).toBe(200);
  const b = new StaffBrowser(owner.s, owner.server);
  const accepted = await b.request<StaffEnrolmentResponse | StaffSessionResponse>(
    'POST',
    '/staff/v1/invites/accept',
    { body: { token: tokenOf(invite.body.inviteUrl), password: STAFF_PASSWORD } },
  );
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  if ('enrollmentToken' in accepted.body) {
    const enrolled = await b.enrol(accepted.body);
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  }
  return b;
}
