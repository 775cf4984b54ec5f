/**
 * `npm run bench:browse-buy`: visitors browsing the product list while shoppers buy items whose stock
 * is tracked, each their own — a shop on a busy day. Reports the list's req/s and p99 (and its ratio
 * to the Node http + one pg SELECT baseline measured in the same run), the orders/s, and how often
 * the catalog and stock revisions moved (each move of the catalog revision makes every process
 * rebuild its kept lists and every shopper's kept cart answer). BENCH_DATABASE_URL (PostgreSQL,
 * required), BENCH_DURATION (s, default 15), BENCH_SHOPPERS (default 4), BENCH_CONNECTIONS (list
 * connections, default 4).
 */
import pg from 'pg';
import { runShoppers } from './buy.ts';
import { load, startBaseline, startVitrine, trackedItems, visitorToken } from './lib.ts';

const pgUrl = process.env.BENCH_DATABASE_URL;
if (!pgUrl) {
  console.error('bench:browse-buy needs BENCH_DATABASE_URL');
  process.exit(1);
}
const duration = Number(process.env.BENCH_DURATION ?? 15);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);

const baseline = await startBaseline(pgUrl);
const vitrine = await startVitrine(pgUrl);
const base = `http://127.0.0.1:${vitrine.port}`;
const refs = await trackedItems(base, shoppers);
const token = await visitorToken(base);
const db = new pg.Client({ connectionString: pgUrl });
await db.connect();
const revisions = async () =>
  (
    await db.query<{ catalog: string; stock: string }>(
      `select (select revision from catalog_revision)::text as catalog,
        (select revision from catalog_stock_revision)::text as stock`,
    )
  ).rows[0]!;

const select = await load('Node http + one pg SELECT', `http://127.0.0.1:${baseline.port}/pg`, {
  duration: 5,
  connections,
});
const before = await revisions();
const [buying, list] = await Promise.all([
  runShoppers([base], refs, shoppers, duration),
  load('product list', `${base}/stores/v3/products/query`, {
    duration,
    connections,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ query: { cursorPaging: { limit: 12 } } }),
  }),
]);
const after = await revisions();
await db.end();
await vitrine.stop();
await baseline.stop();

const moved = (k: 'catalog' | 'stock') => String(BigInt(after[k]) - BigInt(before[k]));
console.log(
  `\n${shoppers} shoppers buying tracked items (one each) while ${connections} connections list products, ${duration}s, PostgreSQL`,
);
console.log(`Node http + one pg SELECT baseline: ${select.reqPerSec} req/s`);
console.log(
  `product list (12 with variants, visitor): ${list.reqPerSec} req/s (${Math.round((list.reqPerSec / select.reqPerSec) * 1000) / 1000} of the baseline), p99 ${list.p99} ms, errors ${list.errors + list.non2xx}`,
);
console.log(
  `orders: ${buying.completed} (${Math.round((buying.completed / buying.seconds) * 10) / 10}/s), failed ${buying.failed}`,
);
console.log(`catalog revision moved ${moved('catalog')} times, stock revision ${moved('stock')} times`);
