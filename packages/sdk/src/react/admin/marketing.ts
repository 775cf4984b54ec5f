/**
 * Discount rules, coupons and gift cards as TanStack Query options over ../../admin/marketing.ts.
 * Keys: `['discount-rules' | 'coupons' | 'gift-cards', 'list', {…}]` for a page of a list and
 * `[…, 'one', id]` for one. A change puts the answer in the one's key and reads the lists again;
 * switching a rule or a coupon on or off is optimistic (the lists show it at once, and the old
 * state comes back if the server refuses).
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { WireCoupon, WireDiscountRule, WireGiftCard } from '@vitrine/contract';
import {
  couponCalls,
  discountRuleCalls,
  giftCardCalls,
  type CouponSearch,
  type DiscountRuleSearch,
  type GiftCardSearch,
} from '../../admin/marketing.ts';
import type { CursorPage } from '../../admin/paging.ts';
import type { HttpClient } from '../../http.ts';

type Entity = 'discount-rules' | 'coupons' | 'gift-cards';
const listKey = (e: Entity) => [e, 'list'] as const;
const oneKey = (e: Entity, id: string) => [e, 'one', id] as const;

const lists = (client: QueryClient, e: Entity) => client.invalidateQueries({ queryKey: listKey(e) });

/** A page of a list with one item replaced (by id). */
const replaced = <T extends { id: string }>(page: CursorPage<T> | undefined, item: T) =>
  page && { ...page, items: page.items.map((x) => (x.id === item.id ? item : x)) };

/**
 * An optimistic change of one item's fields in every cached page of its list: applied at once,
 * undone when the server refuses, and the lists read again either way.
 */
function optimisticToggle<T extends { id: string }, V extends { id: string }>(
  e: Entity,
  name: string,
  fn: (v: V) => Promise<T>,
  apply: (item: T, v: V) => T,
) {
  return mutationOptions({
    mutationKey: [e, name] as const,
    mutationFn: fn,
    onMutate: async (v: V, context) => {
      await context.client.cancelQueries({ queryKey: listKey(e) });
      const before = context.client.getQueriesData<CursorPage<T>>({ queryKey: listKey(e) });
      for (const [key, page] of before) {
        const item = page?.items.find((x) => x.id === v.id);
        if (item) context.client.setQueryData(key, replaced(page, apply(item, v)));
      }
      return { before };
    },
    onError: (_e, _v, result, context) => {
      for (const [key, page] of result?.before ?? []) context.client.setQueryData(key, page);
    },
    onSuccess: (item, v, _r, context) => context.client.setQueryData(oneKey(e, v.id), item),
    onSettled: (_d, _e, _v, _r, context) => lists(context.client, e),
  });
}

export const discountRuleQueries = {
  list: (http: HttpClient, s: DiscountRuleSearch) =>
    queryOptions({
      queryKey: [
        ...listKey('discount-rules'),
        {
          text: s.text?.trim() || null,
          active: s.active ?? null,
          cursor: s.cursor ?? null,
          limit: s.limit ?? 20,
        },
      ] as const,
      queryFn: () => discountRuleCalls.query(http, s),
    }),
  one: (http: HttpClient, id: string) =>
    queryOptions({ queryKey: oneKey('discount-rules', id), queryFn: () => discountRuleCalls.get(http, id) }),
};

export const discountRuleMutations = {
  create: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['discount-rules', 'create'] as const,
      mutationFn: (v: Parameters<typeof discountRuleCalls.create>[1]) => discountRuleCalls.create(http, v),
      onSuccess: async (rule, _v, _r, context) => {
        context.client.setQueryData(oneKey('discount-rules', rule.id), rule);
        await lists(context.client, 'discount-rules');
      },
    }),
  update: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['discount-rules', 'update'] as const,
      mutationFn: (v: Parameters<typeof discountRuleCalls.update>[1]) => discountRuleCalls.update(http, v),
      onSuccess: async (rule, _v, _r, context) => {
        context.client.setQueryData(oneKey('discount-rules', rule.id), rule);
        await lists(context.client, 'discount-rules');
      },
    }),
  /** Switches a rule on or off, optimistically. */
  setActive: (http: HttpClient) =>
    optimisticToggle(
      'discount-rules',
      'set-active',
      (v: { id: string; active: boolean; revision: string }) =>
        discountRuleCalls.update(http, { id: v.id, patch: { active: v.active, revision: v.revision } }),
      (rule: WireDiscountRule, v): WireDiscountRule => ({ ...rule, active: v.active }),
    ),
  delete: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['discount-rules', 'delete'] as const,
      mutationFn: (id: string) => discountRuleCalls.delete(http, id),
      onSuccess: async (_d, id, _r, context) => {
        context.client.removeQueries({ queryKey: oneKey('discount-rules', id) });
        await lists(context.client, 'discount-rules');
      },
    }),
};

export const couponQueries = {
  list: (http: HttpClient, s: CouponSearch) =>
    queryOptions({
      queryKey: [
        ...listKey('coupons'),
        {
          text: s.text?.trim() || null,
          active: s.active ?? null,
          cursor: s.cursor ?? null,
          limit: s.limit ?? 20,
        },
      ] as const,
      queryFn: () => couponCalls.query(http, s),
    }),
  one: (http: HttpClient, id: string) =>
    queryOptions({ queryKey: oneKey('coupons', id), queryFn: () => couponCalls.get(http, id) }),
};

export const couponMutations = {
  /** Answers the new coupon's id. */
  create: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['coupons', 'create'] as const,
      mutationFn: (v: Parameters<typeof couponCalls.create>[1]) => couponCalls.create(http, v),
      onSuccess: (_id, _v, _r, context) => lists(context.client, 'coupons'),
    }),
  update: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['coupons', 'update'] as const,
      mutationFn: (v: Parameters<typeof couponCalls.update>[1]) => couponCalls.update(http, v),
      onSuccess: async (coupon, _v, _r, context) => {
        context.client.setQueryData(oneKey('coupons', coupon.id), coupon);
        await lists(context.client, 'coupons');
      },
    }),
  /** Switches a coupon on or off, optimistically. */
  setActive: (http: HttpClient) =>
    optimisticToggle(
      'coupons',
      'set-active',
      (v: { id: string; active: boolean }) =>
        couponCalls.update(http, { id: v.id, specification: { active: v.active } }),
      (c: WireCoupon, v): WireCoupon => ({ ...c, specification: { ...c.specification, active: v.active } }),
    ),
  delete: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['coupons', 'delete'] as const,
      mutationFn: (id: string) => couponCalls.delete(http, id),
      onSuccess: async (_d, id, _r, context) => {
        context.client.removeQueries({ queryKey: oneKey('coupons', id) });
        await lists(context.client, 'coupons');
      },
    }),
};

export const giftCardQueries = {
  list: (http: HttpClient, s: GiftCardSearch) =>
    queryOptions({
      queryKey: [
        ...listKey('gift-cards'),
        { disabled: s.disabled ?? null, cursor: s.cursor ?? null, limit: s.limit ?? 20 },
      ] as const,
      queryFn: () => giftCardCalls.query(http, s),
    }),
  one: (http: HttpClient, id: string) =>
    queryOptions({ queryKey: oneKey('gift-cards', id), queryFn: () => giftCardCalls.get(http, id) }),
};

export const giftCardMutations = {
  /** The answer holds the full code, shown this once. */
  create: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['gift-cards', 'create'] as const,
      mutationFn: (v: Parameters<typeof giftCardCalls.create>[1]) => giftCardCalls.create(http, v),
      onSuccess: (_card, _v, _r, context) => lists(context.client, 'gift-cards'),
    }),
  update: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['gift-cards', 'update'] as const,
      mutationFn: (v: Parameters<typeof giftCardCalls.update>[1]) => giftCardCalls.update(http, v),
      onSuccess: async (card, _v, _r, context) => {
        context.client.setQueryData(oneKey('gift-cards', card.id), card);
        await lists(context.client, 'gift-cards');
      },
    }),
  /** Disables or enables a card, optimistically. */
  setDisabled: (http: HttpClient) =>
    optimisticToggle(
      'gift-cards',
      'set-disabled',
      (v: { id: string; disabled: boolean; revision: string }) =>
        giftCardCalls.update(http, { id: v.id, patch: { disabled: v.disabled, revision: v.revision } }),
      (c: WireGiftCard, v): WireGiftCard => ({
        ...c,
        disabled: v.disabled,
        // Re-enabled: the server says whether it is ACTIVE, EMPTY or EXPIRED.
        status: v.disabled ? 'DISABLED' : c.status === 'DISABLED' ? 'ACTIVE' : c.status,
      }),
    ),
  delete: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['gift-cards', 'delete'] as const,
      mutationFn: (id: string) => giftCardCalls.delete(http, id),
      onSuccess: async (_d, id, _r, context) => {
        context.client.removeQueries({ queryKey: oneKey('gift-cards', id) });
        await lists(context.client, 'gift-cards');
      },
    }),
};
