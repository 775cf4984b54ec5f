/**
 * Orders the merchant takes for a buyer (by phone, by e-mail): a checkout made for the buyer's
 * e-mail with the items chosen (channel `BACKOFFICE_MERCHANT`), then its payment link, e-mailed to
 * the buyer or copied. The buyer gives their address and pays on the hosted checkout page, and the
 * order is placed from that checkout (apps/server/src/modules/hosted-checkout README).
 */
import type { Checkout, MerchantCheckoutsPage, PaymentLink } from '@vitrine/contract';
import { STORES_APP_ID } from '../catalog.ts';
import type { HttpClient } from '../http.ts';

/** A variant of a product, or an item the merchant describes (a name, a price, delivered or not); and how many. */
export type DraftLine = { quantity: number } &
  /** `price`: the merchant's own price each for this variant (else the catalog's). */
  (
    | { productId: string; variantId: string; price?: string }
    | { name: string; price: string; shippable: boolean }
  );

/** The merchant's own discount on the whole order: an amount ("20.00") or a percentage (10 for 10%). */
export type MerchantDiscount = { amount: string } | { percentage: number };

export interface MerchantCheckoutInput {
  email: string;
  /** A member's: the checkout and its order are theirs (they sign in to pay). */
  memberId?: string;
  lines: readonly DraftLine[];
  couponCode?: string;
  discount?: MerchantDiscount;
}

/** The lines to price, as the checkout takes them: catalog variants and custom items apart. */
export const draftLinesBody = (lines: readonly DraftLine[]) => {
  const catalog = lines.flatMap((l) => ('productId' in l ? [l] : []));
  const custom = lines.flatMap((l) => ('name' in l ? [l] : []));
  return {
    ...(catalog.length
      ? {
          lineItems: catalog.map((l) => ({
            catalogReference: {
              catalogItemId: l.productId,
              appId: STORES_APP_ID,
              options: { variantId: l.variantId },
            },
            quantity: l.quantity,
            ...(l.price ? { catalogOverrideFields: { price: l.price } } : {}),
          })),
        }
      : {}),
    // An item the catalog does not have: priced as given, delivered or not, with no stock to take.
    ...(custom.length
      ? {
          customLineItems: custom.map((l) => ({
            productName: { original: l.name },
            price: l.price,
            quantity: l.quantity,
            itemType: { preset: l.shippable ? 'PHYSICAL' : 'SERVICE' },
            physicalProperties: { shippable: l.shippable },
          })),
        }
      : {}),
  };
};

export const merchantCheckoutBody = (v: MerchantCheckoutInput) => ({
  channelType: 'BACKOFFICE_MERCHANT',
  checkoutInfo: { buyerInfo: { email: v.email.trim(), ...(v.memberId ? { memberId: v.memberId } : {}) } },
  ...draftLinesBody(v.lines),
  ...(v.couponCode?.trim() ? { couponCode: v.couponCode.trim() } : {}),
  ...(v.discount ? { merchantDiscounts: [v.discount] } : {}),
});

/** A change to the items of an order made for a buyer, before they pay. */
export type ItemsChange =
  { add: readonly DraftLine[] } | { lineId: string; quantity: number } | { remove: string };

export const paymentLinkCalls = {
  /** The open checkouts the merchant made (links not yet paid), newest first, 20 a page. */
  list: (http: HttpClient, cursor?: string): Promise<MerchantCheckoutsPage> =>
    http.request<MerchantCheckoutsPage>({
      method: 'GET',
      path: '/ecom/v1/checkouts/payment-links',
      query: { limit: 20, ...(cursor ? { cursor } : {}) },
    }),
  /** A checkout for the buyer, priced by the store (400 on an item, quantity or coupon it refuses). */
  createCheckout: async (http: HttpClient, v: MerchantCheckoutInput): Promise<Checkout> =>
    (
      await http.request<{ checkout: Checkout }>({
        method: 'POST',
        path: '/ecom/v1/checkouts',
        body: merchantCheckoutBody(v),
      })
    ).checkout,
  /** Gives the order the merchant's discount instead of the one it had (none: takes it off). */
  setDiscount: async (
    http: HttpClient,
    v: { checkoutId: string; discount: MerchantDiscount | null },
  ): Promise<Checkout> =>
    (
      await http.request<{ checkout: Checkout }>({
        method: 'PATCH',
        path: '/ecom/v1/checkouts/{id}',
        pathParams: { id: v.checkoutId },
        body: { merchantDiscounts: v.discount ? [v.discount] : [] },
      })
    ).checkout,
  /** Adds items, sets a line's quantity or takes a line out; the store prices the order again. */
  changeItems: (http: HttpClient, checkoutId: string, change: ItemsChange): Promise<Checkout> => {
    const [action, body] =
      'add' in change
        ? ['add-to-checkout', draftLinesBody(change.add)]
        : 'remove' in change
          ? ['remove-line-items', { lineItemIds: [change.remove] }]
          : ['update-line-items-quantity', { lineItems: [{ id: change.lineId, quantity: change.quantity }] }];
    return http
      .request<{ checkout: Checkout }>({
        method: 'POST',
        path: `/ecom/v1/checkouts/{id}/${action}`,
        pathParams: { id: checkoutId },
        body: { id: checkoutId, ...body },
      })
      .then((r) => r.checkout);
  },
  /** Deletes an order made for a buyer that is not paid: its payment link then opens nothing. */
  remove: (http: HttpClient, checkoutId: string): Promise<object> =>
    http.request<object>({
      method: 'DELETE',
      path: '/ecom/v1/checkouts/{id}',
      pathParams: { id: checkoutId },
    }),
  /** The checkout's payment link (30 days); with `sendEmail`, e-mailed to its buyer now. */
  make: async (
    http: HttpClient,
    v: { checkoutId: string; sendEmail: boolean; message?: string },
  ): Promise<PaymentLink> =>
    (
      await http.request<{ paymentLink: PaymentLink }>({
        method: 'POST',
        path: '/ecom/v1/checkouts/{id}/payment-link',
        pathParams: { id: v.checkoutId },
        body: { sendEmail: v.sendEmail, ...(v.message?.trim() ? { message: v.message.trim() } : {}) },
      })
    ).paymentLink,
};
