import { afterAll, beforeAll } from 'vitest';
import { ADMIN_KEY, startTestServer, type TestServer, type TestServerOptions } from './server.ts';
/**
 * Points the official SDK packages at a Vitrine test server. Token calls use the global `fetch`
 * with hard-coded hosts (contract conventions §1), so the global is replaced: requests to the
 * platform's API hosts go to `url`; everything else is untouched. Returns the function that undoes it.
 */
const HOSTS = ['https://www.wixapis.com', 'https://edge.wixapis.com'];

export interface Recorded {
  method: string;
  url: string;
  body?: string;
}

export function redirectWixFetch(url: string, log?: Recorded[]): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const host = HOSTS.find((h) => raw.startsWith(h));
    if (!host) return original(input, init);
    const target = url + raw.slice(host.length);
    if (input instanceof Request) {
      const body =
        init?.body ?? (input.method === 'GET' || input.method === 'HEAD' ? undefined : await input.text());
      log?.push({ method: input.method, url: raw, ...(typeof body === 'string' ? { body } : {}) });
      return original(target, { method: input.method, headers: input.headers, body, ...init });
    }
    log?.push({
      method: init?.method ?? 'GET',
      url: raw,
      ...(typeof init?.body === 'string' ? { body: init.body } : {}),
    });
    return original(target, init);
  }) as typeof fetch;
  return () => {
    globalThis.fetch = original;
  };
}

/** The official clients' auth for an admin caller: the test server's admin API key. */
export const adminAuth = { getAuthHeaders: async () => ({ headers: { Authorization: ADMIN_KEY } }) };

/** The official clients' auth for a caller with no token (the platform answers a visitor's reads). */
export const noAuth = { getAuthHeaders: async () => ({ headers: { Authorization: '' } }) };

/**
 * For a file of official-SDK tests: starts a test server before them with the packages pointed at it
 * (`redirectWixFetch`), hands it to `use` (if the tests call it directly too), and stops both after them.
 */
export function sdkServer(use: (s: TestServer) => void = () => {}, o: TestServerOptions = {}): void {
  let s: TestServer | undefined;
  let undo: (() => void) | undefined;
  beforeAll(async () => {
    s = await startTestServer(o);
    undo = redirectWixFetch(s.url);
    use(s);
  });
  afterAll(async () => {
    undo?.();
    await s?.stop();
  });
}
