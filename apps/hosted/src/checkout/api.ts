import { createHttpClient } from '@vitrine/sdk';

/**
 * The page's access token: in memory only, for this page view (see modules/hosted-checkout/README.md).
 * Shortly before it expires, `renew` asks for another (with the browser's checkout cookie).
 */
let access: { token: string; expiresAt: number; renew: () => Promise<unknown> } | undefined;
export function setAccessToken(
  token: string | undefined,
  expiresIn = 0,
  renew: () => Promise<unknown> = async () => {},
) {
  access = token ? { token, expiresAt: Date.now() + expiresIn * 1000, renew } : undefined;
}
export const hasAccessToken = () => access !== undefined;

async function authHeaders(): Promise<Record<string, string>> {
  if (access && access.expiresAt - Date.now() < 60_000) await access.renew().catch(() => undefined);
  return access ? { Authorization: access.token } : {};
}

/** The checkout calls, with the page's access token. */
export const http = createHttpClient({ baseUrl: window.location.origin, getAuthHeaders: authHeaders });
/** The session call carries no token: the link's token or the checkout cookie is the credential. */
export const sessionHttp = createHttpClient({ baseUrl: window.location.origin });
