import { sql } from 'kysely';
import {
  expectOneRow,
  jsonColumns,
  sendIfRevision,
  sendInsert,
  statement,
  updateIfRevision,
} from '../../platform/db/statement.ts';
import { sendAhead, writeUnanswered, type Executor } from '../../platform/db/tx.ts';
import type { CartReadAt } from '../../platform/ports.ts';
import { stillReadAt, type ExtraIds, type StoredLine } from '../lines/index.ts';
import {
  catalogRevision,
  catalogRowsFor,
  catalogRowsOfIds,
  stockVariantIdsFor,
  stockVersionOf,
} from '../catalog/index.ts';

export interface CartTables {
  cart: {
    id: string;
    owner_key: string;
    visitor_id: string | null;
    member_id: string | null;
    line_items: StoredLine[];
    buyer_note: string | null;
    contact_info: unknown;
    coupon: { id: string; code: string } | null;
    merchant_discounts: { amountMinor: number }[];
    selected_shipping_option: { code: string; carrierId?: string } | null;
    override_checkout_url: string | null;
    purchase_flow_id: string | null;
    business_location_id: string | null;
    checkout_id: string | null;
    revision: string | number;
    created_at: Date;
    updated_at: Date;
  };
}
export type CartRow = CartTables['cart'];
export type CartWrite = Omit<
  CartRow,
  'revision' | 'created_at' | 'updated_at' | 'id' | 'owner_key' | 'visitor_id' | 'member_id'
>;

const jsonb = jsonColumns([
  'line_items',
  'contact_info',
  'coupon',
  'merchant_discounts',
  'selected_shipping_option',
]);

/**
 * What a cart's answer is made of, as one string (same string, same answer: kept.ts). The base: the
 * row's version (`xmin` moves with every write of the row, also one that leaves `revision`, like
 * linking the checkout), the catalog's revision (its lines' products, prices, tracking, and whether
 * they are in stock) and the configuration's revision (currency, language, tax). Then, for lines
 * whose stock is tracked, their inventory rows' versions (their quantities: an order of other items
 * leaves them): `withStock`.
 */
const baseVersion = sql<string>`c.id || ':' || c.xmin::text || ':' || ${catalogRevision()} || '/' || (select revision from config_revision where id = 1)`;
export const withStock = (base: string, stock: string) => `${base}:${stock}`;

/** A cart as read for a call: with the catalog rows of its lines (`catalog/lookup.ts` catalogRowsFor). */
export type ReadCart = CartRow & {
  catalog_rows: unknown;
  base_version: string;
  stock_version: string;
  /** The variant ids stock_version was read from: a kept answer reads its version by them (readCartVersions). */
  stock_ids: string[];
  /** The catalog's revision as read (a checkout made from the cart keeps it with the catalog rows). */
  catalog_rev: string;
};

/** `readCarts`' statement: `keys` holds the owner keys by position (one or two: a statement each). */
const readCartsStatement = statement(
  (_, keys: Record<string, string>, o: Partial<ExtraIds>) =>
    sql<ReadCart & { config_rev: string; extra_rows?: unknown; all_stock_version?: string }>`
    select c.*, ${catalogRowsFor(sql.ref('c.line_items'))} as catalog_rows, ${baseVersion} as base_version,
      ${stockVersionOf(sql.ref('s.stock_ids'))} as stock_version, s.stock_ids, r.revision as config_rev, ${catalogRevision()} as catalog_rev ${o.variantIds ? sql`, ${catalogRowsOfIds(o.variantIds)} as extra_rows, ${stockVersionOf(sql`coalesce(s.stock_ids, '{}') || ${o.variantIds}::uuid[]`)} as all_stock_version` : sql``}
    from config_revision r left join cart c on c.owner_key in (${sql.join(Object.values(keys))})
      left join lateral (select ${stockVariantIdsFor(sql.ref('c.line_items'))} as stock_ids) s on true
    where r.id = 1`,
);

export type { CartReadAt };

/** What was read with the items about to be added (`readCarts` with `extra`). */
export interface ExtraRead {
  /** Their catalog rows (`catalogRowsOfIds`). */
  rows: unknown;
  /** The catalog's revision, read in the same statement (also with no cart). */
  catalogRev: string;
  /** The inventory version (`stockVersionOf`) of the cart's lines' variants and of theirs (`stockIds`). */
  stockVersion: string;
  stockIds: string[];
}

/**
 * The carts of these owners (a member's and the visitor's they logged in from), with the
 * configuration revision, in one statement. `configRevision` comes back even with no cart, and so
 * does `extra` (the catalog rows of items about to be added, when the caller asks: `extraRowsFor`).
 */
export async function readCarts(
  db: Executor,
  ownerKeys: string[],
  extra?: ExtraIds,
): Promise<{ carts: ReadCart[]; configRevision: number; extraRows?: unknown; extra?: ExtraRead }> {
  const keys = Object.fromEntries(ownerKeys.map((k, i) => [i, k]));
  const rows = await db.executeQuery(readCartsStatement(db, keys, extra ?? {}));
  const first = rows.rows[0];
  const configRevision = Number(first?.config_rev ?? 0);
  const carts = rows.rows.filter((r) => r.id !== null);
  if (!extra) return { carts, configRevision };
  const read =
    first?.all_stock_version !== undefined && extra.variantIds
      ? {
          rows: first.extra_rows,
          catalogRev: String(first.catalog_rev),
          stockVersion: first.all_stock_version,
          stockIds: [...new Set([...(first.stock_ids ?? []), ...extra.variantIds])],
        }
      : undefined;
  return { carts, configRevision, extraRows: first?.extra_rows, ...(read ? { extra: read } : {}) };
}

/**
 * The answer versions of these owners' carts (see baseVersion), in one small statement: with the
 * stock of the variants `stockIds` names (`withStock`: those a kept answer's stock version was read
 * from, ReadCart.stock_ids; the cart's own lines are the same ones while its base version holds), or
 * without stock (cheaper: it reads no inventory row).
 */
export async function readCartVersions(
  db: Executor,
  ownerKeys: string[],
  o: { stockIds?: readonly string[] },
): Promise<{ owner_key: string; version: string }[]> {
  const rows = await sql<{ owner_key: string; version: string; stock?: string }>`
    select c.owner_key, ${baseVersion} as version ${o.stockIds ? sql`, ${stockVersionOf(sql`${[...o.stockIds]}::uuid[]`)} as stock` : sql``}
    from cart c where c.owner_key in (${sql.join(ownerKeys)})`.execute(db);
  return rows.rows.map((r) => ({
    owner_key: r.owner_key,
    version: r.stock === undefined ? r.version : withStock(r.version, r.stock),
  }));
}

/** Writes the cart if it still has `revision`; undefined when someone else changed it first. */
export const updateCart: (
  db: Executor,
  id: string,
  revision: string | number,
  w: CartWrite,
  now: Date,
) => Promise<CartRow | undefined> = updateIfRevision<CartRow>('cart', jsonb);

export async function deleteCart(db: Executor, id: string): Promise<boolean> {
  const r = await db.executeQuery(deleteStatement(db, { id }));
  return Number(r.numAffectedRows) > 0;
}

const deleteStatement = statement((db, key: { id: string }) =>
  db.deleteFrom('cart').where('id', '=', key.id),
);

/**
 * Deletes a cart in a transaction `inTransaction` opened without waiting for the answer
 * (`sendAhead`: it travels with the next statement); the function answers whether it was there.
 */
export async function sendCartDelete(db: Executor, id: string): Promise<() => Promise<boolean>> {
  const deleted = await sendAhead(db, deleteReturning(db, { id }));
  return async () => (await deleted()).length > 0;
}
const deleteReturning = statement((db, key: { id: string }) =>
  db.deleteFrom('cart').where('id', '=', key.id).returning('id'),
);

/**
 * Deletes a cart expected to be there, in a transaction `inTransaction` opened, without waiting for
 * the answer (`writeUnanswered`): when it is gone, the transaction fails with ROW_CHANGED (`expectOneRow`).
 */
export async function sendExpectedCartDelete(db: Executor, id: string): Promise<void> {
  await writeUnanswered(db, deleteExpected(db, { id }));
}
const deleteExpected = statement(
  (_, key: { id: string }) => sql<{ ok: number }>`
    with w as (delete from cart where id = ${key.id} returning 1) select ${expectOneRow()} as ok from w`,
);

/**
 * Links the cart to its checkout, in the checkout's transaction, without waiting for the answer: if
 * the cart still links `expected` (null: none), else the transaction fails with ROW_CHANGED (another
 * create-checkout linked its checkout first, or the cart is gone). The update holds the cart's row
 * lock, so a concurrent create-checkout for the cart waits for it and then finds the link moved.
 */
export async function setCartCheckout(
  db: Executor,
  id: string,
  checkoutId: string,
  expected: string | null,
): Promise<void> {
  await writeUnanswered(db, setCheckoutStatement(db, { id, checkoutId, expected }));
}

const setCheckoutStatement = statement(
  (_, k: { id: string; checkoutId: string; expected: string | null }) => sql<{ ok: number }>`
    with w as (update cart set checkout_id = ${k.checkoutId} where id = ${k.id}
      and checkout_id is not distinct from ${k.expected}::uuid returning 1)
    select ${expectOneRow()} as ok from w`,
);

const setKeptCheckoutStatement = statement(
  (_, k: { id: string; checkoutId: string; expected: string | null }, v: CartReadAt) => sql<{ ok: number }>`
    with w as (update cart set checkout_id = ${k.checkoutId} where id = ${k.id} and revision = ${v.revision}
      and checkout_id is not distinct from ${k.expected}::uuid and ${stillReadAt(v)} returning 1)
    select ${expectOneRow()} as ok from w`,
);

/**
 * setCartCheckout for a checkout made from a cart kept from an earlier call instead of read now:
 * it links only if the cart still has the revision it was kept with (and links `expected`), and the
 * catalog, the configuration and its lines' stock are still at the versions it was read at (`at`),
 * so that the checkout was made from the current cart; otherwise the transaction fails with
 * ROW_CHANGED.
 */
export async function setKeptCartCheckout(
  db: Executor,
  id: string,
  checkoutId: string,
  expected: string | null,
  at: CartReadAt,
) {
  await writeUnanswered(db, setKeptCheckoutStatement(db, { id, checkoutId, expected }, at));
}

const itemsStillAtStatement = statement(
  (_, v: Omit<CartReadAt, 'revision'>) => sql<{ ok: number }>`
    with w as (select 1 where ${stillReadAt(v)})
    select ${expectOneRow()} as ok from w`,
);

/**
 * In the transaction that makes a cart of items kept from an earlier read (kept.ts KeptItems),
 * without waiting for the answer: unless the catalog, the configuration and the items' stock are
 * still at the versions they were read at (`at`), the transaction fails with ROW_CHANGED.
 */
export async function sendItemsStillAt(db: Executor, at: Omit<CartReadAt, 'revision'>) {
  await writeUnanswered(db, itemsStillAtStatement(db, at));
}

export async function cartById(db: Executor, id: string): Promise<CartRow | undefined> {
  return db.selectFrom('cart').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * In the transaction that writes the cart, without waiting for the answer (statement.ts): creates
 * the owner's cart, answering it as written; when one appeared meanwhile, the transaction fails
 * with ROW_CHANGED.
 */
export const sendNewCart: (db: Executor, row: Omit<CartRow, 'revision'>) => Promise<CartRow> =
  sendInsert<CartRow>('cart', jsonb, { ifAbsent: 'owner_key' });

/**
 * In the transaction that writes the cart, without waiting for the answer: writes the cart if it
 * still has the revision it was read with, answering it as written; when someone else changed it
 * first, the transaction fails with ROW_CHANGED.
 */
export const sendCartWrite: (db: Executor, row: CartRow, w: CartWrite, now: Date) => Promise<CartRow> =
  sendIfRevision<CartRow>('cart', jsonb);

/** Hands a visitor's cart to the member they logged in as. */
export async function reownCart(
  db: Executor,
  id: string,
  revision: string | number,
  ownerKey: string,
  memberId: string,
  now: Date,
): Promise<CartRow | undefined> {
  return db
    .updateTable('cart')
    .set({ owner_key: ownerKey, member_id: memberId, revision: sql`revision + 1`, updated_at: now } as never)
    .where('id', '=', id)
    .where('revision', '=', String(revision) as never)
    .returningAll()
    .executeTakeFirst();
}
