/**
 * Input and output of the pure checkout calculator. Every amount is an integer in the store
 * currency's minor units (cents for USD, yen for JPY); the caller converts with platform/money.ts.
 */
import type { ItemSelection } from './selection.ts';

export type ItemType = 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE';
export type WeightUnit = 'KG' | 'LB';
export type DiscountType = 'PERCENTAGE' | 'FIXED_AMOUNT' | 'FIXED_PRICE' | 'QUANTITY_BASED';
export type DiscountScope = 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
export type DiscountRuleStatus = 'LIVE' | 'PENDING' | 'EXPIRED';
export type TaxRateType = 'MANUAL_RATE' | 'NO_TAX_COLLECTED' | 'FALLBACK_RATE';
export type AdditionalFeeType = 'HANDLING_FEE' | 'INSURANCE';
export type PickupMethod = 'STORE_PICKUP' | 'PICKUP_POINT';
export type Severity = 'WARNING' | 'ERROR';

export interface LineInput {
  id: string;
  catalogItemId: string;
  /** Positive integer; zero or negative is rejected. */
  quantity: number;
  unitPriceMinor: number;
  /** Weight of one unit. */
  weight?: { value: number; unit: WeightUnit };
  itemType: ItemType;
  taxable: boolean;
  /** The collections (categories) of the line's product, for discounts limited to collections. */
  collectionIds?: readonly string[];
}

export interface ActiveTimeInfo {
  start?: Date | string;
  end?: Date | string;
}

/**
 * What a discount takes off. `value` is a percentage (0–100, up to 2 decimals) for PERCENTAGE, the
 * price of `quantity` units together for QUANTITY_BASED,
 * minor units for FIXED_AMOUNT (per unit for SPECIFIC_ITEMS, once for GLOBAL/SHIPPING) and for
 * FIXED_PRICE (the new unit price, or the new shipping price for SHIPPING).
 */
export interface DiscountSpec {
  type: DiscountType;
  scope: DiscountScope;
  value: number;
  /** QUANTITY_BASED: `quantity` units of the items cost `value` together (any mix of them). */
  quantity?: number;
  /**
   * For SPECIFIC_ITEMS: the catalog item ids, and the collections whose items, it applies to (every
   * item when both are left out).
   */
  catalogItemIds?: string[];
  collectionIds?: string[];
}

/**
 * When a discount rule applies. Ranges are inclusive and count the lines of `catalogItemIds` and of
 * `collectionIds` (every line when both are left out) before any discount; gift cards never count. CUSTOMER_ELIGIBILITY is met by
 * a signed-in member of the list.
 */
export type DiscountTrigger =
  | { type: 'AND' | 'OR'; triggers: DiscountTrigger[] }
  | ({ type: 'SUBTOTAL_RANGE'; fromMinor?: number; toMinor?: number } & ItemSelection)
  | ({ type: 'ITEM_QUANTITY_RANGE'; from?: number; to?: number } & ItemSelection)
  | { type: 'CUSTOMER_ELIGIBILITY'; memberIds: string[] };

export interface DiscountRule extends DiscountSpec {
  id: string;
  name: string;
  activeTimeInfo?: ActiveTimeInfo;
  /** Applies only when met; always without one. */
  trigger?: DiscountTrigger;
}

/** Who is buying, for CUSTOMER_ELIGIBILITY triggers. */
export interface BuyerInput {
  memberId?: string;
}

export interface CouponDefinition {
  id: string;
  code: string;
  name: string;
  discount: DiscountSpec;
  activeTimeInfo?: ActiveTimeInfo;
  minimumSubtotalMinor?: number;
  usageLimit?: number;
  perCustomerLimit?: number;
  /** Redemptions so far, all customers / this customer (looked up by the caller). */
  usedTotal: number;
  usedByCustomer: number;
}

export interface CouponInput {
  /** What the buyer typed. */
  code: string;
  /** The coupon the caller found for the code (case-insensitively), if any. */
  definition?: CouponDefinition;
}

export interface GiftCardInput {
  id: string;
  code: string;
  balanceMinor: number;
  expiresAt?: Date | string;
  disabled?: boolean;
  /** Upper bound the buyer asked to redeem (giftCardRedeemAmount). */
  requestedAmountMinor?: number;
}

export interface Destination {
  country: string;
  subdivision?: string;
}

export interface Bracket {
  /** Inclusive upper bound (grams after conversion for weight, minor units, or units); omit on the last. */
  upTo?: number;
  costMinor: number;
}

export type ShippingRule =
  | { kind: 'FLAT'; costMinor: number }
  | { kind: 'BY_WEIGHT'; unit: WeightUnit; brackets: Bracket[] }
  | { kind: 'BY_PRICE'; brackets: Bracket[] }
  | { kind: 'BY_QUANTITY'; brackets: Bracket[] };

export interface TimeSlot {
  from: Date | string;
  to: Date | string;
}

export interface ShippingOptionDef {
  code: string;
  title: string;
  rule: ShippingRule;
  deliveryTime?: string;
  deliveryTimeSlots?: TimeSlot[];
}

export interface ShippingRegion {
  id: string;
  name: string;
  countries: { country: string; subdivisions?: string[] }[];
  options: ShippingOptionDef[];
  /** Goods total (after item/order discounts) from which delivery options cost 0. */
  freeShippingThresholdMinor?: number;
}

export interface Address {
  country: string;
  subdivision?: string;
  city?: string;
  addressLine?: string;
  postalCode?: string;
}

export interface PickupOptionDef {
  code: string;
  title: string;
  costMinor: number;
  pickupMethod: PickupMethod;
  address: Address;
  businessLocation?: string;
  instructions?: string;
}

export interface ShippingInput {
  destination?: Destination;
  regions: ShippingRegion[];
  pickupOptions?: PickupOptionDef[];
  selectedOptionCode?: string;
}

export interface TaxRate {
  name: string;
  rateType: TaxRateType;
  /** Country this rate applies to; omitted only on a FALLBACK_RATE. */
  country?: string;
  subdivision?: string;
  /** Percent, e.g. 8.875; ignored for NO_TAX_COLLECTED. */
  ratePercent: number;
}

export interface AdditionalFeeDef {
  code: string;
  name: string;
  type: AdditionalFeeType;
  /** Exactly one of these: a fixed amount or a percentage of the subtotal. */
  amountMinor?: number;
  percentage?: number;
}

export interface StoreSettings {
  currency: string;
  pricesIncludeTax: boolean;
  shippingTaxable: boolean;
  /** Where tax is computed when there is no shipping destination (pickup, digital goods). */
  origin?: Destination;
}

export interface PricingInput {
  lines: LineInput[];
  discountRules?: DiscountRule[];
  buyer?: BuyerInput;
  coupon?: CouponInput;
  giftCard?: GiftCardInput;
  shipping: ShippingInput;
  taxRates?: TaxRate[];
  fees?: AdditionalFeeDef[];
  store: StoreSettings;
}

export type * from './output-types.ts';
