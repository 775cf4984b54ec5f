/** Discount rules admin API (/ecom/v1/discount-rules): create, get, update, delete, query. */
import { ENTITY_FQDN } from '@vitrine/contract';
import type {
  CursorQuery,
  DiscountRuleInput,
  DiscountRulePatch,
  DiscountTriggerInput,
  DiscountValue,
  WireDiscountRule,
} from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { notFound, violation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { fromMinor } from '../../platform/money.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
import { createEntity, deleteEntity, updateEntity, type AdminEntity } from '../../platform/admin-entity.ts';
import { ruleStatus } from '../pricing/index.ts';
import { getSettings } from '../settings/index.ts';
import { minorOf, throwIfAny, v, type Violations } from './admin-kit.ts';
import {
  deleteRule,
  findRule,
  insertRule,
  ruleSpec,
  rulesBase,
  updateRule,
  type NewRuleRow,
  type RuleRow,
  type StoredScope,
  type StoredTrigger,
} from './store.ts';
import { buildScopes, scopeToWire } from './scopes.ts';
import { buildTrigger, triggerToWire } from './triggers.ts';

export const RULE_FQDN = ENTITY_FQDN.discountRule;
const iso = (d: Date | null) => (d ? d.toISOString() : undefined);

export function toWireRule(r: RuleRow, currency: string, now: Date): WireDiscountRule {
  const value: DiscountValue = {
    targetType: r.target_type,
    ...(r.target_type === 'SPECIFIC_ITEMS'
      ? { specificItemsInfo: { scopes: r.scopes.map(scopeToWire) } }
      : {}),
    discountType: r.discount_type,
    ...(r.discount_type === 'PERCENTAGE' ? { percentage: Number(r.percentage) } : {}),
    ...(r.discount_type === 'FIXED_AMOUNT' ? { fixedAmount: fromMinor(Number(r.amount), currency) } : {}),
    ...(r.discount_type === 'FIXED_PRICE' ? { fixedPrice: fromMinor(Number(r.amount), currency) } : {}),
    ...(r.discount_type === 'QUANTITY_BASED'
      ? {
          quantityBased: {
            configurations: [{ quantity: Number(r.quantity), price: fromMinor(Number(r.amount), currency) }],
          },
        }
      : {}),
  };
  const start = iso(r.start_at);
  const end = iso(r.end_at);
  return {
    id: r.id,
    revision: String(r.revision),
    createdDate: r.created_at.toISOString(),
    updatedDate: r.updated_at.toISOString(),
    name: r.name,
    active: r.active,
    ...(start || end ? { activeTimeInfo: { ...(start ? { start } : {}), ...(end ? { end } : {}) } } : {}),
    ...(r.trigger ? { trigger: triggerToWire(r.trigger, currency) } : {}),
    discounts: { values: [value] },
    status: ruleStatus(
      { activeTimeInfo: { start: r.start_at ?? undefined, end: r.end_at ?? undefined } },
      now,
    ),
    usageCount: Number(r.usage_count),
  };
}

type Built = Pick<
  NewRuleRow,
  'target_type' | 'scopes' | 'discount_type' | 'percentage' | 'amount' | 'quantity'
>;

/** Each discount type and the field holding its value. */
const VALUE_FIELD = {
  PERCENTAGE: 'percentage',
  FIXED_AMOUNT: 'fixedAmount',
  FIXED_PRICE: 'fixedPrice',
  QUANTITY_BASED: 'quantityBased',
} as const;

/** The stored form of the rule's one discount, or violations for what the calculator cannot express. */
function buildDiscount(out: Violations, d: DiscountValue, currency: string): Built {
  const at = 'discountRule.discounts.values.0';
  const wanted = VALUE_FIELD[d.discountType];
  for (const k of Object.values(VALUE_FIELD)) {
    if (k === wanted && d[k] === undefined)
      out.push(v(`${at}.${k}`, `is required for discountType ${d.discountType}`, 'REQUIRED_FIELD'));
    if (k !== wanted && d[k] !== undefined)
      out.push(v(`${at}.${k}`, `is not allowed with discountType ${d.discountType}`, 'FIELD_NOT_ALLOWED'));
  }
  if (d.discountType === 'QUANTITY_BASED' && d.targetType === 'SHIPPING')
    out.push(v(`${at}.targetType`, 'a quantity-based discount is for items, not shipping', 'VALIDATION'));
  let scopes: StoredScope[] = [];
  if (d.targetType === 'SPECIFIC_ITEMS') {
    if (!d.specificItemsInfo)
      out.push(v(`${at}.specificItemsInfo`, 'is required for targetType SPECIFIC_ITEMS', 'REQUIRED_FIELD'));
    scopes = buildScopes(out, d.specificItemsInfo?.scopes ?? [], `${at}.specificItemsInfo.scopes`);
  } else if (d.specificItemsInfo) {
    out.push(
      v(`${at}.specificItemsInfo`, `is only allowed with targetType SPECIFIC_ITEMS`, 'FIELD_NOT_ALLOWED'),
    );
  }
  const deal = d.quantityBased?.configurations[0];
  const amount =
    d.discountType === 'PERCENTAGE'
      ? null
      : d.discountType === 'QUANTITY_BASED'
        ? minorOf(out, `${at}.quantityBased.configurations.0.price`, deal?.price ?? '0', currency)
        : minorOf(out, `${at}.${wanted}`, d[wanted as 'fixedAmount' | 'fixedPrice'] ?? '0', currency);
  return {
    target_type: d.targetType,
    scopes,
    discount_type: d.discountType,
    percentage: d.discountType === 'PERCENTAGE' ? (d.percentage ?? 0) : null,
    amount,
    quantity: d.discountType === 'QUANTITY_BASED' ? (deal?.quantity ?? 2) : null,
  };
}

/** The stored trigger of a rule given with one (null to clear), and its other common checks. */
function checkCommon(
  out: Violations,
  r: {
    trigger?: DiscountTriggerInput | null;
    activeTimeInfo?: { start?: string | null; end?: string | null } | null;
  },
  currency: string,
): { trigger?: StoredTrigger | null } {
  const s = r.activeTimeInfo?.start;
  const e = r.activeTimeInfo?.end;
  if (s && e && new Date(e).getTime() <= new Date(s).getTime())
    out.push(v('discountRule.activeTimeInfo.end', 'must be after start', 'VALIDATION'));
  if (r.trigger === undefined) return {};
  if (r.trigger === null) return { trigger: null };
  return { trigger: buildTrigger(out, r.trigger, 'discountRule.trigger', currency) ?? null };
}

const date = (s: string | null | undefined) => (s ? new Date(s) : null);

const rules = (currency: string): AdminEntity<RuleRow, WireDiscountRule> => ({
  fqdn: RULE_FQDN,
  label: 'discount rule',
  configuration: true,
  missing,
  wire: (tx, row) => toWireRule(row, currency, tx.clock.now()),
});

export async function createDiscountRule(ctx: Ctx, input: DiscountRuleInput): Promise<WireDiscountRule> {
  const { currency } = await getSettings(ctx);
  const out: Violations = [];
  const { trigger } = checkCommon(out, input, currency);
  const built = buildDiscount(out, input.discounts.values[0]!, currency);
  throwIfAny(out);
  const { entity } = await createEntity(ctx, rules(currency), (tx) => {
    const now = tx.clock.now();
    return insertRule(tx.db, {
      id: newId(),
      name: input.name,
      active: input.active ?? true,
      start_at: date(input.activeTimeInfo?.start),
      end_at: date(input.activeTimeInfo?.end),
      trigger: trigger ?? null,
      ...built,
      revision: 1,
      created_at: now,
      updated_at: now,
    });
  });
  return entity;
}

function missing(id: string) {
  return notFound('Discount rule', { discountRuleId: id }, 'DISCOUNT_RULE_NOT_FOUND');
}

export async function getDiscountRule(ctx: Ctx, id: string): Promise<WireDiscountRule> {
  const row = await findRule(ctx.db, id);
  if (!row) throw missing(id);
  return toWireRule(row, (await getSettings(ctx)).currency, ctx.clock.now());
}

export async function updateDiscountRule(
  ctx: Ctx,
  id: string,
  patch: DiscountRulePatch,
): Promise<WireDiscountRule> {
  if (patch.id !== undefined && patch.id !== id) throw violation('discountRule.id', 'must match the path');
  const { currency } = await getSettings(ctx);
  const out: Violations = [];
  const trigger = checkCommon(out, patch, currency);
  const built = patch.discounts ? buildDiscount(out, patch.discounts.values[0]!, currency) : undefined;
  throwIfAny(out);
  return updateEntity(ctx, rules(currency), {
    id,
    revision: patch.revision,
    lock: (tx) => findRule(tx.db, id, true),
    write: (tx, current) => {
      const times =
        patch.activeTimeInfo === undefined
          ? {}
          : { start_at: date(patch.activeTimeInfo?.start), end_at: date(patch.activeTimeInfo?.end) };
      const next: NewRuleRow = {
        ...current,
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.active !== undefined ? { active: patch.active } : {}),
        ...times,
        ...trigger,
        ...built,
        revision: current.revision + 1,
        updated_at: tx.clock.now(),
      };
      if (next.start_at && next.end_at && next.end_at <= next.start_at)
        throw violation('discountRule.activeTimeInfo.end', 'must be after start');
      return updateRule(tx.db, next);
    },
  });
}

export async function deleteDiscountRule(ctx: Ctx, id: string): Promise<void> {
  const { currency } = await getSettings(ctx);
  await deleteEntity(ctx, rules(currency), id, { remove: (tx) => deleteRule(tx.db, id) });
}

export async function queryDiscountRules(ctx: Ctx, query: CursorQuery | undefined) {
  const { currency } = await getSettings(ctx);
  const page = await cursorPage(rulesBase(ctx.db), ruleSpec, query);
  const now = ctx.clock.now();
  return {
    discountRules: page.items.map((r) => toWireRule(r, currency, now)),
    pagingMetadata: metadata.cursor(page),
  };
}
