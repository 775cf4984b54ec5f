/**
 * The payments of orders as this process last wrote them, with the revision their order had then:
 * the gateway order a checkout opened for an order it has just placed, and an order's payments
 * while one of them is an open authorization. With the order kept by
 * the orders module at that revision (`keptOrderForPayment`), the next payment call of the order —
 * the buyer paying what create-order opened, the merchant capturing or voiding what the buyer
 * authorized — runs without reading, in one round trip:
 *
 * - the order's lock checks that it still has that revision (`sendKeptOrderLock`); every payment
 *   write locks the order and changes it (ledger.ts syncOrder), so its payments are as kept too;
 * - a gateway order's lock checks that it is still open for the amount and capture terms kept
 *   (`sendKeptGatewayOrderLock`): a re-prepare changes them without changing its order.
 *
 * When either moved (another process paid, the merchant canceled, the settings changed), the
 * transaction fails and the call runs again from a read; so does any other failure, so no answer
 * comes from rows that were not current. The provider is then called a second time: only a
 * provider whose calls are `repeatable` (the test gateway) is called from kept rows.
 *
 * Only committed states are kept, each used once. Bounded: the least recently used go past the budget.
 */
import type { Ctx } from '../../platform/context.ts';
import { isRowChanged } from '../../platform/db/statement.ts';
import { afterCommit, inTransaction, type Executor } from '../../platform/db/tx.ts';
import { KeptMap } from '../../platform/kept-map.ts';
import { keptOrderForPayment, sendKeptOrderLock } from '../orders/index.ts';
import { syncOrder, type OrderForPayment } from './ledger.ts';
import type { GatewayOrderRow, PaymentRow } from './store.ts';

interface Kept {
  /** The revision the order has once the transaction that kept this committed. */
  orderRevision: number;
  /** All the order's payments, oldest first. */
  payments: PaymentRow[];
  /** Gateway orders of the order opened and not paid (those this process opened for a new order). */
  openGatewayOrders: GatewayOrderRow[];
}

/** What an order's kept payments may take in all, estimated (`sizeOf`). */
export const KEPT_PAYMENTS_BUDGET = 512 * 1024;
/**
 * Kept payments' estimated size in memory, a little above what was measured (the heap taken by 5,000
 * copies of made-up rows: 3.9 KB a payment with one capture and a scheduled action, 1.6 KB a gateway
 * order, each with its wrapper).
 */
const sizeOf = (k: Kept) => 512 + k.payments.length * 4096 + k.openGatewayOrders.length * 1536;

const kept = new KeptMap<Kept>(KEPT_PAYMENTS_BUDGET);

/** Keeps `k` as the payments of order `orderId` once the transaction of `db` has committed. */
export function keepPayments(db: Executor, orderId: string, k: Kept): void {
  afterCommit(db, () => kept.set(orderId, k, sizeOf(k)));
}

/** An order and its payments as this process kept them, locked by the transaction without a read. */
export type KeptOrderPayments = Kept & { order: OrderForPayment };

/** The kept order `orderId` and its payments, taken out (they are used once), when both are kept and agree. */
function takeKept(orderId: string): KeptOrderPayments | undefined {
  const k = kept.peek(orderId);
  kept.delete(orderId);
  const order = keptOrderForPayment(orderId);
  if (!k || !order || Number(order.locked.row.revision) !== k.orderRevision) return undefined;
  return { ...k, order };
}

/**
 * Runs a payment call on order `orderId`: `fromKept` in a transaction that locks the order as kept
 * (and whatever `fromKept` locks so) when the order and its payments are kept and `use` takes them;
 * else, or when that failed in any way, `fromRead` in a transaction of its own. Inside a caller's
 * transaction, `fromRead` in it.
 */
export async function fromKeptOrRead<T>(
  ctx: Ctx,
  orderId: string,
  o: {
    use: (k: KeptOrderPayments) => boolean;
    fromKept: (tx: Ctx, k: KeptOrderPayments) => Promise<T>;
    fromRead: (tx: Ctx) => Promise<T>;
  },
): Promise<T> {
  // Inside a caller's transaction a failure would fail the caller's too: read.
  const k = ctx.db.isTransaction ? undefined : takeKept(orderId);
  if (k && o.use(k)) {
    kept.countUse();
    // A failure once COMMIT has answered (in what runs after it) is not run again: the call was made.
    let committed = false;
    const done = await inTransaction(ctx, async (tx) => {
      afterCommit(tx.db, () => (committed = true));
      await sendKeptOrderLock(tx, k.order);
      return { value: await o.fromKept(tx, k) };
    }).catch((e: unknown) => {
      if (committed) throw e;
      if (isRowChanged(e)) stale++;
    });
    if (done) return done.value;
  }
  return inTransaction(ctx, o.fromRead);
}

/**
 * syncOrder for a call that holds all the order's payments as they now are (`payments`): while one of
 * them is an open authorization, which the merchant captures or voids next, the order and its
 * payments are kept for that call.
 */
export async function syncOrderKeeping(
  tx: Ctx,
  order: OrderForPayment,
  activity: { type: string },
  approve: boolean,
  payments: PaymentRow[],
): Promise<void> {
  const held = payments.some((p) => p.status === 'AUTHORIZED');
  await syncOrder(tx, order, activity, approve, payments, held);
  if (held)
    keepPayments(tx.db, order.id, {
      // syncOrder changed the order once.
      orderRevision: Number(order.locked.row.revision) + 1,
      payments,
      openGatewayOrders: [],
    });
}

/** Calls made from kept rows that the database found no longer current (ROW_CHANGED), and ran again from a read. */
let stale = 0;

/**
 * How many orders' payments are kept, their estimated size, how many calls used them, and how many of
 * those found them no longer current (tests, diagnostics).
 */
export const keptPaymentsSize = () => ({ ...kept.stats(), stale });
