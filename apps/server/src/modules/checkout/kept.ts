/**
 * Checkouts kept per process, as this process last read or wrote them, with what they were priced
 * from: their lines' catalog rows and the versions those were read at (store.ts ReadVersions). A
 * change of a kept checkout (service.ts mutate) is made from it without reading the checkout first,
 * and its write carries the checks a read would have made: the checkout's revision, the catalog's
 * and configuration's revisions, the lines' inventory versions and, with a coupon, the coupon's
 * (`sendKeptCheckoutWrite`). When any moved (another process changed the checkout, a price, the
 * settings, the stock or the coupon), the write fails, the kept checkout is dropped, and the change
 * reads and runs again. So a shopper's second change in a row (an address, then a shipping option)
 * is one round trip instead of two, or three with a coupon.
 *
 * Only committed states are kept: a checkout read or written outside a caller's transaction.
 * Bounded: the least recently used go past the budget.
 *
 * An item that sells often moves its stock between a shopper's calls, and a change made from a kept
 * checkout of it would mostly fail and be made again (three round trips instead of two). So when a
 * kept checkout's stock was found moved, its variants count as moving for STOCK_MOVING_MS, and
 * checkouts holding them are read first meanwhile (`stockMoving`).
 */
import { KeptMap } from '../../platform/kept-map.ts';
import type { CouponRead } from '../discounts/index.ts';
import type { CheckoutRow, ReadVersions } from './store.ts';

export interface KeptCheckout {
  row: CheckoutRow;
  /** Its lines' catalog rows (`catalogRowsFor`), read at `versions`. */
  catalogRows: unknown;
  configRevision: number;
  versions: ReadVersions;
  /**
   * The coupon as read when the checkout was last priced, if it has one: a change made from the kept
   * checkout is priced with it, without reading it again, and its write checks it is still so
   * (store.ts `withCoupon`).
   */
  coupon?: CouponRead;
}

/** What kept checkouts may take in all, estimated (`sizeOf`). */
export const KEPT_CHECKOUTS_BUDGET = 4 * 1024 * 1024;

/**
 * A kept checkout's estimated size in memory, a little above what was measured (the heap taken by
 * 2,000 copies of a kept checkout with an address: 2.7 KB with one line, 12.1 KB with ten).
 */
const sizeOf = (k: KeptCheckout) => 3072 + k.row.line_items.length * 1024;

const kept = new KeptMap<KeptCheckout>(KEPT_CHECKOUTS_BUDGET);

/** Drops the kept state of checkout `id` (it was written, completed, or failed a kept write). */
export const forgetCheckout = (id: string): void => kept.delete(id);

/**
 * The kept state of checkout `id`, if any; it counts as used. With `now` (ms), none while its stock
 * is moving (`stockMoving`).
 */
export const keptCheckout = (id: string, now?: number): KeptCheckout | undefined =>
  kept.use(id, (k) => now === undefined || !stockMoving(k.versions.stockIds, now));

/**
 * The coupon kept with checkout `id`, if any, without counting a use: a read of the checkout checks
 * it is still so (store.ts `readCheckout`) instead of reading it again.
 */
export const keptCouponOf = (id: string): CouponRead | undefined => kept.peek(id)?.coupon;

/** Keeps `k` as checkout `k.row.id`'s state (a completed checkout is not kept: it changes no more). */
export function keepCheckout(k: KeptCheckout): void {
  if (k.row.completed) kept.delete(k.row.id);
  else kept.set(k.row.id, k, sizeOf(k));
}

/** How many checkouts are kept, their estimated size, and how many changes used one (tests, diagnostics). */
export const keptCheckoutsSize = () => kept.stats();

/** How long a variant whose stock moved under a kept checkout makes checkouts holding it read first. */
export const STOCK_MOVING_MS = 60_000;
/** Variants most recently found moving (more are forgotten, oldest first). */
const MAX_MOVING = 10_000;
const moving = new Map<string, number>();

/** Notes that the stock of these variants moved under a kept checkout (at `now`, ms). */
export function noteStockMoved(variantIds: readonly string[], now: number): void {
  for (const id of variantIds) {
    moving.delete(id);
    moving.set(id, now + STOCK_MOVING_MS);
  }
  for (const first of moving.keys()) {
    if (moving.size <= MAX_MOVING) break;
    moving.delete(first);
  }
}

/** Whether any of these variants' stock was found moving less than STOCK_MOVING_MS before `now` (ms). */
export function stockMoving(variantIds: readonly string[], now: number): boolean {
  for (const id of variantIds) {
    const until = moving.get(id);
    if (until === undefined) continue;
    if (until > now) return true;
    moving.delete(id);
  }
  return false;
}
