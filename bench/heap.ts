/**
 * `npm run bench:heap`: where the server allocates objects that outlive a young-generation
 * collection under load — the ones that fill the old generation and make V8 run full collections
 * (a request's objects should die young). Runs the server in this process with the Node flags
 * `npm start` uses, drives it from another process (autocannon on BENCH_PATH, default `/health`,
 * or with BENCH_FLOW=1 the whole buy flow by 8 shoppers), samples allocations with V8's sampling
 * heap profiler keeping only objects a young collection did not free, and prints the bytes per
 * request (or per order) and the top allocation sites. BENCH_DATABASE_URL (PostgreSQL) is needed;
 * BENCH_DURATION (s, default 6).
 *
 * Found with it: the request context built as an object spread went straight to the old generation
 * (about 700 of the 1,250 bytes a request that outlived a young collection; three times as many full collections) — app.ts builds it field by field.
 */
import { spawn, spawnSync } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openPostgres } from '../apps/server/src/platform/db/connect.ts';
import { startServer } from '../apps/server/src/start.ts';
import { BENCH_ADMIN_KEY, BENCH_CLIENT_ID, startFlags } from './lib.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// The server runs in this process: with the memory flags `npm start` gives Node, so run again with them.
const flags = startFlags(root);
if (!flags.every((f) => process.execArgv.includes(f))) {
  const again = spawnSync(process.execPath, [...flags, '--import', 'tsx', fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
  });
  process.exit(again.status ?? 1);
}

const pgUrl = process.env.BENCH_DATABASE_URL;
if (!pgUrl) throw new Error('bench:heap needs BENCH_DATABASE_URL (PostgreSQL)');
const flow = process.env.BENCH_FLOW === '1';
const path = process.env.BENCH_PATH ?? '/health';
const duration = Number(process.env.BENCH_DURATION ?? 6);

const started = await startServer({
  config: loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_DATA: flow ? 'true' : 'false',
    JOBS: 'false',
    ADMIN_API_KEY: BENCH_ADMIN_KEY,
    OAUTH_CLIENT_ID: BENCH_CLIENT_ID,
  }),
  database: openPostgres({ url: pgUrl }),
  logger: pino({ level: 'warn' }),
});

/** Load from another process; answers how many requests (or orders) it completed. */
function drive(seconds: number): Promise<number> {
  const args = flow
    ? ['--import', 'tsx', `${root}bench/heap-flow.ts`, started.url, String(seconds)]
    : [
        `${root}node_modules/autocannon/autocannon.js`,
        '-j',
        '-c',
        '8',
        '-d',
        String(seconds),
        started.url + path,
      ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', () => {
      try {
        const r = JSON.parse(out) as { requests?: { total: number }; orders?: number };
        resolve(flow ? r.orders! : r.requests!.total);
      } catch {
        reject(new Error(`the load generator answered: ${out}`));
      }
    });
  });
}

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

await drive(2); // warm-up
const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
// Node's types do not list the two flags yet; V8 takes them (samples of objects a young collection
// freed are dropped, those a full collection freed are kept).
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 1024,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: false,
} as never);
const done = await drive(duration);
const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: ProfileNode } };
session.disconnect();
await started.stop();

const sites = new Map<string, number>();
let total = 0;
const frame = (n: ProfileNode) => {
  const file = n.callFrame.url.split('/').slice(-2).join('/');
  return `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
};
(function walk(n: ProfileNode, stack: string[]) {
  const s = [...stack, frame(n)];
  if (n.selfSize) {
    total += n.selfSize;
    const k = s.slice(-4).reverse().join(' < ');
    sites.set(k, (sites.get(k) ?? 0) + n.selfSize);
  }
  for (const c of n.children) walk(c, s);
})(profile.head, []);

const unit = flow ? 'order' : 'request';
console.log(
  `\n${flow ? 'Buy flow, 8 shoppers' : `GET ${path}, 8 connections`} for ${duration}s: ${done} ${unit}s; ` +
    `${Math.round(total / Math.max(1, done))} bytes per ${unit} outlived a young collection (sampled)`,
);
for (const [k, v] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(`${String(Math.round(v / Math.max(1, done))).padStart(7)} B/${unit}  ${k}`);
process.exit(0);
