/**
 * The current cart as the storefront reads it. The server answers 404 `OWNED_CART_NOT_FOUND` to a
 * shopper without a cart, which every browser logs as a red console error; so the browser
 * remembers whether its shopper has a cart (`vitrine.shop.cart` in localStorage) and does not ask
 * when it knows there is none: a new visitor (no tokens yet), after a 404, after the order replaced
 * the cart, after signing out, after signing up without one. Any cart change or answer updates it;
 * signing in makes it unknown.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { errorCode, type HttpClient, type Cart } from '@vitrine/sdk';
import { cartQueries } from '@vitrine/sdk/react';

export const TOKENS_KEY = 'vitrine.shop.tokens';
const HINT_KEY = 'vitrine.shop.cart';
type Hint = 'none' | 'some';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** 'none': no cart (nothing to ask); 'some': a cart; undefined: not known (ask the server). */
export function cartHint(): Hint | undefined {
  const v = read(HINT_KEY);
  if (v === 'none' || v === 'some') return v;
  return read(TOKENS_KEY) === null ? 'none' : undefined;
}

export function setCartHint(v: Hint | undefined): void {
  try {
    if (v) localStorage.setItem(HINT_KEY, v);
    else localStorage.removeItem(HINT_KEY);
  } catch {
    /* no storage: the cart is asked for every time */
  }
}

/** The shopper's cart, or null when there is none; no request when this browser knows there is none. */
export const currentCart = (http: HttpClient) =>
  queryOptions({
    queryKey: cartQueries.current(http).queryKey,
    queryFn: async (): Promise<Cart | null> => {
      if (cartHint() === 'none') return null;
      try {
        const { cart } = await http.request<{ cart: Cart }>({
          method: 'GET',
          path: '/ecom/v1/carts/current',
        });
        setCartHint('some');
        return cart;
      } catch (e) {
        if (errorCode(e) !== 'OWNED_CART_NOT_FOUND') throw e;
        setCartHint('none');
        return null;
      }
    },
  });

/** Puts the cart a change answered (or null: it is gone) in the cache, and remembers it. */
export function cartChanged(queryClient: QueryClient, http: HttpClient, cart: Cart | null): void {
  setCartHint(cart ? 'some' : 'none');
  queryClient.setQueryData(cartQueries.current(http).queryKey, cart);
}
