/**
 * `npm run bench:buy-turns`: the buy flow of `bench:buy` on two builds in turns, to tell whether a
 * change pays on a machine whose speed drifts (single runs of one build, minutes apart, differed by
 * 30%). This tree's build (A) and another (B: BENCH_OTHER_BUNDLE, `apps/server/dist/main.mjs` of a
 * worktree of the other commit, built there; and/or BENCH_OTHER_NODE_ARGS, Node flags after the
 * shipped ones; and/or BENCH_OTHER_ENV, settings for B's server as `NAME=value NAME=value`) each run on their own database (BENCH_DATABASE_URL, BENCH_OTHER_DATABASE_URL); the
 * shoppers buy from one for BENCH_DURATION s (default 4), then from the other, for BENCH_ROUNDS
 * rounds (default 8; who goes first alternates). BENCH_STOCK as for `bench:buy` (`untracked`,
 * `tracked`: every shopper buys one tracked item, `tracked-each`: one each) and BENCH_COUPON. Reported: orders/s, the
 * server's and PostgreSQL's CPU per order, peak RSS under load, and B against A as the median of the
 * rounds' ratios.
 */
import { existsSync } from 'node:fs';
import { buy, pct, runShoppers, STEPS, type Step } from './buy.ts';
import {
  BENCH_COUPON,
  benchCoupon,
  postgresCpuMs,
  startVitrine,
  trackedItems,
  untrackedItem,
  type OtherBuild,
  type Proc,
} from './lib.ts';

const other: OtherBuild = {
  bundle: process.env.BENCH_OTHER_BUNDLE,
  nodeArgs: process.env.BENCH_OTHER_NODE_ARGS?.split(' ').filter(Boolean),
};
const otherEnv = Object.fromEntries(
  (process.env.BENCH_OTHER_ENV ?? '')
    .split(' ')
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);
const urls = [process.env.BENCH_DATABASE_URL, process.env.BENCH_OTHER_DATABASE_URL];
if (
  !(other.bundle || other.nodeArgs?.length || Object.keys(otherEnv).length) ||
  (other.bundle && !existsSync(other.bundle))
)
  throw new Error(
    'BENCH_OTHER_BUNDLE (an existing bundle), BENCH_OTHER_NODE_ARGS or BENCH_OTHER_ENV names build B',
  );
if (!urls[0] || !urls[1])
  throw new Error('BENCH_DATABASE_URL and BENCH_OTHER_DATABASE_URL: one database each');
const rounds = Number(process.env.BENCH_ROUNDS ?? 8);
const duration = Number(process.env.BENCH_DURATION ?? 4);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 8);
const stock = process.env.BENCH_STOCK ?? 'untracked';
if (!['untracked', 'tracked', 'tracked-each'].includes(stock))
  throw new Error('BENCH_STOCK is untracked, tracked or tracked-each');

interface Side {
  name: string;
  proc: Proc;
  base: string;
  refs: unknown[];
  rates: number[];
  orders: number;
  seconds: number;
  serverMs: number;
  pgMs: number;
  times: Record<Step, number[]>;
}

async function side(
  name: string,
  url: string,
  build?: OtherBuild,
  env: Record<string, string> = {},
): Promise<Side> {
  const proc = await startVitrine(url, env, build);
  const base = `http://127.0.0.1:${proc.port}`;
  const refs =
    stock === 'untracked'
      ? [await untrackedItem(base, { physical: true })]
      : await trackedItems(base, stock === 'tracked' ? 1 : shoppers);
  await benchCoupon(base);
  for (let i = 0; i < 20; i++) await buy(base, refs[i % refs.length]); // warm-up
  proc.resetPeak(); // the peak under load, as bench:buy reports it
  const times = Object.fromEntries(STEPS.map((s) => [s, []])) as unknown as Record<Step, number[]>;
  return { name, proc, base, refs, rates: [], orders: 0, seconds: 0, serverMs: 0, pgMs: 0, times };
}

const sides = [
  await side('A (this tree)', urls[0]),
  await side('B (the other build)', urls[1], other, otherEnv),
];
console.log(
  `\nBuy flow in turns: ${rounds} rounds of ${duration}s a build, ${shoppers} shoppers, stock ${stock}${BENCH_COUPON ? `, with coupon ${BENCH_COUPON}` : ''}\n`,
);
for (let r = 0; r < rounds; r++) {
  for (const s of r % 2 ? [...sides].reverse() : sides) {
    const server0 = s.proc.cpuMs();
    const pg0 = postgresCpuMs();
    const run = await runShoppers([s.base], s.refs, shoppers, duration);
    if (run.failed > 0) throw new Error(`${s.name}: ${run.failed} flows failed`);
    const serverMs = s.proc.cpuMs() - server0;
    const pgMs = postgresCpuMs() - pg0;
    s.rates.push(run.completed / run.seconds);
    s.orders += run.completed;
    s.seconds += run.seconds;
    s.serverMs += serverMs;
    s.pgMs += pgMs;
    for (const step of STEPS) s.times[step].push(...run.times[step]);
    console.log(
      `round ${String(r + 1).padStart(2)} ${s.name.padEnd(24)} ${(run.completed / run.seconds).toFixed(1).padStart(6)} orders/s` +
        `   CPU per order: server ${(serverMs / run.completed).toFixed(1)} ms, PostgreSQL ${(pgMs / run.completed).toFixed(1)} ms`,
    );
  }
}
console.log('');
for (const s of sides) {
  console.log(
    `${s.name.padEnd(24)} ${(s.orders / s.seconds).toFixed(1).padStart(6)} orders/s   CPU per order: server ` +
      `${(s.serverMs / s.orders).toFixed(1)} ms, PostgreSQL ${(s.pgMs / s.orders).toFixed(1)} ms; ` +
      `peak RSS ${s.proc.peakRssMiB()} MiB`,
  );
  console.log(
    `  step p50/p99 ms: ${STEPS.map((t) => `${t} ${pct(s.times[t], 50)}/${pct(s.times[t], 99)}`).join(', ')}`,
  );
}
const ratios = sides[0]!.rates.map((a, i) => sides[1]!.rates[i]! / a).sort((x, y) => x - y);
console.log(
  `B against A, orders/s: median ${ratios[Math.floor(ratios.length / 2)]!.toFixed(3)} of the rounds' ratios ` +
    `(${ratios.map((x) => x.toFixed(2)).join(', ')})`,
);
for (const s of sides) await s.proc.stop();
