/**
 * `npm run bench:recommendations`: getRecommendation with the recommendation tables holding what
 * 100,000 orders leave there (pairs bought together and daily sales over 60 days, among PRODUCTS
 * real catalog products), through HTTP, one request at a time and 8 at once: p50/p95/p99 of
 * RELATED_ITEMS for one and for three items and of GLOBAL (target: p95 ≤ 10 ms), next to Node
 * `http` + one `pg` SELECT measured the same way in the same run.
 *
 * The orders' effect is seeded with set-based SQL in the shape the order_approved subscriber writes
 * (its counting is tested in conformance/wix-recommendations.test.ts); products are created through
 * the API. Needs BENCH_DATABASE_URL. PRODUCTS (default 500), ORDERS (default 100000), REQUESTS (500).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { api, BENCH_ADMIN_KEY, latencies, startBaseline, startVitrine, STORES_APP_ID } from './lib.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL database the benchmark may fill');
const products = Number(process.env.PRODUCTS ?? 500);
const orders = Number(process.env.ORDERS ?? 100_000);
const requests = Number(process.env.REQUESTS ?? 500);
const root = new URL('..', import.meta.url).pathname;
const RELATED = '68ebce04-b96a-4c52-9329-08fc9d8c1253';
const GLOBAL = '1b7e5a4c-2f3d-4e6a-9c8b-5d4f3e2a1b0c';

const vitrine = await startVitrine(url, { DEMO_DATA: 'false' });
const base = `http://127.0.0.1:${vitrine.port}`;
const db = new pg.Client({ connectionString: url });
await db.connect();

let ids = (
  await db.query<{ id: string }>('select id from catalog_product where visible order by id')
).rows.map((r) => r.id);
for (let i = ids.length; i < products; i++) {
  await api(base, '/stores/v3/products', {
    auth: BENCH_ADMIN_KEY,
    body: {
      product: {
        name: `Bench product ${i}`,
        productType: 'DIGITAL',
        variantsInfo: {
          variants: [
            { price: { actualPrice: { amount: String(5 + (i % 200)) } }, inventoryItem: { quantity: 1000 } },
          ],
        },
      },
    },
  });
}
ids = (await db.query<{ id: string }>('select id from catalog_product where visible order by id')).rows.map(
  (r) => r.id,
);

const counted = Number((await db.query('select count(*) from recommendation_order')).rows[0].count);
if (counted < orders) {
  const t = Date.now();
  // Each seeded order holds 2-4 products; popular products (low index) appear more often.
  await db.query(
    `with o as (
       select g as n, now() - ((g % 60) || ' days')::interval as at from generate_series($2::int + 1, $3::int) g),
     lines as (
       select o.n, o.at, ($1::text[])[1 + floor(power(random(), 2) * array_length($1::text[], 1))::int] as item
       from o cross join generate_series(1, 2 + (o.n % 3)) k),
     dedup as (select distinct n, at, item from lines),
     pairs as (
       select a.item as item_id, b.item as other_id,
         sum(power(2, extract(epoch from a.at - '2024-01-01'::timestamptz) / 86400 / 30)) as weight
       from dedup a join dedup b on a.n = b.n and a.item <> b.item group by 1, 2),
     p as (
       insert into recommendation_pair (item_id, other_id, weight) select * from pairs
       on conflict (item_id, other_id) do update set weight = recommendation_pair.weight + excluded.weight),
     s as (
       insert into recommendation_sale (item_id, day, quantity)
       select item, at::date, count(*) from dedup group by 1, 2
       on conflict (item_id, day) do update set quantity = recommendation_sale.quantity + excluded.quantity)
     insert into recommendation_order (order_id, counted_at) select gen_random_uuid()::text, now() from o`,
    [ids, counted, orders],
  );
  await db.query('analyze recommendation_pair; analyze recommendation_sale');
  console.log(`seeded the effect of ${orders - counted} orders in ${Date.now() - t} ms`);
}
const pairRows = Number((await db.query('select count(*) from recommendation_pair')).rows[0].count);
await db.end();

const item = (i: number) => ({ catalogItemId: ids[i % ids.length]!, appId: STORES_APP_ID });
const shapes: Record<string, { path: string; body?: () => unknown; base?: string }> = {
  'RELATED_ITEMS, one item': {
    path: '/v1/recommendations/get',
    body: () => ({
      algorithms: [{ id: RELATED, appId: STORES_APP_ID }],
      items: [item(Math.floor(Math.random() * 50))],
      minimumRecommendedItems: 4,
    }),
  },
  'RELATED_ITEMS, three items (a cart)': {
    path: '/v1/recommendations/get',
    body: () => ({
      algorithms: [{ id: RELATED, appId: STORES_APP_ID }],
      items: [0, 1, 2].map(() => item(Math.floor(Math.random() * ids.length))),
      minimumRecommendedItems: 4,
    }),
  },
  'GLOBAL (best sellers, 30 days)': {
    path: '/v1/recommendations/get',
    body: () => ({ algorithms: [{ id: GLOBAL, appId: STORES_APP_ID }], minimumRecommendedItems: 8 }),
  },
};

const measure = (target: string, path: string, body: (() => unknown) | undefined, concurrency: number) =>
  latencies(
    async () => {
      const r = await fetch(target + path, {
        method: body ? 'POST' : 'GET',
        ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body()) } : {}),
      });
      const text = await r.text();
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${text}`);
    },
    requests,
    concurrency,
  );

const results: Record<string, Record<string, { p50: number; p95: number; p99: number }>> = {};
const baseline = await startBaseline(url);
for (const concurrency of [1, 8]) {
  const key = `${concurrency} at a time`;
  results[key] = {
    'baseline: http + pg SELECT': await measure(
      `http://127.0.0.1:${baseline.port}`,
      '/pg',
      undefined,
      concurrency,
    ),
  };
  for (const [name, s] of Object.entries(shapes)) {
    await measure(base, s.path, s.body, concurrency); // warm-up round, not reported
    results[key][name] = await measure(base, s.path, s.body, concurrency);
  }
}
await baseline.stop();
await vitrine.stop();

console.log(
  `\ngetRecommendation on PostgreSQL: ${ids.length} products, ${orders} orders (${pairRows} pairs), ${requests} requests per shape\n`,
);
for (const [key, rows] of Object.entries(results)) {
  console.log(key);
  for (const [name, r] of Object.entries(rows))
    console.log(
      `  ${name.padEnd(40)} p50 ${String(r.p50).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms  p99 ${String(r.p99).padStart(6)} ms${name.startsWith('baseline') ? '' : `  (p95 ${(r.p95 / rows['baseline: http + pg SELECT']!.p95).toFixed(1)}× baseline)`}`,
    );
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/recommendations.json'),
  JSON.stringify(
    { date: new Date().toISOString(), products: ids.length, orders, pairRows, requests, results },
    null,
    2,
  ),
);
