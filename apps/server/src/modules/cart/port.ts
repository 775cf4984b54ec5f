import type { CartPort } from '../../platform/ports.ts';
import { deleteCartOfOrder, deleteExpectedCartOfOrder } from './service.ts';
import { setCartCheckout, setKeptCartCheckout } from './store.ts';

/** What checkout asks of the cart a checkout was made from (platform/ports.ts). */
export const cartPort: CartPort = {
  linkCheckout: (ctx, cartId, checkoutId, expected, kept) =>
    kept
      ? setKeptCartCheckout(ctx.db, cartId, checkoutId, expected, kept)
      : setCartCheckout(ctx.db, cartId, checkoutId, expected),
  deleteCart: deleteCartOfOrder,
  deleteExpectedCart: deleteExpectedCartOfOrder,
};
