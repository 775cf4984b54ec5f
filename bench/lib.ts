import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface Proc { child: ChildProcess; port: number; peakRssMiB(): number; stop(): Promise<void> }

/** Starts a server process and waits until it prints the port it listens on. */
export function startProcess(args: string[], env: Record<string, string>, portPattern: RegExp): Promise<Proc> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = portPattern.exec(out);
      if (m) {
        child.stdout?.off('data', onData);
        resolve({
          child, port: Number(m[1]),
          peakRssMiB: () => {
            const s = readFileSync(`/proc/${child.pid}/status`, 'utf8');
            return Math.round(Number(/VmHWM:\s+(\d+)/.exec(s)?.[1] ?? 0) / 1024);
          },
          stop: () => new Promise((r) => { child.once('exit', () => r()); child.kill('SIGTERM'); }),
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => { out += d.toString(); });
    child.once('exit', (code) => reject(new Error(`process exited (${code}) before listening:\n${out}`)));
  });
}

export interface Result { name: string; reqPerSec: number; p50: number; p99: number; errors: number; non2xx: number }

export interface LoadOptions {
  duration: number; connections: number; method?: string; headers?: Record<string, string>; body?: string;
  /** Per-request headers (e.g. a different shopper's token each time). */
  vary?: () => Record<string, string>;
}

export async function load(name: string, url: string, o: LoadOptions): Promise<Result> {
  const vary = o.vary;
  const r = await autocannon({
    url, duration: o.duration, connections: o.connections, method: (o.method ?? 'GET') as 'GET', headers: o.headers, body: o.body,
    ...(vary ? { requests: [{ setupRequest: (req: { headers?: Record<string, string> }) => ({ ...req, headers: { ...req.headers, ...vary() } }) }] } : {}),
  } as autocannon.Options);
  return { name, reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

/**
 * An in-process Vitrine on the benchmark's PostgreSQL whose driver counts statements (BEGIN and
 * COMMIT included): `counted(fn)` runs `fn` and returns the statements it sent.
 */
export async function countingServer(pgUrl: string, env: Record<string, string>) {
  const [{ default: pino }, { loadConfig }, { openPostgres }, { startServer }] = await Promise.all([
    import('pino'), import('../apps/server/src/platform/config.ts'), import('../apps/server/src/platform/db/connect.ts'), import('../apps/server/src/start.ts'),
  ]);
  const statements: string[] = [];
  let counting = false;
  const database = openPostgres({ url: pgUrl, onStatement: (sql) => { if (counting) statements.push(sql); } });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_DATA: 'false', JOBS: 'false', ...env });
  const started = await startServer({ config, database, logger: pino({ level: 'silent' }) });
  return {
    url: started.url,
    async counted(fn: () => Promise<unknown>): Promise<string[]> {
      statements.length = 0;
      counting = true;
      try { await fn(); } finally { counting = false; }
      return [...statements];
    },
    stop: () => started.stop(),
  };
}

/**
 * How to start the server as `npm start` does: the bundle `npm run build` writes
 * (apps/server/dist/main.mjs), or the sources through tsx when it has not been built.
 */
export function serverCommand(): string[] {
  const root = new URL('..', import.meta.url).pathname;
  const bundle = `${root}apps/server/dist/main.mjs`;
  // BENCH_NODE_ARGS adds Node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return [...extra, ...(existsSync(bundle) ? [bundle] : ['--import', 'tsx', `${root}apps/server/src/main.ts`])];
}
