/**
 * `npm run bench:members`: 100,000 members on PostgreSQL, then the members query (filter + sort +
 * offset paging) through HTTP, reporting p50/p95/p99 per query shape. Needs BENCH_DATABASE_URL
 * (a database it may fill); MEMBERS (default 100000), REQUESTS per shape (default 400), CONCURRENCY (8).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { BENCH_ADMIN_KEY, startVitrine } from './lib.ts';
import { seedMembers } from './seed.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL database the benchmark may fill');
const target = Number(process.env.MEMBERS ?? 100_000);
const requests = Number(process.env.REQUESTS ?? 400);
const concurrency = Number(process.env.CONCURRENCY ?? 8);
const adminKey = BENCH_ADMIN_KEY;
const root = new URL('..', import.meta.url).pathname;

const vitrine = await startVitrine(url, { DEMO_DATA: 'false' });
const base = `http://127.0.0.1:${vitrine.port}`;

const db = new pg.Client({ connectionString: url });
await db.connect();
const t0 = Date.now();
const seeded = await seedMembers(db, target);
if (seeded) console.log(`seeded ${seeded} members in ${Date.now() - t0} ms`);
await db.end();

const shapes: Record<string, () => unknown> = {
  'status = APPROVED, newest first, random page': () => ({
    query: {
      filter: { status: 'APPROVED' },
      sort: [{ fieldName: 'createdDate', order: 'DESC' }],
      paging: { limit: 50, offset: 50 * Math.floor(Math.random() * 20) },
    },
  }),
  'nickname starts with, by nickname': () => ({
    query: {
      filter: { 'profile.nickname': { $startsWith: Math.random().toString(16).slice(2, 4) } },
      sort: [{ fieldName: 'profile.nickname', order: 'ASC' }],
      paging: { limit: 20 },
    },
  }),
  'created in a window, PUBLIC, oldest first': () => {
    const from = new Date(Date.now() - Math.random() * target * 1000);
    return {
      query: {
        filter: {
          $and: [
            { createdDate: { $gte: from.toISOString() } },
            { createdDate: { $lt: new Date(from.getTime() + 3_600_000).toISOString() } },
            { privacyStatus: 'PUBLIC' },
          ],
        },
        sort: [{ fieldName: 'createdDate', order: 'ASC' }],
        paging: { limit: 50 },
      },
    };
  },
  'search "first12", default sort': () => ({
    query: { paging: { limit: 20 } },
    search: { expression: `first${Math.floor(Math.random() * 900) + 100}`, fields: ['contact.firstName'] },
  }),
};

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const results: Record<string, { p50: number; p95: number; p99: number; total: number }> = {};
for (const [name, body] of Object.entries(shapes)) {
  const times: number[] = [];
  let total = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) {
        const t = performance.now();
        const r = await fetch(`${base}/members/v1/members/query`, {
          method: 'POST',
          headers: { authorization: adminKey, 'content-type': 'application/json' },
          body: JSON.stringify(body()),
        });
        const json = (await r.json()) as { metadata?: { total: number } };
        if (r.status !== 200) throw new Error(`${name}: ${r.status} ${JSON.stringify(json)}`);
        times.push(performance.now() - t);
        total = json.metadata?.total ?? total;
      }
    }),
  );
  times.sort((a, b) => a - b);
  results[name] = {
    p50: +pct(times, 50).toFixed(1),
    p95: +pct(times, 95).toFixed(1),
    p99: +pct(times, 99).toFixed(1),
    total,
  };
}
await vitrine.stop();

console.log(
  `\nmembers query on PostgreSQL, ${target} members, ${requests} requests per shape, ${concurrency} concurrent\n`,
);
for (const [name, r] of Object.entries(results))
  console.log(
    `${name.padEnd(48)} p50 ${String(r.p50).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms  p99 ${String(r.p99).padStart(6)} ms  (total ${r.total})`,
  );
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/members.json'),
  JSON.stringify(
    { date: new Date().toISOString(), members: target, requests, concurrency, results },
    null,
    2,
  ),
);
