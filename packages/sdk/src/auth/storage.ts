/**
 * Pluggable token storage. The browser ones are guarded: outside a browser (or when the
 * browser refuses access) they read nothing and write nowhere instead of throwing.
 */
import type { TokenRole, Tokens, TokenStorage } from './types.ts';

const ROLES: readonly TokenRole[] = ['none', 'visitor', 'member'];

/** Validates a stored value (storage is outside our control); null when it is not Tokens. */
export function parseTokens(value: unknown): Tokens | null {
  if (typeof value !== 'object' || value === null) return null;
  const { accessToken: a, refreshToken: r } = value as Record<string, Record<string, unknown> | undefined>;
  if (typeof a?.value !== 'string' || typeof a.expiresAt !== 'number' || !Number.isFinite(a.expiresAt))
    return null;
  if (typeof r?.value !== 'string' || !ROLES.includes(r.role as TokenRole)) return null;
  return {
    accessToken: { value: a.value, expiresAt: a.expiresAt },
    refreshToken: { value: r.value, role: r.role as TokenRole },
  };
}

function parseJson(text: string | null | undefined): Tokens | null {
  if (!text) return null;
  try {
    return parseTokens(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Keeps tokens in this JavaScript realm only (the default behaviour without storage). */
export function memoryStorage(initial?: Tokens): TokenStorage {
  let tokens: Tokens | null = initial ?? null;
  return {
    get: () => (tokens ? structuredClone(tokens) : null),
    set: (t) => {
      tokens = structuredClone(t);
    },
    clear: () => {
      tokens = null;
    },
  };
}

/** The part of the Web Storage API used (window.localStorage or window.sessionStorage). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Tokens as JSON under `key` in `storage` (default: the global localStorage, looked up at each
 * call; absent in Node, where this storage is inert). Access errors (privacy modes, quota)
 * are swallowed: the tokens then live only in memory.
 */
export function localStorageStorage(key = 'vitrine.tokens', storage?: StorageLike): TokenStorage {
  const target = (): StorageLike | undefined => {
    if (storage) return storage;
    try {
      return (globalThis as { localStorage?: StorageLike }).localStorage ?? undefined;
    } catch {
      return undefined; // e.g. a SecurityError when storage is disabled
    }
  };
  const attempt = <T>(fn: (s: StorageLike) => T, fallback: T): T => {
    const s = target();
    if (!s) return fallback;
    try {
      return fn(s);
    } catch {
      return fallback;
    }
  };
  return {
    get: () => attempt((s) => parseJson(s.getItem(key)), null),
    set: (t) => attempt((s) => s.setItem(key, JSON.stringify(t)), undefined),
    clear: () => attempt((s) => s.removeItem(key), undefined),
  };
}

/** The part of `document` used: its cookie string. */
export interface CookieDocument {
  cookie: string;
}

export interface CookieOptions {
  path?: string;
  domain?: string;
  /** Lifetime in seconds; a session cookie when omitted. */
  maxAge?: number;
  sameSite?: 'Strict' | 'Lax' | 'None';
  /** Defaults to true when the page is served over https. */
  secure?: boolean;
  /** Defaults to the global `document`; absent in Node, where this storage is inert. */
  document?: CookieDocument;
}

/** Tokens as URI-encoded JSON in the cookie `name` (readable by the page; not HttpOnly). */
export function cookieStorage(name = 'vitrine.tokens', opts: CookieOptions = {}): TokenStorage {
  const doc = (): CookieDocument | undefined =>
    opts.document ?? (globalThis as { document?: CookieDocument }).document;
  const attributes = (maxAge: number | undefined): string => {
    const parts = [`path=${opts.path ?? '/'}`];
    if (opts.domain) parts.push(`domain=${opts.domain}`);
    if (maxAge !== undefined) parts.push(`max-age=${maxAge}`);
    parts.push(`samesite=${opts.sameSite ?? 'Lax'}`);
    const https = (globalThis as { location?: { protocol?: string } }).location?.protocol === 'https:';
    if (opts.secure ?? (https || opts.sameSite === 'None')) parts.push('secure');
    return parts.join('; ');
  };
  const write = (value: string, maxAge: number | undefined): void => {
    const d = doc();
    if (d) d.cookie = `${encodeURIComponent(name)}=${value}; ${attributes(maxAge)}`;
  };
  return {
    get: () => {
      const d = doc();
      if (!d) return null;
      const prefix = `${encodeURIComponent(name)}=`;
      const entry = d.cookie.split(/;\s*/).find((c) => c.startsWith(prefix));
      if (!entry) return null;
      try {
        return parseJson(decodeURIComponent(entry.slice(prefix.length)));
      } catch {
        return null; // malformed percent-encoding
      }
    },
    set: (t) => write(encodeURIComponent(JSON.stringify(t)), opts.maxAge),
    clear: () => write('', 0),
  };
}
