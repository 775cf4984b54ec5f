/**
 * `npm run bench:webhooks`: orders made through the API while WEBHOOKS (default 4) webhooks want
 * every order event, each received by a bare HTTP server in this process. Reports:
 * - the order-creation rate with those webhooks against the same load with none (what the fan-out
 *   and the deliveries cost the store's own work);
 * - deliveries per second against a bare POST of the same body to the same receiver from this
 *   process (the floor of an HTTP delivery on this machine);
 * - the lag from an event's commit time (its `created_at`) to its arrival: p50, p95, max (the
 *   fan-out looks once a second);
 * - that every (webhook, event) arrived exactly once.
 * Needs BENCH_DATABASE_URL (a database it may fill). ORDERS (default 2,000), BENCH_CONNECTIONS (8).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { api, BENCH_ADMIN_KEY, percentile, startVitrine } from './lib.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL database the benchmark may fill');
const ORDERS = Number(process.env.ORDERS ?? 2000);
const WEBHOOKS = Number(process.env.WEBHOOKS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const root = new URL('..', import.meta.url).pathname;

// The receiver: answers 200 at once, and notes when each (webhook, event) arrived.
const arrivals = new Map<string, number[]>();
let received = 0;
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received++;
    const key = `${req.url}|${String(req.headers['x-vitrine-event-id'] ?? '')}`;
    const seen = arrivals.get(key) ?? [];
    seen.push(Date.now());
    arrivals.set(key, seen);
    res.writeHead(200).end('ok');
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const rxBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const vitrine = await startVitrine(url, { DEMO_DATA: 'false', FETCH_GUARD_ALLOW: '127.0.0.1' });
const base = `http://127.0.0.1:${vitrine.port}`;
const db = new pg.Client({ connectionString: url });
await db.connect();

const orderBody = (i: number) => ({
  order: {
    channelInfo: { type: 'WEB' },
    lineItems: [
      {
        productName: { original: `Bench item ${i}` },
        catalogReference: { catalogItemId: `bench-${i}`, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
        quantity: 1,
        price: { amount: '10.00' },
        itemType: { preset: 'PHYSICAL' },
      },
    ],
    priceSummary: { subtotal: { amount: '10.00' }, total: { amount: '10.00' } },
    currency: 'USD',
    buyerInfo: { email: `bench-${i}@example.test` },
    billingInfo: { address: { country: 'US', addressLine: '1 Main St' } },
  },
});

/** `n` orders, CONNECTIONS at a time: orders per second. */
async function makeOrders(n: number, offset: number) {
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < n) {
        const i = offset + next++;
        await api(base, '/ecom/v1/orders', { auth: BENCH_ADMIN_KEY, body: orderBody(i) });
      }
    }),
  );
  return n / ((performance.now() - t) / 1000);
}

// The floor: a bare POST of a delivery-sized body to the receiver, CONNECTIONS at a time.
async function barePosts(n: number, body: string) {
  const agent = new Agent({ keepAlive: true });
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        `${rxBase}/floor`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) },
        },
        (res) => res.resume().on('end', resolve),
      );
      req.on('error', reject);
      req.end(body);
    });
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next++ < n) await post();
    }),
  );
  agent.destroy();
  return n / ((performance.now() - t) / 1000);
}

// Warm-up, then the store's own rate with no webhook.
await makeOrders(200, 0);
const withoutRate = await makeOrders(ORDERS, 1_000_000);

for (let w = 0; w < WEBHOOKS; w++)
  await api(base, '/webhooks/v1/webhooks', {
    auth: BENCH_ADMIN_KEY,
    body: { webhook: { url: `${rxBase}/hook-${w}`, eventTypes: ['wix.ecom.v1.order_*'] } },
  });
const startedAt = new Date();
const t0 = performance.now();
const withRate = await makeOrders(ORDERS, 2_000_000);
// Every order event made since the webhooks were (an order made by the API is created and approved).
const made = await db.query<{ n: number }>(
  `select count(*)::int as n from event where event_type like 'wix.ecom.v1.order_%' and created_at >= $1`,
  [startedAt],
);
const expected = made.rows[0]!.n * WEBHOOKS;
for (;;) {
  const hooks = [...arrivals.keys()].filter((k) => k.startsWith('/hook-')).length;
  if (hooks >= expected) break;
  if (performance.now() - t0 > 10 * 60_000)
    throw new Error(`only ${hooks} of ${expected} arrived in 10 minutes`);
  await new Promise((r) => setTimeout(r, 200));
}
const allIn = performance.now();
const deliveriesPerSecond = expected / ((allIn - t0) / 1000);

// Each arrival against its event's commit time.
const events = await db.query<{ id: string; at: Date }>(
  `select id::text, created_at as at from event where event_type like 'wix.ecom.v1.order_%' and created_at >= $1`,
  [startedAt],
);
const madeAt = new Map(events.rows.map((r) => [r.id, r.at.getTime()]));
const lags: number[] = [];
let twice = 0;
for (const [key, times] of arrivals) {
  if (!key.startsWith('/hook-')) continue;
  if (times.length > 1) twice++;
  const at = madeAt.get(key.split('|')[1]!);
  if (at !== undefined) lags.push(times[0]! - at);
}
lags.sort((a, b) => a - b);
const failed = await db.query(`select count(*)::int as n from webhook_delivery where status <> 'DELIVERED'`);

const bodyBytes = 1800; // about a signed order_created delivery
const floor = await barePosts(Math.max(2000, expected), 'x'.repeat(bodyBytes));
await db.end();
await vitrine.stop();
receiver.close();

const result = {
  date: new Date().toISOString(),
  orders: ORDERS,
  webhooks: WEBHOOKS,
  events: made.rows[0]!.n,
  ordersPerSecond: { withoutWebhooks: +withoutRate.toFixed(1), withWebhooks: +withRate.toFixed(1) },
  ordersRatio: +(withRate / withoutRate).toFixed(3),
  deliveriesPerSecond: +deliveriesPerSecond.toFixed(1),
  barePostsPerSecond: +floor.toFixed(1),
  deliveryRatio: +(deliveriesPerSecond / floor).toFixed(3),
  lagMs: { p50: percentile(lags, 50), p95: percentile(lags, 95), max: lags.at(-1) ?? null },
  deliveries: { expected, arrived: [...arrivals.keys()].filter((k) => k.startsWith('/hook-')).length, twice },
  notDelivered: Number(failed.rows[0].n),
  received,
};
console.log(`
orders/s without / with ${WEBHOOKS} webhooks   ${result.ordersPerSecond.withoutWebhooks} / ${result.ordersPerSecond.withWebhooks} (${result.ordersRatio})
deliveries/s                        ${result.deliveriesPerSecond} (bare POSTs ${result.barePostsPerSecond}/s: ${result.deliveryRatio})
lag from event to arrival           p50 ${result.lagMs.p50} ms, p95 ${result.lagMs.p95} ms, max ${result.lagMs.max} ms
arrived / expected / twice          ${result.deliveries.arrived} / ${expected} / ${twice}; not DELIVERED ${result.notDelivered}`);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/webhooks.json'), JSON.stringify(result, null, 2));
