/**
 * The authorize request the sign-in pages are finishing, carried in the URL from page to page
 * (`/auth/login?clientId=…&redirectUri=…&state=…`) so a reload or a back button keeps it.
 */
const KEYS = [
  'clientId',
  'redirectUri',
  'responseType',
  'responseMode',
  'codeChallenge',
  'codeChallengeMethod',
  'state',
  'scope',
  'prompt',
  'nonce',
  'visitorLink',
] as const;

export function authRequestFrom(search: URLSearchParams): Record<string, string> | null {
  const r: Record<string, string> = {};
  for (const k of KEYS) {
    const v = search.get(k) ?? search.get(k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
    if (v) r[k] = v;
  }
  return r.clientId ? r : null;
}

/** The query string to pass on to the next page: the authorize request plus where to go after. */
export function carry(search: URLSearchParams, extra: Record<string, string> = {}): string {
  const next = new URLSearchParams();
  for (const [k, v] of search) if (k !== 'recoveryToken' && k !== 'stateToken') next.set(k, v);
  for (const [k, v] of Object.entries(extra)) next.set(k, v);
  const s = next.toString();
  return s ? `?${s}` : '';
}

/**
 * The store's sign-in, told to continue through the hosted session just opened
 * (`/login?continue=hosted&returnTo=…`), then to go where `postFlowUrl` said (on this origin), else
 * to the account (one on another origin the server has already sent the browser to, when allowed).
 */
export function storeSignIn(search: URLSearchParams, o: { passwordSaved?: boolean } = {}): string {
  const back = sameOriginUrl(search.get('postFlowUrl'));
  const returnTo = back ? `${back.pathname}${back.search}${back.hash}` : '/account';
  return `/login?${new URLSearchParams({ continue: 'hosted', returnTo, ...(o.passwordSaved ? { saved: 'password' } : {}) })}`;
}

/** Only same-origin destinations: a page must never become an open redirect. */
function sameOriginUrl(raw: string | null): URL | null {
  if (!raw) return null;
  try {
    const u = new URL(raw, window.location.origin);
    return u.origin === window.location.origin ? u : null;
  } catch {
    return null;
  }
}
