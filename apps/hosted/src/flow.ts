import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { StateMachineResponse } from './api.ts';
import { carry } from './auth-request.ts';
import { finishSignIn } from './finish.ts';

const STATE_TOKEN = 'vitrine.stateToken';
/** The pending step's token stays out of the URL (and so out of history and referrers). */
export const stateToken = {
  get: () => sessionStorage.getItem(STATE_TOKEN),
  set: (t: string) => sessionStorage.setItem(STATE_TOKEN, t),
  clear: () => sessionStorage.removeItem(STATE_TOKEN),
};

/** Moves the visitor to the page the server's answer calls for. Returns an error text for unknown states. */
export function useAuthFlow() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return useCallback(
    async (r: StateMachineResponse): Promise<string | undefined> => {
      switch (r.state) {
        case 'SUCCESS':
          stateToken.clear();
          if (!r.sessionToken) return 'The server did not start a session. Please try again.';
          await finishSignIn(search, r.sessionToken);
          return undefined;
        case 'REQUIRE_EMAIL_VERIFICATION':
          if (r.stateToken) stateToken.set(r.stateToken);
          navigate(`/verify${carry(search)}`);
          return undefined;
        case 'REQUIRE_OWNER_APPROVAL':
          stateToken.clear();
          navigate(`/pending${carry(search)}`);
          return undefined;
        case 'STATUS_CHECK':
          if (r.stateToken && r.additionalData?.factorType === 'TOTP') {
            stateToken.set(r.stateToken);
            navigate(`/mfa${carry(search)}`);
            return undefined;
          }
          return 'This account needs a sign-in step this page does not offer.';
        default:
          return 'Unknown _state';
      }
    },
    [navigate, search],
  );
}
