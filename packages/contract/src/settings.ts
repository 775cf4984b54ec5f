import { z } from 'zod';
import { withAddressLine } from './addresses.ts';
import { isoDate } from './scalars.ts';

/** ISO 3166-1 alpha-2, upper case. */
export const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code (upper case)');
/** ISO 3166-2 (`US-NY`); the part after the country (`NY`) is accepted and stored in full. */
export const subdivisionCode = z
  .string()
  .regex(/^([A-Z]{2}-)?[A-Z0-9]{1,3}$/, 'must be an ISO 3166-2 subdivision code such as US-NY');
/** Where tax is computed when an order has no shipping destination (pickup, digital goods). */
export const taxOrigin = z.strictObject({ country: countryCode, subdivision: subdivisionCode.optional() });

const line = (max: number) => z.string().trim().max(max);
/**
 * The store's own postal address: the sender on packing slips. The street is `addressLine`, or
 * `streetAddress` {name, number}, from which `addressLine` is written in the country's order.
 */
export const businessAddress = z
  .strictObject({
    country: countryCode,
    subdivision: subdivisionCode.optional(),
    city: line(100).optional(),
    postalCode: line(20).optional(),
    addressLine: line(200).optional(),
    addressLine2: line(200).optional(),
    streetAddress: z.strictObject({ name: line(200).optional(), number: line(20).optional() }).optional(),
  })
  .transform(withAddressLine);
export type BusinessAddress = z.infer<typeof businessAddress>;

const methodName = z.string().trim().min(1).max(60);
const methodInstructions = z.string().trim().max(2000);
/**
 * A way to pay outside Vitrine that the hosted checkout offers beside the card ("Bank transfer",
 * "Cash on delivery"): the order is placed at once, awaiting payment (`PENDING_MERCHANT`), and the
 * buyer is shown and e-mailed `instructions`; the merchant marks it paid when the money is in.
 */
export const manualPaymentMethod = z.object({
  id: z.string(),
  name: methodName,
  instructions: methodInstructions,
});
export type ManualPaymentMethod = z.infer<typeof manualPaymentMethod>;
/** At most this many manual payment methods. */
export const MAX_MANUAL_PAYMENT_METHODS = 5;
/** A manual payment method as the merchant writes it: a new one without `id` (the server gives it one). */
export const manualPaymentMethodInput = z.strictObject({
  id: z.string().min(1).max(64).optional(),
  name: methodName,
  instructions: methodInstructions,
});
export type ManualPaymentMethodInput = z.infer<typeof manualPaymentMethodInput>;

/** Store-wide settings the merchant edits (`/platform/v1/store-settings`). */
export const storeSettings = z.object({
  storeName: z.string().min(1).max(120),
  /** ISO 4217; one currency per store. */
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code'),
  locale: z.string().min(2).max(35),
  contactEmail: z.email().nullable(),
  /** The store's postal address (packing slips' sender); null until the merchant gives one. */
  businessAddress: businessAddress.nullable(),
  /** New members start PENDING and need the owner's approval. */
  memberApprovalRequired: z.boolean(),
  weightUnit: z.enum(['KG', 'LB']),
  /** Catalog prices already include tax (tax is extracted, not added). */
  taxIncludedInPrices: z.boolean(),
  /** Shipping is taxed at the destination's rate. */
  shippingTaxable: z.boolean(),
  taxOrigin: taxOrigin.nullable(),
  /**
   * Shop orders paid by card are only authorized at checkout, and captured when the merchant
   * fulfils the order (its first fulfilment) or captures by hand; false: captured at once.
   */
  captureOnFulfillment: z.boolean(),
  /** An authorization still held this many days after the payment is voided (1–30). */
  authorizationVoidDays: z.number().int().min(1).max(30),
  /** A shopper who leaves a checkout with an e-mail address is e-mailed a link back to it, once. */
  abandonedCheckoutEmails: z.boolean(),
  /** Ways to pay outside Vitrine the hosted checkout offers beside the card, in this order (none: card only). */
  manualPaymentMethods: z.array(manualPaymentMethod).max(MAX_MANUAL_PAYMENT_METHODS),
  /**
   * An order awaiting a manual payment is canceled (its stock returned, the buyer e-mailed) this
   * many days after the buyer chose the method, unless marked paid or shipped first; null: never.
   */
  manualPaymentCancelDays: z.number().int().min(1).max(90).nullable(),
  updatedDate: isoDate,
  revision: z.string(),
});
export type StoreSettings = z.infer<typeof storeSettings>;

const editable = storeSettings.omit({ updatedDate: true, revision: true });
export const updateStoreSettingsRequest = z.strictObject({
  settings: z.strictObject({
    ...editable.partial().shape,
    /** The whole list, in order: a method left out is removed; names must differ. */
    manualPaymentMethods: z.array(manualPaymentMethodInput).max(MAX_MANUAL_PAYMENT_METHODS).optional(),
  }),
  /** Comma-joined field paths; when absent, every field given in `settings` is written. */
  fieldMask: z.string().max(2000).optional(),
  /** Optimistic concurrency: when given, the update fails if the stored revision differs. */
  revision: z.string().regex(/^\d+$/).optional(),
});
export const storeSettingsResponse = z.object({ settings: storeSettings });
