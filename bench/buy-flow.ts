/**
 * `npm run bench:buy`: the whole buy flow by concurrent shoppers — visitor token → add-to-cart →
 * create-checkout → shipping address → shipping option → create-order (authorize only) → pay with the
 * test card → capture — reported as completed orders per second and p50/p99 of each step, next
 * to the bare-Node baseline measured in the same run. Then the SQL statements of one create-order,
 * counted on the driver. BENCH_DATABASE_URL (PostgreSQL; needed for the statement count),
 * BENCH_DURATION (s, default 15), BENCH_SHOPPERS (concurrent shoppers, default 8), BENCH_STOCK
 * (`untracked`, the default: an item whose stock is not tracked; `tracked`: all buy one item whose
 * stock is tracked; `tracked-each`: each shopper buys its own tracked item). BENCH_WARMUP (s,
 * default 20; 0 for a server that has served one purchase): `warmUp` in buy.ts. BENCH_COUPON: the
 * shoppers apply a coupon with their address (lib.ts).
 */
import { buy, pct, runShoppers, STEPS, warmUp, type Step } from './buy.ts';
import { floorCpu, stepCpu } from './floor.ts';
import {
  api,
  BENCH_ADMIN_KEY as adminKey,
  BENCH_CLIENT_ID,
  BENCH_COUPON,
  benchCoupon,
  countingServer,
  load,
  postgresCpuMs,
  startBaseline,
  startVitrine,
  trackedItems,
  untrackedItem,
} from './lib.ts';

const duration = Number(process.env.BENCH_DURATION ?? 15);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 8);
const pgUrl = process.env.BENCH_DATABASE_URL;
const baseline = await startBaseline(pgUrl);
const vitrine = await startVitrine(pgUrl);
const base = `http://127.0.0.1:${vitrine.port}`;
const stock = process.env.BENCH_STOCK ?? 'untracked';
if (!['untracked', 'tracked', 'tracked-each'].includes(stock))
  throw new Error('BENCH_STOCK is untracked, tracked or tracked-each');
const refs =
  stock === 'untracked'
    ? [await untrackedItem(base, { physical: true })]
    : await trackedItems(base, stock === 'tracked' ? 1 : shoppers);
const ref = refs[0];
await benchCoupon(base);
for (const r of refs) await buy(base, r); // warm-up
await warmUp([base], refs, shoppers);
const startRss = vitrine.peakRssMiB();
vitrine.resetPeak();

const bare = await load('bare Node http JSON', `http://127.0.0.1:${baseline.port}/`, {
  duration: 5,
  connections: shoppers,
});
// The ceiling issue 18's targets were set against: Node http + one pg SELECT, as bench:cart measures
// it; before the flow and after it, as this machine's speed drifts within minutes.
const measureCeiling = async () =>
  pgUrl
    ? (
        await load('Node http + one pg SELECT', `http://127.0.0.1:${baseline.port}/pg`, {
          duration: 5,
          connections: shoppers,
        })
      ).reqPerSec
    : undefined;
const ceilingBefore = await measureCeiling();
const cpu0 = {
  loop: vitrine.loopMs(),
  server: vitrine.cpuMs(),
  serverSystem: vitrine.cpuMs('system'),
  pg: postgresCpuMs(),
  self: process.cpuUsage(),
};
const { completed, failed, seconds, times, purchases } = await runShoppers([base], refs, shoppers, duration);
const selfCpu = process.cpuUsage(cpu0.self);
const cpu = {
  loop: ((l) => ({ run: l.run - cpu0.loop.run, wait: l.wait - cpu0.loop.wait }))(vitrine.loopMs()),
  server: vitrine.cpuMs() - cpu0.server,
  serverSystem: vitrine.cpuMs('system') - cpu0.serverSystem,
  pg: postgresCpuMs() - cpu0.pg,
  load: (selfCpu.user + selfCpu.system) / 1000,
};
const rss = vitrine.peakRssMiB();
await vitrine.stop();
const ceilingAfter = await measureCeiling();

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  `\nBuy flow on ${pgUrl ? 'PostgreSQL' : 'embedded PGlite'}: ${shoppers} concurrent shoppers for ${duration}s, stock ${stock}${BENCH_COUPON ? `, with coupon ${BENCH_COUPON}` : ''}`,
);
console.log(`bare Node http JSON baseline: ${bare.reqPerSec} req/s`);
console.log(
  `completed orders: ${completed} (${Math.round((completed / seconds) * 10) / 10} orders/s, ${Math.round(((completed * STEPS.length) / seconds / bare.reqPerSec) * 10000) / 10000} of the baseline's requests/s), failed: ${failed}`,
);
console.log(`${pad('step', 18)}${pad('p50 ms', 9)}p99 ms`);
for (const s of STEPS) console.log(`${pad(s, 18)}${pad(pct(times[s], 50), 9)}${pct(times[s], 99)}`);
console.log(`${pad('whole purchase', 18)}${pad(pct(purchases, 50), 9)}${pct(purchases, 99)}`);
if (ceilingBefore && ceilingAfter)
  console.log(
    scaledTargets(
      [ceilingBefore, ceilingAfter],
      completed / seconds,
      Math.max(...STEPS.map((s) => pct(times[s], 99))),
    ),
  );
console.log(`peak RSS of the server under load: ${rss} MiB (start-up and warm-up: ${startRss} MiB)`);
// Where the machine's time went: CPU per completed order of the server, PostgreSQL and this load generator.
const per = (ms: number) => Math.round((ms / Math.max(1, completed)) * 10) / 10;
console.log(
  `CPU per order: server ${per(cpu.server)} ms (${per(cpu.serverSystem)} of it in the kernel), PostgreSQL ${pgUrl ? per(cpu.pg) : '-'} ms, load generator ${per(cpu.load)} ms (${Math.round(((cpu.server + cpu.pg + cpu.load) / 1000 / seconds) * 100)}% of one core in all)`,
);
// The event loop is one thread: when it is ready but another process (a PostgreSQL backend its
// statement woke, the load generator) holds its core, the orders wait too.
console.log(
  `server's event loop (its main thread): on a core ${Math.round((cpu.loop.run / 1000 / seconds) * 100)}% of the run, ready but waiting for one ${Math.round((cpu.loop.wait / 1000 / seconds) * 100)}%`,
);

if (pgUrl) {
  // The SQL statements of each step of one purchase, counted on the driver of an in-process server
  // on the same PostgreSQL (BEGIN and COMMIT included; background jobs are off in that server).
  const counter = await countingServer(pgUrl, { ADMIN_API_KEY: adminKey, OAUTH_CLIENT_ID: BENCH_CLIENT_ID });
  const counts: Partial<Record<Step | 'get-checkout', string[]>> = {};
  const count = <T>(name: Step | 'get-checkout', fn: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      let result: T;
      counter
        .counted(async () => {
          result = await fn();
        })
        .then((sqls) => {
          counts[name] = [...(counts[name] ?? []), ...sqls];
          resolve(result);
        }, reject);
    });
  // Besides the steps, a read of the checkout just before create-order (GET, as a storefront or the
  // hosted checkout page makes it), by the shopper's token (the token step's answer).
  let token = '';
  let checkoutId = '';
  const counted = async <T>(name: Step, fn: () => Promise<T>): Promise<T> => {
    if (name === 'create-order')
      await count('get-checkout', () =>
        api(counter.url, `/ecom/v1/checkouts/${checkoutId}`, { auth: token }),
      );
    const result = await count(name, fn);
    if (name === 'token') token = result as string;
    if (name === 'create-checkout') checkoutId = (result as { checkoutId: string }).checkoutId;
    return result;
  };
  await buy(counter.url, ref); // warm-up: configuration cache, connections
  await buy(counter.url, ref, counted);
  console.log('\nSQL statements per step (BEGIN and COMMIT included), and the round trips they took:');
  for (const s of [...STEPS.slice(0, 5), 'get-checkout' as const, ...STEPS.slice(5)]) {
    const list = counts[s] ?? [];
    const trips = counter.roundTrips(list);
    console.log(`${pad(s, 18)}${pad(list.length, 4)}(${trips} round trip${trips === 1 ? '' : 's'})`);
    if (process.env.BENCH_VERBOSE)
      for (const q of list) console.log(`    ${q.trim().replace(/\s+/g, ' ').slice(0, 120)}`);
  }
  await counter.stop();

  // Each step against its floor, one shopper at a time on a server without background jobs (a
  // purchase's delivery jobs would otherwise run between the next steps): the server's main-thread
  // CPU, and bare Node `http` + `pg` making the same HTTP calls and round trips.
  const n = Number(process.env.BENCH_FLOOR_PURCHASES ?? 200);
  if (n > 0) await floorTable(pgUrl, n, (s) => counter.roundTrips(counts[s] ?? []));
}
await baseline.stop();

/** Prints each step's main-thread CPU against its floor (`roundTrips`: a step's, counted), over `n` purchases. */
async function floorTable(pgUrl: string, n: number, roundTrips: (s: Step) => number) {
  const quiet = await startVitrine(pgUrl, { JOBS: 'false' });
  const steps = await stepCpu(`http://127.0.0.1:${quiet.port}`, quiet, ref, n);
  await quiet.stop();
  const floor = await floorCpu(baseline, 1000);
  console.log(
    `\nMain-thread CPU per step, one shopper at a time (${n} purchases), against its floor: bare Node http + pg ` +
      `making the same calls and round trips (${Math.round(floor.call)} µs a call, ${Math.round(floor.trip)} µs a round trip)`,
  );
  console.log(`${pad('step', 18)}${pad('server µs', 11)}${pad('floor µs', 10)}times the floor`);
  let all = 0;
  let allFloor = 0;
  for (const s of STEPS) {
    const f = floor.call + roundTrips(s) * floor.trip; // each step is one call
    all += steps[s];
    allFloor += f;
    console.log(
      `${pad(s, 18)}${pad(Math.round(steps[s]), 11)}${pad(Math.round(f), 10)}${(steps[s] / f).toFixed(1)}`,
    );
  }
  console.log(
    `${pad('purchase', 18)}${pad(Math.round(all), 11)}${pad(Math.round(allFloor), 10)}${(all / allFloor).toFixed(1)}`,
  );
}

/**
 * Issue 18's targets (≥ 100 orders/s, every step's p99 ≤ 25 ms) were set on 2026-11-21, when this
 * machine's Node http + one pg SELECT made 10,200–11,100 req/s with 8 connections. The machine's
 * speed has drifted sixfold since, so they are also given as ratios to that ceiling measured in
 * this run (the mean of before and after the flow): orders/s at least 100 / 10,650 of it, and every
 * step's p99 at most 25 ms × 10,650 / it.
 */
function scaledTargets(ceilings: [number, number], ordersPerSec: number, worst: number): string {
  const SET_AT = 10_650;
  const ceilingReqPerSec = (ceilings[0] + ceilings[1]) / 2;
  const f = ceilingReqPerSec / SET_AT;
  const r = (x: number) => Math.round(x * 10) / 10;
  return (
    `http + one pg SELECT: ${Math.round(ceilingReqPerSec)} req/s (${ceilings.join(' before the flow, ')} after), ${r(f * 100)}% of the 10,650 issue 18's targets were set at; ` +
    `scaled to it, the targets are ≥ ${r(100 * f)} orders/s (made ${r(ordersPerSec)}: ${r((ordersPerSec / (100 * f)) * 100)}% of it) ` +
    `and every step's p99 ≤ ${r(25 / f)} ms (worst ${worst}: ${r((worst / (25 / f)) * 100)}% of it)`
  );
}
