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

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL database the benchmark may fill');
const target = Number(process.env.ORDERS ?? 100_000);
const requests = Number(process.env.REQUESTS ?? 300);
const root = new URL('..', import.meta.url).pathname;

const vitrine = await startVitrine(url, { DEMO_DATA: 'false' });
const base = `http://127.0.0.1:${vitrine.port}`;
const db = new pg.Client({ connectionString: url });
await db.connect();

let have = Number((await db.query('select count(*) from ecom_order')).rows[0].count);
if (have === 0) {
  for (let i = 0; i < 3; i++) {
    await api(base, '/ecom/v1/orders', {
      auth: BENCH_ADMIN_KEY,
      body: {
        order: {
          channelInfo: { type: 'WEB' },
          lineItems: [
            {
              productName: { original: `Shirt ${i}` },
              catalogReference: { catalogItemId: `item-${i}`, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
              quantity: 1 + i,
              price: { amount: '10.00' },
              itemType: { preset: 'PHYSICAL' },
            },
          ],
          priceSummary: {
            subtotal: { amount: `${10 * (1 + i)}.00` },
            total: { amount: `${10 * (1 + i)}.00` },
          },
          currency: 'USD',
          buyerInfo: { email: `seed${i}@bench.example` },
          billingInfo: { address: { country: 'US', addressLine: '1 Main St' } },
        },
      },
    });
  }
  have = 3;
}
if (have < target) {
  const t = Date.now();
  await db.query(
    `with seeds as (select (row_number() over (order by created_at) - 1)::int as k, * from ecom_order limit 3)
     insert into ecom_order (id, number, status, payment_status, fulfillment_status, buyer_email, channel_type,
       currency, subtotal_minor, total_minor, tags, data, revision, purchased_at, created_at, updated_at)
     select gen_random_uuid(), 100000 + g,
       (array['APPROVED','APPROVED','APPROVED','APPROVED','CANCELED'])[1 + g % 5],
       (array['PAID','PAID','NOT_PAID','PARTIALLY_REFUNDED','FULLY_REFUNDED','PENDING_MERCHANT'])[1 + g % 6],
       (array['NOT_FULFILLED','FULFILLED','FULFILLED','PARTIALLY_FULFILLED'])[1 + g % 4],
       'buyer' || (g % 20000) || '@bench.example', o.channel_type, o.currency, o.subtotal_minor, o.total_minor,
       case when g % 50 = 0 then array['vip'] when g % 7 = 0 then array['gift'] else '{}' end,
       o.data, 1, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval, now()
     from generate_series($1::int, $2::int) g join seeds o on o.k = g % 3`,
    [have + 1, target],
  );
  await db.query('analyze ecom_order');
  console.log(`seeded ${target - have} orders in ${Date.now() - t} ms`);
}
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
