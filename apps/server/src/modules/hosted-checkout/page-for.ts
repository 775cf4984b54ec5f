import type { Ctx } from '../../platform/context.ts';
import { checkoutLinkToken, linkOwner } from './service.ts';

/**
 * Where a long-lived link opened from a mailbox (a recovery link, a payment link) sends the browser
 * for the checkout `checkoutId` of `ownerKey`. A visitor's: the hosted checkout page with a fresh
 * single-use link, so it works on any device. A member's: the store's sign-in, then the cart page,
 * which opens it (`/cart?resume=`): a link that sits in a mailbox for 30 days must not sign anyone
 * in to a member's account. Undefined for a checkout nobody owns.
 */
export async function checkoutPageFor(
  ctx: Ctx,
  checkoutId: string,
  ownerKey: string | null,
): Promise<string | undefined> {
  const owner = linkOwner({ role: 'anonymous' }, ownerKey);
  if (!owner) return undefined;
  const base = ctx.config.PUBLIC_URL;
  if (owner.memberId) return `${base}/login?returnTo=${encodeURIComponent(`/cart?resume=${checkoutId}`)}`;
  const checkoutToken = await checkoutLinkToken(ctx, checkoutId, owner);
  return `${base}/checkout?${new URLSearchParams({ checkoutId, checkoutToken })}`;
}
