/**
 * The order's insert: an order and its ORDER_PLACED activity in one statement, its number from the
 * sequence (taken before by `sendOrderNumber`, or by the insert itself), waited for or sent without
 * waiting (`sendOrder`, `sendOrderNumbered`).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/connect.ts';
import { checkWritten, expectOneRow, statement } from '../../platform/db/statement.ts';
import { deferValue, sendAhead, writeUnanswered, type Executor } from '../../platform/db/tx.ts';
import { nextOrderNumberSql, type OrderRow, type OrdersTables } from './store.ts';

/** An order's row as written (its number comes from a sequence; its data as JSON text). */
export type OrderInsert = Omit<OrdersTables['ecom_order'], 'number' | 'data'> & { data: string };

/** The order's ORDER_PLACED activity. */
export type Placed = { id: string; type: string; createdAt: Date };

/**
 * An order and its ORDER_PLACED activity in one statement; the activity only when the order was
 * written (one order per checkout: a unique index refuses a second one, and nothing is written).
 * The order's number is `row.number` when the caller took one (`sendOrderNumber`), else the
 * sequence's next. The insert answers the whole row (`all`), its id, or its id and number.
 */
function placeWith(
  db: Db,
  row: OrderInsert & { number?: number },
  activity: Placed,
  answer: 'all' | 'id' | 'number',
) {
  return db
    .with('placed', (q) => {
      const insert = q
        .insertInto('ecom_order')
        .values({ number: nextOrderNumberSql, ...row } as never)
        .onConflict((oc) => oc.column('checkout_id').where('checkout_id', 'is not', null).doNothing());
      return (
        answer === 'all'
          ? insert.returningAll()
          : answer === 'id'
            ? insert.returning('id')
            : insert.returning(['id', 'number'])
      ) as ReturnType<typeof insert.returningAll>;
    })
    .with('activity', (q) =>
      q
        .insertInto('ecom_order_activity')
        .columns(['id', 'order_id', 'type', 'author_email', 'content', 'created_at'])
        .expression(
          q
            .selectFrom('placed')
            .select([
              sql<string>`${activity.id}::uuid`.as('id'),
              'placed.id as order_id',
              sql<string>`${activity.type}`.as('type'),
              sql<null>`null`.as('author_email'),
              sql<null>`null`.as('content'),
              sql<Date>`${activity.createdAt}::timestamptz`.as('created_at'),
            ]),
        ),
    )
    .selectFrom('placed');
}

/** The order written, answered whole; none when another order holds its checkout. */
export const placeOrder = statement((db, row: OrderInsert & { number?: number }, activity: Placed) =>
  placeWith(db, row, activity, 'all').selectAll(),
);

/**
 * placeOrder with the order's number taken before (`sendOrderNumber`), sent without waiting
 * (`writeUnanswered`): when another order holds the checkout already, it writes nothing and fails
 * the transaction with ROW_CHANGED (`expectOneRow`).
 */
const sendPlaceOrder = statement((db, row: OrderInsert & { number: number }, activity: Placed) =>
  placeWith(db, row, activity, 'id').select(expectOneRow().as('ok')),
);

/** sendPlaceOrder with the number taken by the insert, answered (`sendAhead`). */
const sendPlaceOrderNumbered = statement((db, row: OrderInsert, activity: Placed) =>
  placeWith(db, row, activity, 'number').select([
    sql<number>`max(number)`.as('number'),
    expectOneRow().as('ok'),
  ]),
);

const nextOrderNumber = statement((db) => db.selectNoFrom(nextOrderNumberSql.as('number')));

/**
 * Takes the next order number in a transaction `inTransaction` opened without waiting for it
 * (`sendAhead`: it travels with the caller's next statement), for `insertOrder`'s `number`. A
 * number taken by a transaction that rolls back is not handed out again (a gap, as a failed
 * insert leaves one too).
 */
export async function sendOrderNumber(ctx: { db: Executor }): Promise<() => Promise<number>> {
  const taken = await sendAhead(ctx.db, nextOrderNumber(ctx.db));
  return async () => Number((await taken())[0]!.number);
}

/** The order `row` written by sendPlaceOrder, answered as PostgreSQL stores it (its data parsed from the text sent). */
export async function sendOrder(
  db: Executor,
  row: OrderInsert & { number: number },
  placed: Placed,
): Promise<OrderRow> {
  await writeUnanswered(db, sendPlaceOrder(db, row, placed));
  const written = { ...row, data: JSON.parse(row.data) as OrderRow['data'] };
  await checkWritten(db, 'ecom_order', written);
  return written;
}

/**
 * A text no order holds otherwise (random, per process), standing for the number of an order
 * `sendOrderNumbered` wrote, in what its transaction writes of it before that number is known.
 */
export const ORDER_NUMBER_TOKEN = `vitrine-order-number-${randomUUID()}`;

/**
 * The order `row` written without waiting, its number taken by its own insert, so that nothing
 * waits for the number before COMMIT. In the rows the transaction defers (its events, jobs and
 * mail: `deferValue`), ORDER_NUMBER_TOKEN is replaced by that number (the sequence's `currval`:
 * nothing else takes an order number in the transaction). Answers the order as written with
 * `number` NaN (`numbered`: false) and the function that gives the number once the insert has
 * answered, as it has after COMMIT; `numbered` when it is known now (outside such a transaction).
 */
export async function sendOrderNumbered(
  db: Executor,
  row: OrderInsert,
  placed: Placed,
): Promise<{ written: OrderRow; numbered: boolean; number: () => Promise<number> }> {
  const answer = await sendAhead(db, sendPlaceOrderNumbered(db, row, placed));
  const number = async () => Number((await answer())[0]!.number);
  const written = { ...row, number: NaN, data: JSON.parse(row.data) as OrderRow['data'] };
  if (!deferValue(db, ORDER_NUMBER_TOKEN, "currval('ecom_order_number_seq')")) {
    written.number = await number();
    await checkWritten(db, 'ecom_order', written);
    return { written, numbered: true, number };
  }
  await checkWritten(db, 'ecom_order', written, { number });
  return { written, numbered: false, number };
}
