/** Coupons admin API (/stores/v2/coupons), in the hosted Coupons API's shape plus our `limitPerCustomer` and `revision`. */
import { ENTITY_FQDN } from '@vitrine/contract';
import type {
  CouponSpecification,
  CouponSpecificationPatch,
  CursorQuery,
  WireCoupon,
} from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { conflict, notFound, violation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { currencyExponent } from '../../platform/money.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
import {
  createEntity,
  deleteEntity,
  modifiedFields,
  updateEntity,
  type AdminEntity,
} from '../../platform/admin-entity.ts';
import { getSettings } from '../settings/index.ts';
import { minorOf, throwIfAny, v, type Violations } from './admin-kit.ts';
import {
  codeKey,
  couponCodeTaken,
  couponsBase,
  couponSpec,
  deleteCoupon,
  findCouponRow,
  insertCoupon,
  lockCouponCode,
  updateCoupon,
  type CouponRow,
  type NewCouponRow,
} from './store.ts';

export const COUPON_FQDN = ENTITY_FQDN.coupon;
const TYPE_OF = {
  MONEY_OFF_AMOUNT: 'MoneyOff',
  PERCENT_OFF_RATE: 'PercentOff',
  FIXED_PRICE_AMOUNT: 'FixedPriceAmount',
  FREE_SHIPPING: 'FreeShipping',
} as const;

const major = (minor: number, currency: string) => minor / 10 ** currencyExponent(currency);

export function toWireCoupon(c: CouponRow, currency: string, now: Date): WireCoupon {
  const amount = c.amount === null ? undefined : major(Number(c.amount), currency);
  return {
    id: c.id,
    specification: {
      name: c.name,
      code: c.code,
      startTime: c.start_at.toISOString(),
      ...(c.expiration_at ? { expirationTime: c.expiration_at.toISOString() } : {}),
      ...(c.usage_limit !== null ? { usageLimit: c.usage_limit } : {}),
      ...(c.limit_per_customer !== null ? { limitPerCustomer: c.limit_per_customer } : {}),
      limitedToOneItem: false,
      appliesToSubscriptions: false,
      active: c.active,
      ...(c.minimum_subtotal !== null
        ? { minimumSubtotal: major(Number(c.minimum_subtotal), currency) }
        : {}),
      ...(c.scope ? { scope: c.scope } : {}),
      ...(c.kind === 'MONEY_OFF_AMOUNT' ? { moneyOffAmount: amount } : {}),
      ...(c.kind === 'PERCENT_OFF_RATE' ? { percentOffRate: Number(c.percent_off) } : {}),
      ...(c.kind === 'FIXED_PRICE_AMOUNT' ? { fixedPriceAmount: amount } : {}),
      ...(c.kind === 'FREE_SHIPPING' ? { freeShipping: true } : {}),
      type: TYPE_OF[c.kind],
    },
    dateCreated: String(c.created_at.getTime()),
    expired: c.expiration_at !== null && c.expiration_at.getTime() <= now.getTime(),
    numberOfUsages: c.times_used,
    displayData: { name: c.name },
    revision: String(c.revision),
  };
}

type Built = Omit<NewCouponRow, 'id' | 'revision' | 'created_at' | 'updated_at'>;

/** The stored coupon for a whole specification, or violations for what the calculator cannot express. */
function build(spec: CouponSpecification, currency: string): Built {
  const out: Violations = [];
  const at = (f: string) => `specification.${f}`;
  const kinds = [
    spec.moneyOffAmount !== undefined && 'moneyOffAmount',
    spec.percentOffRate !== undefined && 'percentOffRate',
    spec.fixedPriceAmount !== undefined && 'fixedPriceAmount',
    spec.freeShipping === true && 'freeShipping',
    spec.buyXGetY !== undefined && spec.buyXGetY !== null && 'buyXGetY',
  ].filter((k): k is string => Boolean(k));
  if (kinds.length === 0)
    out.push(
      v(
        'specification',
        'needs exactly one of moneyOffAmount, percentOffRate, fixedPriceAmount, freeShipping',
        'REQUIRED_ONE_OF_FIELD',
      ),
    );
  if (kinds.length > 1)
    out.push(
      v(
        'specification',
        `needs exactly one of moneyOffAmount, percentOffRate, fixedPriceAmount, freeShipping; got ${kinds.join(', ')}`,
        'ONE_OF_ALIGNMENT',
      ),
    );
  if (kinds.includes('buyXGetY'))
    out.push(v(at('buyXGetY'), 'buy-X-get-Y coupons are not supported', 'FIELD_NOT_ALLOWED'));
  if (spec.limitedToOneItem)
    out.push(v(at('limitedToOneItem'), 'coupons limited to one item are not supported', 'FIELD_NOT_ALLOWED'));
  if (spec.appliesToSubscriptions)
    out.push(v(at('appliesToSubscriptions'), 'the store sells no subscriptions', 'FIELD_NOT_ALLOWED'));
  const kind = kinds.length === 1 ? kinds[0] : undefined;
  let scope = spec.scope ?? null;
  if (kind === 'freeShipping') {
    if (scope)
      out.push(
        v(
          at('scope'),
          'is not allowed on a free-shipping coupon (it applies to the whole order)',
          'FIELD_NOT_ALLOWED',
        ),
      );
    scope = null;
  } else {
    scope ??= { namespace: 'stores' };
    if (scope.namespace !== 'stores')
      out.push(
        v(at('scope.namespace'), 'only the stores namespace is supported', 'VALIDATION', {
          supported: ['stores'],
        }),
      );
    if (scope.group && scope.group.name !== 'product' && scope.group.name !== 'collection')
      out.push(
        v(at('scope.group.name'), 'only the product and collection groups are supported', 'VALIDATION', {
          supported: ['product', 'collection'],
        }),
      );
    if (scope.group && !scope.group.entityId)
      out.push(
        v(at('scope.group.entityId'), `is required for the ${scope.group.name} group`, 'REQUIRED_FIELD'),
      );
  }
  if (spec.expirationTime && new Date(spec.expirationTime).getTime() <= new Date(spec.startTime).getTime()) {
    out.push(v(at('expirationTime'), 'must be after startTime'));
  }
  const amountOf = (f: 'moneyOffAmount' | 'fixedPriceAmount') => minorOf(out, at(f), spec[f]!, currency);
  const built: Built = {
    name: spec.name,
    code: spec.code,
    code_key: codeKey(spec.code),
    active: spec.active ?? true,
    start_at: new Date(spec.startTime),
    expiration_at: spec.expirationTime ? new Date(spec.expirationTime) : null,
    usage_limit: spec.usageLimit ?? null,
    limit_per_customer: spec.limitPerCustomer ?? null,
    minimum_subtotal:
      spec.minimumSubtotal === undefined || spec.minimumSubtotal === null
        ? null
        : minorOf(out, at('minimumSubtotal'), spec.minimumSubtotal, currency),
    scope,
    kind:
      kind === 'moneyOffAmount'
        ? 'MONEY_OFF_AMOUNT'
        : kind === 'fixedPriceAmount'
          ? 'FIXED_PRICE_AMOUNT'
          : kind === 'freeShipping'
            ? 'FREE_SHIPPING'
            : 'PERCENT_OFF_RATE',
    percent_off: kind === 'percentOffRate' ? spec.percentOffRate! : null,
    amount: kind === 'moneyOffAmount' || kind === 'fixedPriceAmount' ? amountOf(kind) : null,
  };
  if (spec.type !== undefined && kind && spec.type !== TYPE_OF[built.kind])
    out.push(v(at('type'), `is read-only and must be ${TYPE_OF[built.kind]} if given`, 'FIELD_NOT_ALLOWED'));
  throwIfAny(out);
  return built;
}

/** The specification a stored coupon was made from, so a PATCH can be merged onto it and re-checked whole. */
function specOf(c: CouponRow, currency: string): CouponSpecification {
  const w = toWireCoupon(c, currency, new Date(0)).specification;
  const { type: _type, ...rest } = w;
  return rest;
}

const codeTaken = (code: string) =>
  conflict('COUPON_CODE_ALREADY_EXISTS', `A coupon with the code ${code} already exists`, { code });
const missing = (id: string) => notFound('Coupon', { couponId: id }, 'COUPON_NOT_FOUND');

const coupons = (currency: string): AdminEntity<CouponRow, WireCoupon> => ({
  fqdn: COUPON_FQDN,
  label: 'coupon',
  configuration: true,
  missing,
  wire: (tx, row) => toWireCoupon(row, currency, tx.clock.now()),
  modified: (before, after) => modifiedFields(before.specification, after.specification),
});

export async function createCoupon(ctx: Ctx, spec: CouponSpecification): Promise<WireCoupon> {
  const { currency } = await getSettings(ctx);
  const built = build(spec, currency);
  const { entity } = await createEntity(ctx, coupons(currency), async (tx) => {
    const now = tx.clock.now();
    await lockCouponCode(tx.db, built.code);
    const row = await insertCoupon(tx.db, {
      id: newId(),
      ...built,
      revision: 1,
      created_at: now,
      updated_at: now,
    });
    if (!row) throw codeTaken(spec.code);
    return row;
  });
  return entity;
}

export async function getCoupon(ctx: Ctx, id: string): Promise<WireCoupon> {
  const row = await findCouponRow(ctx.db, id);
  if (!row) throw missing(id);
  return toWireCoupon(row, (await getSettings(ctx)).currency, ctx.clock.now());
}

/** Merges the given specification fields onto the stored ones; the result is checked as a whole. */
export async function updateCouponSpec(
  ctx: Ctx,
  id: string,
  patch: CouponSpecificationPatch,
  revision?: string,
): Promise<WireCoupon> {
  const { currency } = await getSettings(ctx);
  return updateEntity(ctx, coupons(currency), {
    id,
    revision,
    lock: (tx) => findCouponRow(tx.db, id, true),
    write: async (tx, current) => {
      const base = specOf(current, currency);
      const setsKind = [
        'moneyOffAmount',
        'percentOffRate',
        'fixedPriceAmount',
        'freeShipping',
        'buyXGetY',
      ].some((k) => k in patch);
      if (setsKind)
        for (const k of ['moneyOffAmount', 'percentOffRate', 'fixedPriceAmount', 'freeShipping'] as const)
          delete base[k];
      if (setsKind && patch.freeShipping) delete base.scope;
      const merged = {
        ...base,
        ...Object.fromEntries(Object.entries(patch).filter(([, x]) => x !== undefined)),
      } as CouponSpecification;
      const built = build(merged, currency);
      if (built.code_key !== current.code_key) {
        await lockCouponCode(tx.db, built.code);
        if (await couponCodeTaken(tx.db, built.code, id)) throw codeTaken(built.code);
      }
      return updateCoupon(tx.db, {
        ...current,
        ...built,
        revision: current.revision + 1,
        updated_at: tx.clock.now(),
      });
    },
  });
}

export async function deleteCouponById(ctx: Ctx, id: string): Promise<void> {
  const { currency } = await getSettings(ctx);
  await deleteEntity(ctx, coupons(currency), id, { remove: (tx) => deleteCoupon(tx.db, id) });
}

/** The hosted API sends filter (and sort) as JSON strings; both forms are accepted. */
export async function queryCoupons(
  ctx: Ctx,
  query: (Omit<CursorQuery, 'filter'> & { filter?: Record<string, unknown> | string | null }) | undefined,
) {
  let filter = query?.filter;
  if (typeof filter === 'string') {
    try {
      filter = JSON.parse(filter) as Record<string, unknown>;
    } catch {
      throw violation('query.filter', 'must be a JSON object', 'FORMAT');
    }
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
      throw violation('query.filter', 'must be a JSON object', 'FORMAT');
  }
  const { currency } = await getSettings(ctx);
  const page = await cursorPage(couponsBase(ctx.db), couponSpec, {
    ...query,
    filter: filter as Record<string, unknown> | null | undefined,
  });
  const now = ctx.clock.now();
  return {
    coupons: page.items.map((c) => toWireCoupon(c, currency, now)),
    pagingMetadata: metadata.cursor(page),
  };
}
