/**
 * A discount rule in words: "10% off the order", "$5.00 off each of 2 products", "20% off Summer
 * and Sale collections", "Shipping costs $0.00"; its conditions: "When the subtotal is at least
 * $100.00", "When 3 or more items from Summer collection are in the cart", "Members: Ada Lovelace and 2 more".
 */
import type { DiscountValue, WireDiscountRule } from '@vitrine/contract';
import type { BadgeTone } from '@vitrine/ui';
import { money, plural } from '../../../kit/format.ts';
import { collectionList, type CollectionName } from '../collection-words.ts';
import { typeOf, type TriggerNode } from './conditions.ts';
import { readScopes } from './scopes.ts';

const unnamed: CollectionName = () => undefined;

/** The collection ids of a discount's scopes (to name them). */
export const discountCollections = (d: DiscountValue | undefined): string[] =>
  d?.targetType === 'SPECIFIC_ITEMS' ? (readScopes(d.specificItemsInfo?.scopes)?.collections ?? []) : [];

export function ruleText(
  d: DiscountValue | undefined,
  currency: string | undefined,
  collection: CollectionName = unnamed,
): string {
  if (!d) return '—';
  const m = (a: string | undefined) => (currency ? money(a ?? '0', currency) : (a ?? '0'));
  const scope = readScopes(d.specificItemsInfo?.scopes);
  const every = !scope || scope.every;
  const products = scope?.products.length ?? 0;
  const collections = scope?.collections ?? [];
  const items = [
    ...(products ? [plural(products, 'product')] : []),
    ...(collections.length ? [collectionList(collections, collection)] : []),
  ].join(' and ');
  const what =
    d.targetType === 'SHIPPING'
      ? 'shipping'
      : d.targetType === 'SPECIFIC_ITEMS'
        ? every
          ? scope
            ? 'every product'
            : 'some items'
          : items
        : 'the order';
  // "each of 2 products", "each item of Summer collection".
  const each = collections.length ? `each item of ${what}` : `each of ${what}`;
  switch (d.discountType) {
    case 'PERCENTAGE':
      return `${d.percentage}% off ${what}`;
    case 'FIXED_AMOUNT':
      return d.targetType === 'SPECIFIC_ITEMS'
        ? `${m(d.fixedAmount)} off ${every ? what : each}`
        : `${m(d.fixedAmount)} off ${what}`;
    case 'QUANTITY_BASED': {
      const deal = d.quantityBased?.configurations[0];
      const of = d.targetType === 'SPECIFIC_ITEMS' ? ` ${collections.length ? 'from' : 'of'} ${what}` : '';
      return `Any ${deal?.quantity ?? '?'}${of} for ${m(deal?.price)}`;
    }
    default:
      return d.targetType === 'SHIPPING'
        ? `Shipping costs ${m(d.fixedPrice)}`
        : d.targetType === 'SPECIFIC_ITEMS'
          ? `${collections.length ? `items of ${what}` : what} at ${m(d.fixedPrice)} each`
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
  collection: CollectionName;
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
  const scope = readScopes(range.scopes);
  const chosen = scope?.products.length ? productList(scope.products, names) : '';
  const inCollections = scope?.collections.length
    ? `items from ${collectionList(scope.collections, names.collection)}`
    : '';
  // "Linen shirt", "items from Summer collection", "Linen shirt or items from Summer collection".
  const of = !scope ? 'some items' : [chosen, inCollections].filter(Boolean).join(' or ');
  const from = range.from ?? undefined;
  const to = range.to ?? undefined;
  if (subtotal) {
    const m = (a: string | number) => (names.currency ? money(a, names.currency, true) : String(a));
    const what = of ? `the subtotal of ${of}` : 'the subtotal';
    if (from !== undefined && to !== undefined) return `${what} is between ${m(from)} and ${m(to)}`;
    return to !== undefined ? `${what} is at most ${m(to)}` : `${what} is at least ${m(from ?? 0)}`;
  }
  const what = of ? (chosen || !inCollections ? `of ${of}` : of) : 'items';
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

/**
 * The ids whose names a trigger's words use: every scoped product and collection, the first member
 * of each list.
 */
export function namesUsed(t: TriggerNode | null | undefined): {
  productIds: string[];
  collectionIds: string[];
  memberIds: string[];
} {
  const productIds: string[] = [];
  const collectionIds: string[] = [];
  const memberIds: string[] = [];
  const walk = (n: TriggerNode) => {
    for (const c of [...(n.and?.triggers ?? []), ...(n.or?.triggers ?? [])]) walk(c);
    const scope = readScopes(n.subtotalRange?.scopes ?? n.itemQuantityRange?.scopes);
    productIds.push(...(scope?.products ?? []));
    collectionIds.push(...(scope?.collections ?? []));
    const first = n.customerEligibility?.individualMembersInfo?.memberIds[0];
    if (first) memberIds.push(first);
  };
  if (t) walk(t);
  return {
    productIds: [...new Set(productIds)],
    collectionIds: [...new Set(collectionIds)],
    memberIds: [...new Set(memberIds)],
  };
}
