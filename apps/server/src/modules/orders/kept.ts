/**
 * Orders kept per process, as this process last wrote them for payments: the order a checkout has
 * just placed (`insertOrder` with the configuration revision it priced at) and the order after a
 * payment call that leaves an authorization open (`applyPaymentUpdate` from a locked row, `keep`). The next payment call of the order
 * (the buyer paying, the merchant capturing) starts from it instead of reading it: its lock
 * (`sendKeptOrderLock`) checks that the order still has the revision it was kept with and the
 * configuration the revision it was priced at, and otherwise fails the transaction, which the
 * payments module then runs again from a read.
 *
 * Only committed states are kept (after COMMIT), each used once (taken out when used; the write
 * that follows keeps the new state). Bounded: the least recently used go past the budget.
 */
import { KeptMap } from '../../platform/kept-map.ts';
import { afterCommit, type Executor } from '../../platform/db/tx.ts';
import type { LockedOrder } from './service.ts';

/** What kept orders may take in all, estimated (`sizeOf`). */
export const KEPT_ORDERS_BUDGET = 1024 * 1024;

/**
 * A kept order's estimated size in memory, a little above what was measured (the heap taken by
 * 2,000 copies of a kept order with one activity: 3.6 KB with one line, 15.5 KB with ten).
 */
const sizeOf = (k: LockedOrder) =>
  4096 +
  ((k.row.data as { lineItems?: unknown[] }).lineItems?.length ?? 1) * 1536 +
  k.row.activities.length * 512;

const kept = new KeptMap<LockedOrder>(KEPT_ORDERS_BUDGET);

/**
 * Keeps `k` as its order's state once the transaction of `db` has committed; with `number`, the
 * order's number its insert answers (`sendOrderNumbered`: it has by then), put in its row.
 */
export function keepOrder(db: Executor, k: LockedOrder, number?: () => Promise<number>): void {
  afterCommit(db, () => {
    if (!number) return kept.set(k.row.id, k, sizeOf(k));
    number().then(
      (n) => kept.set(k.row.id, { ...k, row: { ...k.row, number: n } }, sizeOf(k)),
      () => {},
    );
  });
}

/** The kept state of order `id`, taken out (it is used once), or undefined. */
export function takeKeptOrder(id: string): LockedOrder | undefined {
  const k = kept.peek(id);
  if (!k) return undefined;
  kept.delete(id);
  kept.countUse();
  return k;
}

/** How many orders are kept, their estimated size, and how many payment calls used one (tests, diagnostics). */
export const keptOrdersSize = () => kept.stats();
