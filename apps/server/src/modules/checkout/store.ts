import { sql, type RawBuilder } from 'kysely';
import {
  expectOneRow,
  jsonColumns,
  sendIfRevision,
  sendInsert,
  statement,
  updateIfRevision,
} from '../../platform/db/statement.ts';
import { writeUnanswered, type Executor } from '../../platform/db/tx.ts';
import { stillReadAt, type ExtraIds, type MerchantDiscount, type StoredLine } from '../lines/index.ts';
import {
  catalogRevision,
  catalogRowsFor,
  catalogRowsOfIds,
  stockVariantIdsFor,
  stockVersionOf,
} from '../catalog/index.ts';
import { couponStillAt, type CouponRead } from '../discounts/index.ts';

export interface BuyerInfo {
  visitorId?: string;
  memberId?: string;
  email?: string;
  contactId?: string;
}
export interface CheckoutTables {
  checkout: {
    id: string;
    cart_id: string | null;
    owner_key: string | null;
    created_by: Record<string, string>;
    buyer: BuyerInfo;
    line_items: StoredLine[];
    billing_info: unknown;
    shipping_destination: unknown;
    selected_shipping: { code: string; carrierId?: string } | null;
    buyer_note: string | null;
    coupon: { id: string; code: string } | null;
    gift_card: { code: string; requestedAmountMinor?: number } | null;
    merchant_discounts: MerchantDiscount[];
    override_checkout_url: string | null;
    channel_type: string;
    custom_fields: unknown[];
    purchase_flow_id: string | null;
    business_location_id: string | null;
    completed: boolean;
    order_id: string | null;
    payment_gateway_order_id: string | null;
    revision: string | number;
    created_at: Date;
    updated_at: Date;
  };
}
export type CheckoutRow = CheckoutTables['checkout'];
/** What a change may write (identity and timestamps are the store's). */
export type CheckoutWrite = Omit<
  CheckoutRow,
  'id' | 'cart_id' | 'owner_key' | 'created_by' | 'revision' | 'created_at' | 'updated_at'
>;

const JSON_COLUMNS = [
  'created_by',
  'buyer',
  'line_items',
  'billing_info',
  'shipping_destination',
  'selected_shipping',
  'coupon',
  'gift_card',
  'merchant_discounts',
  'custom_fields',
] as const;
const jsonb = jsonColumns(JSON_COLUMNS);

/**
 * What the catalog rows and the pricing of a checkout read were made of, besides the row itself: the
 * catalog's and the configuration's revisions, and the version of its lines' inventory rows
 * (`stockVersionOf` over `stockIds`). While all three hold, those rows are still current: a write
 * made from a kept checkout (kept.ts) carries them as its condition (`sendKeptCheckoutWrite`).
 */
export type ReadVersions = {
  catalogRev: string;
  configRev: string;
  stockIds: string[];
  stockVersion: string;
};

/** A coupon read earlier (discounts' CouponRead) as a statement's values: flat, as `statement`'s groups are. */
type CouponGuard = { couponKey?: string; couponCustomer?: string | null; couponVersion?: string | null };
const couponGuard = (coupon?: CouponRead): CouponGuard =>
  coupon
    ? { couponKey: coupon.codeKey, couponCustomer: coupon.customerKey, couponVersion: coupon.version }
    : {};
/** Whether the coupon of `g` is still at the version it was read at (discounts' `couponStillAt`). */
const couponStill = (g: CouponGuard & { couponKey: string }) =>
  couponStillAt({
    codeKey: g.couponKey,
    customerKey: g.couponCustomer ?? null,
    version: g.couponVersion ?? null,
  });

/**
 * A kept write's condition: the versions it was read at (`ReadVersions`) and, when it was priced
 * with a coupon read earlier, that coupon's version (`withCoupon`).
 */
export type KeptVersions = ReadVersions & CouponGuard;

/** `versions` and, read earlier, the coupon a kept write was priced with, as a write's condition. */
export const withCoupon = (versions: ReadVersions, coupon?: CouponRead): KeptVersions => ({
  ...versions,
  ...couponGuard(coupon),
});

/** `stillReadAt`, and the coupon, if any, still at the version it was read at. */
const stillAsKept = (v: KeptVersions) =>
  v.couponKey === undefined
    ? stillReadAt(v)
    : sql<boolean>`${stillReadAt(v)} and ${couponStill({ ...v, couponKey: v.couponKey })}`;

type ReadRow = CheckoutRow & {
  config_rev: string;
  catalog_rev: string;
  stock_ids: string[];
  stock_version: string;
  catalog_rows: unknown;
  extra_rows?: unknown;
  coupon_still?: boolean;
};
type Where = { id: string } | { cartId: string };
const checkoutRead = (
  where: Where,
  extra: Partial<ExtraIds>,
  coupon: CouponGuard,
  lock: RawBuilder<unknown>,
) => sql<ReadRow>`
    select c.*, (select revision from config_revision where id = 1) as config_rev, ${catalogRowsFor(sql.ref('c.line_items'))} as catalog_rows,
      ${catalogRevision()} as catalog_rev, s.stock_ids, ${stockVersionOf(sql.ref('s.stock_ids'))} as stock_version
      ${extra.variantIds ? sql`, ${catalogRowsOfIds(extra.variantIds)} as extra_rows` : sql``}
      ${coupon.couponKey !== undefined ? sql`, ${couponStill({ ...coupon, couponKey: coupon.couponKey })} as coupon_still` : sql``}
    from checkout c left join lateral (select ${stockVariantIdsFor(sql.ref('c.line_items'))} as stock_ids) s on true
    where ${'id' in where ? sql`c.id = ${where.id}` : sql`c.cart_id = ${where.cartId}`}
    order by c.created_at desc limit 1 ${lock}`;
const checkoutStatement = statement((_, where: Where, extra: Partial<ExtraIds>, coupon: CouponGuard) =>
  checkoutRead(where, extra, coupon, sql``),
);
const lockedCheckoutStatement = statement((_, where: Where, extra: Partial<ExtraIds>, coupon: CouponGuard) =>
  checkoutRead(where, extra, coupon, sql`for update of c`),
);

/**
 * The checkout with the configuration revision and its lines' catalog rows (`catalogRowsFor`), in one
 * statement; with `extra` (`extraRowsFor`), also the catalog rows of items about to be added; with
 * `coupon` (read earlier), `coupon` again if it is still at the version it was read at, so that it
 * need not be read again to price the checkout.
 */
export async function readCheckout(
  db: Executor,
  where: Where,
  o: { forUpdate?: boolean; extra?: ExtraIds; coupon?: CouponRead } = {},
): Promise<
  | {
      row: CheckoutRow;
      configRevision: number;
      catalogRows: unknown;
      extraRows?: unknown;
      versions: ReadVersions;
      coupon?: CouponRead;
    }
  | undefined
> {
  const read = o.forUpdate ? lockedCheckoutStatement : checkoutStatement;
  const r = await db.executeQuery(read(db, where, o.extra ?? {}, couponGuard(o.coupon)));
  const row = r.rows[0];
  if (!row) return undefined;
  const {
    config_rev,
    catalog_rows,
    extra_rows,
    catalog_rev,
    stock_ids,
    stock_version,
    coupon_still,
    ...rest
  } = row;
  // extra_rows is there only when asked for (undefined otherwise: resolveExtra then looks items up).
  return {
    row: rest as CheckoutRow,
    configRevision: Number(config_rev),
    catalogRows: catalog_rows,
    extraRows: extra_rows,
    versions: {
      catalogRev: String(catalog_rev),
      configRev: String(config_rev),
      stockIds: stock_ids,
      stockVersion: stock_version,
    },
    ...(coupon_still && o.coupon ? { coupon: o.coupon } : {}),
  };
}

/** The configuration revision, and the catalog rows of items about to be added (`extraRowsFor`), in one statement. */
export async function readConfigWith(
  db: Executor,
  extra: ExtraIds,
): Promise<{ configRevision: number; extraRows: unknown }> {
  const r = await db.executeQuery(configWithStatement(db, extra));
  return { configRevision: Number(r.rows[0]!.config_rev), extraRows: r.rows[0]!.extra_rows };
}

const configWithStatement = statement(
  (_, extra: ExtraIds) => sql<{ config_rev: string; extra_rows: unknown }>`
    select (select revision from config_revision where id = 1) as config_rev, ${catalogRowsOfIds(extra.variantIds)} as extra_rows`,
);

/** In the transaction that creates the checkout, without waiting for the answer (statement.ts). */
export const sendNewCheckout: (db: Executor, row: Omit<CheckoutRow, 'revision'>) => Promise<CheckoutRow> =
  sendInsert<CheckoutRow>('checkout', jsonb);

/**
 * In the transaction that writes the checkout, without waiting for the answer: writes it if it
 * still has the revision it was read with, answering it as written; when another request changed
 * it first, the transaction fails with ROW_CHANGED (statement.ts).
 */
export const sendCheckoutWrite: (
  db: Executor,
  row: CheckoutRow,
  /** With `owner_key`: a visitor's checkout reused by the member they signed in as (from-cart.ts). */
  w: Partial<CheckoutWrite> & { owner_key?: string | null },
  now: Date,
) => Promise<CheckoutRow> = sendIfRevision<CheckoutRow>('checkout', jsonb);

/**
 * sendCheckoutWrite for a checkout kept from an earlier call (kept.ts) instead of read now: it writes
 * only if, besides the revision, the catalog's and the configuration's revisions, the lines'
 * inventory versions and the coupon's are still those it was read with (`versions`), so that what
 * the change was priced from is current; otherwise the transaction fails with ROW_CHANGED and the
 * caller reads.
 */
export const sendKeptCheckoutWrite: (
  db: Executor,
  row: CheckoutRow,
  w: Partial<CheckoutWrite>,
  now: Date,
  versions: KeptVersions,
) => Promise<CheckoutRow> = sendIfRevision<CheckoutRow, KeptVersions>('checkout', jsonb, stillAsKept);

const keptLockStatement = statement(
  (_, k: { id: string; revision: string }, v: KeptVersions) => sql<{ ok: number }>`
    select ${expectOneRow()} as ok from (select 1 from checkout c
      where c.id = ${k.id} and c.revision = ${k.revision} and ${stillAsKept(v)} for update of c) as locked`,
);

/**
 * In a transaction `inTransaction` opened, without waiting for the answer: locks a checkout kept from
 * an earlier call (kept.ts) instead of reading it, if it still has the revision it was kept with and
 * its catalog, configuration, stock and coupon are still at `versions`; otherwise the transaction
 * fails with ROW_CHANGED (statement.ts) and the caller reads it (`readCheckout` with `forUpdate`).
 */
export async function sendKeptCheckoutLock(db: Executor, row: CheckoutRow, versions: KeptVersions) {
  await writeUnanswered(db, keptLockStatement(db, { id: row.id, revision: String(row.revision) }, versions));
}

/** Writes the checkout if it still has `revision`; undefined when another request changed it first. */
export const updateCheckoutRow: (
  db: Executor,
  id: string,
  revision: string | number,
  w: Partial<CheckoutWrite>,
  now: Date,
) => Promise<CheckoutRow | undefined> = updateIfRevision<CheckoutRow>('checkout', jsonb);
