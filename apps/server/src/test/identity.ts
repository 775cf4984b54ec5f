import type { AddressInfo } from 'node:net';
import type { MailMessage, StateMachineResponse } from '@vitrine/contract';
import { pbkdf2Sync } from 'node:crypto';
import { solveChallenge, type Challenge, type DeriveKeyFunction } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import type { Caller } from '../platform/context.ts';
import { startTestServer, type Answer, type TestServer, type TestServerOptions } from './server.ts';
import { CAPTCHA_WINDOW_MS } from '../modules/identity/index.ts';

/** Helpers shared by the identity tests (not used by the server). */

export const AUTH = '/_api/iam/authentication';
export const RECOVERY = '/_api/iam/recovery';
export const VERIFICATION = '/_api/iam/verification';
export const GOOD_PASSWORD = 'Correct-Horse-42';

export { appError } from './server.ts';
export { violations } from './server.ts';

/**
 * A test server with cheap hashing and captcha, and a token verifier mapping `member:<id>` to that
 * member (the suite drives member-only calls without going through the OAuth flow).
 */
export function identityServer(o: TestServerOptions = {}): Promise<TestServer> {
  const verifyToken = async (t: string): Promise<Caller | null> =>
    t.startsWith('member:')
      ? { role: 'member', memberId: t.slice(7) }
      : t.startsWith('visitor:')
        ? { role: 'visitor', visitorId: t.slice(8) }
        : null;
  return startTestServer({
    verifyToken,
    ...o,
    env: { PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1', ...o.env },
  });
}

let n = 0;
export const freshEmail = (tag = 'user') =>
  `${tag}-${++n}-${Math.random().toString(36).slice(2, 8)}@example.test`;

export const register = (
  s: TestServer,
  email: string,
  password = GOOD_PASSWORD,
  extra: Record<string, unknown> = {},
) =>
  s.request<StateMachineResponse>('POST', `${AUTH}/v2/register`, {
    body: { loginId: { email }, password, ...extra },
  });

export const login = (s: TestServer, email: string, password: string, captcha?: string) =>
  s.request<StateMachineResponse>('POST', `${AUTH}/v2/login`, {
    body: {
      loginId: { email },
      password,
      ...(captcha ? { captchaTokens: [{ InvisibleRecaptcha: captcha }] } : {}),
    },
  });

/** Registers and expects SUCCESS; returns the identity id. */
export async function registered(
  s: TestServer,
  email = freshEmail(),
  password = GOOD_PASSWORD,
): Promise<string> {
  const r = await register(s, email, password);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.state).toBe('SUCCESS');
  return r.body.identity!.id;
}

/** Moves the clock past the captcha window, so earlier failures no longer require a captcha. */
export const pastCaptchaWindow = (s: TestServer) => s.clock.advance(CAPTCHA_WINDOW_MS + 1000);

/** The same PBKDF2 key derivation, synchronous: many solves in one test stay quick. */
const fastDeriveKey: DeriveKeyFunction = async (p, salt, password) => ({
  derivedKey: pbkdf2Sync(password, salt, p.cost, p.keyLength, 'sha256'),
});

/** Fetches a challenge and solves it with ALTCHA's solver, as the widget does; returns the token value. */
export async function solvedCaptcha(s: TestServer, o: { fast?: boolean } = {}): Promise<string> {
  const r = await s.request<Challenge>('GET', '/_api/iam/captcha/v1/challenge');
  expect(r.status).toBe(200);
  const solution = await solveChallenge({ challenge: r.body, deriveKey: o.fast ? fastDeriveKey : deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge: r.body, solution })).toString('base64');
}

/** The messages sent to an address, newest first (from the stored outbox). */
export async function mailsTo(s: TestServer, to: string): Promise<MailMessage[]> {
  const r = await s.admin<{ messages: MailMessage[] }>('POST', '/platform/v1/mail/messages/query', {
    query: { filter: { to }, sort: [{ fieldName: 'createdDate', order: 'DESC' }] },
  });
  expect(r.status).toBe(200);
  return r.body.messages;
}

export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
export const linkIn = (text: string) => /(https?:\/\/\S+)/.exec(text)?.[1] ?? '';
export const tokenOfLink = (link: string) => new URL(link).searchParams.get('recoveryToken') ?? '';

export async function latestCode(s: TestServer, to: string): Promise<string> {
  const [m] = await mailsTo(s, to);
  expect(m, `a mail to ${to}`).toBeDefined();
  return codeIn(m!.text);
}

export const asMember = (id: string) => `member:${id}`;
export const ok = <T>(r: Answer<T>): T => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

/** A real SMTP server on 127.0.0.1 collecting what it is sent (raw messages). */
export async function smtpSink() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
