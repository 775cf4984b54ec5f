/**
 * Discount rule triggers: the wire form checked into the stored one (amounts in minor units), and
 * back; and the calculator's form. The contract bounds the shape (chains of 2–5, nested at most
 * twice); this checks what it cannot: one condition per trigger and its type, ranges in order,
 * subtotal ends in minor units of the store currency (rounded inward past its decimals).
 */
import type { DiscountTriggerInput } from '@vitrine/contract';
import { fromMinor } from '../../platform/money.ts';
import type { DiscountTrigger } from '../pricing/index.ts';
import { thresholdOf, v, type Violations } from './admin-kit.ts';
import { buildScopes, scopedItems, scopeToWire } from './scopes.ts';
import type { StoredTrigger } from './store.ts';

type Input = DiscountTriggerInput;
type Kind = NonNullable<Input['triggerType']>;

/** Each trigger type and the field holding its condition. */
const FIELD = {
  AND: 'and',
  OR: 'or',
  SUBTOTAL_RANGE: 'subtotalRange',
  ITEM_QUANTITY_RANGE: 'itemQuantityRange',
  CUSTOMER_ELIGIBILITY: 'customerEligibility',
  CUSTOM: 'customTrigger',
} as const satisfies Record<Kind, keyof Input>;

const KINDS = Object.keys(FIELD) as Kind[];

/** The trigger's type: as named, or the one condition given. */
function kindOf(out: Violations, t: Input, at: string): Kind | undefined {
  const given = KINDS.filter((k) => t[FIELD[k]] !== undefined && t[FIELD[k]] !== null);
  const kind = t.triggerType ?? (given.length === 1 ? given[0] : undefined);
  if (!kind) {
    out.push(
      v(
        `${at}.triggerType`,
        'is required: name the condition (one of ' + KINDS.join(', ') + ')',
        'REQUIRED_FIELD',
      ),
    );
    return undefined;
  }
  if (!given.includes(kind))
    out.push(v(`${at}.${FIELD[kind]}`, `is required for triggerType ${kind}`, 'REQUIRED_FIELD'));
  for (const k of given.filter((g) => g !== kind))
    out.push(v(`${at}.${FIELD[k]}`, `is not allowed with triggerType ${kind}`, 'FIELD_NOT_ALLOWED'));
  return given.includes(kind) ? kind : undefined;
}

function inOrder(out: Violations, at: string, from: number | undefined, to: number | undefined) {
  if (from !== undefined && to !== undefined && to < from)
    out.push(v(`${at}.to`, 'must not be less than from', 'VALIDATION'));
}

/** The stored trigger, or undefined with violations in `out`. */
export function buildTrigger(
  out: Violations,
  t: Input,
  at: string,
  currency: string,
): StoredTrigger | undefined {
  const kind = kindOf(out, t, at);
  switch (kind) {
    case undefined:
      return undefined;
    case 'AND':
    case 'OR': {
      const chain = (kind === 'AND' ? t.and : t.or)!;
      const f = `${at}.${FIELD[kind]}.triggers`;
      const triggers = chain.triggers.map((x, i) => buildTrigger(out, x as Input, `${f}.${i}`, currency));
      return triggers.every((x) => x)
        ? { triggerType: kind, triggers: triggers as StoredTrigger[] }
        : undefined;
    }
    case 'SUBTOTAL_RANGE': {
      const r = t.subtotalRange!;
      const f = `${at}.subtotalRange`;
      const from = r.from == null ? undefined : thresholdOf(out, `${f}.from`, r.from, currency, 'up');
      const to = r.to == null ? undefined : thresholdOf(out, `${f}.to`, r.to, currency, 'down');
      if (from && to && to.exact < from.exact)
        out.push(v(`${f}.to`, 'must not be less than from', 'VALIDATION'));
      return {
        triggerType: kind,
        scopes: buildScopes(out, r.scopes ?? [], `${f}.scopes`),
        ...(from ? { fromMinor: from.minor, ...(from.text ? { from: from.text } : {}) } : {}),
        ...(to ? { toMinor: to.minor, ...(to.text ? { to: to.text } : {}) } : {}),
      };
    }
    case 'ITEM_QUANTITY_RANGE': {
      const r = t.itemQuantityRange!;
      const f = `${at}.itemQuantityRange`;
      inOrder(out, f, r.from ?? undefined, r.to ?? undefined);
      return {
        triggerType: kind,
        scopes: buildScopes(out, r.scopes ?? [], `${f}.scopes`),
        ...(r.from != null ? { from: r.from } : {}),
        ...(r.to != null ? { to: r.to } : {}),
      };
    }
    case 'CUSTOMER_ELIGIBILITY': {
      const c = t.customerEligibility!;
      const f = `${at}.customerEligibility`;
      if (!c.individualMembersInfo) {
        out.push(v(`${f}.individualMembersInfo`, 'is required: list the members', 'REQUIRED_FIELD'));
        return undefined;
      }
      return { triggerType: kind, memberIds: [...new Set(c.individualMembersInfo.memberIds)] };
    }
    case 'CUSTOM':
      out.push(
        v(
          `${at}.customTrigger`,
          'custom triggers come from a trigger app, and Vitrine runs none; use SUBTOTAL_RANGE, ITEM_QUANTITY_RANGE or CUSTOMER_ELIGIBILITY',
          'FIELD_NOT_ALLOWED',
        ),
      );
      return undefined;
  }
}

export function triggerToWire(t: StoredTrigger, currency: string): Input {
  switch (t.triggerType) {
    case 'AND':
      return { triggerType: 'AND', and: { triggers: t.triggers.map((x) => triggerToWire(x, currency)) } };
    case 'OR':
      return { triggerType: 'OR', or: { triggers: t.triggers.map((x) => triggerToWire(x, currency)) } };
    case 'SUBTOTAL_RANGE':
      return {
        triggerType: t.triggerType,
        subtotalRange: {
          ...(t.scopes.length ? { scopes: t.scopes.map(scopeToWire) } : {}),
          ...(t.fromMinor !== undefined ? { from: t.from ?? fromMinor(t.fromMinor, currency) } : {}),
          ...(t.toMinor !== undefined ? { to: t.to ?? fromMinor(t.toMinor, currency) } : {}),
        },
      };
    case 'ITEM_QUANTITY_RANGE':
      return {
        triggerType: t.triggerType,
        itemQuantityRange: {
          ...(t.scopes.length ? { scopes: t.scopes.map(scopeToWire) } : {}),
          ...(t.from !== undefined ? { from: t.from } : {}),
          ...(t.to !== undefined ? { to: t.to } : {}),
        },
      };
    case 'CUSTOMER_ELIGIBILITY':
      return {
        triggerType: t.triggerType,
        customerEligibility: {
          eligibilityType: 'INDIVIDUAL_MEMBERS',
          individualMembersInfo: { memberIds: t.memberIds },
        },
      };
  }
}

export function triggerForPricing(t: StoredTrigger): DiscountTrigger {
  switch (t.triggerType) {
    case 'AND':
    case 'OR':
      return { type: t.triggerType, triggers: t.triggers.map(triggerForPricing) };
    case 'SUBTOTAL_RANGE': {
      return {
        type: t.triggerType,
        ...scopedItems(t.scopes),
        ...(t.fromMinor !== undefined ? { fromMinor: t.fromMinor } : {}),
        ...(t.toMinor !== undefined ? { toMinor: t.toMinor } : {}),
      };
    }
    case 'ITEM_QUANTITY_RANGE': {
      return {
        type: t.triggerType,
        ...scopedItems(t.scopes),
        ...(t.from !== undefined ? { from: t.from } : {}),
        ...(t.to !== undefined ? { to: t.to } : {}),
      };
    }
    case 'CUSTOMER_ELIGIBILITY':
      return { type: t.triggerType, memberIds: t.memberIds };
  }
}
