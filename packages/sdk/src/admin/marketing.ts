/**
 * The merchant's marketing as plain typed calls: discount rules (`/ecom/v1/discount-rules`),
 * coupons (`/stores/v2/coupons`) and gift cards (`/ecom/v1/gift-cards`); list, create, edit and
 * delete, with their usage (a rule's `usageCount`, a coupon's `numberOfUsages`, a card's balance and
 * redemptions). apps/server/src/modules/discounts and gift-cards READMEs.
 */
import type {
  CouponSpecification,
  CouponSpecificationPatch,
  DiscountRuleInput,
  DiscountRulePatch,
  Filter,
  GiftCardInput,
  GiftCardPatch,
  Sorting,
  WireCoupon,
  WireDiscountRule,
  WireGiftCard,
} from '@vitrine/contract';
import type { HttpClient } from '../http.ts';
import { allOf, cursorQueryBody, type CursorPage, type CursorSearch } from './paging.ts';

const RULES = '/ecom/v1/discount-rules';
const COUPONS = '/stores/v2/coupons';
const CARDS = '/ecom/v1/gift-cards';

type Page<K extends string, T> = { [key in K]: T[] } & { pagingMetadata: CursorPage<T>['metadata'] };
const newestFirst = (field: string): Sorting[] => [{ fieldName: field, order: 'DESC' }];

export interface DiscountRuleSearch extends CursorSearch {
  /** Names starting with this (case-insensitive). */
  text?: string;
  active?: boolean;
}
export interface CouponSearch extends CursorSearch {
  /** A code or name starting with this (case-insensitive). */
  text?: string;
  active?: boolean;
}
export interface GiftCardSearch extends CursorSearch {
  disabled?: boolean;
}

export const discountRuleFilter = (s: DiscountRuleSearch): Filter =>
  allOf([
    ...(s.text?.trim() ? [{ name: { $startsWith: s.text.trim() } }] : []),
    ...(s.active !== undefined ? [{ active: { $eq: s.active } }] : []),
  ]);

export const couponFilter = (s: CouponSearch): Filter => {
  const text = s.text?.trim();
  return allOf([
    ...(text
      ? [
          {
            $or: [
              { 'specification.code': { $startsWith: text } },
              { 'specification.name': { $startsWith: text } },
            ],
          },
        ]
      : []),
    ...(s.active !== undefined ? [{ 'specification.active': { $eq: s.active } }] : []),
  ]);
};

export const discountRuleCalls = {
  query: async (http: HttpClient, s: DiscountRuleSearch): Promise<CursorPage<WireDiscountRule>> => {
    const a = await http.request<Page<'discountRules', WireDiscountRule>>({
      method: 'POST',
      path: `${RULES}/query`,
      body: cursorQueryBody(discountRuleFilter(s), newestFirst('createdDate'), s),
    });
    return { items: a.discountRules, metadata: a.pagingMetadata };
  },
  get: async (http: HttpClient, id: string): Promise<WireDiscountRule> =>
    (
      await http.request<{ discountRule: WireDiscountRule }>({
        method: 'GET',
        path: `${RULES}/{id}`,
        pathParams: { id },
      })
    ).discountRule,
  create: async (http: HttpClient, rule: DiscountRuleInput): Promise<WireDiscountRule> =>
    (
      await http.request<{ discountRule: WireDiscountRule }>({
        method: 'POST',
        path: RULES,
        body: { discountRule: rule },
      })
    ).discountRule,
  /** Replaces each top-level field given; `revision` must be the stored one (409 `REVISION_MISMATCH`). */
  update: async (http: HttpClient, v: { id: string; patch: DiscountRulePatch }): Promise<WireDiscountRule> =>
    (
      await http.request<{ discountRule: WireDiscountRule }>({
        method: 'PATCH',
        path: `${RULES}/{id}`,
        pathParams: { id: v.id },
        body: { discountRule: v.patch },
      })
    ).discountRule,
  delete: (http: HttpClient, id: string) =>
    http.request<object>({ method: 'DELETE', path: `${RULES}/{id}`, pathParams: { id } }),
};

export const couponCalls = {
  query: async (http: HttpClient, s: CouponSearch): Promise<CursorPage<WireCoupon>> => {
    const a = await http.request<Page<'coupons', WireCoupon>>({
      method: 'POST',
      path: `${COUPONS}/query`,
      body: cursorQueryBody(couponFilter(s), newestFirst('dateCreated'), s),
    });
    return { items: a.coupons, metadata: a.pagingMetadata };
  },
  get: async (http: HttpClient, id: string): Promise<WireCoupon> =>
    (
      await http.request<{ coupon: WireCoupon }>({
        method: 'GET',
        path: `${COUPONS}/{id}`,
        pathParams: { id },
      })
    ).coupon,
  /** Answers the new coupon's id (as the hosted API does). 409 `COUPON_CODE_ALREADY_EXISTS`. */
  create: async (http: HttpClient, specification: CouponSpecification): Promise<string> =>
    (await http.request<{ id: string }>({ method: 'POST', path: COUPONS, body: { specification } })).id,
  /** Merges the given fields onto the stored specification; with `revision`, refused when stale. */
  update: async (
    http: HttpClient,
    v: { id: string; specification: CouponSpecificationPatch; revision?: string },
  ): Promise<WireCoupon> =>
    (
      await http.request<{ coupon: WireCoupon }>({
        method: 'PATCH',
        path: `${COUPONS}/{id}`,
        pathParams: { id: v.id },
        body: { specification: v.specification, ...(v.revision ? { revision: v.revision } : {}) },
      })
    ).coupon,
  delete: (http: HttpClient, id: string) =>
    http.request<object>({ method: 'DELETE', path: `${COUPONS}/{id}`, pathParams: { id } }),
};

export const giftCardCalls = {
  query: async (http: HttpClient, s: GiftCardSearch): Promise<CursorPage<WireGiftCard>> => {
    const a = await http.request<Page<'giftCards', WireGiftCard>>({
      method: 'POST',
      path: `${CARDS}/query`,
      body: cursorQueryBody(
        s.disabled !== undefined ? { disabled: { $eq: s.disabled } } : {},
        newestFirst('createdDate'),
        s,
      ),
    });
    return { items: a.giftCards, metadata: a.pagingMetadata };
  },
  /** One card with its redemptions (its code masked but for the last 4 characters). */
  get: async (http: HttpClient, id: string): Promise<WireGiftCard> =>
    (
      await http.request<{ giftCard: WireGiftCard }>({
        method: 'GET',
        path: `${CARDS}/{id}`,
        pathParams: { id },
      })
    ).giftCard,
  /** The only answer showing the card's code in full. 409 `GIFT_CARD_CODE_ALREADY_EXISTS`. */
  create: async (http: HttpClient, card: GiftCardInput): Promise<WireGiftCard> =>
    (
      await http.request<{ giftCard: WireGiftCard }>({
        method: 'POST',
        path: CARDS,
        body: { giftCard: card },
      })
    ).giftCard,
  /** Balance correction, expiration, disabling; `revision` must be the stored one. */
  update: async (http: HttpClient, v: { id: string; patch: GiftCardPatch }): Promise<WireGiftCard> =>
    (
      await http.request<{ giftCard: WireGiftCard }>({
        method: 'PATCH',
        path: `${CARDS}/{id}`,
        pathParams: { id: v.id },
        body: { giftCard: v.patch },
      })
    ).giftCard,
  delete: (http: HttpClient, id: string) =>
    http.request<object>({ method: 'DELETE', path: `${CARDS}/{id}`, pathParams: { id } }),
};
