import { z } from 'zod';
import { cursorPagingMetadata, cursorQuery } from './query.ts';
import { decimalString, id, int64, isoDate, percentage } from './scalars.ts';

/** A percentage above 0 and at most 100, with up to 4 decimals. */
export const discountPercentage = percentage(4);
/** A money amount in major units as a decimal string; the currency's decimals are checked by the server. */
const money = decimalString({ scale: 4, max: 1e12 });

// ---- discount rules (/ecom/v1/discount-rules)

export const discountScope = z.strictObject({
  id: z.string().min(1).max(100).optional(),
  type: z.enum(['CATALOG_ITEM', 'CUSTOM_FILTER', 'ALL_ITEMS']).optional(),
  catalogItemFilter: z
    .strictObject({
      catalogAppId: z.string().min(1).max(100),
      catalogItemIds: z.array(z.string().min(1).max(100)).max(500).optional(),
    })
    .optional(),
  customFilter: z
    .object({ appId: z.string().max(100).optional(), params: z.record(z.string(), z.unknown()).nullish() })
    .optional(),
});
export const discountTargetType = z.enum(['GLOBAL', 'SPECIFIC_ITEMS', 'SHIPPING']);
/** QUANTITY_BASED: "X for an amount" (`quantityBased`), e.g. any 3 for $10. */
export const discountType = z.enum(['PERCENTAGE', 'FIXED_AMOUNT', 'FIXED_PRICE', 'QUANTITY_BASED']);
export const quantityBased = z.strictObject({
  /** Exactly one: `quantity` units (at least 2) of the items for `price` together. */
  configurations: z
    .array(
      z.strictObject({
        id: id.optional(),
        quantity: z.number().int().min(2).max(1_000),
        price: decimalString({ scale: 4, max: 1e6 }),
      }),
    )
    .length(1),
});
export const discountValue = z.strictObject({
  targetType: discountTargetType,
  /** SPECIFIC_ITEMS only: the catalog items it applies to. */
  specificItemsInfo: z.strictObject({ scopes: z.array(discountScope).min(1).max(50) }).optional(),
  discountType,
  percentage: discountPercentage.optional(),
  fixedAmount: money.optional(),
  fixedPrice: money.optional(),
  quantityBased: quantityBased.optional(),
});
export type DiscountValue = z.infer<typeof discountValue>;
export const discountActiveTimeInfo = z.strictObject({ start: isoDate.nullish(), end: isoDate.nullish() });

/**
 * A rule's trigger: the conditions a cart must meet for the rule's discount to apply. One of the
 * condition fields, named by `triggerType` (inferred when left out and one field is given). `and` /
 * `or` chain 2–5 triggers, nested at most twice. Ranges are inclusive; a range's `scopes` limit what
 * it counts (every item without them); gift cards never count.
 */
export const TRIGGER_TYPES = [
  'AND',
  'OR',
  'SUBTOTAL_RANGE',
  'ITEM_QUANTITY_RANGE',
  'CUSTOMER_ELIGIBILITY',
  'CUSTOM',
] as const;
export const TRIGGER_CHAIN = { min: 2, max: 5 } as const;
const triggerScopes = z.array(discountScope).max(50);
const triggerLeaf = {
  triggerType: z.enum(TRIGGER_TYPES).optional(),
  subtotalRange: z
    .strictObject({ scopes: triggerScopes.optional(), from: money.nullish(), to: money.nullish() })
    .optional(),
  itemQuantityRange: z
    .strictObject({
      scopes: triggerScopes.optional(),
      from: z.number().int().min(1).max(1_000_000_000).nullish(),
      to: z.number().int().min(1).max(1_000_000_000).nullish(),
    })
    .optional(),
  customerEligibility: z
    .strictObject({
      eligibilityType: z.enum(['INDIVIDUAL_MEMBERS']).optional(),
      individualMembersInfo: z.strictObject({ memberIds: z.array(id).min(1).max(100) }).optional(),
    })
    .optional(),
  /** Triggers of an app's custom-trigger plugin: refused (Vitrine runs no trigger plugins). */
  customTrigger: z
    .strictObject({ id: z.string().max(100).optional(), appId: z.string().max(100).optional() })
    .optional(),
};
const chainOf = <T extends z.ZodType>(t: T) =>
  z.strictObject({ triggers: z.array(t).min(TRIGGER_CHAIN.min).max(TRIGGER_CHAIN.max) });
const innerTrigger = z.strictObject(triggerLeaf);
const middleTrigger = z.strictObject({
  ...triggerLeaf,
  and: chainOf(innerTrigger).optional(),
  or: chainOf(innerTrigger).optional(),
});
export const discountTrigger = z.strictObject({
  ...triggerLeaf,
  and: chainOf(middleTrigger).optional(),
  or: chainOf(middleTrigger).optional(),
});
/** A trigger as given and as answered (the answer always names `triggerType`). */
export type DiscountTriggerInput = z.infer<typeof discountTrigger>;

const ruleFields = {
  name: z.string().trim().min(1).max(50),
  active: z.boolean().optional(),
  activeTimeInfo: discountActiveTimeInfo.nullish(),
  /** Without one (or with `null`) the rule applies to every cart while it is LIVE. */
  trigger: discountTrigger.nullish(),
  /** Exactly one discount per rule (as on the hosted platform). */
  discounts: z.strictObject({ values: z.array(discountValue).length(1) }),
};
export const discountRuleInput = z.strictObject({ ...ruleFields, id: z.string().optional() });
export const discountRulePatch = z.strictObject({
  ...z.object(ruleFields).partial().shape,
  id: z.string().optional(),
  revision: int64,
});
export type DiscountRuleInput = z.infer<typeof discountRuleInput>;
export type DiscountRulePatch = z.infer<typeof discountRulePatch>;

export const discountRuleStatus = z.enum(['LIVE', 'PENDING', 'EXPIRED']);
export const discountRule = z.object({
  id,
  revision: z.string(),
  createdDate: isoDate,
  updatedDate: isoDate,
  name: z.string(),
  active: z.boolean(),
  activeTimeInfo: z.object({ start: isoDate.optional(), end: isoDate.optional() }).optional(),
  trigger: discountTrigger.optional(),
  discounts: z.object({ values: z.array(discountValue) }),
  status: discountRuleStatus,
  usageCount: z.number(),
});
export type WireDiscountRule = z.infer<typeof discountRule>;

export const createDiscountRuleRequest = z.strictObject({ discountRule: discountRuleInput });
export const updateDiscountRuleRequest = z.strictObject({ discountRule: discountRulePatch });
export const discountRuleResponse = z.object({ discountRule });
export const queryDiscountRulesRequest = z.strictObject({ query: cursorQuery.optional() });
export const queryDiscountRulesResponse = z.object({
  discountRules: z.array(discountRule),
  pagingMetadata: cursorPagingMetadata,
});

// ---- coupons (/stores/v2/coupons)

/** Coupon money is a JSON number on the hosted platform; a decimal string is accepted too. */
const couponMoney = z.union([z.number().min(0).max(1e12), money]);
/** ISO-8601, or epoch milliseconds (number or int64 string) as the hosted platform also sends. */
export const couponTime = z
  .union([
    isoDate,
    z.number().int().min(0).max(8_640_000_000_000_000),
    z.string().regex(/^\d{1,15}$/, 'must be a date-time'),
  ])
  .transform((v) => new Date(typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v).toISOString());
export const COUPON_CODE = /^[A-Za-z0-9_-]{1,20}$/;
export const couponScope = z.strictObject({
  namespace: z.string().min(1).max(50),
  group: z
    .strictObject({ name: z.string().min(1).max(50), entityId: z.string().min(1).max(100).optional() })
    .optional(),
});
const specFields = {
  name: z.string().trim().min(1).max(100),
  code: z.string().trim().regex(COUPON_CODE, 'must be 1-20 letters, digits, dashes or underscores'),
  startTime: couponTime,
  expirationTime: couponTime.nullish(),
  usageLimit: z.number().int().min(1).max(1_000_000_000).nullish(),
  /** Ours: how many orders one customer (member, or e-mail) may use it on. */
  limitPerCustomer: z.number().int().min(1).max(1_000_000_000).nullish(),
  limitedToOneItem: z.boolean().optional(),
  appliesToSubscriptions: z.boolean().optional(),
  active: z.boolean().optional(),
  minimumSubtotal: couponMoney.nullish(),
  scope: couponScope.nullish(),
  moneyOffAmount: couponMoney.optional(),
  percentOffRate: discountPercentage.optional(),
  fixedPriceAmount: couponMoney.optional(),
  freeShipping: z.boolean().optional(),
  buyXGetY: z.unknown().optional(),
  /** Read-only; accepted and ignored when it matches what the other fields say. */
  type: z.string().max(30).optional(),
};
export const couponSpecification = z.strictObject(specFields);
export const couponSpecificationPatch = z.strictObject(z.object(specFields).partial().shape);
export type CouponSpecification = z.infer<typeof couponSpecification>;
export type CouponSpecificationPatch = z.infer<typeof couponSpecificationPatch>;

export const couponType = z.enum(['MoneyOff', 'PercentOff', 'FixedPriceAmount', 'FreeShipping']);
export const coupon = z.object({
  id,
  specification: z.object({
    name: z.string(),
    code: z.string(),
    startTime: isoDate,
    expirationTime: isoDate.optional(),
    usageLimit: z.number().optional(),
    limitPerCustomer: z.number().optional(),
    limitedToOneItem: z.boolean(),
    appliesToSubscriptions: z.boolean(),
    active: z.boolean(),
    minimumSubtotal: z.number().optional(),
    scope: couponScope.optional(),
    moneyOffAmount: z.number().optional(),
    percentOffRate: z.number().optional(),
    fixedPriceAmount: z.number().optional(),
    freeShipping: z.boolean().optional(),
    type: couponType,
  }),
  /** Epoch milliseconds as an int64 string, as the hosted platform writes it. */
  dateCreated: z.string(),
  expired: z.boolean(),
  numberOfUsages: z.number(),
  displayData: z.object({ name: z.string() }),
  revision: z.string(),
});
export type WireCoupon = z.infer<typeof coupon>;

export const createCouponRequest = z.strictObject({ specification: couponSpecification });
export const createCouponResponse = z.object({ id });
export const updateCouponRequest = z.strictObject({
  id: z.string().optional(),
  specification: couponSpecificationPatch,
  /** Ours: optimistic concurrency (the hosted API has none). */
  revision: int64.optional(),
});
export const couponResponse = z.object({ coupon });
/** Filter and sort may also come as JSON strings (the hosted API's form). */
export const queryCouponsRequest = z.strictObject({
  query: cursorQuery
    .extend({
      filter: z.union([z.record(z.string(), z.unknown()), z.string().max(10_000)]).nullish(),
    })
    .optional(),
});
export const queryCouponsResponse = z.object({
  coupons: z.array(coupon),
  pagingMetadata: cursorPagingMetadata,
});
