import { sql, type Generated, type JSONColumnType, type Selectable } from 'kysely';
import { expectOneRow, statement } from '../../platform/db/statement.ts';
import { writeUnanswered, type Executor } from '../../platform/db/tx.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';

/**
 * A scope as the wire has it (scopes.ts): catalog items, where no `catalogItemIds` (an empty list) is
 * every item, or the products of collections.
 */
export type StoredScope =
  | {
      id: string;
      type: 'CATALOG_ITEM' | 'ALL_ITEMS';
      catalogItemFilter: { catalogAppId: string; catalogItemIds: string[] };
    }
  | {
      id: string;
      type: 'CUSTOM_FILTER';
      customFilter: { appId: string; params: { collectionIds: string[] } };
    };
/** A rule's trigger (triggers.ts): amounts in minor units, scopes as the wire has them. */
export type StoredTrigger =
  | { triggerType: 'AND' | 'OR'; triggers: StoredTrigger[] }
  | {
      triggerType: 'SUBTOTAL_RANGE';
      scopes: StoredScope[];
      fromMinor?: number;
      toMinor?: number;
      /** The ends as given, when they have more decimals than the currency (answered so). */
      from?: string;
      to?: string;
    }
  | { triggerType: 'ITEM_QUANTITY_RANGE'; scopes: StoredScope[]; from?: number; to?: number }
  | { triggerType: 'CUSTOMER_ELIGIBILITY'; memberIds: string[] };
/** A coupon's scope as the wire has it (`stores`, optionally one product). */
export interface StoredCouponScope {
  namespace: string;
  group?: { name: string; entityId?: string };
}

export interface DiscountsTables {
  discount_rule: {
    id: string;
    name: string;
    active: boolean;
    start_at: Date | null;
    end_at: Date | null;
    target_type: 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
    scopes: JSONColumnType<StoredScope[]>;
    trigger: JSONColumnType<StoredTrigger | null, string | null, string | null>;
    discount_type: 'PERCENTAGE' | 'FIXED_AMOUNT' | 'FIXED_PRICE' | 'QUANTITY_BASED';
    /** numeric: a string from the drivers. */
    percentage: string | number | null;
    amount: number | null;
    /** QUANTITY_BASED: how many units `amount` buys together. */
    quantity: number | null;
    usage_count: Generated<number>;
    revision: number;
    created_at: Date;
    updated_at: Date;
  };
  coupon: {
    id: string;
    name: string;
    code: string;
    code_key: string;
    active: boolean;
    start_at: Date;
    expiration_at: Date | null;
    usage_limit: number | null;
    limit_per_customer: number | null;
    minimum_subtotal: number | null;
    scope: JSONColumnType<StoredCouponScope | null, string | null, string | null>;
    kind: 'MONEY_OFF_AMOUNT' | 'PERCENT_OFF_RATE' | 'FIXED_PRICE_AMOUNT' | 'FREE_SHIPPING';
    percent_off: string | number | null;
    amount: number | null;
    times_used: Generated<number>;
    revision: number;
    created_at: Date;
    updated_at: Date;
  };
  coupon_redemption: {
    id: string;
    coupon_id: string;
    customer_key: string;
    order_id: string;
    created_at: Date;
  };
}
export type RuleRow = Selectable<DiscountsTables['discount_rule']>;
export type CouponRow = Selectable<DiscountsTables['coupon']>;
export type NewRuleRow = Omit<RuleRow, 'usage_count'>;
export type NewCouponRow = Omit<CouponRow, 'times_used'>;

const json = (v: unknown) => JSON.stringify(v);
export const codeKey = (code: string) => code.trim().toUpperCase();

// ---- discount rules

export const allRules = (db: Executor) =>
  db.selectFrom('discount_rule').selectAll().orderBy('created_at').orderBy('id').execute();

export const findRule = (db: Executor, id: string, lock = false) => {
  const q = db.selectFrom('discount_rule').selectAll().where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

export const insertRule = (db: Executor, row: NewRuleRow) =>
  db
    .insertInto('discount_rule')
    .values({ ...row, scopes: json(row.scopes), trigger: row.trigger && json(row.trigger) })
    .returningAll()
    .executeTakeFirstOrThrow();

export const updateRule = (db: Executor, row: NewRuleRow) =>
  db
    .updateTable('discount_rule')
    .set({ ...row, scopes: json(row.scopes), trigger: row.trigger && json(row.trigger) })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const deleteRule = (db: Executor, id: string) =>
  db.deleteFrom('discount_rule').where('id', '=', id).returningAll().executeTakeFirst();

export async function addRuleUsage(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length)
    await db
      .updateTable('discount_rule')
      .set({ usage_count: sql`usage_count + 1` })
      .where('id', 'in', [...ids])
      .execute();
}

export const rulesBase = (db: Executor) => db.selectFrom('discount_rule').selectAll();

export const ruleSpec: QuerySpec = {
  entity: 'discount-rule',
  idSql: 'discount_rule.id',
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  fields: {
    id: { sql: 'discount_rule.id', type: 'uuid', sortable: true },
    name: { sql: 'discount_rule.name', type: 'string', sortable: true },
    active: { sql: 'discount_rule.active', type: 'boolean', sortable: true },
    revision: { sql: 'discount_rule.revision', type: 'number', sortable: true },
    createdDate: { sql: 'discount_rule.created_at', type: 'date', sortable: true },
    updatedDate: { sql: 'discount_rule.updated_at', type: 'date', sortable: true },
    'activeTimeInfo.start': { sql: 'discount_rule.start_at', type: 'date' },
    'activeTimeInfo.end': { sql: 'discount_rule.end_at', type: 'date' },
    usageCount: { sql: 'discount_rule.usage_count', type: 'number', sortable: true },
  },
};

// ---- coupons

export const findCouponRow = (db: Executor, id: string, lock = false) => {
  const q = db.selectFrom('coupon').selectAll().where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

/**
 * Coupon `k` with `u.n`, the customer's redemptions of it (the aliases the statements below use):
 * `from` of a statement reading a coupon by code key.
 */
const couponWithUses = (codeKey: string, customerKey: string | null) => sql`coupon k,
    lateral (select count(*)::int as n from coupon_redemption r where r.coupon_id = k.id and r.customer_key = ${customerKey}) u
    where k.code_key = ${codeKey}`;

/**
 * What pricing takes from coupon `k` besides its definition, as one text: its id and revision (any
 * change of its definition, switching it off included, is a new revision), and whether its usage
 * limit and the customer's (`u.n` uses) are reached. Its redemption counts themselves are not in it:
 * pricing compares them with the limits only, and a redemption checks them again (`redeem`).
 */
const VERSION = sql<string>`k.id || ':' || k.revision || ':' || (k.usage_limit is not null and k.times_used >= k.usage_limit)
    || ':' || (k.limit_per_customer is not null and u.n >= k.limit_per_customer)`;

/**
 * The coupon with this code (ignoring case and surrounding spaces), with the customer's redemption
 * count and its version (`VERSION`).
 */
export async function findCouponRowByCode(
  db: Executor,
  code: string,
  customerKey?: string,
): Promise<(CouponRow & { used_by_customer: number; version: string }) | undefined> {
  const key = customerKey ?? null;
  const { rows } = await db.executeQuery(
    couponByCodeStatement(db, { codeKey: codeKey(code), customerKey: key }),
  );
  const row = rows[0];
  return row && { ...row, used_by_customer: Number(row.used_by_customer) };
}

const couponByCodeStatement = statement(
  (_, k: { codeKey: string; customerKey: string | null }) =>
    sql<
      CouponRow & { used_by_customer: number; version: string }
    >`select k.*, u.n as used_by_customer, ${VERSION} as version from ${couponWithUses(k.codeKey, k.customerKey)}`,
);

/**
 * A condition for a write made from a coupon read earlier (`findCouponRowByCode`): the coupon with
 * code key `codeKey` has, for this customer, the version it was read at (null: there was none).
 */
export const couponStillAt = (c: { codeKey: string; customerKey: string | null; version: string | null }) =>
  sql<boolean>`(select ${VERSION} from ${couponWithUses(c.codeKey, c.customerKey)}) is not distinct from ${c.version}`;

/** Serialises writers of one coupon code until commit (a rename cannot race an insert of the same code). */
export async function lockCouponCode(db: Executor, code: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`coupon-code/${codeKey(code)}`}, 0))`.execute(db);
}

export const couponCodeTaken = async (db: Executor, code: string, exceptId?: string) => {
  let q = db.selectFrom('coupon').select('id').where('code_key', '=', codeKey(code));
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
};

/** Inserts unless the code is taken (a concurrent insert included); undefined on a clash. */
export const insertCoupon = (db: Executor, row: NewCouponRow) =>
  db
    .insertInto('coupon')
    .values({ ...row, scope: row.scope === null ? null : json(row.scope) })
    .onConflict((oc) => oc.column('code_key').doNothing())
    .returningAll()
    .executeTakeFirst();

export const updateCoupon = (db: Executor, row: NewCouponRow) =>
  db
    .updateTable('coupon')
    .set({ ...row, scope: row.scope === null ? null : json(row.scope) })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const deleteCoupon = (db: Executor, id: string) =>
  db.deleteFrom('coupon').where('id', '=', id).returningAll().executeTakeFirst();

export const couponsBase = (db: Executor) => db.selectFrom('coupon').selectAll();

export type Redeemed =
  'OK' | 'ERROR_COUPON_USAGE_EXCEEDED' | 'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED' | 'NOT_FOUND';

/**
 * Redeems coupon `couponId` for order `orderId` in the caller's transaction, in two statements sent
 * together (one round trip): the first locks the coupon (unanswered), so the second, whose snapshot
 * is taken once the lock is held, sees every redemption committed before it. The second decides
 * (already redeemed for this order: OK; the usage limit, then the customer's limit) and, when OK,
 * records the redemption and counts it on the coupon.
 */
export async function redeem(db: Executor, r: Redemption): Promise<Redeemed> {
  await writeUnanswered(db, lockCoupon(db, { id: r.couponId }));
  const { rows } = await db.executeQuery(redeemStatement(db, r));
  return rows[0]!.verdict;
}

const lockCoupon = statement(
  (_, k: { id: string }) => sql<{ id: string }>`select id from coupon where id = ${k.id} for update`,
);

type Redemption = { id: string; couponId: string; customerKey: string; orderId: string; at: Date };

/** The redemption's decision (`verdict`) and its writes, as WITH items of one statement. */
const redeemWith = (r: Redemption) => sql`
    with c as (select usage_limit, times_used, limit_per_customer from coupon where id = ${r.couponId}),
    verdict as (select case
      when not exists (select 1 from c) then 'NOT_FOUND'
      when exists (select 1 from coupon_redemption x where x.coupon_id = ${r.couponId} and x.order_id = ${r.orderId}) then 'DONE'
      when (select usage_limit is not null and times_used >= usage_limit from c) then 'ERROR_COUPON_USAGE_EXCEEDED'
      when (select limit_per_customer from c) is not null
        and (select count(*) from coupon_redemption x where x.coupon_id = ${r.couponId} and x.customer_key = ${r.customerKey})
          >= (select limit_per_customer from c) then 'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED'
      else 'OK' end as v),
    ins as (insert into coupon_redemption (id, coupon_id, customer_key, order_id, created_at)
      select ${r.id}::uuid, ${r.couponId}::uuid, ${r.customerKey}, ${r.orderId}, ${r.at}::timestamptz
      from verdict where v = 'OK' returning 1),
    counted as (update coupon set times_used = times_used + 1
      where id = ${r.couponId} and exists (select 1 from ins) returning 1)`;

const redeemStatement = statement(
  (_, r: Redemption) => sql<{ verdict: Redeemed }>`${redeemWith(r)}
    select case when v = 'DONE' then 'OK' else v end as verdict from verdict`,
);

/**
 * `redeem` without waiting for the answer (`writeUnanswered`), in a transaction `inTransaction`
 * opened: unless the coupon may be used (or already is, by this order), the transaction fails with
 * ROW_CHANGED (`expectOneRow`), and the caller runs it again with `redeem` to learn why.
 */
export async function sendRedeem(db: Executor, r: Redemption): Promise<void> {
  await writeUnanswered(db, lockCoupon(db, { id: r.couponId }));
  await writeUnanswered(db, sendRedeemStatement(db, r));
}

const sendRedeemStatement = statement(
  (_, r: Redemption) => sql<{ ok: number }>`${redeemWith(r)}
    select ${expectOneRow()} as ok from verdict where v in ('OK', 'DONE')`,
);

export const couponSpec: QuerySpec = {
  entity: 'coupon',
  idSql: 'coupon.id',
  defaultSort: [{ fieldName: 'dateCreated', order: 'DESC' }],
  fields: {
    id: { sql: 'coupon.id', type: 'uuid', sortable: true },
    dateCreated: { sql: 'coupon.created_at', type: 'date', sortable: true },
    'specification.name': { sql: 'coupon.name', type: 'string', sortable: true },
    'specification.code': { sql: 'coupon.code', type: 'string', sortable: true },
    'specification.active': { sql: 'coupon.active', type: 'boolean', sortable: true },
    'specification.startTime': { sql: 'coupon.start_at', type: 'date', sortable: true },
    'specification.expirationTime': { sql: 'coupon.expiration_at', type: 'date' },
    'specification.usageLimit': { sql: 'coupon.usage_limit', type: 'number' },
    numberOfUsages: { sql: 'coupon.times_used', type: 'number', sortable: true },
  },
};
