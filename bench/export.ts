/**
 * `npm run bench:export`: the orders CSV export (`GET /ecom/v1/orders/export`) at size on
 * PostgreSQL — ORDERS (default 1,000,000) orders, seeded as `bench:at-size` seeds them — against
 * two baselines measured in the same run: the same orders read through the JSON orders search, a
 * page of 100 at a time (what a merchant's script does without the export), and the database alone
 * (`pg`, the same rows in keyset pages of 100, nothing rendered). Then a slow client: a download
 * read at SLOW_KBPS (256 KB/s) for SLOW_SECONDS (20 s), with the server's memory sampled every
 * second — what the export holds while the client waits (back-pressure). Needs BENCH_DATABASE_URL.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { adminOrderSearchBody } from '../packages/sdk/src/admin/orders.ts';
import { api, BENCH_ADMIN_KEY, startVitrine } from './lib.ts';
import { seedOrders } from './seed.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL database the benchmark may fill');
const target = Number(process.env.ORDERS ?? 1_000_000);
const slowKbps = Number(process.env.SLOW_KBPS ?? 256);
const slowSeconds = Number(process.env.SLOW_SECONDS ?? 20);
const root = new URL('..', import.meta.url).pathname;

const vitrine = await startVitrine(url, { DEMO_DATA: 'false' });
const base = `http://127.0.0.1:${vitrine.port}`;
const db = new pg.Client({ connectionString: url });
await db.connect();
const seededIn = Date.now();
const seeded = await seedOrders(db, base, target);
if (seeded) console.log(`seeded ${seeded} orders in ${((Date.now() - seededIn) / 1000).toFixed(1)} s`);
const orders = Number((await db.query('select count(*) as n from ecom_order')).rows[0].n);

const rssMiB = () =>
  Math.round(
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${vitrine.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
  );
const exportPath = `/ecom/v1/orders/export?${new URLSearchParams({
  search: JSON.stringify({ filter: {}, sort: [{ fieldName: 'createdDate', order: 'DESC' }] }),
  timeZone: 'UTC',
})}`;

/** The whole export as fast as the client can take it: first byte, total, bytes, lines. */
function fullExport(): Promise<{ firstByteMs: number; ms: number; bytes: number; lines: number }> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${base}${exportPath}`, { headers: { authorization: BENCH_ADMIN_KEY } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`export answered ${res.statusCode}`));
      let first = 0;
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        if (!first) first = performance.now() - t;
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () =>
        resolve({ firstByteMs: Math.round(first), ms: Math.round(performance.now() - t), bytes, lines }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every order through the JSON search, a page of 100 at a time. */
async function searchPaging(): Promise<{ ms: number; orders: number }> {
  const t = performance.now();
  type Page = { orders: unknown[]; metadata: { hasNext: boolean; cursors: { next?: string | null } } };
  let page = await api<Page>(base, '/ecom/v1/orders/search', {
    auth: BENCH_ADMIN_KEY,
    body: adminOrderSearchBody({ limit: 100 }),
  });
  let n = page.orders.length;
  while (page.metadata.hasNext && page.metadata.cursors.next) {
    page = await api<Page>(base, '/ecom/v1/orders/search', {
      auth: BENCH_ADMIN_KEY,
      body: adminOrderSearchBody({ limit: 100, cursor: page.metadata.cursors.next }),
    });
    n += page.orders.length;
  }
  return { ms: Math.round(performance.now() - t), orders: n };
}

/** The database alone: the same rows, newest first, in keyset pages of 100. */
async function databaseOnly(): Promise<{ ms: number; orders: number }> {
  const t = performance.now();
  let n = 0;
  let last: { created_at: Date; id: string } | undefined;
  for (;;) {
    const { rows } = await db.query(
      last
        ? 'select * from ecom_order where (created_at, id) < ($1, $2) order by created_at desc, id desc limit 100'
        : 'select * from ecom_order order by created_at desc, id desc limit 100',
      last ? [last.created_at, last.id] : [],
    );
    n += rows.length;
    if (rows.length < 100) break;
    last = rows[rows.length - 1];
  }
  return { ms: Math.round(performance.now() - t), orders: n };
}

/** A download read at `kbps` for `seconds`, the server's resident memory sampled every second. */
function slowClient(kbps: number, seconds: number): Promise<{ readBytes: number; rss: number[] }> {
  return new Promise((resolve, reject) => {
    const rss = [rssMiB()];
    const req = request(`${base}${exportPath}`, { headers: { authorization: BENCH_ADMIN_KEY } }, (res) => {
      let readBytes = 0;
      res.pause();
      const perTick = (kbps * 1024) / 10;
      let ticks = 0;
      const timer = setInterval(() => {
        let budget = perTick;
        while (budget > 0) {
          const chunk = res.read(Math.min(budget, 16_384)) as Buffer | null;
          if (!chunk) break;
          readBytes += chunk.length;
          budget -= chunk.length;
        }
        if (++ticks % 10 === 0) rss.push(rssMiB());
        if (ticks >= seconds * 10) {
          clearInterval(timer);
          req.destroy();
          resolve({ readBytes, rss });
        }
      }, 100);
    });
    req.on('error', (e) => (e.message.includes('socket hang up') ? undefined : reject(e)));
    req.end();
  });
}

await fullExport(); // warm-up: the first run also reads the table into the cache
vitrine.resetPeak();
const exported = await fullExport();
const exportPeakRss = vitrine.peakRssMiB();
const searched = await searchPaging();
const database = await databaseOnly();
await db.end();
const slow = await slowClient(slowKbps, slowSeconds);
await vitrine.stop();

const perSecond = (n: number, ms: number) => Math.round((n * 1000) / ms);
const result = {
  date: new Date().toISOString(),
  orders,
  export: { ...exported, ordersPerSecond: perSecond(orders, exported.ms), peakRssMiB: exportPeakRss },
  searchPaging: { ...searched, ordersPerSecond: perSecond(searched.orders, searched.ms) },
  databaseOnly: { ...database, ordersPerSecond: perSecond(database.orders, database.ms) },
  slowClient: { kbps: slowKbps, seconds: slowSeconds, ...slow },
};
console.log(`\nOrders CSV export at size on PostgreSQL: ${orders} orders\n`);
console.log(
  `export: ${(exported.ms / 1000).toFixed(1)} s (first byte ${exported.firstByteMs} ms), ${(exported.bytes / 2 ** 20).toFixed(0)} MiB, ${exported.lines} lines, ${result.export.ordersPerSecond} orders/s, server peak RSS ${exportPeakRss} MiB`,
);
console.log(
  `JSON search, pages of 100: ${(searched.ms / 1000).toFixed(1)} s, ${result.searchPaging.ordersPerSecond} orders/s → the export is ${(searched.ms / exported.ms).toFixed(2)}× as fast`,
);
console.log(
  `database alone (pg, keyset pages of 100): ${(database.ms / 1000).toFixed(1)} s, ${result.databaseOnly.ordersPerSecond} orders/s → the export takes ${(exported.ms / database.ms).toFixed(2)}× its time`,
);
console.log(
  `slow client (${slowKbps} KB/s for ${slowSeconds} s, ${(slow.readBytes / 2 ** 20).toFixed(1)} MiB read): server RSS ${slow.rss.join(', ')} MiB (first to largest: +${Math.max(...slow.rss) - slow.rss[0]!} MiB)`,
);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/export.json'), JSON.stringify(result, null, 2));
