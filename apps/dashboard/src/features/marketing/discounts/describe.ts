/**
 * A discount rule in words: "10% off the order", "$5.00 off each of 2 products", "Shipping costs
 * $0.00"; its conditions: "When the subtotal is at least $100.00", "Members: Ada Lovelace and 2 more".
 */
import type { DiscountValue, WireDiscountRule } from '@vitrine/contract';
import type { BadgeTone } from '@vitrine/ui';
import { money, plural } from '../../../kit/format.ts';
import { scopedProducts, typeOf, type TriggerNode } from './conditions.ts';

export function ruleText(d: DiscountValue | undefined, currency: string | undefined): string {
  if (!d) return '—';
  const m = (a: string | undefined) => (currency ? money(a ?? '0', currency) : (a ?? '0'));
  const scopes = d.specificItemsInfo?.scopes ?? [];
  const items = scopes.flatMap((s) => s.catalogItemFilter?.catalogItemIds ?? []).length;
  const every = scopes.some((s) => !s.catalogItemFilter?.catalogItemIds?.length);
  const what =
    d.targetType === 'SHIPPING'
      ? 'shipping'
      : d.targetType === 'SPECIFIC_ITEMS'
        ? every
          ? 'every product'
          : `${items} product${items === 1 ? '' : 's'}`
        : 'the order';
  switch (d.discountType) {
    case 'PERCENTAGE':
      return `${d.percentage}% off ${what}`;
    case 'FIXED_AMOUNT':
      return d.targetType === 'SPECIFIC_ITEMS'
        ? `${m(d.fixedAmount)} off ${every ? what : `each of ${what}`}`
        : `${m(d.fixedAmount)} off ${what}`;
    case 'QUANTITY_BASED': {
      const deal = d.quantityBased?.configurations[0];
      const of = d.targetType === 'SPECIFIC_ITEMS' ? ` of ${what}` : '';
      return `Any ${deal?.quantity ?? '?'}${of} for ${m(deal?.price)}`;
    }
    default:
      return d.targetType === 'SHIPPING'
        ? `Shipping costs ${m(d.fixedPrice)}`
        : d.targetType === 'SPECIFIC_ITEMS'
          ? `${what} at ${m(d.fixedPrice)} each`
          : `The order at ${m(d.fixedPrice)}`;
  }
}

/** Whether shoppers get it now: switched off, waiting for its start, running, or over. */
export function ruleState(r: WireDiscountRule): [string, BadgeTone] {
  if (!r.active) return ['Off', 'neutral'];
  if (r.status === 'PENDING') return ['Scheduled', 'info'];
  if (r.status === 'EXPIRED') return ['Ended', 'neutral'];
  return ['Live', 'success'];
}

/** Names for a trigger's words (undefined while unknown: counted instead). */
export interface TriggerNames {
  currency: string | undefined;
  product: (id: string) => string | undefined;
  member: (id: string) => string | undefined;
}

/** "Linen shirt", "Linen shirt and Mug", "Linen shirt and 2 more products"; "3 products" while unnamed. */
function productList(ids: string[], names: TriggerNames): string {
  const known = ids.map(names.product);
  if (known.some((n) => !n)) return plural(ids.length, 'chosen product');
  if (ids.length <= 2) return known.join(' and ');
  return `${known[0]} and ${plural(ids.length - 1, 'more product')}`;
}

/** "Ada Lovelace", "Ada Lovelace and 2 more"; "3 members" while the first is unnamed. */
function memberList(ids: string[], names: TriggerNames): string {
  const first = ids[0] ? names.member(ids[0]) : undefined;
  if (!first) return plural(ids.length, 'member');
  return ids.length === 1 ? first : `${first} and ${ids.length - 1} more`;
}

function rangeText(t: TriggerNode, names: TriggerNames): string {
  const subtotal = typeOf(t) === 'SUBTOTAL_RANGE';
  const range = (subtotal ? t.subtotalRange : t.itemQuantityRange) ?? {};
  const ids = scopedProducts(range.scopes);
  const of = ids === undefined ? 'some items' : ids.length ? productList(ids, names) : '';
  const from = range.from ?? undefined;
  const to = range.to ?? undefined;
  if (subtotal) {
    const m = (a: string | number) => (names.currency ? money(a, names.currency) : String(a));
    const what = of ? `the subtotal of ${of}` : 'the subtotal';
    if (from !== undefined && to !== undefined) return `${what} is between ${m(from)} and ${m(to)}`;
    return to !== undefined ? `${what} is at most ${m(to)}` : `${what} is at least ${m(from ?? 0)}`;
  }
  const what = of ? `of ${of}` : 'items';
  if (from !== undefined && to !== undefined) return `${from} to ${to} ${what} are in the cart`;
  if (to !== undefined)
    return `at most ${to} ${of ? what : Number(to) === 1 ? 'item' : 'items'} ${Number(to) === 1 ? 'is' : 'are'} in the cart`;
  return `${from ?? 1} or more ${what} are in the cart`;
}

function clause(t: TriggerNode, names: TriggerNames, inside?: 'AND' | 'OR'): string {
  const type = typeOf(t);
  if (type === 'AND' || type === 'OR') {
    const parts = ((type === 'AND' ? t.and : t.or)?.triggers ?? []).map((c) => clause(c, names, type));
    const joined = parts.join(type === 'AND' ? ' and ' : ' or ');
    return inside && inside !== type ? `(${joined})` : joined;
  }
  if (type === 'SUBTOTAL_RANGE' || type === 'ITEM_QUANTITY_RANGE') return rangeText(t, names);
  if (type === 'CUSTOMER_ELIGIBILITY')
    return `the shopper is a chosen member (${memberList(t.customerEligibility?.individualMembersInfo?.memberIds ?? [], names)})`;
  return type === 'CUSTOM' ? "an app's custom condition holds" : 'an unknown condition holds';
}

/**
 * A rule's conditions in words: "Every cart" without any, "When the subtotal is at least $100.00",
 * "When 3 or more of Linen shirt are in the cart", "Members: Ada Lovelace and 2 more", chains
 * joined with "and" / "or" (a chain inside another of the other kind in brackets).
 */
export function triggerText(t: TriggerNode | null | undefined, names: TriggerNames): string {
  if (!t) return 'Every cart';
  const ids = t.customerEligibility?.individualMembersInfo?.memberIds;
  if (typeOf(t) === 'CUSTOMER_ELIGIBILITY' && ids) return `Members: ${memberList(ids, names)}`;
  return `When ${clause(t, names)}`;
}

/** The ids whose names a trigger's words use: every scoped product, the first member of each list. */
export function namesUsed(t: TriggerNode | null | undefined): { productIds: string[]; memberIds: string[] } {
  const productIds: string[] = [];
  const memberIds: string[] = [];
  const walk = (n: TriggerNode) => {
    for (const c of [...(n.and?.triggers ?? []), ...(n.or?.triggers ?? [])]) walk(c);
    productIds.push(...(scopedProducts(n.subtotalRange?.scopes ?? n.itemQuantityRange?.scopes) ?? []));
    const first = n.customerEligibility?.individualMembersInfo?.memberIds[0];
    if (first) memberIds.push(first);
  };
  if (t) walk(t);
  return { productIds: [...new Set(productIds)], memberIds: [...new Set(memberIds)] };
}
