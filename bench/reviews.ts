/**
 * `npm run bench:reviews`: 1,000,000 reviews on PostgreSQL (10,000 of them, all published, on one
 * product), then through HTTP the product page's calls: the reviews query sorted by relevanceScore
 * (first page and a cursor page; anonymous and with a visitor token) and the rating summaries of
 * 12 products, one request at a time and 8 at once, with p50/p95/p99 next to the Node `http` + one
 * `pg` SELECT baseline measured the same way in the same run (target: p95 ≤ 20 ms). Prints the
 * plans of the query's SQL as the server sends it (captured on the driver), to show an index scan.
 *
 * Needs BENCH_DATABASE_URL (a database it may fill; seeded once, reused by later runs).
 * REVIEWS (default 1000000), HOT (reviews of the one product, default 10000), REQUESTS per shape
 * and concurrency (default 1000), CONCURRENCY (default 8).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  api,
  BENCH_ADMIN_KEY,
  countingServer,
  latencies,
  startBaseline,
  startVitrine,
  visitorToken,
} from './lib.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL database the benchmark may fill');
const target = Number(process.env.REVIEWS ?? 1_000_000);
const hot = Number(process.env.HOT ?? 10_000);
const requests = Number(process.env.REQUESTS ?? 1000);
const concurrency = Number(process.env.CONCURRENCY ?? 8);
const root = new URL('..', import.meta.url).pathname;
/** Reviews of other products: each of `spread` entities gets about ten (11 of them real products). */
const spread = Math.max(11, Math.min(99_000, Math.floor((target - hot) / 10)));
const P95_TARGET_MS = 20;

const vitrine = await startVitrine(url, { DEMO_DATA: 'false' });
const base = `http://127.0.0.1:${vitrine.port}`;

// ---- Seed (set-based SQL), only when the bench's reviews are not all there.
const db = new pg.Client({ connectionString: url });
await db.connect();
/** The authors of the hot product's first review and of the first review of each of 11 others. */
const marker = ['bench:1', ...Array.from({ length: 11 }, (_, k) => `bench:${hot + 1 + k}`)];
const have = Number(
  (await db.query(`select count(*) from review where author_key like 'bench:%'`)).rows[0].count,
);
if (have !== target) {
  const t = Date.now();
  if (have) {
    await db.query(`delete from review where author_key like 'bench:%'`);
    await db.query('delete from review_summary');
  }
  const product = async (name: string) =>
    (
      await api<{ product: { id: string } }>(base, '/stores/v3/products', {
        auth: BENCH_ADMIN_KEY,
        body: {
          product: {
            name,
            productType: 'DIGITAL',
            variantsInfo: { variants: [{ price: { actualPrice: { amount: '19.00' } } }] },
          },
        },
      })
    ).product.id;
  const run = Date.now().toString(36);
  const hotId = await product(`Bench reviewed tee ${run}`);
  const others: string[] = [];
  for (let k = 0; k < 11; k++) others.push(await product(`Bench product ${k + 1} ${run}`));
  const chunk = 100_000;
  for (let from = 1; from <= target; from += chunk) {
    const to = Math.min(target, from + chunk - 1);
    // Review g: the hot product for g ≤ HOT, else entity (g - HOT - 1) % spread (the first 11 real products);
    // text of 0–600 characters, a third verified, dates over the last ~2 years, 90 % published
    // elsewhere; relevance_score by the module's formula (README).
    await db.query(
      `insert into review (id, namespace, entity_id, title, body, rating, media, author_type, author_key,
         contact_id, member_id, visitor_id, author_name, author_email, origin_type, origin_app_id,
         moderation_status, manually_changed, publish_count, verified, relevance_score, found_helpful,
         found_unhelpful, reply_message, reply_created_at, reply_updated_at, client_ip, review_date,
         revision, created_at, updated_at)
       select gen_random_uuid(), 'stores', entity, 'Review ' || g, nullif(left(repeat('Lovely fabric, true to size and quick delivery. ', 13), len), ''),
         (array[5,5,5,4,4,4,3,2,1,5])[1 + (g * 13) % 10], '[]'::jsonb,
         case when g % 4 = 0 then 'MEMBER' else 'VISITOR' end, 'bench:' || g,
         case when g % 4 = 0 then md5('bench-member-' || g)::uuid::text end,
         case when g % 4 = 0 then md5('bench-member-' || g)::uuid::text end,
         case when g % 4 <> 0 then 'bench-visitor-' || g end,
         'Shopper ' || g, null, 'ORGANIC', null,
         status, false, case when status = 'APPROVED' then 1 else 0 end, verified,
         round(((least(len + length('Review ' || g), 600) / 600.0 + case when verified then 1 else 0 end
           + extract(epoch from (at - timestamptz '2024-01-01T00:00:00Z')) / 86400 / 90))::numeric, 6)::float8,
         (g * 7) % 5, (g * 3) % 2, null, null, null, null, at, 1, at, at
       from (
         select g, ((g::bigint * 7919) % 601)::int as len, g % 3 = 0 as verified,
           now() - ((g * 37) % 700) * interval '1 day' - (g % 86400) * interval '1 second' as at,
           case when g <= $1 then $2
                when (g - $1 - 1) % $3 < 11 then ($4::text[])[1 + (g - $1 - 1) % $3]
                else md5('bench-product-' || ((g - $1 - 1) % $3))::uuid::text end as entity,
           case when g <= $1 then 'APPROVED'
                when g % 20 = 0 then 'IN_MODERATION' when g % 20 = 1 then 'REJECTED' else 'APPROVED' end as status
         from generate_series($5::int, $6::int) g) s`,
      [hot, hotId, spread, others, from, to],
    );
    process.stdout.write(`\rseeded ${to.toLocaleString('en')} reviews`);
  }
  await db.query(
    `insert into review_summary (namespace, entity_id, review_count, rating_sum, star1, star2, star3, star4, star5)
     select namespace, entity_id, count(*), sum(rating), count(*) filter (where rating = 1),
       count(*) filter (where rating = 2), count(*) filter (where rating = 3),
       count(*) filter (where rating = 4), count(*) filter (where rating = 5)
     from review where moderation_status = 'APPROVED' group by namespace, entity_id
     on conflict (namespace, entity_id) do update set review_count = excluded.review_count,
       rating_sum = excluded.rating_sum, star1 = excluded.star1, star2 = excluded.star2,
       star3 = excluded.star3, star4 = excluded.star4, star5 = excluded.star5`,
  );
  await db.query('analyze review');
  await db.query('analyze review_summary');
  console.log(`\nseeded ${target.toLocaleString('en')} reviews and their summaries in ${Date.now() - t} ms`);
}
const ids = new Map<string, string>(
  (await db.query(`select author_key, entity_id from review where author_key = any($1)`, [marker])).rows.map(
    (r: { author_key: string; entity_id: string }) => [r.author_key, r.entity_id],
  ),
);
const hotId = ids.get('bench:1')!;
const twelve = marker.map((m) => ids.get(m)!);
const hotCount = Number(
  (
    await db.query(`select review_count from review_summary where namespace = 'stores' and entity_id = $1`, [
      hotId,
    ])
  ).rows[0].review_count,
);
console.log(
  `reviews: ${Number((await db.query('select count(*) from review')).rows[0].count).toLocaleString('en')}; ` +
    `the product's published reviews: ${hotCount.toLocaleString('en')}`,
);

// ---- The calls measured.
const firstPage = {
  query: {
    filter: { namespace: 'stores', entityId: hotId },
    sort: [{ fieldName: 'relevanceScore', order: 'DESC' }],
    cursorPaging: { limit: 10 },
  },
};
interface Page {
  reviews: { id: string; relevanceScore: number }[];
  metadata: { cursors: { next?: string | null } };
}
// Cursors of pages 2 … 51 (a shopper paging on); each measured request takes one of them.
const cursors: string[] = [];
let page = await api<Page>(base, '/reviews/v1/reviews/query', { body: firstPage });
if (page.reviews.length !== 10) throw new Error(`the first page holds ${page.reviews.length} reviews`);
for (let i = 0; i < 50 && page.metadata.cursors.next; i++) {
  cursors.push(page.metadata.cursors.next);
  page = await api<Page>(base, '/reviews/v1/reviews/query', {
    body: { query: { cursorPaging: { cursor: page.metadata.cursors.next, limit: 10 } } },
  });
}
const visitor = await visitorToken(base);
const summariesPath = `/reviews/v1/summaries?namespace=stores&${twelve.map((id) => `entityIds=${id}`).join('&')}`;
const summaries = await api<{ summaries: { count: number }[] }>(base, summariesPath);
if (summaries.summaries.length !== 12)
  throw new Error(`${summaries.summaries.length} summaries for 12 products`);

interface Shape {
  name: string;
  path: string;
  body?: () => unknown;
  auth?: string;
}
const shapes: Shape[] = [
  {
    name: 'query by relevance, first page (anonymous)',
    path: '/reviews/v1/reviews/query',
    body: () => firstPage,
  },
  {
    name: 'query by relevance, cursor page (anonymous)',
    path: '/reviews/v1/reviews/query',
    body: () => ({
      query: { cursorPaging: { cursor: cursors[Math.floor(Math.random() * cursors.length)], limit: 10 } },
    }),
  },
  {
    name: 'query by relevance, first page (visitor token)',
    path: '/reviews/v1/reviews/query',
    body: () => firstPage,
    auth: visitor,
  },
  {
    name: 'query by relevance, cursor page (visitor token)',
    path: '/reviews/v1/reviews/query',
    body: () => ({
      query: { cursorPaging: { cursor: cursors[Math.floor(Math.random() * cursors.length)], limit: 10 } },
    }),
    auth: visitor,
  },
  { name: 'GET summaries, 12 products (anonymous)', path: summariesPath },
];

type Stats = Awaited<ReturnType<typeof latencies>>;
/** `n` requests, `c` at a time (after a warm-up); latency percentiles and throughput. */
async function measure(origin: string, shape: Shape, n: number, c: number): Promise<Stats> {
  const one = async () => {
    const body = shape.body?.();
    const r = await fetch(origin + shape.path, {
      method: body ? 'POST' : 'GET',
      headers: {
        ...(shape.auth ? { authorization: shape.auth } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await r.text();
    if (r.status !== 200) throw new Error(`${shape.name}: ${r.status} ${text}`);
  };
  for (let i = 0; i < 50; i++) await one(); // warm-up: connections, prepared statements, caches
  return latencies(one, n, c);
}

const baseline = await startBaseline(url);
const pgShape: Shape = { name: 'Node http + one pg SELECT (baseline)', path: '/pg' };
const results: Record<string, Record<string, Stats>> = {};
const baselines: Record<string, Stats> = {};
for (const c of [1, concurrency]) {
  baselines[c] = await measure(`http://127.0.0.1:${baseline.port}`, pgShape, requests, c);
  for (const shape of shapes) (results[shape.name] ??= {})[c] = await measure(base, shape, requests, c);
}
const rss = vitrine.peakRssMiB();
await baseline.stop();
await vitrine.stop();

// ---- The plans of the SQL the server sends, captured on the driver (text and parameters).
const sent: { text: string; values: unknown[] }[] = [];
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
  const c = a[0] as { text?: string; values?: unknown[] } | string;
  const text = typeof c === 'string' ? c : (c.text ?? '');
  const values = typeof c === 'string' ? (a[1] as unknown[]) : c.values;
  if (/from "review"/.test(text) && /order by/i.test(text)) sent.push({ text, values: values ?? [] });
  return (original as (...x: unknown[]) => unknown).apply(this, a);
} as typeof original;
const inProcess = await countingServer(url, { ADMIN_API_KEY: BENCH_ADMIN_KEY });
const captured: Record<string, { text: string; values: unknown[] }> = {};
for (const [label, shape] of [
  ['first page, anonymous', shapes[0]!],
  ['cursor page, anonymous', shapes[1]!],
  ['first page, visitor token', shapes[2]!],
] as const) {
  sent.length = 0;
  const body = shape.body!();
  await api(inProcess.url, shape.path, { body, ...(shape.auth ? { auth: shape.auth } : {}) });
  if (!sent.length) throw new Error(`no review query captured for ${label}`);
  captured[label] = sent[sent.length - 1]!;
}
await inProcess.stop();
pg.Client.prototype.query = original;

const literal = (v: unknown) =>
  typeof v === 'number' || typeof v === 'boolean'
    ? String(v)
    : v === null
      ? 'null'
      : db.escapeLiteral(v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : JSON.stringify(v));
const plans: Record<string, { custom: string; generic: string; indexScan: boolean }> = {};
for (const [label, q] of Object.entries(captured)) {
  const out: Record<string, string> = {};
  for (const mode of ['custom', 'generic'] as const) {
    await db.query(`set plan_cache_mode = force_${mode}_plan`);
    await db.query(`prepare bench_reviews_q as ${q.text}`);
    const r = await db.query(
      `explain (analyze, buffers, costs off) execute bench_reviews_q(${q.values.map(literal).join(', ')})`,
    );
    await db.query('deallocate bench_reviews_q');
    out[mode] = r.rows.map((x: { 'QUERY PLAN': string }) => x['QUERY PLAN']).join('\n');
  }
  await db.query('reset plan_cache_mode');
  plans[label] = {
    custom: out.custom!,
    generic: out.generic!,
    indexScan:
      /Index Scan using review_published_relevance/.test(out.custom!) && !/\bSort\b/.test(out.custom!),
  };
}
await db.end();

// ---- Report.
const pad = (v: string | number, n: number) => String(v).padEnd(n);
const line = (name: string, s: Stats, b: Stats) =>
  `${pad(name, 50)}${pad(s.p50, 8)}${pad(s.p95, 8)}${pad(s.p99, 8)}${pad(s.reqPerSec, 8)}` +
  `${pad(`${Math.round((s.p95 / b.p95) * 10) / 10}×`, 10)}${Math.round((s.reqPerSec / b.reqPerSec) * 1000) / 1000}`;
console.log(
  `\nreviews on PostgreSQL: ${target.toLocaleString('en')} reviews, ${hotCount.toLocaleString('en')} published on the product; ${requests} requests per line`,
);
for (const c of [1, concurrency]) {
  console.log(`\n${c === 1 ? 'one request at a time' : `${c} concurrent`}`);
  console.log(
    `${pad('call', 50)}${pad('p50 ms', 8)}${pad('p95 ms', 8)}${pad('p99 ms', 8)}${pad('req/s', 8)}${pad('p95 ÷ base', 10)}req/s of http+pg SELECT`,
  );
  console.log(line(pgShape.name, baselines[c]!, baselines[c]!));
  for (const shape of shapes) console.log(line(shape.name, results[shape.name]![c]!, baselines[c]!));
}
const over = shapes.flatMap((shape) =>
  [1, concurrency]
    .filter((c) => results[shape.name]![c]!.p95 > P95_TARGET_MS)
    .map((c) => `${shape.name} at ${c}: p95 ${results[shape.name]![c]!.p95} ms`),
);
console.log(
  `\ntarget p95 ≤ ${P95_TARGET_MS} ms: ${over.length ? `MISSED (${over.join('; ')})` : 'met by every call'}; Vitrine peak RSS ${rss} MiB`,
);
for (const [label, p] of Object.entries(plans)) {
  const dropped = /Rows Removed by Filter: (\d+)/.exec(p.custom)?.[1];
  const how = p.indexScan
    ? `index scan on review_published_relevance, no sort${dropped ? `; the cursor's position is a Filter (${dropped} rows read and dropped), not an Index Cond` : ''}`
    : 'NOT a plain index scan on review_published_relevance';
  console.log(`\nEXPLAIN ANALYZE of the query's SQL, ${label} (${how})`);
  console.log(captured[label]!.text);
  console.log(
    `-- custom plan\n${p.custom}\n-- generic plan (what a prepared statement may switch to)\n${p.generic}`,
  );
}

mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/reviews.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      reviews: target,
      productReviews: hotCount,
      requests,
      concurrency,
      baselines,
      results,
      peakRssMiB: rss,
      plans: Object.fromEntries(
        Object.entries(plans).map(([k, p]) => [
          k,
          { sql: captured[k]!.text, values: captured[k]!.values, ...p },
        ]),
      ),
    },
    null,
    2,
  ),
);
