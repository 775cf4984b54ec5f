/**
 * `npm run bench:cart`: get-current-cart and add-to-cart req/s and p99 against the bare-Node
 * baselines measured in the same run, then the SQL statements each call sends (counted on the
 * driver, BEGIN and COMMIT included). BENCH_DATABASE_URL runs on PostgreSQL (and is needed for
 * the statement count); otherwise the server uses embedded PGlite.
 * BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 8), BENCH_SHOPPERS (default 200).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countingServer, load, startProcess, type Result, serverCommand } from './lib.ts';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 200);
const pgUrl = process.env.BENCH_DATABASE_URL;
const adminKey = 'vk_bench_admin_key_0123456789abcdef';
const clientId = 'vitrine-bench-client';
const root = new URL('..', import.meta.url).pathname;
const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

const json = async <T>(base: string, path: string, o: { method?: string; auth?: string; body?: unknown } = {}): Promise<T> => {
  const r = await fetch(base + path, { method: o.method ?? 'GET', headers: { ...(o.auth ? { authorization: o.auth } : {}), ...(o.body ? { 'content-type': 'application/json' } : {}) }, ...(o.body ? { body: JSON.stringify(o.body) } : {}) });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
};

/** An in-stock product whose stock is not tracked, so the load never runs out. */
async function untrackedItem(base: string) {
  const q = await json<{ inventoryItems: { productId: string; variantId: string; trackQuantity: boolean; inStock?: boolean }[] }>(base, '/stores/v3/inventory-items/query', { method: 'POST', auth: adminKey, body: { query: { cursorPaging: { limit: 100 } } } });
  const item = q.inventoryItems.find((i) => !i.trackQuantity);
  if (!item) throw new Error('the demo catalog has no untracked item');
  return { catalogItemId: item.productId, appId: APP, options: { variantId: item.variantId } };
}

async function visitors(base: string, n: number, ref: unknown): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = await json<{ access_token: string }>(base, '/oauth2/token', { method: 'POST', body: { clientId, grantType: 'anonymous' } });
    await json(base, '/ecom/v1/carts/current/add-to-cart', { method: 'POST', auth: t.access_token, body: { lineItems: [{ catalogReference: ref, quantity: 1 }] } });
    tokens.push(t.access_token);
  }
  return tokens;
}

const baseline = await startProcess(['--import', 'tsx', join(root, 'bench/baseline-server.ts')], pgUrl ? { BASELINE_DATABASE_URL: pgUrl } : {}, /listening (\d+)/);
const vitrine = await startProcess(serverCommand(), {
  PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-bench-')), LOG_LEVEL: 'warn', ADMIN_API_KEY: adminKey, OAUTH_CLIENT_ID: clientId,
  ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
}, /listening on http:\/\/[^:]+:(\d+)/);
const base = `http://127.0.0.1:${vitrine.port}`;
const ref = await untrackedItem(base);
const tokens = await visitors(base, shoppers, ref);
let next = 0;
const vary = () => ({ authorization: tokens[next++ % tokens.length]! });

const rows: (Result & { ratio: number; base: string })[] = [];
const bare = await load('bare Node http JSON', `http://127.0.0.1:${baseline.port}/`, { duration, connections });
const pgRead = pgUrl ? await load('Node http + one pg SELECT', `http://127.0.0.1:${baseline.port}/pg`, { duration, connections }) : undefined;
const pgWrite = pgUrl ? await load('Node http + one pg INSERT', `http://127.0.0.1:${baseline.port}/pg-write`, { duration, connections }) : undefined;
const measure = async (name: string, path: string, against: Result | undefined, o: { method?: string; body?: unknown } = {}) => {
  const r = await load(name, base + path, { duration, connections, vary, method: o.method, ...(o.body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(o.body) } : {}) });
  const b = against ?? bare;
  rows.push({ ...r, base: b.name, ratio: Math.round((r.reqPerSec / b.reqPerSec) * 1000) / 1000 });
};
await measure('GET /ecom/v1/carts/current', '/ecom/v1/carts/current', pgRead);
await measure('POST …/carts/current/add-to-cart', '/ecom/v1/carts/current/add-to-cart', pgWrite, { method: 'POST', body: { lineItems: [{ catalogReference: ref, quantity: 1 }] } });
const rss = vitrine.peakRssMiB();
await vitrine.stop();
await baseline.stop();

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(`\nVitrine on ${pgUrl ? 'PostgreSQL' : 'embedded PGlite'}; ${connections} connections, ${duration}s each, ${shoppers} shoppers\n`);
console.log(`${pad('endpoint', 40)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('non-2xx', 9)}ratio`);
for (const r of [bare, ...(pgRead ? [pgRead] : []), ...(pgWrite ? [pgWrite] : [])]) console.log(`${pad(r.name, 40)}${pad(r.reqPerSec, 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.non2xx, 9)}baseline`);
for (const r of rows) console.log(`${pad(r.name, 40)}${pad(r.reqPerSec, 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.non2xx + r.errors, 9)}${r.ratio} of ${r.base}`);
console.log(`peak RSS of the server: ${rss} MiB`);

// Statements per call, counted on the driver of an in-process server on the same PostgreSQL.
if (pgUrl) {
  const counter = await countingServer(pgUrl, { ADMIN_API_KEY: adminKey, OAUTH_CLIENT_ID: clientId });
  const url = counter.url;
  const t = (await json<{ access_token: string }>(url, '/oauth2/token', { method: 'POST', body: { clientId, grantType: 'anonymous' } })).access_token;
  const count = async (label: string, fn: () => Promise<unknown>) => {
    await fn(); // warm the configuration cache and the connection
    const statements = await counter.counted(fn);
    console.log(`${pad(label, 40)}${statements.length} statements: ${statements.map((q) => q.trim().split(/\s+/).slice(0, 3).join(' ')).join(' | ')}`);
  };
  await count('add-to-cart', () => json(url, '/ecom/v1/carts/current/add-to-cart', { method: 'POST', auth: t, body: { lineItems: [{ catalogReference: ref, quantity: 1 }] } }));
  await count('get-current-cart', () => json(url, '/ecom/v1/carts/current', { auth: t }));
  // create-order counts once (a second call answers from the completed checkout): two checkouts.
  const checkouts: string[] = [];
  for (let i = 0; i < 2; i++) {
    const v = (await json<{ access_token: string }>(url, '/oauth2/token', { method: 'POST', body: { clientId, grantType: 'anonymous' } })).access_token;
    await json(url, '/ecom/v1/carts/current/add-to-cart', { method: 'POST', auth: v, body: { lineItems: [{ catalogReference: ref, quantity: 1 }] } });
    const c = await json<{ checkoutId: string }>(url, '/ecom/v1/carts/current/create-checkout', { method: 'POST', auth: v, body: { channelType: 'WEB', email: 'bench@example.test', shippingAddress: { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001', addressLine: '1 Main St' } } });
    checkouts.push(`${v} ${c.checkoutId}`);
  }
  await count('create-order (checkout → order)', () => {
    const [v, id] = checkouts.shift()!.split(' ');
    return json(url, `/ecom/v1/checkouts/${id}/create-order`, { method: 'POST', auth: v, body: {} });
  });
  await counter.stop();
}
