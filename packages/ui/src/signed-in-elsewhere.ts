/**
 * A sign-in finished in one tab, told to the others of the same origin (the storefront and the
 * hosted pages share it): a tab waiting on a code step then moves on instead of keeping a form
 * whose step is moot. One BroadcastChannel per page, for telling and listening both, so a tab
 * never hears itself; where there is none, nothing is told.
 */
const CHANNEL = 'vitrine.sign-in';
const SIGNED_IN = 'signed-in';

let shared: BroadcastChannel | null | undefined;
function channel(): BroadcastChannel | null {
  shared ??= typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  return shared;
}

/** Tells the other tabs that this browser just signed in. */
export function announceSignIn(): void {
  channel()?.postMessage(SIGNED_IN);
}

/** Calls `then` when another tab signs in; returns the unsubscribe. */
export function onSignInElsewhere(then: () => void): () => void {
  const c = channel();
  if (!c) return () => undefined;
  const heard = (e: MessageEvent) => {
    if (e.data === SIGNED_IN) then();
  };
  c.addEventListener('message', heard);
  return () => c.removeEventListener('message', heard);
}
