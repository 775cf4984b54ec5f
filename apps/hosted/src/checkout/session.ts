import type { HostedCheckoutSession } from '@vitrine/contract';
import { useEffect, useState } from 'react';
import { openHostedCheckoutSession } from '@vitrine/sdk';
import { sessionHttp, setAccessToken } from './api.ts';
import { describe } from './errors.ts';
import { seedCheckout } from './query.tsx';

export interface Session {
  checkoutId: string;
  role: 'visitor' | 'member';
  thankYouPageUrl?: string;
  postFlowUrl?: string;
  cartPageUrl?: string;
  /** The store's ways to pay outside Vitrine, offered beside the card (none: card only). */
  manualPaymentMethods: HostedCheckoutSession['manualPaymentMethods'];
}
export type SessionState =
  | { state: 'loading' }
  | { state: 'ready'; session: Session }
  | { state: 'lost'; message: string; placed?: boolean };

/** The session of this page view; it survives moving from the checkout to the thank-you page. */
let current: Session | undefined;
/** The opening in flight, by link or checkout (React may run an effect twice; a link works once). */
const pending = new Map<string, Promise<HostedCheckoutSession>>();
/** The answers whose checkout is in the cache already. */
const seeded = new WeakSet<HostedCheckoutSession>();

export const currentSession = () => current;

/** Forgets the access token (e.g. the API said it expired). */
export function endSession() {
  current = undefined;
  setAccessToken(undefined);
}

const NO_LINK = 'This checkout link has expired or was already used.';
const LINK_CODES = new Set([
  'CHECKOUT_LINK_EXPIRED',
  'CHECKOUT_LINK_USED',
  'CHECKOUT_LINK_INVALID',
  'CHECKOUT_LINK_MISMATCH',
  'CHECKOUT_NOT_OPEN_HERE',
]);

function initial(checkoutId: string | null, token: string | null): SessionState {
  if (current && (!checkoutId || current.checkoutId === checkoutId))
    return { state: 'ready', session: current };
  return token || checkoutId ? { state: 'loading' } : { state: 'lost', message: NO_LINK };
}

/** Opens the checkout with the link's token, else with this browser's checkout cookie (a reload, another tab). */
function open(token: string | null, checkoutId: string | null): Promise<HostedCheckoutSession> {
  const key = token ?? `cookie:${checkoutId}`;
  let opening = pending.get(key);
  if (!opening) {
    opening = token
      ? // A spent or expired link still opens in the browser that opened it first.
        openHostedCheckoutSession(sessionHttp, token, checkoutId ?? undefined).catch((e: unknown) => {
          if (checkoutId && LINK_CODES.has(describe(e).code ?? ''))
            return openHostedCheckoutSession(sessionHttp, undefined, checkoutId);
          throw e;
        })
      : openHostedCheckoutSession(sessionHttp, undefined, checkoutId ?? undefined);
    pending.set(key, opening);
    // Only a link's exchange is kept (it works once); reopening with the cookie can run again later.
    if (!token) void opening.catch(() => undefined).finally(() => pending.delete(key));
  }
  return opening.then((s) => {
    // Once per answer: a link's answer is kept (it works once), and an effect that runs again would
    // otherwise put its checkout, older by then, back in the cache.
    if (s.checkout && !seeded.has(s)) {
      seeded.add(s);
      seedCheckout(s.checkout);
    }
    current = {
      checkoutId: s.checkoutId,
      role: s.role,
      thankYouPageUrl: s.thankYouPageUrl,
      postFlowUrl: s.postFlowUrl,
      cartPageUrl: s.cartPageUrl,
      manualPaymentMethods: s.manualPaymentMethods,
    };
    // Renewed with the cookie shortly before it expires, so a page left open keeps working.
    setAccessToken(s.accessToken, s.expiresIn, () => open(null, s.checkoutId));
    return s;
  });
}

/**
 * Opens the checkout of the URL: exchanges its `checkoutToken` (once) and removes it from the
 * address bar, or reopens it with the checkout cookie the exchange left (F5, a second tab). A page
 * this browser never opened, or whose order is placed, is "lost".
 */
export function useCheckoutSession(): SessionState {
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const checkoutId = params.get('checkoutId');
  const token = params.get('checkoutToken');
  const [state, setState] = useState<SessionState>(() => initial(checkoutId, token));

  useEffect(() => {
    if (!token && !checkoutId) return;
    const url = new URL(window.location.href);
    if (url.searchParams.has('checkoutToken')) {
      url.searchParams.delete('checkoutToken');
      window.history.replaceState(window.history.state, '', url);
    }
    if (current) return;
    let live = true;
    open(token, checkoutId).then(
      () => {
        if (live && current) setState({ state: 'ready', session: current });
      },
      (e: unknown) => {
        const d = describe(e);
        if (!live) return;
        if (d.code === 'CHECKOUT_COMPLETED')
          setState({
            state: 'lost',
            placed: true,
            message: 'The order of this checkout has been placed. Its confirmation was e-mailed to you.',
          });
        else setState({ state: 'lost', message: LINK_CODES.has(d.code ?? '') ? NO_LINK : d.message });
      },
    );
    return () => {
      live = false;
    };
  }, [token, checkoutId]);

  return state;
}

/** Only web pages may be returned to (never `javascript:` and the like). */
function webUrl(raw: string | null | undefined): URL | undefined {
  if (!raw) return undefined;
  try {
    const u = new URL(raw);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the buyer goes back to: the callbacks signed into the link, else the ones in the address
 * bar (the storefront put them there together with the single-use link).
 */
export function returnTargets(
  session: Session | undefined,
  search = new URLSearchParams(window.location.search),
) {
  return {
    thankYou: webUrl(session?.thankYouPageUrl ?? search.get('thankYouPageUrl')),
    postFlow: webUrl(session?.postFlowUrl ?? search.get('postFlowUrl')),
    cart: webUrl(session?.cartPageUrl ?? search.get('cartPageUrl')),
  };
}

/** The caller's thank-you page with `orderId` appended, or its post-flow URL. */
export function afterOrderUrl(
  session: Session | undefined,
  orderId: string,
  search?: URLSearchParams,
): string | undefined {
  const { thankYou, postFlow } = returnTargets(session, search);
  if (thankYou) {
    thankYou.searchParams.set('orderId', orderId);
    return thankYou.toString();
  }
  return postFlow?.toString();
}

/** The shop's address for a "go back" link when the session is lost: the callbacks' origin. */
export function shopOrigin(search = new URLSearchParams(window.location.search)): string | undefined {
  const { thankYou, postFlow, cart } = returnTargets(current, search);
  return (thankYou ?? postFlow ?? cart)?.origin;
}
