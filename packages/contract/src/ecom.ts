import { z } from 'zod';
import { withAddressLine } from './addresses.ts';
import { ruleParams } from './errors.ts';
import { decimalString, id, percentage } from './scalars.ts';

/**
 * Current cart and checkout requests (contract/cart-checkout.md). Nested shapes the SDK fills
 * from the platform's types are open objects (unknown keys ignored); top-level bodies are strict.
 */
export const CHANNEL_TYPES = [
  'UNSPECIFIED',
  'WEB',
  'POS',
  'EBAY',
  'AMAZON',
  'OTHER_PLATFORM',
  'WIX_APP_STORE',
  'WIX_INVOICES',
  'BACKOFFICE_MERCHANT',
  'WISH',
  'CLASS_PASS',
  'GLOBAL_E',
  'FACEBOOK',
  'ETSY',
  'TIKTOK',
  'FAIRE_COM',
  'PAYPAL_AGENTIC_CHECKOUT',
  'STRIPE_AGENTIC_CHECKOUT',
] as const;
export const channelType = z.enum(CHANNEL_TYPES);
export const ITEM_TYPES = ['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE'] as const;
export const PAYMENT_OPTIONS = [
  'FULL_PAYMENT_ONLINE',
  'FULL_PAYMENT_OFFLINE',
  'MEMBERSHIP',
  'DEPOSIT_ONLINE',
  'MEMBERSHIP_OFFLINE',
  'MEMBERSHIP_ONLINE_WITH_OFFLINE_REMAINDER',
] as const;

/** Cart and checkout quantities: whole units, 1 to 100,000. */
export const MAX_LINE_QUANTITY = 100_000;
/** Distinct line items one cart or checkout may hold. */
export const MAX_LINE_ITEMS = 300;
const quantity = z.number().int().min(1).max(MAX_LINE_QUANTITY);
const text = (max: number) => z.string().max(max);

export const address = z
  .object({
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code')
      .optional(),
    subdivision: z
      .string()
      .regex(/^[A-Z0-9]{1,3}(-[A-Z0-9]{1,3})?$/, 'must be an ISO 3166-2 subdivision code, e.g. US-NY')
      .optional(),
    city: text(100).optional(),
    postalCode: text(20).optional(),
    addressLine: text(200).optional(),
    addressLine2: text(200).optional(),
    formattedAddress: text(500).optional(),
    countryFullname: text(100).optional(),
    subdivisionFullname: text(100).optional(),
    geocode: z
      .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
      .optional(),
    streetAddress: z
      .object({ number: text(20).optional(), name: text(200).optional(), apt: text(20).optional() })
      .optional(),
  })
  .transform(withAddressLine);
export type Address = z.infer<typeof address>;

export const contactDetails = z.object({
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  phone: text(50).optional(),
  company: text(200).optional(),
  vatId: z.object({ id: text(50), type: z.enum(['UNSPECIFIED', 'CPF', 'CNPJ']).optional() }).optional(),
});
export const addressWithContact = z.object({
  address: address.optional(),
  contactDetails: contactDetails.optional(),
});

export const catalogReference = z.object({
  catalogItemId: z.string().min(1).max(100),
  appId: z.string().min(1).max(100),
  /** Opaque to everything but the catalog (contract catalog.md §10); echoed back unchanged. */
  options: z.record(z.string(), z.unknown()).nullish(),
});
export type CatalogReference = z.infer<typeof catalogReference>;

const translatable = z.object({ original: text(200), translated: text(200).optional() });
const descriptionLinesInput = z
  .array(
    z.object({
      name: translatable,
      plainText: translatable.optional(),
      colorInfo: z
        .object({ original: text(100), translated: text(100).optional(), code: text(20).optional() })
        .optional(),
    }),
  )
  .max(20);
const imageInput = z.object({
  id: text(200).optional(),
  url: z.string().max(2000),
  height: z.number().int().optional(),
  width: z.number().int().optional(),
  altText: text(200).optional(),
});
/**
 * An app's own price, name, description lines or image for a catalog line (the site owner and
 * apps only). The line keeps its catalog item (stock, delivery); the rest of the platform's
 * overrides (physical properties, payment option, deposit, saving the payment method) are refused
 * (lines' README).
 */
export const catalogOverrideFieldsInput = z.object({
  productName: translatable.optional(),
  price: decimalString({ max: 1e11 }).optional(),
  fullPrice: decimalString({ max: 1e11 }).optional(),
  descriptionLines: descriptionLinesInput.optional(),
  image: imageInput.optional(),
  physicalProperties: z.unknown().optional(),
  paymentOption: z.unknown().optional(),
  depositAmount: z.unknown().optional(),
  savePaymentMethod: z.unknown().optional(),
});
export type CatalogOverrideFieldsInput = z.infer<typeof catalogOverrideFieldsInput>;
export const lineItemInput = z.object({
  catalogReference,
  quantity,
  id: id.optional(),
  catalogOverrideFields: catalogOverrideFieldsInput.nullish(),
});

export const customLineItemInput = z.object({
  id: id.optional(),
  quantity,
  price: decimalString({ max: 1e11 }),
  fullPrice: decimalString({ max: 1e11 }).optional(),
  productName: translatable,
  priceDescription: translatable.optional(),
  descriptionLines: descriptionLinesInput.optional(),
  media: imageInput.optional(),
  url: z.object({ relativePath: text(500).optional(), url: z.string().max(2000).optional() }).optional(),
  itemType: z.object({ preset: z.enum(ITEM_TYPES).optional(), custom: text(100).optional() }).optional(),
  physicalProperties: z
    .object({
      weight: z.number().min(0).max(1_000_000).optional(),
      sku: text(40).optional(),
      shippable: z.boolean().optional(),
    })
    .optional(),
  paymentOption: z.enum(PAYMENT_OPTIONS).optional(),
  quantityAvailable: z.number().int().min(0).optional(),
  catalogReference: catalogReference.optional(),
  rootCatalogItemId: text(100).optional(),
  taxGroupId: text(100).optional(),
});
export type CustomLineItemInput = z.infer<typeof customLineItemInput>;

const lineItems = z.array(lineItemInput).max(MAX_LINE_ITEMS);
const customLineItems = z.array(customLineItemInput).max(MAX_LINE_ITEMS);
const couponCode = z.string().trim().min(1).max(50);
const giftCardCode = z.string().trim().min(1).max(100);
export const merchantDiscountInput = z.object({
  amount: decimalString({ max: 1e11 }),
  lineItemIds: z.array(id).max(MAX_LINE_ITEMS).optional(),
});
/**
 * A discount the merchant gives on a checkout they make for a buyer (Create order), on the whole
 * order before delivery: exactly one of an amount and a percentage (above 0, at most 100, 2 decimals).
 */
export const checkoutMerchantDiscountInput = z
  .strictObject({
    amount: decimalString({ max: 1e11 }).optional(),
    percentage: percentage(2).optional(),
  })
  .refine((d) => (d.amount === undefined) !== (d.percentage === undefined), {
    message: 'give exactly one of amount and percentage',
    ...ruleParams('ONE_OF_ALIGNMENT', {}),
  });
export type CheckoutMerchantDiscountInput = z.infer<typeof checkoutMerchantDiscountInput>;
const checkoutMerchantDiscounts = z.array(checkoutMerchantDiscountInput).max(10);
const selectedShippingOption = z.object({
  code: z.string().min(1).max(100),
  carrierId: z.string().max(100).optional(),
});
const quantityUpdate = z.array(z.object({ id, quantity })).min(1).max(MAX_LINE_ITEMS);
const lineItemIds = z.array(id).min(1).max(MAX_LINE_ITEMS);
const overrideCheckoutUrl = z.url().max(2000);

// Current cart.
export const updateCurrentCartRequest = z.strictObject({
  cartInfo: z
    .object({
      buyerNote: text(1000).optional(),
      contactInfo: addressWithContact.optional(),
      businessLocationId: text(100).optional(),
      selectedShippingOption: selectedShippingOption.optional(),
      overrideCheckoutUrl: overrideCheckoutUrl.optional(),
      purchaseFlowId: text(100).optional(),
    })
    .optional(),
  couponCode: couponCode.optional(),
  merchantDiscounts: z.array(merchantDiscountInput).max(10).optional(),
  lineItems: lineItems.optional(),
  customLineItems: customLineItems.optional(),
  cartFieldmask: z.string().max(2000).optional(),
});
export const addToCartRequest = z.strictObject({
  lineItems: lineItems.optional(),
  customLineItems: customLineItems.optional(),
  businessLocationId: text(100).optional(),
});
export const removeLineItemsRequest = z.strictObject({ id: id.optional(), lineItemIds });
export const updateQuantityRequest = z.strictObject({ id: id.optional(), lineItems: quantityUpdate });
export const createCheckoutFromCartRequest = z.strictObject({
  channelType: channelType.optional(),
  shippingAddress: address.optional(),
  billingAddress: address.optional(),
  selectedShippingOption: selectedShippingOption.optional(),
  email: z.email().max(254).optional(),
});
export const estimateTotalsRequest = z.strictObject({
  selectedShippingOption: selectedShippingOption.optional(),
  shippingAddress: address.optional(),
  billingAddress: address.optional(),
  selectedMemberships: z
    .object({
      memberships: z
        .array(z.object({ id: z.string(), appId: z.string(), lineItemIds: z.array(z.string()) }))
        .max(50),
    })
    .optional(),
  calculateTax: z.boolean().optional(),
  calculateShipping: z.boolean().optional(),
  calculateAdditionalFees: z.boolean().optional(),
});

// Checkout.
const shippingInfoInput = z.object({
  shippingDestination: addressWithContact.optional(),
  selectedCarrierServiceOption: z
    .object({ code: z.string().min(1).max(100), carrierId: z.string().max(100).optional() })
    .optional(),
});
export const checkoutInfoInput = z.object({
  billingInfo: addressWithContact.optional(),
  shippingInfo: shippingInfoInput.optional(),
  buyerInfo: z
    .object({
      email: z.email().max(254).optional(),
      /**
       * Vitrine: on a checkout the site owner or an app makes (`POST /ecom/v1/checkouts`), the member
       * it is for: the checkout is theirs (they sign in to pay) and so is its order. Ignored from
       * shoppers and on updates, where front ends echo the checkout's read-only `memberId` back.
       */
      memberId: id.nullish(),
    })
    .optional(),
  buyerNote: text(1000).optional(),
  customFields: z
    .array(z.object({ value: z.unknown(), title: text(200), translatedTitle: text(200).optional() }))
    .max(20)
    .optional(),
  businessLocationId: text(100).optional(),
  purchaseFlowId: text(100).optional(),
  channelType: channelType.optional(),
});
export type CheckoutInfoInput = z.infer<typeof checkoutInfoInput>;
const giftCardRedeemAmount = decimalString({ max: 1e11 });

export const createCheckoutRequest = z.strictObject({
  checkoutInfo: checkoutInfoInput.optional(),
  couponCode: couponCode.optional(),
  giftCardCode: giftCardCode.optional(),
  giftCardRedeemAmount: giftCardRedeemAmount.optional(),
  lineItems: lineItems.optional(),
  customLineItems: customLineItems.optional(),
  channelType,
  overrideCheckoutUrl: overrideCheckoutUrl.optional(),
  /** Vitrine: the site owner's and apps' own discounts (the dashboard's Create order). */
  merchantDiscounts: checkoutMerchantDiscounts.optional(),
});
export const updateCheckoutRequest = z.strictObject({
  checkout: checkoutInfoInput.extend({ id: id.optional() }).optional(),
  fieldMask: z.string().max(2000).optional(),
  couponCode: couponCode.optional(),
  giftCardCode: giftCardCode.optional(),
  giftCardRedeemAmount: giftCardRedeemAmount.optional(),
  overrideCheckoutUrl: overrideCheckoutUrl.optional(),
  lineItems: lineItems.optional(),
  customLineItems: customLineItems.optional(),
  /** Vitrine: replaces the merchant discounts (site owner and apps; `[]` takes them off). */
  merchantDiscounts: checkoutMerchantDiscounts.optional(),
});
export const checkoutIdBody = z.strictObject({ id: id.optional() });
export const addToCheckoutRequest = z.strictObject({
  id: id.optional(),
  lineItems: lineItems.optional(),
  customLineItems: customLineItems.optional(),
});
export const createOrderFromCheckoutRequest = z.strictObject({
  id: id.optional(),
  savePaymentMethod: z.boolean().optional(),
  delayCapture: z.boolean().optional(),
});
export const markCompletedRequest = z.strictObject({ id: id.optional(), orderId: id.optional() });
export const idParams = z.object({ id });
