import type { CheckoutLinkPort } from '../../platform/ports.ts';
import { checkoutLinkToken, linkOwner } from './service.ts';

/** Signed links to the hosted checkout page, for checkout's `getCheckoutUrl` (platform/ports.ts). */
export const checkoutLinkPort: CheckoutLinkPort = {
  linkToken: async (ctx, checkoutId, ownerKey) => {
    const owner = linkOwner(ctx.caller, ownerKey);
    return owner ? checkoutLinkToken(ctx, checkoutId, owner) : undefined;
  },
};
