/**
 * Redirect-URI and origin rules. A client registers exact redirect URIs (compared as strings, as
 * OAuth 2.1 asks) or prefix patterns `<origin>/<path>/*` matching every normalised URI under that path.
 */

const webUrl = (s: string): URL | null => {
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password ? u : null;
  } catch {
    return null;
  }
};

/** Why a registered redirect URI is unusable, or null when it is fine. */
export function redirectUriProblem(entry: string): string | null {
  const pattern = entry.endsWith('/*');
  const u = webUrl(pattern ? entry.slice(0, -1) : entry);
  if (!u) return 'must be an absolute http(s) URL without user info';
  if (u.hash || entry.includes('#')) return 'must not have a fragment';
  if (pattern && (u.search || u.href !== entry.slice(0, -1)))
    return 'a pattern must be a normalised URL path ending in /* without a query';
  if (!pattern && entry.includes('*')) return 'only a trailing /* is a pattern';
  return null;
}

/** Whether `uri` is one of the registered redirect URIs (exact) or under one of the patterns. */
export function redirectUriAllowed(registered: readonly string[], uri: string): boolean {
  if (registered.includes(uri) && !uri.endsWith('/*')) return webUrl(uri) !== null;
  const u = webUrl(uri);
  // Patterns only match URIs already in normal form: no dot segments, encoded dots or backslashes to confuse prefixes.
  if (!u || u.hash || uri.includes('#') || u.href !== uri) return false;
  return registered.some(
    (r) => r.endsWith('/*') && uri.startsWith(r.slice(0, -1)) && webUrl(r.slice(0, -1))?.origin === u.origin,
  );
}

/** The origin an allowed-origin entry names (`https://shop.example.test`), or null when it is not one. */
export function normaliseOrigin(entry: string): string | null {
  const u = webUrl(entry);
  if (!u || u.search || u.hash || (u.pathname !== '/' && u.pathname !== '')) return null;
  return entry.replace(/\/$/, '').toLowerCase() === u.origin ? u.origin : null;
}

/** The origin of an absolute http(s) URL, or null. */
export const originOf = (url: string): string | null => webUrl(url)?.origin ?? null;

/** Whether `url` is an absolute http(s) URL on one of `origins`. */
export function urlOnOrigins(url: string, origins: readonly string[]): boolean {
  const o = originOf(url);
  return o !== null && origins.includes(o);
}
