/**
 * `/cart?resume=<checkoutId>`: where a member's abandoned-checkout e-mail leads after the store's
 * sign-in (the server's `recoveryTarget`). A signed-in member goes back to the hosted checkout of
 * that very checkout (its address and shipping option kept, and its order marks it recovered), as
 * the cart's "Check out" button goes to a new one; a visitor is asked to sign in first. A checkout
 * that is not theirs (404) or no longer open stays behind: the cart is shown, with a notice.
 */
import { checkoutCalls, checkoutRedirect } from '@vitrine/sdk';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useEnv, useHydrated, useLoggedIn, type Env } from '../env.tsx';
import { describeError } from '../errors.ts';

export const NOT_OPEN = 'That checkout is no longer open; your cart is below.';

/** The cart path that resumes `checkoutId` (the sign-in page's `returnTo`). */
export const resumePath = (checkoutId: string) => `/cart?resume=${encodeURIComponent(checkoutId)}`;

/** Refused as the shopper's own open checkout: another's or an unknown one (404, or a malformed id). */
const notTheirs = (e: unknown) => {
  const status = (e as { status?: unknown } | null)?.status;
  return status === 400 || status === 404;
};

/**
 * The hosted checkout page's URL for the member's own open checkout `checkoutId`; a notice for the
 * cart page when there is none (not theirs, completed, or the store could not be asked).
 */
export async function resumeTarget(env: Env, checkoutId: string): Promise<{ url?: string; notice?: string }> {
  try {
    // With the member's token: another member's checkout answers 404.
    const checkout = await checkoutCalls.get(env.http, checkoutId);
    if (checkout.completed) return { notice: NOT_OPEN };
    const session = await checkoutRedirect(env.http, checkoutId, {
      thankYouPageUrl: `${env.origin}/thank-you`,
      cartPageUrl: `${env.origin}/cart`,
      postFlowUrl: `${env.origin}/`,
    });
    return { url: session.fullUrl };
  } catch (e) {
    if (notTheirs(e)) return { notice: NOT_OPEN };
    return { notice: `We could not reopen that checkout: ${describeError(e)} Your cart is below.` };
  }
}

/**
 * Runs the `resume` parameter of the cart page once hydrated (the server cannot know who is signed
 * in). `resuming`: the page shows a status instead of the cart, until the browser leaves (to the
 * hosted checkout or the sign-in page) or the notice is shown. The parameter leaves the URL by
 * replacement either way, so that Back neither loops nor resumes again.
 */
export function useResumeCheckout(): { resuming: boolean; notice: string | undefined } {
  const env = useEnv();
  const hydrated = useHydrated();
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const checkoutId = search.get('resume') || null;
  const [leaving, setLeaving] = useState(false);
  const [notice, setNotice] = useState<string>();
  useEffect(() => {
    if (!hydrated || checkoutId === null) return;
    if (!loggedIn) {
      navigate(`/login?returnTo=${encodeURIComponent(resumePath(checkoutId))}`, { replace: true });
      return;
    }
    let current = true;
    void resumeTarget(env, checkoutId).then(({ url, notice }) => {
      if (!current) return;
      if (url) setLeaving(true);
      else setNotice(notice);
      navigate('/cart', { replace: true });
      if (url) window.location.assign(url);
    });
    return () => {
      current = false;
    };
  }, [env, hydrated, loggedIn, checkoutId, navigate]);
  return { resuming: checkoutId !== null || leaving, notice };
}
