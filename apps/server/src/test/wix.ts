import { ADMIN_KEY } from './server.ts';
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
