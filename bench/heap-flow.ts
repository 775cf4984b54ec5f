/**
 * The load `npm run bench:heap` drives with BENCH_FLOW=1, from its own process: 8 shoppers buying
 * for the given seconds against the given server; prints `{"orders": n}`.
 */
import { runShoppers } from './buy.ts';
import { untrackedItem } from './lib.ts';

const [base, seconds] = process.argv.slice(2) as [string, string];
const ref = await untrackedItem(base, { physical: true });
const run = await runShoppers([base], ref, 8, Number(seconds));
if (run.failed) console.error(`${run.failed} purchases failed`);
console.log(JSON.stringify({ orders: run.completed }));
