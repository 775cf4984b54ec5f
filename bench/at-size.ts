/**
 * `npm run bench:at-size`: the store at size on PostgreSQL — ORDERS (default 1,000,000) orders,
 * PRODUCTS (100,000) products and MEMBERS (100,000) members, seeded with set-based SQL (bench/seed.ts)
 * — then the three searches a merchant and a shopper make most, each in a few shapes that change
 * with every request (no answer served twice from a cache): the dashboard's orders search, the
 * storefront's product search and the members query. p50/p95/p99 one at a time and p95 with 8 at
 * once, next to Node `http` + one `pg` SELECT measured the same ways in the same run (target: p95
 * ≤ 20 ms one at a time). Needs BENCH_DATABASE_URL (a database it may fill); REQUESTS per shape (200);
 * ONLY, a regular expression, measures only the shapes whose names match.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { adminOrderSearchBody, type AdminOrderSearch } from '../packages/sdk/src/admin/orders.ts';
import { api, BENCH_ADMIN_KEY, latencies, startBaseline, startVitrine, visitorToken } from './lib.ts';
import { SEARCH_WORDS, seedMembers, seedOrders, seedProducts } from './seed.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL database the benchmark may fill');
const sizes = {
  orders: Number(process.env.ORDERS ?? 1_000_000),
  products: Number(process.env.PRODUCTS ?? 100_000),
  members: Number(process.env.MEMBERS ?? 100_000),
};
const requests = Number(process.env.REQUESTS ?? 200);
const root = new URL('..', import.meta.url).pathname;

const vitrine = await startVitrine(url, { DEMO_DATA: 'false' });
const base = `http://127.0.0.1:${vitrine.port}`;
const db = new pg.Client({ connectionString: url });
await db.connect();
for (const [what, seed] of [
  ['orders', () => seedOrders(db, base, sizes.orders)],
  ['products', () => seedProducts(db, sizes.products)],
  ['members', () => seedMembers(db, sizes.members)],
] as const) {
  const t = Date.now();
  const n = await seed();
  if (n) console.log(`seeded ${n} ${what} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
await db.end();

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
const visitor = await visitorToken(base);

type Shape = () => Promise<unknown>;
const orderSearch = (s: () => AdminOrderSearch): Shape => {
  return () =>
    api(base, '/ecom/v1/orders/search', {
      auth: BENCH_ADMIN_KEY,
      body: adminOrderSearchBody({ limit: 20, ...s() }),
    });
};
const productSearch = (body: () => unknown): Shape => {
  return () => api(base, '/stores/v3/products/search', { auth: visitor, body: body() });
};
const memberQuery = (body: () => unknown): Shape => {
  return () => api(base, '/members/v1/members/query', { auth: BENCH_ADMIN_KEY, body: body() });
};

const shapes: Record<string, Shape> = {
  'orders: newest first': orderSearch(() => ({ createdBefore: day(Math.random() * 30) })),
  'orders: not fulfilled and paid': orderSearch(() => ({
    fulfillmentStatus: ['NOT_FULFILLED'],
    paymentStatus: ['PAID'],
    createdBefore: day(Math.random() * 30),
  })),
  'orders: tag vip, last 30 days': orderSearch(() => ({
    tags: ['vip'],
    createdFrom: day(1 + Math.random() * 29),
  })),
  'orders: buyer e-mail contains': orderSearch(() => ({
    text: `buyer${100 + Math.floor(Math.random() * 900)}@`,
  })),
  'orders: buyer e-mail, a whole address': orderSearch(() => ({
    text: `buyer${Math.floor(Math.random() * 20_000)}@bench.example`,
  })),
  'orders: by number': orderSearch(() => ({
    text: String(10_000_000 + Math.floor(Math.random() * sizes.orders)),
  })),
  'products: search one word': productSearch(() => ({
    search: { search: { expression: pick(SEARCH_WORDS) }, cursorPaging: { limit: 12 } },
  })),
  'products: search two words, cheapest first': productSearch(() => ({
    search: {
      search: { expression: `${pick(SEARCH_WORDS)} ${pick(SEARCH_WORDS)}` },
      sort: [{ fieldName: 'actualPriceRange.minValue.amount', order: 'ASC' }],
      cursorPaging: { limit: 12 },
    },
  })),
  'products: price band, newest first': productSearch(() => {
    const from = Math.floor(Math.random() * 90);
    return {
      search: {
        filter: { 'actualPriceRange.minValue.amount': { $gte: String(from), $lt: String(from + 5) } },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        cursorPaging: { limit: 12 },
      },
    };
  }),
  'members: approved, newest first, a page': memberQuery(() => ({
    query: {
      filter: { status: 'APPROVED' },
      sort: [{ fieldName: 'createdDate', order: 'DESC' }],
      paging: { limit: 50, offset: 50 * Math.floor(Math.random() * 20) },
    },
  })),
  'members: search by first name': memberQuery(() => ({
    query: { paging: { limit: 20 } },
    search: { expression: `first${Math.floor(Math.random() * 900) + 100}`, fields: ['contact.firstName'] },
  })),
};

const measure = (call: Shape, concurrency: number) => latencies(call, requests, concurrency);

const baseline = await startBaseline(url);
const select: Shape = async () => (await fetch(`http://127.0.0.1:${baseline.port}/pg`)).text();
const rows: Record<
  string,
  { one: Awaited<ReturnType<typeof measure>>; eight: Awaited<ReturnType<typeof measure>> }
> = {};
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
const chosen = Object.entries(shapes).filter(([name]) => !only || only.test(name));
for (const [name, call] of [['baseline: http + pg SELECT', select] as const, ...chosen]) {
  for (let i = 0; i < 5; i++) await call(); // warm-up
  rows[name] = { one: await measure(call, 1), eight: await measure(call, 8) };
}
await baseline.stop();
await vitrine.stop();

console.log(
  `\nAt size on PostgreSQL: ${sizes.orders} orders, ${sizes.products} products, ${sizes.members} members; ${requests} requests per shape\n`,
);
console.log(`${'shape'.padEnd(46)}one at a time p50 / p95 / p99 ms     8 at once p95 ms`);
for (const [name, r] of Object.entries(rows))
  console.log(`${name.padEnd(46)}${`${r.one.p50} / ${r.one.p95} / ${r.one.p99}`.padEnd(37)}${r.eight.p95}`);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/at-size.json'),
  JSON.stringify({ date: new Date().toISOString(), sizes, requests, rows }, null, 2),
);
