/**
 * How far each step of the buy flow is from its own floor: the CPU the server's main thread (its
 * event loop, where all request work runs) spends on each step, one shopper at a time, against what
 * bare Node `http` + `pg` spends on the same number of HTTP calls and database round trips.
 */
import { buy, STEPS, type Step } from './buy.ts';
import { api, type Proc } from './lib.ts';

/** The main thread's CPU per purchase on each step (µs), over `n` purchases one at a time (after a warm-up). */
export async function stepCpu(
  base: string,
  proc: Proc,
  ref: unknown,
  n: number,
): Promise<Record<Step, number>> {
  for (let i = 0; i < 20; i++) await buy(base, ref);
  const sum = Object.fromEntries(STEPS.map((s) => [s, 0])) as Record<Step, number>;
  for (let i = 0; i < n; i++)
    await buy(base, ref, async (name, fn) => {
      const before = proc.loopMs().run;
      const r = await fn();
      sum[name] += proc.loopMs().run - before;
      return r;
    });
  return Object.fromEntries(STEPS.map((s) => [s, (sum[s] * 1000) / n])) as Record<Step, number>;
}

/**
 * The baseline's main-thread CPU (µs) of one bare HTTP call, and of one more round trip to
 * PostgreSQL in it (a prepared `select $1`, on one pooled client as a transaction would use).
 */
export async function floorCpu(baseline: Proc, n: number): Promise<{ call: number; trip: number }> {
  const base = `http://127.0.0.1:${baseline.port}`;
  const TRIPS = 8;
  const per = async (path: string) => {
    for (let i = 0; i < 50; i++) await api(base, path);
    const before = baseline.loopMs().run;
    for (let i = 0; i < n; i++) await api(base, path);
    return ((baseline.loopMs().run - before) * 1000) / n;
  };
  const call = await per('/');
  const withTrips = await per(`/pg-trips?n=${TRIPS}`);
  return { call, trip: (withTrips - call) / TRIPS };
}
