/**
 * `npm run bench:cart`: get-current-cart and add-to-cart req/s and p99 against the bare-Node
 * baselines measured in the same run, then the SQL statements each call sends (counted on the
 * driver, BEGIN and COMMIT included). BENCH_DATABASE_URL runs on PostgreSQL (and is needed for
 * the statement count; `npm run bench:buy` counts create-order's); otherwise the server uses
 * embedded PGlite.
 * BENCH_ROUNDS (default 3): each endpoint and its baseline are measured in turns, BENCH_DURATION
 * (s, default 5) each, round after round; the ratio is the median of the rounds' ratios.
 * BENCH_CONNECTIONS (default 8), BENCH_SHOPPERS (default 200),
 * BENCH_STOCK: `untracked` (default: the cart holds a demo item whose stock is not tracked) or
 * `tracked` (a new item with tracked stock: each read also looks up its inventory row's version).
 * The shoppers' carts do not change while they are read (add-to-cart runs between the reads), so
 * after each one's first read in a round the load measures kept answers (modules/cart/kept.ts), as a
 * storefront showing the cart on every page does.
 */
import {
  api,
  BENCH_ADMIN_KEY,
  BENCH_CLIENT_ID,
  countingServer,
  load,
  startBaseline,
  startVitrine,
  trackedItems,
  untrackedItem,
  visitorToken,
  type Result,
} from './lib.ts';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 200);
const pgUrl = process.env.BENCH_DATABASE_URL;
const stock = process.env.BENCH_STOCK ?? 'untracked';
if (stock !== 'untracked' && stock !== 'tracked') throw new Error('BENCH_STOCK is untracked or tracked');

async function visitors(base: string, n: number, ref: unknown): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = await visitorToken(base);
    await api(base, '/ecom/v1/carts/current/add-to-cart', {
      auth: t,
      body: { lineItems: [{ catalogReference: ref, quantity: 1 }] },
    });
    tokens.push(t);
  }
  return tokens;
}

const baseline = await startBaseline(pgUrl);
const vitrine = await startVitrine(pgUrl);
const base = `http://127.0.0.1:${vitrine.port}`;
const ref = stock === 'tracked' ? (await trackedItems(base, 1))[0]! : await untrackedItem(base);
const tokens = await visitors(base, shoppers, ref);
const startRss = vitrine.peakRssMiB();
vitrine.resetPeak();
let next = 0;
const vary = () => ({ authorization: tokens[next++ % tokens.length]! });

const bare = await load('bare Node http JSON', `http://127.0.0.1:${baseline.port}/`, {
  duration,
  connections,
});
const ofServer =
  (name: string, path: string, o: { method?: string; body?: unknown } = {}) =>
  () =>
    load(name, base + path, {
      duration,
      connections,
      vary,
      method: o.method,
      ...(o.body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(o.body) } : {}),
    });
const ofBaseline = (name: string, path: string) => () =>
  pgUrl
    ? load(name, `http://127.0.0.1:${baseline.port}${path}`, { duration, connections })
    : Promise.resolve(bare);
// Each endpoint and its baseline are measured in turns, round after round, and each round's ratio
// sets the endpoint against the baseline measured just before it: the machine's speed drifts (bare
// http has ranged from 11,700 to 59,000 req/s between days, and by ±30% within one), a turn less so.
const pairs = [
  {
    baseline: ofBaseline('Node http + one pg SELECT', '/pg'),
    endpoint: ofServer('GET /ecom/v1/carts/current', '/ecom/v1/carts/current'),
  },
  {
    baseline: ofBaseline('Node http + one pg INSERT', '/pg-write'),
    endpoint: ofServer('POST …/carts/current/add-to-cart', '/ecom/v1/carts/current/add-to-cart', {
      method: 'POST',
      body: { lineItems: [{ catalogReference: ref, quantity: 1 }] },
    }),
  },
];
const turns = pairs.map(() => ({ baselines: [] as Result[], endpoints: [] as Result[] }));
for (let round = 0; round < rounds; round++)
  for (const [i, p] of pairs.entries()) {
    turns[i]!.baselines.push(await p.baseline());
    turns[i]!.endpoints.push(await p.endpoint());
  }
const rss = vitrine.peakRssMiB();
await vitrine.stop();
await baseline.stop();

const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const round3 = (x: number) => Math.round(x * 1000) / 1000;
/** The median of the rounds (req/s and p50; p99 is the worst round's), and the errors of all. */
const summary = (rs: Result[]): Result => ({
  name: rs[0]!.name,
  reqPerSec: Math.round(median(rs.map((r) => r.reqPerSec))),
  p50: median(rs.map((r) => r.p50)),
  p99: Math.max(...rs.map((r) => r.p99)),
  errors: rs.reduce((n, r) => n + r.errors, 0),
  non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
});

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  `\nVitrine on ${pgUrl ? 'PostgreSQL' : 'embedded PGlite'}; ${connections} connections, ${rounds} rounds of ${duration}s each, ${shoppers} shoppers, stock ${stock}\n`,
);
console.log(
  `${pad('endpoint (median of the rounds)', 40)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('non-2xx', 9)}ratio: median (each round)`,
);
const row = (r: Result, last: string) =>
  console.log(
    `${pad(r.name, 40)}${pad(r.reqPerSec, 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.non2xx + r.errors, 9)}${last}`,
  );
row(bare, 'baseline');
for (const t of turns) {
  const b = summary(t.baselines);
  const e = summary(t.endpoints);
  const ratios = t.endpoints.map((r, i) => r.reqPerSec / t.baselines[i]!.reqPerSec);
  if (pgUrl) row(b, 'baseline');
  row(e, `${round3(median(ratios))} (${ratios.map(round3).join(', ')}) of ${b.name}`);
}
console.log(`peak RSS of the server under load: ${rss} MiB (start-up and set-up: ${startRss} MiB)`);

// Statements per call, counted on the driver of an in-process server on the same PostgreSQL.
if (pgUrl) {
  const counter = await countingServer(pgUrl, {
    ADMIN_API_KEY: BENCH_ADMIN_KEY,
    OAUTH_CLIENT_ID: BENCH_CLIENT_ID,
  });
  const url = counter.url;
  const t = await visitorToken(url);
  const count = async (label: string, fn: () => Promise<unknown>) => {
    await fn(); // warm the configuration cache and the connection
    const statements = await counter.counted(fn);
    console.log(
      `${pad(label, 40)}${statements.length} statements: ${statements.map((q) => q.trim().split(/\s+/).slice(0, 3).join(' ')).join(' | ')}`,
    );
  };
  await count('add-to-cart', () =>
    api(url, '/ecom/v1/carts/current/add-to-cart', {
      auth: t,
      body: { lineItems: [{ catalogReference: ref, quantity: 1 }] },
    }),
  );
  const getCart = () => api(url, '/ecom/v1/carts/current', { auth: t });
  await count('get-current-cart (answer kept)', getCart);
  // The cart changed since its answer was kept: read again in full.
  await api(url, '/ecom/v1/carts/current/add-to-cart', {
    auth: t,
    body: { lineItems: [{ catalogReference: ref, quantity: 1 }] },
  });
  const fresh = await counter.counted(getCart);
  console.log(
    `${pad('get-current-cart (changed since)', 40)}${fresh.length} statements: ${fresh.map((q) => q.trim().split(/\s+/).slice(0, 3).join(' ')).join(' | ')}`,
  );
  await counter.stop();
}
