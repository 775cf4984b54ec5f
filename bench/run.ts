/**
 * `npm run bench`: Vitrine's endpoints against bare-Node baselines measured in the same run.
 * BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 20), BENCH_DATABASE_URL (run Vitrine
 * on that PostgreSQL and add the `http + pg SELECT` baseline; default: embedded PGlite).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BENCH_ADMIN_KEY,
  BENCH_CLIENT_ID,
  load,
  memberToken,
  startBaseline,
  startVitrine,
  visitorToken,
  type Result,
} from './lib.ts';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const pgUrl = process.env.BENCH_DATABASE_URL;
const adminKey = BENCH_ADMIN_KEY;
const root = new URL('..', import.meta.url).pathname;

const clientId = BENCH_CLIENT_ID;

interface Target {
  name: string;
  path: string;
  method?: string;
  auth?: boolean | 'visitor' | 'member';
  body?: unknown;
  baseline: 'bare' | 'pg' | 'pg-write';
}

/** What is measured. Each issue adds its endpoints here. */
const targets: Target[] = [
  { name: 'GET /health (one SELECT 1)', path: '/health', baseline: 'pg' },
  {
    name: 'GET /platform/v1/store-settings (one SELECT)',
    path: '/platform/v1/store-settings',
    baseline: 'pg',
  },
  {
    name: 'POST /platform/v1/jobs/query (admin key, keyset page)',
    path: '/platform/v1/jobs/query',
    method: 'POST',
    auth: true,
    body: { query: { cursorPaging: { limit: 10 } } },
    baseline: 'pg',
  },
  {
    name: 'POST /oauth2/token anonymous (sign + INSERT)',
    path: '/oauth2/token',
    method: 'POST',
    body: { clientId, grantType: 'anonymous' },
    baseline: 'pg-write',
  },
  {
    name: 'GET store-settings with a visitor token (JWT verify)',
    path: '/platform/v1/store-settings',
    auth: 'visitor',
    baseline: 'pg',
  },
  {
    name: 'GET store-settings, member token (JWT + revocation)',
    path: '/platform/v1/store-settings',
    auth: 'member',
    baseline: 'pg',
  },
  {
    name: 'POST /stores/v3/products/query, 12 products with variants (visitor)',
    path: '/stores/v3/products/query',
    method: 'POST',
    auth: 'visitor',
    body: { query: { cursorPaging: { limit: 12 } } },
    baseline: 'pg',
  },
  {
    name: 'GET v1 query-platformized .r, 12 products (visitor)',
    path: `/stores-reader/v1/products/query-platformized?.r=${Buffer.from(JSON.stringify({ query: { filter: {}, paging: { limit: 12, offset: 0 } } })).toString('base64url')}`,
    auth: 'visitor',
    baseline: 'pg',
  },
];

const baseline = await startBaseline(pgUrl);
const vitrine = await startVitrine(pgUrl);
const port = vitrine.port;
const visitor = await visitorToken(`http://127.0.0.1:${port}`);
const member = await memberToken(`http://127.0.0.1:${port}`);
const startRss = vitrine.peakRssMiB();
vitrine.resetPeak();

const results: (Result & { baseline: number; ratio: number })[] = [];
const bare = await load('bare Node http JSON', `http://127.0.0.1:${baseline.port}/`, {
  duration,
  connections,
});
const pgBase = pgUrl
  ? await load('Node http + one pg SELECT', `http://127.0.0.1:${baseline.port}/pg`, { duration, connections })
  : undefined;
const pgWrite = pgUrl
  ? await load('Node http + one pg INSERT', `http://127.0.0.1:${baseline.port}/pg-write`, {
      duration,
      connections,
    })
  : undefined;
for (const t of targets) {
  const r = await load(t.name, `http://127.0.0.1:${port}${t.path}`, {
    duration,
    connections,
    method: t.method,
    headers: {
      ...(t.auth === 'visitor'
        ? { authorization: visitor }
        : t.auth === 'member'
          ? { authorization: member }
          : t.auth
            ? { authorization: adminKey }
            : {}),
      ...(t.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(t.body ? { body: JSON.stringify(t.body) } : {}),
  });
  const base = (t.baseline === 'pg' && pgBase) || (t.baseline === 'pg-write' && pgWrite) || bare;
  results.push({
    ...r,
    baseline: base.reqPerSec,
    ratio: Math.round((r.reqPerSec / base.reqPerSec) * 1000) / 1000,
  });
}
const rss = vitrine.peakRssMiB();
await vitrine.stop();
await baseline.stop();

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  `\nVitrine on ${pgUrl ? 'PostgreSQL' : 'embedded PGlite'}; ${connections} connections, ${duration}s each\n`,
);
console.log(
  `${pad('endpoint', 56)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('errors', 8)}ratio`,
);
for (const b of [bare, ...(pgBase ? [pgBase] : []), ...(pgWrite ? [pgWrite] : [])])
  console.log(
    `${pad(b.name + ' (baseline)', 56)}${pad(b.reqPerSec, 9)}${pad(b.p50, 8)}${pad(b.p99, 8)}${pad(b.errors + b.non2xx, 8)}1`,
  );
for (const r of results)
  console.log(
    `${pad(r.name, 56)}${pad(r.reqPerSec, 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.errors + r.non2xx, 8)}${r.ratio} of ${r.baseline === bare.reqPerSec ? 'bare' : r.baseline === pgWrite?.reqPerSec ? 'http+pg INSERT' : 'http+pg SELECT'}`,
  );
console.log(`\nVitrine peak RSS under load: ${rss} MiB (start-up and set-up: ${startRss} MiB)`);

mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/latest.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      engine: pgUrl ? 'postgres' : 'pglite',
      duration,
      connections,
      baselines: { bare, pg: pgBase, pgWrite },
      results,
      peakRssMiB: rss,
      startRssMiB: startRss,
    },
    null,
    2,
  ),
);
