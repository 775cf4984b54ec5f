/**
 * Discount rules: status from activeTimeInfo, per-line amounts for item/order scopes, the
 * shipping amount, and the exact proportional allocation of an order-level amount.
 */
import type { ActiveTimeInfo, DiscountRuleStatus, DiscountSpec } from './types.ts';
import { selector } from './selection.ts';
import { assertMinor, mulDivFloor, mulDivHalfUp, mulSafe, percentToMicro, sumSafe } from './rounding.ts';

const HUNDRED_PERCENT = percentToMicro(100);

function time(d: Date | string | undefined): number | undefined {
  if (d === undefined) return undefined;
  const t = new Date(d).getTime();
  if (Number.isNaN(t)) throw new RangeError(`invalid date ${String(d)}`);
  return t;
}

/** PENDING before start, EXPIRED from end on (end is exclusive), LIVE otherwise. */
export function ruleStatus(rule: { activeTimeInfo?: ActiveTimeInfo }, now: Date): DiscountRuleStatus {
  const t = now.getTime();
  const start = time(rule.activeTimeInfo?.start);
  const end = time(rule.activeTimeInfo?.end);
  if (start !== undefined && t < start) return 'PENDING';
  if (end !== undefined && t >= end) return 'EXPIRED';
  return 'LIVE';
}

/**
 * Splits `total` across `bases` proportionally (floored), then puts the remainder on the largest
 * base, spilling to the next largest only when a line would exceed its base. Sum is exact and
 * each share ≤ its base. Requires 0 ≤ total ≤ Σ bases.
 */
export function allocate(total: number, bases: readonly number[]): number[] {
  assertMinor(total, 'allocation total');
  bases.forEach((b) => assertMinor(b, 'allocation base'));
  const sum = sumSafe(bases);
  if (total > sum) throw new RangeError(`cannot allocate ${total} over bases summing to ${sum}`);
  if (total === 0 || sum === 0) return bases.map(() => 0);
  const shares = bases.map((b) => mulDivFloor(total, b, sum));
  let remainder = total - sumSafe(shares);
  const order = bases.map((_, i) => i).sort((a, b) => (bases[b] ?? 0) - (bases[a] ?? 0) || a - b);
  for (const i of order) {
    if (remainder === 0) break;
    const room = (bases[i] ?? 0) - (shares[i] ?? 0);
    const take = Math.min(room, remainder);
    shares[i] = (shares[i] ?? 0) + take;
    remainder -= take;
  }
  return shares;
}

function validateSpec(spec: DiscountSpec): void {
  if (spec.type === 'PERCENTAGE') {
    const micro = percentToMicro(spec.value);
    if (micro > HUNDRED_PERCENT) throw new RangeError(`percentage over 100: ${spec.value}`);
  } else {
    assertMinor(spec.value, `${spec.type} value`);
  }
}

export interface DiscountLine {
  id: string;
  catalogItemId: string;
  quantity: number;
  /** What is left of the line after earlier discounts. */
  remainingMinor: number;
  /** False for lines no discount may touch (gift cards). */
  eligible: boolean;
  collectionIds?: readonly string[];
}

/**
 * "X for an amount" over the lines it applies to: the units are put in groups of `quantity`, the
 * dearest first (any mix of the items), each full group costing `value`; units left over pay their
 * price. The saving (never negative: a deal dearer than the units is not applied) is shared by the
 * grouped units' lines in proportion to their value.
 */
function quantityDeal(spec: DiscountSpec, lines: readonly DiscountLine[], applies: boolean[]): number[] {
  const size = spec.quantity ?? 0;
  if (!Number.isSafeInteger(size) || size < 2) throw new RangeError(`quantity deal of ${size} units`);
  const order = lines
    .map((_, i) => i)
    .filter((i) => applies[i])
    .sort((a, b) => {
      const unit = (l: DiscountLine) => l.remainingMinor / l.quantity;
      return unit(lines[b]!) - unit(lines[a]!) || a - b;
    });
  const units = sumSafe(order.map((i) => lines[i]!.quantity));
  const groups = Math.floor(units / size);
  let left = groups * size;
  const grouped = lines.map(() => 0);
  for (const i of order) {
    const l = lines[i]!;
    const take = Math.min(l.quantity, left);
    left -= take;
    grouped[i] = take === l.quantity ? l.remainingMinor : mulDivFloor(l.remainingMinor, take, l.quantity);
    if (left === 0) break;
  }
  const saving = Math.max(0, sumSafe(grouped) - mulSafe(spec.value, groups));
  return allocate(saving, grouped);
}

/** Discount on one line for a per-line spec (never more than the line's remaining amount). */
function lineAmount(spec: DiscountSpec, line: DiscountLine): number {
  const base = line.remainingMinor;
  switch (spec.type) {
    case 'QUANTITY_BASED':
      throw new RangeError('a quantity deal spans lines');
    case 'PERCENTAGE':
      return Math.min(base, mulDivHalfUp(base, percentToMicro(spec.value), HUNDRED_PERCENT));
    case 'FIXED_AMOUNT':
      return Math.min(base, mulSafe(spec.value, line.quantity));
    case 'FIXED_PRICE':
      return Math.max(0, base - mulSafe(spec.value, line.quantity));
  }
}

/**
 * Per-line amounts of a GLOBAL or SPECIFIC_ITEMS discount. SPECIFIC_ITEMS and FIXED_PRICE work per
 * line; GLOBAL PERCENTAGE / FIXED_AMOUNT compute one order amount and allocate it.
 */
export function lineDiscounts(spec: DiscountSpec, lines: readonly DiscountLine[]): number[] {
  validateSpec(spec);
  if (spec.scope === 'SHIPPING') return lines.map(() => 0);
  const targeted = selector(spec);
  const applies = (l: DiscountLine) =>
    l.eligible && l.remainingMinor > 0 && (spec.scope === 'GLOBAL' || !targeted || targeted(l));
  if (spec.type === 'QUANTITY_BASED') return quantityDeal(spec, lines, lines.map(applies));
  if (spec.scope === 'SPECIFIC_ITEMS' || spec.type === 'FIXED_PRICE') {
    return lines.map((l) => (applies(l) ? lineAmount(spec, l) : 0));
  }
  const bases = lines.map((l) => (applies(l) ? l.remainingMinor : 0));
  const base = sumSafe(bases);
  const amount =
    spec.type === 'PERCENTAGE'
      ? mulDivHalfUp(base, percentToMicro(spec.value), HUNDRED_PERCENT)
      : Math.min(base, spec.value);
  return allocate(Math.min(amount, base), bases);
}

/** Amount a SHIPPING discount takes off a shipping cost (never more than the cost). */
export function shippingDiscount(spec: DiscountSpec, shippingMinor: number): number {
  validateSpec(spec);
  if (spec.scope !== 'SHIPPING') return 0;
  switch (spec.type) {
    case 'PERCENTAGE':
      return Math.min(
        shippingMinor,
        mulDivHalfUp(shippingMinor, percentToMicro(spec.value), HUNDRED_PERCENT),
      );
    case 'FIXED_AMOUNT':
      return Math.min(shippingMinor, spec.value);
    case 'FIXED_PRICE':
      return Math.max(0, shippingMinor - spec.value);
    case 'QUANTITY_BASED':
      return 0;
  }
}
