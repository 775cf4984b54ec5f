/** Whether a discount rule's trigger is met by the lines being priced and their buyer. */
import type { BuyerInput, DiscountTrigger, LineInput } from './types.ts';
import { sumSafe } from './rounding.ts';
import { selector, type ItemSelection } from './selection.ts';

export interface TriggerBasis {
  lines: readonly LineInput[];
  /** Each line's price before any discount, in the lines' order. */
  fullMinor: readonly number[];
  buyer?: BuyerInput;
}

const within = (n: number, from: number | undefined, to: number | undefined) =>
  (from === undefined || n >= from) && (to === undefined || n <= to);

/** The lines a range counts: not gift cards, and of its items and collections when it lists some. */
function counted(basis: TriggerBasis, sel: ItemSelection): number[] {
  const only = selector(sel);
  return basis.lines.flatMap((l, i) => (l.itemType !== 'GIFT_CARD' && (!only || only(l)) ? [i] : []));
}

export function triggerMet(t: DiscountTrigger | undefined, basis: TriggerBasis): boolean {
  if (!t) return true;
  switch (t.type) {
    case 'AND':
      return t.triggers.every((x) => triggerMet(x, basis));
    case 'OR':
      return t.triggers.some((x) => triggerMet(x, basis));
    case 'SUBTOTAL_RANGE': {
      const subtotal = sumSafe(counted(basis, t).map((i) => basis.fullMinor[i] ?? 0));
      return within(subtotal, t.fromMinor, t.toMinor);
    }
    case 'ITEM_QUANTITY_RANGE': {
      const lines = counted(basis, t);
      const quantity = sumSafe(lines.map((i) => basis.lines[i]?.quantity ?? 0));
      return lines.length > 0 && within(quantity, t.from, t.to);
    }
    case 'CUSTOMER_ELIGIBILITY':
      return basis.buyer?.memberId !== undefined && t.memberIds.includes(basis.buyer.memberId);
  }
}
