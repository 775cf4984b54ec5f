import { createServer, type AddressInfo } from 'node:net';
import pino from 'pino';
import type { AppOptions } from '../app.ts';
import { testClock, type TestClock } from '../platform/clock.ts';
import { loadConfig } from '../platform/config.ts';
import { writtenMismatches } from '../platform/db/statement.ts';
import type { DbHandle } from '../platform/db/connect.ts';
import { startServer, type Started } from '../start.ts';
import { freshDatabase, type TestDatabase } from './database.ts';

export const ADMIN_KEY = 'vk_test_admin_key_0123456789abcdef';

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestServer {
  url: string;
  clock: TestClock;
  app: Started['app'];
  db: TestDatabase;
  /** The first-owner set-up link the start printed (while the store has no owner). */
  setupLink?: string;
  /** A real HTTP request to the server. `body` objects are sent as JSON; strings as they are. */
  request<T = Record<string, unknown>>(
    method: string,
    path: string,
    o?: { body?: unknown; headers?: Record<string, string>; auth?: string | null },
  ): Promise<Answer<T>>;
  /** The same, as the admin API key. */
  admin<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Answer<T>>;
  /** Waits until `check` returns a truthy value (polls; for background jobs). */
  until<T>(check: () => Promise<T | undefined | false | null>, ms?: number): Promise<T>;
  stop(): Promise<void>;
}

export interface TestServerOptions extends Partial<
  Pick<AppOptions, 'subscribers' | 'jobHandlers' | 'verifyToken'>
> {
  env?: Record<string, string>;
  /** Reuse a database (another "process" on the same data); a fresh one otherwise. */
  database?: DbHandle;
  clock?: TestClock;
}

/** A port nothing listens on now (so PUBLIC_URL, and every link the server builds, is right). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Another server process of the store `s` serves: the same database through connections of its own,
 * and the same public address (the token issuer), as behind a load balancer. Real parallel
 * connections exist only on PostgreSQL (PGlite is one session).
 */
export const startSecondProcess = (s: TestServer, o: TestServerOptions = {}): Promise<TestServer> =>
  startTestServer({ ...o, database: s.db.another(), env: { PUBLIC_URL: s.url, ...o.env } });

/** A store on a fresh database served by two processes (startSecondProcess); stop `other` first. */
export async function startTwoProcesses(): Promise<{ s: TestServer; other: TestServer }> {
  const s = await startTestServer();
  return { s, other: await startSecondProcess(s) };
}

/**
 * Starts the server on a port nothing listened on a moment before. Another process (a browser, the
 * other test worker) can take that port between the look and the listen: the start is then made
 * again on another one, a few times.
 */
async function startOnFreePort(o: TestServerOptions, database: DbHandle, clock: TestClock) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const config = loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_API_KEY: ADMIN_KEY,
      LOG_LEVEL: 'silent',
      JOB_POLL_MS: '20',
      DEMO_DATA: 'false',
      ...o.env,
    });
    try {
      return await startServer({
        config,
        database,
        clock,
        logger: pino({ level: process.env.VITRINE_TEST_LOG ?? 'silent' }),
        ...(o.subscribers ? { subscribers: o.subscribers } : {}),
        ...(o.jobHandlers ? { jobHandlers: o.jobHandlers } : {}),
        ...(o.verifyToken ? { verifyToken: o.verifyToken } : {}),
      });
    } catch (e) {
      if ((e as { code?: string }).code !== 'EADDRINUSE' || attempt === 5) throw e;
    }
  }
}

/** Boots the real server on 127.0.0.1 and a random port, on a fresh database. */
export async function startTestServer(o: TestServerOptions = {}): Promise<TestServer> {
  const db = o.database
    ? {
        handle: o.database,
        another: () => {
          throw new Error('shared');
        },
        drop: async () => {},
      }
    : await freshDatabase();
  const clock = o.clock ?? testClock();
  const started = await startOnFreePort(o, db.handle, clock);
  const url = started.url;
  const mismatches = writtenMismatches();

  const request: TestServer['request'] = async (method, path, r = {}) => {
    const headers: Record<string, string> = { ...r.headers };
    if (r.auth) headers.authorization = r.auth;
    let body: string | undefined;
    if (r.body !== undefined) {
      body = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* left as text */
    }
    return { status: res.status, headers: res.headers, body: parsed as never };
  };

  return {
    url,
    clock,
    app: started.app,
    db,
    ...(started.setupLink ? { setupLink: started.setupLink } : {}),
    request,
    admin: (method, path, body) => request(method, path, { body, auth: ADMIN_KEY }),
    async until(check, ms = 10_000) {
      const end = Date.now() + ms;
      for (;;) {
        const v = await check();
        if (v) return v;
        if (Date.now() > end) throw new Error('condition not met in time');
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async stop() {
      // A row written otherwise than answered fails its transaction under the tests; a kept state's
      // caller that runs it again from a read would hide that, so it fails the file here.
      const found = writtenMismatches() - mismatches;
      if (o.database) {
        await started.app.jobs.stop();
        await started.app.http.close();
      } else {
        await started.stop();
        await db.drop();
      }
      if (found) throw new Error(`${found} row(s) were written otherwise than answered (checkWritten)`);
    },
  };
}

type Envelope = {
  message: string;
  details: {
    applicationError?: { code: string; description: string; data: Record<string, unknown> };
    validationError?: {
      fieldViolations: {
        field: string;
        violatedRule: string;
        description: string;
        data: Record<string, unknown>;
      }[];
    };
  };
};
/** The application error of an error envelope (throws in the test if there is none). */
export const appError = (body: unknown) => (body as Envelope).details.applicationError!;
/** The field violations of an error envelope ([] when there are none). */
export const violations = (body: unknown) =>
  (body as Envelope).details.validationError?.fieldViolations ?? [];
