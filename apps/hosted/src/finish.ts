import { announceSignIn } from '@vitrine/ui';
import { api } from './api.ts';
import { authRequestFrom, storeSignIn } from './auth-request.ts';

/**
 * After a successful sign-in: finish the authorize request the page was opened for (the server
 * answers with the client's redirect URI carrying the code). Opened with none (alone, or by a
 * `login` redirect session), the browser is signed in to the hosted pages and sent to the store's
 * sign-in, which picks that up without a form (its own authorize request) and goes on where the
 * visitor was headed: signed in, not left on a page where nobody is. A `postFlowUrl` on a front
 * end of its own (another origin a client allows) is where the browser goes instead: that front
 * end's own authorize request then finds it signed in. `o.passwordSaved`: a reset signed in, and the
 * store says the new password is saved.
 */
export async function finishSignIn(
  search: URLSearchParams,
  sessionToken: string,
  o: { passwordSaved?: boolean } = {},
): Promise<void> {
  const authRequest = authRequestFrom(search);
  if (authRequest) {
    const { redirectUrl } = await api.completeAuthorize(authRequest, sessionToken);
    // The browser is signed in now (the session cookie): a tab waiting on a code moves on.
    announceSignIn();
    if (redirectUrl) {
      window.location.assign(redirectUrl);
      return;
    }
  }
  const { redirectUrl } = await api.openBrowserSession(sessionToken, search.get('postFlowUrl'));
  announceSignIn();
  window.location.assign(redirectUrl ?? storeSignIn(search, o));
}

/**
 * The browser signed in elsewhere (another tab) while this page waited on a code: the authorize
 * request it was opened for completes from the session cookie (`prompt=none`: no form; the app
 * hears `login_required` should the cookie be gone), or, opened with none, the store's sign-in
 * picks the session up.
 */
export function followSignIn(search: URLSearchParams): void {
  const authRequest = authRequestFrom(search);
  window.location.assign(
    authRequest
      ? `/oauth2/authorize?${new URLSearchParams({ ...authRequest, prompt: 'none' })}`
      : storeSignIn(search),
  );
}
