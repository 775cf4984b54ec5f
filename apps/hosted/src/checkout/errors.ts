import { errorCode, isVitrineError } from '@vitrine/sdk';

/** Words for buyers, keyed by the API's error codes (contract cart-checkout.md §5, payments README). */
const messages: Record<string, string> = {
  ERROR_COUPON_DOES_NOT_EXIST: 'We could not find a coupon with that code.',
  ERROR_COUPON_HAS_EXPIRED: 'That coupon has expired.',
  ERROR_COUPON_IS_NOT_ACTIVE_YET: 'That coupon is not active yet.',
  ERROR_COUPON_USAGE_EXCEEDED: 'That coupon has been used up.',
  ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED: 'You have already used this coupon as many times as it allows.',
  COUPON_CANNOT_BE_USED_TO_PURCHASE_GIFT_CARD: 'Coupons cannot be used to buy gift cards.',
  GIFT_CARD_NOT_FOUND: 'We could not find a gift card with that code.',
  GIFT_CARD_CODE_INVALID: 'That gift card code is not valid.',
  GIFT_CARD_IS_EMPTY: 'This gift card has no balance left.',
  GIFT_CARD_DISABLED: 'This gift card has been disabled.',
  GIFT_CARD_EXPIRED: 'This gift card has expired.',
  GIFT_CARD_CANNOT_BE_USED_TO_PURCHASE_GIFT_CARD: 'A gift card cannot be used to buy another gift card.',
  REDEEM_GIFT_CARD_ERROR: 'The gift card could not be redeemed. Remove it or try again.',
  SELECTED_CARRIER_SERVICE_OPTION_NOT_FOUND: 'That shipping method is not available for this address.',
  SELECTED_CARRIER_SERVICE_OPTION_NO_LONGER_AVAILABLE:
    'The shipping method you chose is no longer available. Please choose another.',
  NO_SELECTED_CARRIER_SERVICE_OPTION: 'Please choose a shipping method.',
  FULL_OUT_OF_STOCK: 'Some items in your order are sold out. Go back to the shop to change your cart.',
  PARTIAL_OUT_OF_STOCK: 'Some items are no longer available in the quantity you chose.',
  VIOLATIONS_WITH_ERROR_SEVERITY: 'Your order cannot be placed yet: see the notes above.',
  EMPTY_CHECKOUT: 'Your checkout is empty.',
  MEMBERS_ONLY_ITEM: 'Some items can only be bought by signed-in members.',
  CHECKOUT_IS_COMPLETE: 'This order has been placed already and can no longer be changed.',
  CHECKOUT_ALREADY_PAID: 'This order has been paid already.',
  ORDER_ALREADY_PAID: 'This order has been paid already.',
  CHECKOUT_PAYMENT_ALREADY_IN_PROGRESS:
    'A payment for this order is already in progress. Please wait a moment and try again.',
  CARD_DECLINED: 'Your card was declined. Check the card details or use another card.',
  INSUFFICIENT_FUNDS: 'The card has insufficient funds. Please use another card.',
  PAYMENT_METHOD_NOT_FOUND: 'The store no longer offers this way to pay; choose another.',
  CHECKOUT_NOT_FOUND:
    'We could not find this checkout: the store may have withdrawn it. Ask the store for a new link if you meant to buy.',
  UNAUTHENTICATED:
    'Your checkout session has ended. Please go back to the shop and start the checkout again.',
};

export interface Described {
  code?: string;
  status?: number;
  message: string;
  /** Messages per field, keyed by the field's last name (`postalCode`). */
  fields: Record<string, string>;
  /** The same, by the field's whole path (`checkout.billingInfo.address.postalCode`). */
  paths: Record<string, string>;
}

/** An API failure as a sentence for the buyer and messages per field (keyed by the field's last name). */
export function describe(e: unknown): Described {
  if (!isVitrineError(e))
    return {
      message: 'Something went wrong. Please check your connection and try again.',
      fields: {},
      paths: {},
    };
  const code = errorCode(e);
  const status = e.status;
  const violations = e.details.validationError?.fieldViolations ?? [];
  const paths = Object.fromEntries(violations.map((v) => [v.field, v.description]));
  const fields = lastNames(paths);
  if (violations.length) return { status, message: 'Please check the highlighted fields.', fields, paths };
  const key = code === undefined ? undefined : String(code);
  const description = e.details.applicationError?.description;
  return {
    code: key,
    status,
    message: (key && messages[key]) ?? description ?? 'Something went wrong. Please try again.',
    fields,
    paths,
  };
}

const lastNames = (paths: Record<string, string>) =>
  Object.fromEntries(Object.entries(paths).map(([path, m]) => [path.split('.').pop() ?? path, m]));

/**
 * A form with two groups of the same fields (the delivery and the billing address): the messages of
 * the fields under `part` (a path segment, `billingInfo`) and those of the rest, each by last name.
 */
export function splitFields(
  d: Described,
  part: string,
): { inPart: Record<string, string>; rest: Record<string, string> } {
  const entries = Object.entries(d.paths);
  const under = ([path]: [string, string]) => path.split('.').includes(part);
  return {
    inPart: lastNames(Object.fromEntries(entries.filter(under))),
    rest: lastNames(Object.fromEntries(entries.filter((e) => !under(e)))),
  };
}

/** Codes that mean the page's access is gone (link spent, expired or invalid). */
export const isSessionLost = (d: Described) =>
  d.status === 401 || (d.code?.startsWith('CHECKOUT_LINK_') ?? false);
