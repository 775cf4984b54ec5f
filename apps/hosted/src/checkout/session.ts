import type { HostedCheckoutSession } from '@vitrine/contract';
import { useEffect, useState } from 'react';
import { checkoutApi, setAccessToken } from './api.ts';
import { describe } from './errors.ts';

export interface Session { checkoutId: string; role: 'visitor' | 'member'; thankYouPageUrl?: string; postFlowUrl?: string }
export type SessionState = { state: 'loading' } | { state: 'ready'; session: Session } | { state: 'lost'; message: string };

/** The session of this page view; it survives moving from the checkout to the thank-you page, never a reload. */
let current: Session | undefined;
/** The exchange in flight, by link (React may run an effect twice; a link works once). */
const pending = new Map<string, Promise<HostedCheckoutSession>>();

export const currentSession = () => current;

/** Forgets the access token (e.g. the API said it expired). */
export function endSession() {
  current = undefined;
  setAccessToken(undefined);
}

const NO_LINK = 'This checkout link has expired or was already used.';

function initial(checkoutId: string | null, token: string | null): SessionState {
  if (current && (!checkoutId || current.checkoutId === checkoutId)) return { state: 'ready', session: current };
  return token ? { state: 'loading' } : { state: 'lost', message: NO_LINK };
}

/**
 * Exchanges the URL's `checkoutToken` (once) for an access token of the shopper and removes it from
 * the address bar; a page without one (a reload, a copied link) is "lost".
 */
export function useCheckoutSession(): SessionState {
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const checkoutId = params.get('checkoutId');
  const token = params.get('checkoutToken');
  const [state, setState] = useState<SessionState>(() => initial(checkoutId, token));

  useEffect(() => {
    if (!token) return;
    const url = new URL(window.location.href);
    if (url.searchParams.has('checkoutToken')) {
      url.searchParams.delete('checkoutToken');
      window.history.replaceState(window.history.state, '', url);
    }
    if (current) return;
    let live = true;
    let exchange = pending.get(token);
    if (!exchange) {
      exchange = checkoutApi.openSession(token, checkoutId ?? undefined);
      pending.set(token, exchange);
    }
    exchange.then((s) => {
      setAccessToken(s.accessToken);
      current = { checkoutId: s.checkoutId, role: s.role, thankYouPageUrl: s.thankYouPageUrl, postFlowUrl: s.postFlowUrl };
      if (live) setState({ state: 'ready', session: current });
    }, (e: unknown) => {
      const d = describe(e);
      const message = d.code === 'CHECKOUT_LINK_EXPIRED' || d.code === 'CHECKOUT_LINK_USED' || d.code === 'CHECKOUT_LINK_INVALID' || d.code === 'CHECKOUT_LINK_MISMATCH'
        ? NO_LINK
        : d.message;
      if (live) setState({ state: 'lost', message });
    });
    return () => { live = false; };
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
export function returnTargets(session: Session | undefined, search = new URLSearchParams(window.location.search)) {
  return {
    thankYou: webUrl(session?.thankYouPageUrl ?? search.get('thankYouPageUrl')),
    postFlow: webUrl(session?.postFlowUrl ?? search.get('postFlowUrl')),
  };
}

/** The caller's thank-you page with `orderId` appended, or its post-flow URL. */
export function afterOrderUrl(session: Session | undefined, orderId: string, search?: URLSearchParams): string | undefined {
  const { thankYou, postFlow } = returnTargets(session, search);
  if (thankYou) {
    thankYou.searchParams.set('orderId', orderId);
    return thankYou.toString();
  }
  return postFlow?.toString();
}

/** The shop's address for a "go back" link when the session is lost: the callbacks' origin. */
export function shopOrigin(search = new URLSearchParams(window.location.search)): string | undefined {
  const { thankYou, postFlow } = returnTargets(current, search);
  const cart = webUrl(search.get('cartPageUrl'));
  return (thankYou ?? postFlow ?? cart)?.origin;
}
