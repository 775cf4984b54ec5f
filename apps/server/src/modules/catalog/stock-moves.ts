/**
 * The stock changes a server made, as a counter: each committed decrement or increment of tracked
 * stock (an order, a cancel's restock) raises it, and notes it against the variants it moved. State
 * kept from an earlier read (a new cart's items, cart/kept.ts) notes the counter before its read and,
 * when one of its variants moved since, is known stale without asking the database: it is read again
 * instead of being tried and failing its check (a round trip and a pause wasted). Another process's
 * changes are not seen here; the kept state's own check in SQL still catches them.
 *
 * Kept per server (`ctx.services`): in production one per process; the tests run several servers in
 * one process, each standing for a process of its own. Bounded: past MAX_NOTED variants the longest
 * unmoved are forgotten (then taken as unmoved).
 */
import type { Ctx } from '../../platform/context.ts';
import { afterCommit } from '../../platform/db/tx.ts';

const MAX_NOTED = 10_000;
interface Moves {
  count: number;
  movedAt: Map<string, number>;
}
const byServer = new WeakMap<Ctx['services'], Moves>();

function movesOf(ctx: Pick<Ctx, 'services'>): Moves {
  let m = byServer.get(ctx.services);
  if (!m) byServer.set(ctx.services, (m = { count: 0, movedAt: new Map() }));
  return m;
}

/** The counter now: note it before a read whose rows are kept. */
export const stockMoves = (ctx: Pick<Ctx, 'services'>): number => movesOf(ctx).count;

/** Notes, once the transaction of `ctx` has committed, that it moved these variants' stock. */
export function noteStockMoves(ctx: Pick<Ctx, 'db' | 'services'>, variantIds: readonly string[]): void {
  if (!variantIds.length) return;
  const m = movesOf(ctx);
  afterCommit(ctx.db, () => {
    m.count++;
    for (const id of variantIds) {
      m.movedAt.delete(id);
      m.movedAt.set(id, m.count);
    }
    for (const first of m.movedAt.keys()) {
      if (m.movedAt.size <= MAX_NOTED) break;
      m.movedAt.delete(first);
    }
  });
}

/** Whether this server moved any of these variants' stock after its counter was `mark`. */
export const movedSince = (
  ctx: Pick<Ctx, 'services'>,
  variantIds: readonly string[],
  mark: number,
): boolean => {
  const { movedAt } = movesOf(ctx);
  return variantIds.some((id) => (movedAt.get(id) ?? 0) > mark);
};
