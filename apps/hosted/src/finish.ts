import { api } from './api.ts';
import { authRequestFrom, safeReturnUrl } from './auth-request.ts';

/**
 * After a successful sign-in: finish the authorize request the page was opened for (the server
 * answers with the client's redirect URI carrying the code), or go back where the visitor came from.
 */
export async function finishSignIn(search: URLSearchParams, sessionToken: string): Promise<void> {
  const authRequest = authRequestFrom(search);
  if (authRequest) {
    const { redirectUrl } = await api.completeAuthorize(authRequest, sessionToken);
    if (redirectUrl) {
      window.location.assign(redirectUrl);
      return;
    }
  }
  window.location.assign(safeReturnUrl(search));
}
