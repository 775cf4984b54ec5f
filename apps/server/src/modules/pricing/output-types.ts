/** Output of the checkout calculator (amounts in integer minor units). */
import type {
  AdditionalFeeType,
  Address,
  DiscountScope,
  DiscountType,
  PickupMethod,
  Severity,
  TaxRateType,
  TimeSlot,
} from './types.ts';

export interface PricingMessage {
  severity: Severity;
  code: string;
  description: string;
  lineItemId?: string;
}

export interface LineOutput {
  id: string;
  fullPriceMinor: number;
  discountMinor: number;
  taxableAmountMinor: number;
  taxMinor: number;
  /** Price after discount, plus tax when prices exclude tax. */
  totalMinor: number;
}

export interface AppliedDiscount {
  source: 'DISCOUNT_RULE' | 'COUPON';
  id: string;
  name: string;
  code?: string;
  discountType: DiscountScope;
  type: DiscountType;
  amountMinor: number;
  lineItemIds: string[];
  /** Per line, summing exactly to amountMinor (empty for SHIPPING). */
  allocations: { lineItemId: string; amountMinor: number }[];
  /** A merchant discount given as a percentage (lines' pricing sets it): that percentage. */
  percentage?: number;
}

export interface ShippingOptionOutput {
  code: string;
  title: string;
  costMinor: number;
  logistics: {
    deliveryTime?: string;
    instructions?: string;
    pickupDetails?: { address: Address; businessLocation?: string; pickupMethod: PickupMethod };
    deliveryTimeSlots?: TimeSlot[];
  };
}

export interface ShippingOutput {
  required: boolean;
  region?: { id: string; name: string };
  carrierServiceOptions: { carrierId: string; shippingOptions: ShippingOptionOutput[] }[];
  selected?: ShippingOptionOutput;
  costMinor: number;
  /** What SHIPPING discounts took off `costMinor` (set by the calculator, not by `shippingOptions`). */
  discountMinor?: number;
}

export interface TaxBreakdownEntry {
  name: string;
  rateType: TaxRateType;
  ratePercent: number;
  taxableAmountMinor: number;
  taxMinor: number;
}

export interface Totals {
  subtotalMinor: number;
  discountMinor: number;
  shippingMinor: number;
  taxMinor: number;
  additionalFeesMinor: number;
  totalMinor: number;
  giftCardMinor: number;
  amountToPayMinor: number;
}

export interface PricingOutput {
  lines: LineOutput[];
  totals: Totals;
  appliedDiscounts: AppliedDiscount[];
  shipping: ShippingOutput;
  tax: {
    taxIncludedInPrice: boolean;
    taxableAmountMinor: number;
    totalTaxMinor: number;
    shippingTaxMinor: number;
    breakdown: TaxBreakdownEntry[];
  };
  additionalFees: { code: string; name: string; type: AdditionalFeeType; amountMinor: number }[];
  giftCard?: { id: string; amountMinor: number; requestedAmountMinor?: number };
  messages: PricingMessage[];
}
