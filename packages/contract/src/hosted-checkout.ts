import { z } from 'zod';
import { checkout } from './cart-checkout.ts';
import { manualPaymentMethod } from './settings.ts';

/**
 * The hosted checkout page's own API (not part of the hosted platform's contract): the shopper's
 * storefront is another origin, so the checkout URL carries a short-lived, single-use
 * `checkoutToken` that the page exchanges for an access token of the same shopper. The exchange
 * also leaves a checkout-scoped cookie, with which the same browser reopens the checkout (a reload,
 * another tab) by sending the `checkoutId` alone.
 */
export const hostedCheckoutSessionRequest = z.strictObject({
  /** The link's single-use token; without it, the browser's resume cookie for `checkoutId` is used. */
  checkoutToken: z.string().min(1).max(4096).optional(),
  /** The checkout the page was opened for (its `checkoutId` query parameter); must be the token's. */
  checkoutId: z.string().min(1).max(100).optional(),
});
export const hostedCheckoutSessionResponse = z.object({
  checkoutId: z.string(),
  /** A visitor or member access token (no refresh token), sent as `Authorization: <token>`. */
  accessToken: z.string(),
  /** Seconds until the access token expires (the page then asks for another). */
  expiresIn: z.number().int(),
  role: z.enum(['visitor', 'member']),
  /** Where to send the buyer afterwards, and back to the cart, as given when the link was made (checked then). */
  thankYouPageUrl: z.string().optional(),
  postFlowUrl: z.string().optional(),
  cartPageUrl: z.string().optional(),
  /**
   * The checkout as its shopper reads it (`GET /ecom/v1/checkouts/{id}`), so the page shows it
   * without asking again (one round trip less before the first step shows).
   */
  checkout: checkout.optional(),
  /** The store's ways to pay outside Vitrine, offered beside the card (`POST /payments/v1/offline-payment`). */
  manualPaymentMethods: z.array(manualPaymentMethod),
});
export type HostedCheckoutSession = z.infer<typeof hostedCheckoutSessionResponse>;

/**
 * Vitrine's own payment link (`POST /ecom/v1/checkouts/{id}/payment-link`, admins): a link that
 * opens a checkout on the hosted checkout page for 30 days, for the merchant to send to the buyer
 * (an order taken by phone, an invoice); e-mailed by the store at once with `sendEmail`.
 */
export const paymentLinkRequest = z.strictObject({
  /** The path's checkout id again (optional; must agree). */
  id: z.string().max(100).optional(),
  /** E-mail the link to the checkout's buyer (`buyerInfo.email`) now. */
  sendEmail: z.boolean().optional(),
  /** A few words from the merchant, quoted in the e-mail. */
  message: z.string().max(1000).optional(),
});
export const paymentLink = z.object({
  /** `GET /ecom/v1/checkouts/{id}/pay?token=…`: opens the checkout, on any device, until `expiresDate`. */
  url: z.string(),
  expiresDate: z.string(),
  /** Where the link was e-mailed (with `sendEmail`). */
  emailedTo: z.string().optional(),
});
export const paymentLinkResponse = z.object({ paymentLink });
export type PaymentLink = z.infer<typeof paymentLink>;
export type PaymentLinkRequest = z.infer<typeof paymentLinkRequest>;
export const paymentLinkQuery = z.strictObject({ token: z.string().max(2000).optional() });
/** The link's checkout id as it arrived (a mangled one is an invalid link, not a malformed request). */
export const paymentLinkParams = z.object({ id: z.string().min(1).max(200) });

/**
 * `GET /ecom/v1/checkouts/payment-links` (Vitrine's own, admins): the open checkouts the merchant
 * made for buyers (payment links not yet paid), newest first, each as `GET /ecom/v1/checkouts/{id}`
 * answers it; `nextCursor` asks for the next page.
 */
export const merchantCheckoutsQuery = z.strictObject({
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export const merchantCheckoutsResponse = z.object({
  checkouts: z.array(checkout),
  nextCursor: z.string().optional(),
});
export type MerchantCheckoutsPage = z.infer<typeof merchantCheckoutsResponse>;
