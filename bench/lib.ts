import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export interface Proc {
  child: ChildProcess;
  port: number;
  peakRssMiB(): number;
  /**
   * Starts the peak over from the current RSS (Linux `clear_refs` 5), so `peakRssMiB()` then tells
   * the peak under the load that follows, not the start-up's (a fresh store renders its demo pictures).
   */
  resetPeak(): void;
  /** CPU time (user + system, or one of them) the process has used so far, in ms. */
  cpuMs(which?: 'all' | 'user' | 'system'): number;
  /** Its main thread's (the event loop's) time on a core and ready but waiting for one, in ms so far. */
  loopMs(): { run: number; wait: number };
  stop(): Promise<void>;
}

/** Starts a server process and waits until it prints the port it listens on. */
export function startProcess(
  args: string[],
  env: Record<string, string>,
  portPattern: RegExp,
): Promise<Proc> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = portPattern.exec(out);
      if (m) {
        child.stdout?.off('data', onData);
        resolve({
          child,
          port: Number(m[1]),
          peakRssMiB: () => {
            const s = readFileSync(`/proc/${child.pid}/status`, 'utf8');
            return Math.round(Number(/VmHWM:\s+(\d+)/.exec(s)?.[1] ?? 0) / 1024);
          },
          resetPeak: () => writeFileSync(`/proc/${child.pid}/clear_refs`, '5'),
          cpuMs: (which) => cpuMsOf(child.pid!, which),
          loopMs: () => loopMsOf(child.pid!),
          stop: () =>
            new Promise((r) => {
              child.once('exit', () => r());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.once('exit', (code) => reject(new Error(`process exited (${code}) before listening:\n${out}`)));
  });
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU time (user + system, or one of them) of one process, in ms, from /proc. */
export function cpuMsOf(pid: number, which: 'all' | 'user' | 'system' = 'all'): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const user = Number(f[11]);
    const system = Number(f[12]);
    return (which === 'user' ? user : which === 'system' ? system : user + system) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * A process's main thread's time on a core and ready to run on a run queue, in ms: the first two
 * fields (ns) of `/proc/<pid>/schedstat`; zeros where the kernel does not keep it.
 */
export function loopMsOf(pid: number): { run: number; wait: number } {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { run: (run ?? 0) / 1e6 || 0, wait: (wait ?? 0) / 1e6 || 0 };
  } catch {
    return { run: 0, wait: 0 };
  }
}

/**
 * CPU time of every PostgreSQL process on this machine (a local server), in ms; 0 when none. The
 * connections that ended count too: their time is the postmaster's reaped children's (cutime, cstime).
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() !== 'postgres') continue;
      const f = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

export interface Result {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  duration: number;
  connections: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Per-request headers (e.g. a different shopper's token each time). */
  vary?: () => Record<string, string>;
}

export async function load(name: string, url: string, o: LoadOptions): Promise<Result> {
  const vary = o.vary;
  const r = await autocannon({
    url,
    duration: o.duration,
    connections: o.connections,
    method: (o.method ?? 'GET') as 'GET',
    headers: o.headers,
    body: o.body,
    ...(vary
      ? {
          requests: [
            {
              setupRequest: (req: { headers?: Record<string, string> }) => ({
                ...req,
                headers: { ...req.headers, ...vary() },
              }),
            },
          ],
        }
      : {}),
  } as autocannon.Options);
  return {
    name,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

/**
 * An in-process Vitrine on the benchmark's PostgreSQL whose driver counts statements (BEGIN and
 * COMMIT included): `counted(fn)` runs `fn` and returns the statements it sent.
 */
export async function countingServer(pgUrl: string, env: Record<string, string>) {
  const [{ default: pino }, { loadConfig }, { openPostgres, sentUnanswered }, { startServer }] =
    await Promise.all([
      import('pino'),
      import('../apps/server/src/platform/config.ts'),
      import('../apps/server/src/platform/db/connect.ts'),
      import('../apps/server/src/start.ts'),
    ]);
  const statements: string[] = [];
  let counting = false;
  const database = openPostgres({
    url: pgUrl,
    onStatement: (sql) => {
      if (counting) statements.push(sql);
    },
  });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    JOBS: 'false',
    ...env,
  });
  const started = await startServer({ config, database, logger: pino({ level: 'silent' }) });
  return {
    url: started.url,
    /** Round trips the statements took: those sent unanswered ride with the next one. */
    roundTrips: (sqls: readonly string[]) => sqls.filter((s) => !sentUnanswered(s)).length,
    async counted(fn: () => Promise<unknown>): Promise<string[]> {
      statements.length = 0;
      counting = true;
      try {
        await fn();
      } finally {
        counting = false;
      }
      return [...statements];
    },
    stop: () => started.stop(),
  };
}

/** Another build to start (`bench:buy-turns`): its bundle, and Node flags after the shipped ones (the last wins). */
export interface OtherBuild {
  bundle?: string;
  nodeArgs?: string[];
}

/**
 * How to start the server as `npm start` does: the bundle `npm run build` writes
 * (apps/server/dist/main.mjs), or the sources through tsx when it has not been built.
 */
export function serverCommand(other: OtherBuild = {}): string[] {
  const root = new URL('..', import.meta.url).pathname;
  // BENCH_SERVER_BUNDLE runs another build (e.g. the previous commit's) for an A/B comparison. Build it in a
  // worktree of that commit: a bundle reads the migrations from the `src` beside its `dist`, so one
  // copied here would apply this tree's migrations.
  const bundle = other.bundle ?? process.env.BENCH_SERVER_BUNDLE ?? `${root}apps/server/dist/main.mjs`;
  // BENCH_NODE_ARGS adds Node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return [
    ...startFlags(root),
    ...extra,
    ...(other.nodeArgs ?? []),
    ...(existsSync(bundle) ? [bundle] : ['--import', 'tsx', `${root}apps/server/src/main.ts`]),
  ];
}

/**
 * The Node flags `npm start` runs the server with (the root package.json's start script): the
 * memory settings the store ships with are the ones measured.
 */
export function startFlags(root: string): string[] {
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((t) => t.startsWith('--'));
}

/** The admin key and OAuth client id the benches start Vitrine with. */
export const BENCH_ADMIN_KEY = 'vk_bench_admin_key_0123456789abcdef';
export const BENCH_CLIENT_ID = 'vitrine-bench-client';
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/** Starts Vitrine as `npm start` does, on a fresh data directory, or on `pgUrl`; `other`: another build. */
export function startVitrine(
  pgUrl: string | undefined,
  env: Record<string, string> = {},
  other: OtherBuild = {},
): Promise<Proc> {
  return startProcess(
    serverCommand(other),
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-bench-')),
      LOG_LEVEL: 'warn',
      ADMIN_API_KEY: BENCH_ADMIN_KEY,
      OAUTH_CLIENT_ID: BENCH_CLIENT_ID,
      ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
      ...env,
    },
    /listening on http:\/\/[^:]+:(\d+)/,
  );
}

/** A JSON call (POST when there is a body); throws with the answer on a non-2xx status. */
/**
 * Keep-alive connections for `api`. The load generator shares the machine's two cores with the
 * server and PostgreSQL, so it uses Node's `http` client rather than `fetch` (whose streams and
 * Headers cost about twice the CPU per call).
 */
const keepAlive = new Agent({ keepAlive: true });

/** A JSON call; rejects with the status and body of an answer that is not 2xx. */
export function api<T>(
  base: string,
  path: string,
  o: { method?: string; auth?: string; body?: unknown } = {},
): Promise<T> {
  const method = o.method ?? (o.body ? 'POST' : 'GET');
  const body = o.body ? JSON.stringify(o.body) : undefined;
  const headers: Record<string, string> = {};
  if (o.auth) headers.authorization = o.auth;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise<T>((resolve, reject) => {
    const req = request(base + path, { method, headers, agent: keepAlive }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = res.statusCode ?? 0;
        if (status < 200 || status > 299) return reject(new Error(`${method} ${path}: ${status} ${text}`));
        try {
          resolve(JSON.parse(text) as T);
        } catch (e) {
          reject(e);
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const visitorToken = async (base: string) =>
  (
    await api<{ access_token: string }>(base, '/oauth2/token', {
      body: { clientId: BENCH_CLIENT_ID, grantType: 'anonymous' },
    })
  ).access_token;

/**
 * A member's access token through the real flow: sign-up (a session token), the authorize step
 * (a code for the bundled client, PKCE), then the code exchange.
 */
export async function memberToken(base: string): Promise<string> {
  const email = `bench-${randomBytes(6).toString('hex')}@example.test`;
  const reg = await api<{ sessionToken: string }>(base, '/_api/iam/authentication/v2/register', {
    body: { loginId: { email }, password: `Bench-${randomBytes(8).toString('hex')}` },
  });
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  // The bundled client accepts redirect URIs under PUBLIC_URL (`<PUBLIC_URL>/*`).
  const client = await api<{ client: { redirectUris: string[] } }>(
    base,
    `/oauth2/v1/clients/${BENCH_CLIENT_ID}`,
    { auth: BENCH_ADMIN_KEY },
  );
  const redirectUri = client.client.redirectUris[0]!.replace(/\*$/, 'callback');
  const q = new URLSearchParams({
    clientId: BENCH_CLIENT_ID,
    redirectUri,
    responseType: 'code',
    responseMode: 'query',
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
    state: 's',
    scope: 'offline_access',
    sessionToken: reg.sessionToken,
  });
  const auth = await fetch(`${base}/oauth2/authorize?${q}`, { redirect: 'manual' });
  const code = new URL(auth.headers.get('location') ?? base).searchParams.get('code');
  if (!code) throw new Error(`authorize did not answer a code: ${auth.status} ${await auth.text()}`);
  return (
    await api<{ access_token: string }>(base, '/oauth2/token', {
      body: {
        clientId: BENCH_CLIENT_ID,
        grantType: 'authorization_code',
        redirectUri,
        code,
        codeVerifier: verifier,
      },
    })
  ).access_token;
}

/** A visible demo item whose stock is not tracked (so a load never runs out), as a catalog reference. */
export async function untrackedItem(base: string, o: { physical?: boolean } = {}) {
  const q = await api<{ inventoryItems: { productId: string; variantId: string; trackQuantity: boolean }[] }>(
    base,
    '/stores/v3/inventory-items/query',
    { auth: BENCH_ADMIN_KEY, body: { query: { cursorPaging: { limit: 100 } } } },
  );
  for (const i of q.inventoryItems.filter((x) => !x.trackQuantity)) {
    const p = await api<{ product: { productType: string; visible: boolean } }>(
      base,
      `/stores/v3/products/${i.productId}`,
    );
    if (p.product.visible && (!o.physical || p.product.productType === 'PHYSICAL'))
      return { catalogItemId: i.productId, appId: STORES_APP_ID, options: { variantId: i.variantId } };
  }
  throw new Error('the demo catalog has no untracked item');
}

/**
 * With BENCH_COUPON set, the benches' shoppers apply this coupon (10% off, no limit) with their
 * shipping address (buy.ts): then the checkout's next calls and the order are priced with it.
 */
export const BENCH_COUPON = process.env.BENCH_COUPON ? 'BENCH10' : undefined;

/** Creates BENCH_COUPON on the store at `base` unless it has it (or none is asked for). */
export async function benchCoupon(base: string): Promise<void> {
  if (!BENCH_COUPON) return;
  const found = await api<{ coupons: unknown[] }>(base, '/stores/v2/coupons/query', {
    auth: BENCH_ADMIN_KEY,
    body: { query: { filter: { 'specification.code': BENCH_COUPON } } },
  });
  if (found.coupons.length) return;
  await api(base, '/stores/v2/coupons', {
    auth: BENCH_ADMIN_KEY,
    body: {
      specification: {
        name: 'Bench 10% off',
        code: BENCH_COUPON,
        startTime: new Date(0).toISOString(),
        percentOffRate: 10,
      },
    },
  });
}

/**
 * `n` new physical products whose stock is tracked, each with a billion in stock (so a load never
 * runs out), as catalog references.
 */
export async function trackedItems(base: string, n: number) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const { product } = await api<{
        product: { id: string; variantsInfo: { variants: { id: string }[] } };
      }>(base, '/stores/v3/products', {
        auth: BENCH_ADMIN_KEY,
        body: {
          product: {
            name: `Bench tracked ${i + 1} ${Date.now()}`,
            productType: 'PHYSICAL',
            physicalProperties: {},
            variantsInfo: {
              variants: [
                { price: { actualPrice: { amount: '10' } }, inventoryItem: { quantity: 1_000_000_000 } },
              ],
            },
          },
        },
      });
      const variantId = product.variantsInfo.variants[0]!.id;
      return { catalogItemId: product.id, appId: STORES_APP_ID, options: { variantId } };
    }),
  );
}

/** The bare-Node baselines (`/`, and with a database `/pg` and `/pg-write`). */
export function startBaseline(pgUrl: string | undefined): Promise<Proc> {
  const root = new URL('..', import.meta.url).pathname;
  return startProcess(
    ['--import', 'tsx', join(root, 'bench/baseline-server.ts')],
    pgUrl ? { BASELINE_DATABASE_URL: pgUrl } : {},
    /listening (\d+)/,
  );
}

/** p-th percentile of ascending `sorted` (ms, one decimal). */
export const percentile = (sorted: readonly number[], p: number) =>
  +sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2);

/** `requests` calls of `call`, `concurrency` at a time: p50/p95/p99 of their durations (ms) and calls per second. */
export async function latencies(call: () => Promise<unknown>, requests: number, concurrency: number) {
  const times: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) {
        const t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    reqPerSec: Math.round(requests / seconds),
  };
}
