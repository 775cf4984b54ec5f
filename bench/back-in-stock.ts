/**
 * `npm run bench:back-in-stock`: an item with WAITING (default 10,000) back-in-stock requests is
 * restocked through the API. Reports the restocking call's latency next to the same call on an item
 * nobody waits for (the request must not wait for the e-mails), the product list's p95 while the
 * notifier works next to before it, and how long until every request is NOTIFICATION_SENT with
 * exactly one e-mail each (the notifier's pace is 50 a second, README of back-in-stock).
 * Needs BENCH_DATABASE_URL (a database it may fill).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { api, BENCH_ADMIN_KEY, startVitrine } from './lib.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL database the benchmark may fill');
const waiting = Number(process.env.WAITING ?? 10_000);
const root = new URL('..', import.meta.url).pathname;

const vitrine = await startVitrine(url, { DEMO_DATA: 'false' });
const base = `http://127.0.0.1:${vitrine.port}`;
const db = new pg.Client({ connectionString: url });
await db.connect();

type Made = { product: { id: string; variantsInfo: { variants: { id: string }[] } } };
async function soldOut(name: string) {
  const r = await api<Made>(base, '/stores/v3/products', {
    auth: BENCH_ADMIN_KEY,
    body: {
      product: {
        name,
        productType: 'DIGITAL',
        variantsInfo: {
          variants: [{ price: { actualPrice: { amount: '19.00' } }, inventoryItem: { quantity: 0 } }],
        },
      },
    },
  });
  const variantId = r.product.variantsInfo.variants[0]!.id;
  const item = await db.query<{ id: string }>('select id from catalog_inventory_item where variant_id = $1', [
    variantId,
  ]);
  return { productId: r.product.id, variantId, inventoryItemId: item.rows[0]!.id };
}

const restock = async (inventoryItemId: string) => {
  const t = performance.now();
  await api(base, '/stores/v3/bulk/inventory-items/increment', {
    auth: BENCH_ADMIN_KEY,
    body: { incrementData: [{ inventoryItemId, incrementBy: 5 }] },
  });
  return performance.now() - t;
};

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
async function listTimes(n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await api(base, '/stores/v3/products/query', { body: { query: { cursorPaging: { limit: 12 } } } });
    times.push(performance.now() - t);
  }
  return times;
}

// An item nobody waits for: the restocking call's own cost.
const quiet = await soldOut('Nobody waits for this');
const quietMs = await restock(quiet.inventoryItemId);

const hot = await soldOut('Everybody waits for this');
const t0 = Date.now();
await db.query(
  `insert into back_in_stock_request (id, product_id, variant_id, catalog_reference, email, status, created_at, updated_at)
   select gen_random_uuid(), $1::uuid, '', jsonb_build_object('catalogItemId', $1::text, 'appId', '215238eb-22a5-4c36-9e7b-e7c08025e04e'),
     'waiting' || g || '@bench.example', 'RECEIVED', now() - (g || ' seconds')::interval, now()
   from generate_series(1, $2::int) g`,
  [hot.productId, waiting],
);
console.log(`seeded ${waiting} waiting requests in ${Date.now() - t0} ms`);

const before = await listTimes(100);
const hotMs = await restock(hot.inventoryItemId);
const started = Date.now();
const during = await listTimes(100);
let sent = 0;
while (sent < waiting) {
  await new Promise((r) => setTimeout(r, 1000));
  const r = await db.query(
    `select count(*) filter (where status = 'NOTIFICATION_SENT') as sent, count(*) filter (where status = 'FAILED') as failed
     from back_in_stock_request where product_id = $1`,
    [hot.productId],
  );
  sent = Number(r.rows[0].sent);
  if (Number(r.rows[0].failed) > 0) throw new Error(`${r.rows[0].failed} requests FAILED`);
  if (Date.now() - started > 30 * 60_000) throw new Error(`only ${sent} of ${waiting} sent after 30 minutes`);
}
const drainSeconds = (Date.now() - started) / 1000;
const mails = await db.query(
  `select count(*) as n, count(distinct to_address) as distinct_to from mail_message where to_address like 'waiting%@bench.example'`,
);
await db.end();
await vitrine.stop();

const result = {
  date: new Date().toISOString(),
  waiting,
  restockMs: { nobodyWaiting: +quietMs.toFixed(1), tenThousandWaiting: +hotMs.toFixed(1) },
  productListP95Ms: { before: +pct(before, 95).toFixed(1), whileNotifying: +pct(during, 95).toFixed(1) },
  drainSeconds,
  perSecond: +(waiting / drainSeconds).toFixed(1),
  mails: { total: Number(mails.rows[0].n), distinctRecipients: Number(mails.rows[0].distinct_to) },
};
console.log(`
restock with nobody waiting          ${result.restockMs.nobodyWaiting} ms
restock with ${waiting} waiting       ${result.restockMs.tenThousandWaiting} ms
product list p95 before / during     ${result.productListP95Ms.before} / ${result.productListP95Ms.whileNotifying} ms
all NOTIFICATION_SENT after          ${drainSeconds.toFixed(1)} s (${result.perSecond}/s)
e-mails queued / distinct recipients ${result.mails.total} / ${result.mails.distinctRecipients}`);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/back-in-stock.json'), JSON.stringify(result, null, 2));
