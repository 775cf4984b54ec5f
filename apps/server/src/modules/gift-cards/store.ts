import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';

export interface GiftCardsTables {
  gift_card: {
    id: string;
    code: string;
    code_key: string;
    initial_value: number;
    balance: number;
    currency: string;
    expiration_at: Date | null;
    disabled: boolean;
    revision: number;
    created_at: Date;
    updated_at: Date;
  };
  gift_card_redemption: {
    id: string;
    gift_card_id: string;
    order_id: string;
    amount: number;
    created_at: Date;
    refunded_at: Date | null;
  };
}
export type GiftCardRow = Selectable<GiftCardsTables['gift_card']>;
export type RedemptionRow = Selectable<GiftCardsTables['gift_card_redemption']>;

export const codeKey = (code: string) => code.trim().toUpperCase();

export const findCard = (db: Executor, id: string, lock = false) => {
  const q = db.selectFrom('gift_card').selectAll().where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

export const findCardByCode = (db: Executor, code: string) =>
  db.selectFrom('gift_card').selectAll().where('code_key', '=', codeKey(code)).executeTakeFirst();

/** Inserts unless the code is taken (a concurrent insert included); undefined on a clash. */
export const insertCard = (db: Executor, row: GiftCardRow) =>
  db
    .insertInto('gift_card')
    .values(row)
    .onConflict((oc) => oc.column('code_key').doNothing())
    .returningAll()
    .executeTakeFirst();

export const updateCard = (db: Executor, row: GiftCardRow) =>
  db.updateTable('gift_card').set(row).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();

export const deleteCard = (db: Executor, id: string) =>
  db.deleteFrom('gift_card').where('id', '=', id).returningAll().executeTakeFirst();

export const cardsBase = (db: Executor) => db.selectFrom('gift_card').selectAll();

export const redemptionsOf = (db: Executor, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([] as RedemptionRow[])
    : db
        .selectFrom('gift_card_redemption')
        .selectAll()
        .where('gift_card_id', 'in', [...ids])
        .orderBy('created_at')
        .orderBy('id')
        .execute();

/** Reserves the (card, order) pair; undefined when this order already has a redemption on the card. */
export const claimRedemption = (db: Executor, r: RedemptionRow) =>
  db
    .insertInto('gift_card_redemption')
    .values(r)
    .onConflict((oc) => oc.columns(['gift_card_id', 'order_id']).doNothing())
    .returning('id')
    .executeTakeFirst();

export const dropRedemption = (db: Executor, id: string) =>
  db.deleteFrom('gift_card_redemption').where('id', '=', id).execute();

/** Takes `amount` off the balance only when the card is usable and its balance covers it. */
export const debit = (db: Executor, id: string, amount: number, now: Date) =>
  db
    .updateTable('gift_card')
    .set({ balance: sql`balance - ${amount}` })
    .where('id', '=', id)
    .where('balance', '>=', amount)
    .where('disabled', '=', false)
    .where((eb) => eb.or([eb('expiration_at', 'is', null), eb('expiration_at', '>', now)]))
    .returning('balance')
    .executeTakeFirst();

/** Marks the order's redemption refunded (once) and puts its amount back on the balance. */
export async function refundRedemption(
  db: Executor,
  cardId: string,
  orderId: string,
  now: Date,
): Promise<number> {
  const r = await db
    .updateTable('gift_card_redemption')
    .set({ refunded_at: now })
    .where('gift_card_id', '=', cardId)
    .where('order_id', '=', orderId)
    .where('refunded_at', 'is', null)
    .returning('amount')
    .executeTakeFirst();
  if (!r) return 0;
  await db
    .updateTable('gift_card')
    .set({ balance: sql`balance + ${r.amount}` })
    .where('id', '=', cardId)
    .execute();
  return Number(r.amount);
}

/** Amounts compare in major units of the store currency (exponent `e`). */
export const cardSpec = (e: number): QuerySpec => ({
  entity: 'gift-card',
  idSql: 'gift_card.id',
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  fields: {
    id: { sql: 'gift_card.id', type: 'uuid', sortable: true },
    createdDate: { sql: 'gift_card.created_at', type: 'date', sortable: true },
    updatedDate: { sql: 'gift_card.updated_at', type: 'date', sortable: true },
    disabled: { sql: 'gift_card.disabled', type: 'boolean', sortable: true },
    expirationDate: { sql: 'gift_card.expiration_at', type: 'date' },
    currency: { sql: 'gift_card.currency', type: 'string' },
    'balance.amount': { sql: `(gift_card.balance::numeric / ${10 ** e})`, type: 'number', sortable: true },
    'initialValue.amount': {
      sql: `(gift_card.initial_value::numeric / ${10 ** e})`,
      type: 'number',
      sortable: true,
    },
  },
});
