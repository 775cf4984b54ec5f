import type { VitrineError } from '@vitrine/sdk';
import { fieldSentence } from '@vitrine/ui';

/** Duck-typed (no import of the SDK's error module into the first page load). */
const isVitrineError = (e: unknown): e is VitrineError =>
  e instanceof Error && e.name === 'VitrineError' && 'details' in e;

/** Words for shoppers, keyed by the platform's error codes. */
const MESSAGES: Record<string, string> = {
  ITEM_NOT_AVAILABLE: 'Sorry, this item is not available right now.',
  INSUFFICIENT_INVENTORY: 'Sorry, there are not enough of these in stock.',
  CATALOG_ITEM_NOT_FOUND: 'Please choose the options first.',
  ERROR_COUPON_DOES_NOT_EXIST: 'That coupon code does not exist.',
  ERROR_COUPON_HAS_EXPIRED: 'That coupon has expired.',
  ERROR_COUPON_IS_NOT_ACTIVE_YET: 'That coupon is not active yet.',
  ERROR_COUPON_USAGE_EXCEEDED: 'That coupon has been used up.',
  ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED: 'You have already used that coupon.',
  OWNED_CART_NOT_FOUND: 'Your cart is empty.',
};

/** A field violation as a sentence (one wording with the hosted pages: `@vitrine/ui`). */
export const sentence = fieldSentence;

/** A sentence to show for a failed call. */
export function describeError(e: unknown): string {
  if (!isVitrineError(e)) return 'Something went wrong. Please try again.';
  if (e.status === undefined) return 'We could not reach the store. Check your connection and try again.';
  const violations = e.details.validationError?.fieldViolations ?? [];
  if (violations.length) return violations.map(sentence).join(' ');
  const app = e.details.applicationError;
  const code = app?.code === undefined ? '' : String(app.code);
  if (code === 'INSUFFICIENT_INVENTORY') return notEnough(app?.data) ?? MESSAGES[code]!;
  return MESSAGES[code] ?? app?.description ?? 'Something went wrong. Please try again.';
}

/** How many are left, and how many more the cart can take, from the error's data. */
export function notEnough(data: Record<string, unknown> | undefined): string | undefined {
  const left = Number(data?.quantityAvailable);
  if (!Number.isInteger(left) || left < 0) return undefined;
  if (left === 0) return 'Sorry, this is out of stock.';
  const inCart = Number(data?.quantityInCart);
  if (!Number.isInteger(inCart) || inCart <= 0) return `Sorry, only ${left} left in stock.`;
  if (inCart >= left) return `Your cart already holds the last ${left === 1 ? 'one' : left}.`;
  const more = left - inCart;
  return `Sorry, only ${left} left, and ${inCart} ${inCart === 1 ? 'is' : 'are'} in your cart: you can add ${more} more.`;
}
