/**
 * `npm run bench:orders`: the dashboard's orders list with ORDERS (default 100,000) orders on
 * PostgreSQL — `POST /ecom/v1/orders/search` as the dashboard sends it (adminOrderSearchBody) for a
 * few filter and sort shapes, first page and next page, one at a time: p50/p95/p99 (target p95 ≤ 50
 * ms), next to Node `http` + one `pg` SELECT measured the same way in the same run.
 * Orders are copies of a few real orders made through the API, multiplied with set-based SQL (other
 * numbers, dates, statuses, e-mails and tags). Needs BENCH_DATABASE_URL.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { adminOrderSearchBody, type AdminOrderSearch } from '../packages/sdk/src/admin/orders.ts';
import { api, BENCH_ADMIN_KEY, startBaseline, startVitrine } from './lib.ts';
import { seedOrders } from './seed.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL database the benchmark may fill');
const target = Number(process.env.ORDERS ?? 100_000);
const requests = Number(process.env.REQUESTS ?? 300);
const root = new URL('..', import.meta.url).pathname;

const vitrine = await startVitrine(url, { DEMO_DATA: 'false' });
const base = `http://127.0.0.1:${vitrine.port}`;
const db = new pg.Client({ connectionString: url });
await db.connect();

const t0 = Date.now();
const seeded = await seedOrders(db, base, target);
if (seeded) console.log(`seeded ${seeded} orders in ${Date.now() - t0} ms`);
await db.end();

const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
const shapes: Record<string, AdminOrderSearch> = {
  'all, newest first': {},
  'not fulfilled and paid, newest first': { fulfillmentStatus: ['NOT_FULFILLED'], paymentStatus: ['PAID'] },
  'tag vip, last 30 days': { tags: ['vip'], createdFrom: day(30) },
  'buyer e-mail contains "buyer123"': { text: 'buyer123' },
  'approved, by number (highest first)': { status: ['APPROVED'], sort: 'number-desc' },
};

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
async function measure(call: () => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return {
    p50: +pct(times, 50).toFixed(1),
    p95: +pct(times, 95).toFixed(1),
    p99: +pct(times, 99).toFixed(1),
  };
}
const search = async (s: AdminOrderSearch) =>
  api<{ metadata?: { cursors?: { next?: string | null } } }>(base, '/ecom/v1/orders/search', {
    auth: BENCH_ADMIN_KEY,
    body: adminOrderSearchBody({ limit: 20, ...s }),
  });

const baseline = await startBaseline(url);
const results: Record<string, { p50: number; p95: number; p99: number }> = {
  'baseline: http + pg SELECT': await measure(async () => {
    await (await fetch(`http://127.0.0.1:${baseline.port}/pg`)).text();
  }),
};
for (const [name, s] of Object.entries(shapes)) {
  await search(s); // warm-up
  results[`${name}, first page`] = await measure(async () => void (await search(s)));
  const next = (await search(s)).metadata?.cursors?.next;
  if (next) results[`${name}, next page`] = await measure(async () => void (await search({ cursor: next })));
}
await baseline.stop();
await vitrine.stop();

console.log(
  `\norders search on PostgreSQL, ${target} orders, ${requests} requests per shape, one at a time\n`,
);
for (const [name, r] of Object.entries(results))
  console.log(
    `${name.padEnd(56)} p50 ${String(r.p50).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms  p99 ${String(r.p99).padStart(6)} ms`,
  );
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/orders.json'),
  JSON.stringify({ date: new Date().toISOString(), orders: target, requests, results }, null, 2),
);
