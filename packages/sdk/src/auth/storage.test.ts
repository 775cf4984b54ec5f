import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverPerTest } from '../test-server.ts';
import { createClient } from './client.ts';
import { OAuthStrategy } from './oauth-strategy.ts';
import { CLIENT_ID, MODULE_PATH, startOAuthPeer } from './oauth-peer.ts';
import { cookieStorage, localStorageStorage, memoryStorage, parseTokens } from './storage.ts';
import type { StorageLike } from './storage.ts';
import type { Tokens } from './types.ts';

const serve = serverPerTest();
const TOKENS: Tokens = {
  accessToken: { value: 'OauthNG.JWS.access-1', expiresAt: 1_700_014_400 },
  refreshToken: { value: 'JWS.refresh-1; with=odd chars', role: 'member' },
};

/** A Map-backed Web Storage. */
function fakeLocalStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
}

/** `document.cookie` as a browser implements it: writes set or (max-age=0) delete one cookie. */
function fakeDocument() {
  const jar = new Map<string, string>();
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair = '', ...attrs] = line.split(';').map((p) => p.trim());
      const i = pair.indexOf('=');
      const [name, value] = [pair.slice(0, i), pair.slice(i + 1)];
      if (attrs.some((a) => /^max-age=(0|-\d+)$/i.test(a))) jar.delete(name);
      else jar.set(name, value);
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('parseTokens', () => {
  it('accepts Tokens and rejects anything else', () => {
    expect(parseTokens(JSON.parse(JSON.stringify(TOKENS)))).toEqual(TOKENS);
    for (const bad of [
      null,
      'x',
      {},
      { accessToken: TOKENS.accessToken },
      { ...TOKENS, refreshToken: { value: 'r', role: 'admin' } },
      { ...TOKENS, accessToken: { value: 'a', expiresAt: null } },
    ]) {
      expect(parseTokens(bad)).toBeNull();
    }
  });
});

describe('memoryStorage', () => {
  it('round-trips copies and clears', () => {
    const s = memoryStorage();
    expect(s.get()).toBeNull();
    const t = structuredClone(TOKENS);
    s.set(t);
    t.accessToken.value = 'mutated';
    expect(s.get()).toEqual(TOKENS);
    s.clear();
    expect(s.get()).toBeNull();
  });
});

describe('localStorageStorage', () => {
  it('round-trips JSON under its key', () => {
    const ls = fakeLocalStorage();
    const s = localStorageStorage('shop.tokens', ls);
    s.set(TOKENS);
    expect(JSON.parse(ls.map.get('shop.tokens')!)).toEqual(TOKENS);
    expect(s.get()).toEqual(TOKENS);
    s.clear();
    expect(ls.map.has('shop.tokens')).toBe(false);
    expect(s.get()).toBeNull();
    ls.map.set('shop.tokens', '{not json');
    expect(s.get()).toBeNull();
  });

  it('uses the global localStorage when present, and is inert in Node', () => {
    const s = localStorageStorage();
    expect((globalThis as { localStorage?: unknown }).localStorage).toBeUndefined();
    s.set(TOKENS);
    expect(s.get()).toBeNull();
    expect(() => s.clear()).not.toThrow();
    const ls = fakeLocalStorage();
    vi.stubGlobal('localStorage', ls);
    s.set(TOKENS);
    expect(ls.map.get('vitrine.tokens')).toBe(JSON.stringify(TOKENS));
    expect(s.get()).toEqual(TOKENS);
  });

  it('swallows storage errors (quota, disabled storage)', () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const s = localStorageStorage('k', throwing);
    expect(() => s.set(TOKENS)).not.toThrow();
    expect(s.get()).toBeNull();
    expect(() => s.clear()).not.toThrow();
  });
});

describe('cookieStorage', () => {
  it('round-trips through document.cookie with its attributes, next to other cookies', () => {
    const document = fakeDocument();
    document.cookie = 'other=1; path=/';
    const s = cookieStorage('vt', {
      document,
      maxAge: 3600,
      domain: 'shop.example.test',
      sameSite: 'Strict',
      secure: true,
    });
    s.set(TOKENS);
    expect(document.writes.at(-1)).toBe(
      `vt=${encodeURIComponent(JSON.stringify(TOKENS))}; path=/; domain=shop.example.test; max-age=3600; samesite=Strict; secure`,
    );
    expect(s.get()).toEqual(TOKENS);
    s.clear();
    expect(document.writes.at(-1)).toBe(
      'vt=; path=/; domain=shop.example.test; max-age=0; samesite=Strict; secure',
    );
    expect(s.get()).toBeNull();
    expect(document.cookie).toBe('other=1');
  });

  it('defaults: session cookie, Lax, secure only on https pages; ignores garbage', () => {
    const document = fakeDocument();
    const s = cookieStorage(undefined, { document });
    s.set(TOKENS);
    expect(document.writes.at(-1)).toMatch(/^vitrine\.tokens=[^;]+; path=\/; samesite=Lax$/);
    vi.stubGlobal('location', { protocol: 'https:' });
    s.set(TOKENS);
    expect(document.writes.at(-1)).toMatch(/; samesite=Lax; secure$/);
    document.cookie = 'vitrine.tokens=%E0%A4%A; path=/';
    expect(s.get()).toBeNull();
  });

  it('uses the global document when present, and is inert in Node', () => {
    const s = cookieStorage('vt');
    s.set(TOKENS);
    expect(s.get()).toBeNull();
    const document = fakeDocument();
    vi.stubGlobal('document', document);
    s.set(TOKENS);
    expect(s.get()).toEqual(TOKENS);
  });
});

describe('OAuthStrategy with a token storage', () => {
  it('writes every change, starts from stored tokens, and logout clears them', async () => {
    const peer = await startOAuthPeer(serve);
    const ls = fakeLocalStorage();
    const first = createClient({
      host: peer.baseUrl,
      auth: OAuthStrategy({ clientId: CLIENT_ID, tokenStorage: localStorageStorage('t', ls) }),
    });
    await first.request({ method: 'GET', path: MODULE_PATH });
    expect(JSON.parse(ls.map.get('t')!)).toEqual(first.auth.getTokens());

    // A new page load: the stored visitor token is reused, no token request.
    const second = createClient({
      host: peer.baseUrl,
      auth: OAuthStrategy({ clientId: CLIENT_ID, tokenStorage: localStorageStorage('t', ls) }),
    });
    await second.request({ method: 'GET', path: MODULE_PATH });
    expect(peer.grants()).toHaveLength(1);
    expect(peer.authorizations(MODULE_PATH)).toEqual(['anon-access-1', 'anon-access-1']);

    second.auth.setTokens(TOKENS);
    expect(JSON.parse(ls.map.get('t')!)).toEqual(TOKENS);
    await second.auth.logout('https://shop.example.test/');
    expect(ls.map.has('t')).toBe(false);
  });
});
