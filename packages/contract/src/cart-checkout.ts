import { z } from 'zod';
import type { updateCheckoutRequest } from './ecom.ts';
import { id, isoDate, multiCurrencyPrice } from './scalars.ts';

/**
 * The cart and the checkout as answers carry them (contract cart-checkout.md §1–§3): the routes
 * declare these, the SDK and the hosted pages read their types. Amounts are MultiCurrencyPrice.
 */

const money = multiCurrencyPrice;
const looseObject = z.record(z.string(), z.unknown());
const translated = z.strictObject({ original: z.string(), translated: z.string() });
const appError = z.strictObject({ code: z.string(), description: z.string(), data: looseObject });
const details = z.strictObject({ applicationError: appError });

/** An address as it was stored from the caller's input (every part optional). */
export const wireAddress = z.strictObject({
  country: z.string().optional(),
  subdivision: z.string().optional(),
  city: z.string().optional(),
  postalCode: z.string().optional(),
  addressLine: z.string().optional(),
  addressLine2: z.string().optional(),
  formattedAddress: z.string().optional(),
  countryFullname: z.string().optional(),
  subdivisionFullname: z.string().optional(),
  geocode: z.strictObject({ latitude: z.number(), longitude: z.number() }).optional(),
  streetAddress: z
    .object({ number: z.string().optional(), name: z.string().optional(), apt: z.string().optional() })
    .optional(),
});
export type WireAddress = z.infer<typeof wireAddress>;
export const wireContactDetails = z.strictObject({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phone: z.string().optional(),
  company: z.string().optional(),
  vatId: z.strictObject({ id: z.string(), type: z.string().optional() }).optional(),
});
export type WireContactDetails = z.infer<typeof wireContactDetails>;
export const wireAddressWithContact = z.strictObject({
  address: wireAddress.optional(),
  contactDetails: wireContactDetails.optional(),
});

export const lineImage = z.strictObject({
  id: z.string().optional(),
  url: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  altText: z.string().nullish(),
  filename: z.string().optional(),
});
export const wireDescriptionLine = z.strictObject({
  name: translated,
  plainText: translated.optional(),
  colorInfo: translated.extend({ code: z.string().optional() }).optional(),
});
export const lineAvailabilityStatus = z.enum([
  'AVAILABLE',
  'NOT_FOUND',
  'NOT_AVAILABLE',
  'PARTIALLY_AVAILABLE',
]);

const lineItemBase = z.strictObject({
  id,
  quantity: z.number().int(),
  catalogReference: z
    .object({ catalogItemId: z.string(), appId: z.string(), options: looseObject.nullish() })
    .optional(),
  productName: translated,
  url: z.strictObject({ relativePath: z.string(), url: z.string() }).optional(),
  price: money.optional(),
  fullPrice: money.optional(),
  priceBeforeDiscounts: money.optional(),
  lineItemPrice: money.optional(),
  descriptionLines: z.array(wireDescriptionLine),
  availability: z.strictObject({ status: lineAvailabilityStatus, quantityAvailable: z.number().optional() }),
  physicalProperties: z.strictObject({
    weight: z.number().optional(),
    sku: z.string().optional(),
    shippable: z.boolean(),
  }),
  itemType: z.strictObject({ preset: z.string().optional(), custom: z.string().optional() }),
  paymentOption: z.string(),
  priceDescription: translated.optional(),
  rootCatalogItemId: z.string().optional(),
  customLineItem: z.boolean(),
  priceUndetermined: z.boolean(),
  fixedQuantity: z.boolean(),
  /** An app's own price, name, description lines or image for a catalog line, as it gave them. */
  catalogOverrideFields: looseObject.optional(),
});

export const cartLineItem = lineItemBase.extend({ image: lineImage.optional() });
export type CartLineItem = z.infer<typeof cartLineItem>;

const taxDetails = z.strictObject({ taxableAmount: money, taxRate: z.string(), totalTax: money });
export const checkoutLineItem = lineItemBase.extend({
  media: lineImage.optional(),
  totalPriceBeforeTax: money,
  totalPriceAfterTax: money,
  taxDetails,
  discount: money,
});
export type CheckoutLineItem = z.infer<typeof checkoutLineItem>;

export const cartAppliedDiscount = z.strictObject({
  coupon: z.strictObject({ id: z.string(), code: z.string() }).optional(),
  merchantDiscount: z.strictObject({ amount: money }).optional(),
});
export const checkoutAppliedDiscount = z.strictObject({
  discountType: z.string(),
  lineItemIds: z.array(z.string()),
  coupon: z.strictObject({ id: z.string(), code: z.string(), amount: money, name: z.string() }).optional(),
  merchantDiscount: z.strictObject({ amount: money, percentage: z.number().optional() }).optional(),
  discountRule: z.strictObject({ id: z.string(), name: translated, amount: money }).optional(),
});
export type CheckoutAppliedDiscount = z.infer<typeof checkoutAppliedDiscount>;

export const cart = z.strictObject({
  id,
  lineItems: z.array(cartLineItem),
  subtotal: money,
  buyerNote: z.string().optional(),
  buyerInfo: z.strictObject({ memberId: z.string().optional(), visitorId: z.string().optional() }),
  currency: z.string(),
  conversionCurrency: z.string(),
  paymentCurrency: z.string(),
  buyerLanguage: z.string(),
  siteLanguage: z.string(),
  taxIncludedInPrices: z.boolean(),
  weightUnit: z.string(),
  checkoutId: z.string().optional(),
  appliedDiscounts: z.array(cartAppliedDiscount),
  createdDate: isoDate,
  updatedDate: isoDate,
  contactInfo: wireAddressWithContact.optional(),
  overrideCheckoutUrl: z.string().optional(),
  purchaseFlowId: z.string().optional(),
  selectedShippingOption: z.strictObject({ code: z.string() }).loose().optional(),
  businessLocationId: z.string().optional(),
  revision: z.string(),
});
export type Cart = z.infer<typeof cart>;

export const checkoutShippingOption = z.strictObject({
  code: z.string(),
  title: z.string(),
  logistics: z.strictObject({
    deliveryTime: z.string().optional(),
    instructions: z.string().optional(),
    pickupDetails: z
      .object({ address: wireAddress.optional(), pickupMethod: z.string().optional() })
      .loose()
      .optional(),
    deliveryTimeSlot: z.strictObject({ from: isoDate, to: isoDate }).optional(),
  }),
  cost: z.strictObject({ price: money, otherCharges: z.array(z.unknown()) }),
});
export type CheckoutShippingOption = z.infer<typeof checkoutShippingOption>;

export const selectedCheckoutShippingOption = checkoutShippingOption.extend({
  carrierId: z.string().optional(),
  cost: z.strictObject({
    price: money,
    totalDiscount: money,
    totalPriceBeforeTax: money,
    totalPriceAfterTax: money,
    taxDetails,
  }),
  requestedShippingOption: z.boolean(),
  otherCharges: z.array(z.unknown()),
});

export const checkoutShippingInfo = z.strictObject({
  region: z.strictObject({ id: z.string(), name: z.string() }).loose().optional(),
  selectedCarrierServiceOption: selectedCheckoutShippingOption.optional(),
  carrierServiceOptions: z.array(
    z.strictObject({ carrierId: z.string(), shippingOptions: z.array(checkoutShippingOption) }),
  ),
});

const summary = z.strictObject({
  subtotal: money,
  shipping: money,
  tax: money,
  discount: money,
  total: money,
  additionalFees: money,
});
export type PriceSummary = z.infer<typeof summary>;
const priced = {
  priceSummary: summary,
  payNow: summary,
  payLater: summary,
  taxSummary: z.strictObject({ taxableAmount: money, totalTax: money }),
  additionalFees: z.array(
    z.strictObject({
      code: z.string(),
      name: z.string(),
      price: money,
      taxDetails,
      priceBeforeTax: money,
      priceAfterTax: money,
    }),
  ),
};

export const checkoutGiftCard = z.strictObject({
  id: z.string(),
  obfuscatedCode: z.string(),
  amount: money,
  appId: z.string(),
  requestedAmount: money.optional(),
});

export const calculationErrors = z.strictObject({
  couponCalculationError: details.optional(),
  giftCardCalculationError: details.optional(),
  selectedShippingOptionError: details.optional(),
  generalShippingCalculationError: details.optional(),
  orderValidationErrors: z.array(appError).optional(),
});

export const checkoutViolation = z.strictObject({
  severity: z.enum(['WARNING', 'ERROR']),
  target: z.strictObject({
    other: z.strictObject({ name: z.literal('OTHER_DEFAULT') }).optional(),
    lineItem: z
      .object({
        name: z.literal('LINE_ITEM_DEFAULT'),
        id: z.string(),
        suggestedFix: z.enum(['UNKNOWN_SUGGESTED_FIX', 'REMOVE_LINE_ITEM']),
      })
      .optional(),
  }),
  description: z.string(),
});
export type CheckoutViolation = z.infer<typeof checkoutViolation>;

const membershipOptions = z.strictObject({
  eligibleMemberships: z.array(z.unknown()),
  invalidMemberships: z.array(z.unknown()),
  selectedMemberships: z.strictObject({ memberships: z.array(z.unknown()) }),
});

export const checkout = z.strictObject({
  id,
  cartId: z.string().optional(),
  lineItems: z.array(checkoutLineItem),
  billingInfo: wireAddressWithContact.optional(),
  shippingInfo: checkoutShippingInfo.extend({ shippingDestination: wireAddressWithContact.optional() }),
  buyerNote: z.string().optional(),
  buyerInfo: z.strictObject({
    email: z.string().optional(),
    visitorId: z.string().optional(),
    memberId: z.string().optional(),
    contactId: z.string().optional(),
  }),
  conversionCurrency: z.string(),
  currency: z.string(),
  paymentCurrency: z.string(),
  ...priced,
  calculationErrors: calculationErrors.optional(),
  giftCard: checkoutGiftCard.optional(),
  appliedDiscounts: z.array(checkoutAppliedDiscount),
  customFields: z.array(looseObject),
  weightUnit: z.string(),
  channelType: z.string(),
  siteLanguage: z.string(),
  buyerLanguage: z.string(),
  completed: z.boolean(),
  taxIncludedInPrice: z.boolean(),
  createdBy: looseObject,
  createdDate: isoDate,
  updatedDate: isoDate,
  membershipOptions,
  violations: z.array(checkoutViolation),
  purchaseFlowId: z.string().optional(),
  businessLocationId: z.string().optional(),
  overrideCheckoutUrl: z.string().optional(),
  revision: z.string(),
});
export type Checkout = z.infer<typeof checkout>;

export const calculatedLineItem = z.strictObject({
  lineItemId: z.string(),
  pricesBreakdown: z.strictObject({
    totalPriceAfterTax: money,
    totalPriceBeforeTax: money,
    taxDetails,
    totalDiscount: money,
    price: money.optional(),
    priceBeforeDiscounts: money.optional(),
    lineItemPrice: money.optional(),
    fullPrice: money.optional(),
  }),
  paymentOption: z.string(),
});

// ---- answers ---------------------------------------------------------------------------------------

export const cartResponse = z.strictObject({ cart });
export const createCheckoutFromCartResponse = z.strictObject({ checkoutId: id });
export const estimateTotalsResponse = z.strictObject({
  cart,
  calculatedLineItems: z.array(calculatedLineItem),
  ...priced,
  giftCard: checkoutGiftCard.optional(),
  shippingInfo: checkoutShippingInfo,
  appliedDiscounts: z.array(checkoutAppliedDiscount),
  calculationErrors: calculationErrors.optional(),
  weightUnit: z.string(),
  currency: z.string(),
  membershipOptions,
  violations: z.array(checkoutViolation),
});
export type EstimateTotals = z.infer<typeof estimateTotalsResponse>;
export const checkoutResponse = z.strictObject({ checkout });
export const checkoutUrlResponse = z.strictObject({ checkoutUrl: z.string() });
export const createOrderFromCheckoutResponse = z.strictObject({
  orderId: id,
  paymentGatewayOrderId: z.string().optional(),
  subscriptionId: z.string().optional(),
});
export type CreateOrderFromCheckout = z.infer<typeof createOrderFromCheckoutResponse>;

/** What `updateCheckout` accepts, as a caller writes it (before defaults and transforms). */
export type UpdateCheckoutInput = z.input<typeof updateCheckoutRequest>;
