/**
 * A rule's trigger as the dialog edits it: a flat list of up to `TRIGGER_CHAIN.max` conditions
 * (subtotal range, item-count range, chosen members), all or any of which must be met. Chains
 * nested in a chain of the same kind flatten into it (the same meaning); a trigger the list cannot
 * hold (an OR inside an AND, a custom trigger, scopes other than the store's products and
 * collections) is not a draft: the dialog shows it in words and keeps it unless the merchant
 * removes it.
 */
import type { DiscountTriggerInput } from '@vitrine/contract';
import { isVitrineError } from '@vitrine/sdk';
import {
  chosenOf,
  chosenProblem,
  readScopes,
  scopeOfChosen,
  scopesOf,
  shownLists,
  type ChosenItems,
  type Scopes,
} from './scopes.ts';

export type ConditionKind = 'subtotal' | 'quantity' | 'members';
export type ChainMode = 'AND' | 'OR';

export interface Condition extends ChosenItems {
  /** Stable while the dialog is open (React keys, control ids, error keys). */
  key: string;
  kind: ConditionKind;
  /** "At least" and "at most" as typed (amounts for a subtotal, whole numbers for items). */
  from: string;
  to: string;
  /** Count only the chosen products, or the products of the chosen collections (else every item). */
  scoped: boolean;
  memberIds: string[];
}

export interface ConditionsDraft {
  mode: ChainMode;
  conditions: Condition[];
}

/** A trigger at any depth (the contract's three levels are each one of these). */
export type TriggerNode = Omit<DiscountTriggerInput, 'and' | 'or'> & {
  and?: { triggers: TriggerNode[] };
  or?: { triggers: TriggerNode[] };
};

/**
 * The contract's `TRIGGER_CHAIN.max` and member-list bound, written out: importing a value from
 * `@vitrine/contract` would bring zod and every schema into the page (conditions.test.ts checks them).
 */
export const MAX_CONDITIONS = 5;
export const MAX_MEMBERS = 100;
export const emptyDraft = (): ConditionsDraft => ({ mode: 'AND', conditions: [] });

let counter = 0;
export const newCondition = (kind: ConditionKind = 'subtotal'): Condition => ({
  key: `c${(counter += 1)}`,
  kind,
  from: '',
  to: '',
  scoped: false,
  by: 'products',
  products: [],
  collections: [],
  both: false,
  memberIds: [],
});

/** The trigger's type, named or inferred from the one field given. */
export function typeOf(t: TriggerNode): DiscountTriggerInput['triggerType'] {
  if (t.triggerType) return t.triggerType;
  if (t.and) return 'AND';
  if (t.or) return 'OR';
  if (t.subtotalRange) return 'SUBTOTAL_RANGE';
  if (t.itemQuantityRange) return 'ITEM_QUANTITY_RANGE';
  if (t.customerEligibility) return 'CUSTOMER_ELIGIBILITY';
  return t.customTrigger ? 'CUSTOM' : undefined;
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

function conditionOf(t: TriggerNode): Condition | undefined {
  const type = typeOf(t);
  const range =
    type === 'SUBTOTAL_RANGE'
      ? t.subtotalRange
      : type === 'ITEM_QUANTITY_RANGE'
        ? t.itemQuantityRange
        : undefined;
  if (range) {
    const items = readScopes(range.scopes);
    if (!items || (text(range.from) === '' && text(range.to) === '')) return undefined;
    return {
      ...newCondition(type === 'SUBTOTAL_RANGE' ? 'subtotal' : 'quantity'),
      from: text(range.from),
      to: text(range.to),
      scoped: !items.every,
      ...chosenOf(items),
    };
  }
  const ids = t.customerEligibility?.individualMembersInfo?.memberIds;
  if (type === 'CUSTOMER_ELIGIBILITY' && ids?.length)
    return { ...newCondition('members'), memberIds: [...new Set(ids)] };
  return undefined;
}

/** The conditions of a chain of `mode`, flattened; undefined when one cannot be a row. */
function flatten(t: TriggerNode, mode: ChainMode): Condition[] | undefined {
  const type = typeOf(t);
  if (type === 'AND' || type === 'OR') {
    if (type !== mode) return undefined;
    const parts = (type === 'AND' ? t.and : t.or)?.triggers.map((c) => flatten(c, mode));
    if (!parts?.length || parts.some((p) => !p)) return undefined;
    return parts.flatMap((p) => p!);
  }
  const c = conditionOf(t);
  return c ? [c] : undefined;
}

/** The draft of a stored trigger (none: every cart); undefined when the form cannot show it. */
export function draftOf(trigger: TriggerNode | null | undefined): ConditionsDraft | undefined {
  if (!trigger) return emptyDraft();
  const type = typeOf(trigger);
  const mode: ChainMode = type === 'OR' ? 'OR' : 'AND';
  const conditions = flatten(trigger, mode);
  if (!conditions || conditions.length > MAX_CONDITIONS) return undefined;
  return { mode, conditions };
}

type Leaf = Omit<DiscountTriggerInput, 'and' | 'or'>;

function leafOf(c: Condition): Leaf {
  if (c.kind === 'members')
    return {
      triggerType: 'CUSTOMER_ELIGIBILITY',
      customerEligibility: {
        eligibilityType: 'INDIVIDUAL_MEMBERS',
        individualMembersInfo: { memberIds: c.memberIds },
      },
    };
  const scopes: Scopes = scopesOf(scopeOfChosen(c));
  const scoped = c.scoped ? { scopes } : {};
  const from = c.from.trim();
  const to = c.to.trim();
  return c.kind === 'subtotal'
    ? {
        triggerType: 'SUBTOTAL_RANGE',
        subtotalRange: { ...scoped, ...(from ? { from } : {}), ...(to ? { to } : {}) },
      }
    : {
        triggerType: 'ITEM_QUANTITY_RANGE',
        itemQuantityRange: {
          ...scoped,
          ...(from ? { from: Number(from) } : {}),
          ...(to ? { to: Number(to) } : {}),
        },
      };
}

/** The trigger to send: `null` without conditions (every cart). */
export function triggerOf(d: ConditionsDraft): DiscountTriggerInput | null {
  const leaves = d.conditions.map(leafOf);
  if (leaves.length === 0) return null;
  if (leaves.length === 1) return leaves[0]!;
  return d.mode === 'AND'
    ? { triggerType: 'AND', and: { triggers: leaves } }
    : { triggerType: 'OR', or: { triggers: leaves } };
}

/** The id of a condition's control, and the key of its error. */
export const controlId = (
  c: Pick<Condition, 'key'>,
  what: 'kind' | 'from' | 'to' | 'products' | 'collections' | 'members',
) => `rule-${c.key}-${what}`;

const AMOUNT = /^\d{1,12}(\.\d{1,4})?$/;
const COUNT = /^\d{1,10}$/;

/** Problems to fix before saving, by control id (`controlId`). */
export function checkConditions(d: ConditionsDraft): Record<string, string> {
  const e: Record<string, string> = {};
  for (const c of d.conditions) {
    if (c.kind === 'members') {
      if (c.memberIds.length === 0) e[controlId(c, 'members')] = 'Choose at least one member.';
      else if (c.memberIds.length > MAX_MEMBERS)
        e[controlId(c, 'members')] = `At most ${MAX_MEMBERS} members.`;
      continue;
    }
    const money = c.kind === 'subtotal';
    const valid = (v: string) =>
      money ? AMOUNT.test(v) && Number(v) > 0 : COUNT.test(v) && Number(v) >= 1 && Number(v) <= 1e9;
    const problem = money ? 'Enter an amount above 0, e.g. 100.00.' : 'Enter a whole number of 1 or more.';
    const from = c.from.trim();
    const to = c.to.trim();
    if (!from && !to)
      e[controlId(c, 'from')] = money ? 'Enter at least one amount.' : 'Enter at least one number.';
    if (from && !valid(from)) e[controlId(c, 'from')] = problem;
    if (to && !valid(to)) e[controlId(c, 'to')] = problem;
    else if (from && to && valid(from) && Number(to) < Number(from))
      e[controlId(c, 'to')] = `Must not be below “at least” (${from}).`;
    const unchosen = c.scoped ? chosenProblem(c) : undefined;
    if (unchosen) e[controlId(c, unchosen.list)] = unchosen.message;
  }
  return e;
}

/**
 * The control a server field violation belongs to (`discountRule.trigger.and.triggers.1.subtotalRange.to`
 * → the second condition's "at most"); `conditions` for the trigger as a whole, undefined for other fields.
 */
export function controlOfViolation(field: string, d: ConditionsDraft): string | undefined {
  const m = /^discountRule\.trigger(?:\.(?:and|or)\.triggers\.(\d+))?(?:\.(.*))?$/.exec(field);
  if (!m) return undefined;
  const c = d.conditions[m[1] === undefined ? 0 : Number(m[1])];
  const rest = m[2] ?? '';
  if (!c || (m[1] === undefined && d.conditions.length > 1)) return 'conditions';
  const scope = /^(?:subtotalRange|itemQuantityRange)\.scopes(?:\.(\d+))?/.exec(rest);
  if (scope) {
    // The products' scope is sent first (`scopesOf`), then the collections'.
    const shown = shownLists(c);
    const products = shown.products && (!shown.collections || scopeOfChosen(c).products.length > 0);
    return controlId(c, products && (scope[1] ?? '0') === '0' ? 'products' : 'collections');
  }
  if (/^(subtotalRange|itemQuantityRange)\.from/.test(rest)) return controlId(c, 'from');
  if (/^(subtotalRange|itemQuantityRange)\.to/.test(rest)) return controlId(c, 'to');
  if (rest.startsWith('customerEligibility')) return controlId(c, 'members');
  return 'conditions';
}

/** The server's field violations of the trigger, by control id (`controlOfViolation`). */
export function conditionViolations(e: unknown, d: ConditionsDraft): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of isVitrineError(e) ? (e.details.validationError?.fieldViolations ?? []) : []) {
    const id = controlOfViolation(v.field, d);
    if (id && !out[id]) out[id] = v.description.charAt(0).toUpperCase() + v.description.slice(1) + '.';
  }
  return out;
}
