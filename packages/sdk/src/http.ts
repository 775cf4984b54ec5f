/**
 * The transport every SDK call goes through: wire shapes exactly as contract/conventions.md
 * §3–§5 and §8 describe them (no key renaming, no response transforms).
 */
import { buildQueryString, fillPath, MAX_GET_QUERY_LENGTH, toWireJson } from './encode.ts';
import { errorFromAnswer, isVitrineError, systemError } from './errors.ts';
import type { VitrineError } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpClientOptions {
  /** Origin (optionally with a path prefix) the wire paths are appended to. */
  baseUrl: string;
  /** Replaces the global `fetch` (looked up at call time when omitted). */
  fetch?: typeof fetch;
  /** Called before every request; e.g. `{ Authorization: <raw token> }` (no `Bearer `). */
  getAuthHeaders?: () => Promise<Record<string, string>> | Record<string, string>;
  /** Runs (and is awaited) before a failed call's error is rethrown; its own failure is ignored. */
  onError?: (err: VitrineError) => void | Promise<void>;
  /** Static headers sent on every request. */
  headers?: Record<string, string>;
  /**
   * The credentials sent no longer stand for whom they did (401 `UNAUTHENTICATED`, or an answer
   * saying `X-Vitrine-Session: ended`); true when there are others to use from now on.
   */
  onRefused?: (sent: Record<string, string>) => boolean;
}

export interface RequestOptions {
  method: HttpMethod;
  /** Wire path with placeholders, e.g. `/ecom/v1/checkouts/{checkout.id}/remove-coupon`. */
  path: string;
  /** Placeholder values not present in the payload (the payload is searched otherwise). */
  pathParams?: Record<string, string | number>;
  /** GET/DELETE: the payload, sent as the query string. POST/PUT/PATCH: extra plain query. */
  query?: object;
  /** POST/PUT/PATCH: the payload, sent as JSON (`{}` when omitted). Ignored for GET/DELETE. */
  body?: object;
  /** GET/DELETE: send a payload with nested keys or arrays of objects as one `.r` param. */
  rComplex?: boolean;
  /** GET only: sent instead, with the payload as JSON body, when the query exceeds 4000 chars. */
  fallback?: { method: 'POST'; path: string };
  /** Headers of this request only (e.g. `Idempotency-Key`); they win over the client's static headers. */
  headers?: Record<string, string>;
}

export interface HttpClient {
  /** Resolves with the parsed 200 answer; rejects only with a VitrineError. */
  request<T>(options: RequestOptions): Promise<T>;
}

interface Prepared {
  method: HttpMethod;
  url: string;
  body: string | undefined;
}

const hasBody = (method: HttpMethod): boolean => method === 'POST' || method === 'PUT' || method === 'PATCH';

function prepare(baseUrl: string, o: RequestOptions): Prepared {
  const base = baseUrl.replace(/\/+$/, '');
  const withQuery = (path: string, qs: string): string => `${base}${path}${qs ? `?${qs}` : ''}`;
  if (hasBody(o.method)) {
    const payload = o.body ?? {};
    const qs = o.query ? buildQueryString(o.query) : '';
    return {
      method: o.method,
      url: withQuery(fillPath(o.path, payload, o.pathParams), qs),
      body: toWireJson(payload),
    };
  }
  const payload = o.query ?? {};
  const qs = buildQueryString(payload, o.rComplex ?? false);
  if (o.method === 'GET' && o.fallback && qs.length > MAX_GET_QUERY_LENGTH) {
    const url = withQuery(fillPath(o.fallback.path, payload, o.pathParams), '');
    return { method: o.fallback.method, url, body: toWireJson(payload) };
  }
  return { method: o.method, url: withQuery(fillPath(o.path, payload, o.pathParams), qs), body: undefined };
}

function jsonOrNull(text: string): unknown {
  try {
    return text.trim() === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { baseUrl, getAuthHeaders, onError, onRefused } = options;
  const custom = options.fetch;
  // Called detached (never as a method), so a browser's window.fetch keeps a valid `this`.
  const doFetch: typeof fetch = custom ?? ((input, init) => globalThis.fetch(input, init));
  /** Last `X-Wix-Consistent` value seen on any answer of this client. */
  let consistent: string | undefined;

  async function send<T>(o: RequestOptions, again = false): Promise<T> {
    const prepared = prepare(baseUrl, o);
    const headers = new Headers(options.headers);
    for (const [name, value] of Object.entries(o.headers ?? {})) headers.set(name, value);
    const auth = getAuthHeaders ? await getAuthHeaders() : { Authorization: '' };
    for (const [name, value] of Object.entries(auth)) headers.set(name, value);
    if (consistent !== undefined) headers.set('X-Wix-Consistent', consistent);
    if (prepared.body !== undefined) headers.set('Content-Type', 'application/json');

    const res = await doFetch(prepared.url, { method: prepared.method, headers, body: prepared.body });
    const requestId = res.headers.get('x-wix-request-id') ?? undefined;
    const nextConsistent = res.headers.get('x-wix-consistent');
    if (nextConsistent !== null) consistent = nextConsistent;
    const text = await res.text();
    // Answered as the visitor the ended session began as: use (and so renew) other tokens from now on.
    if (res.status === 200 && res.headers.get('x-vitrine-session') === 'ended' && onRefused?.(auth))
      void Promise.resolve(getAuthHeaders?.()).catch(() => undefined);

    if (res.status !== 200) {
      const err = errorFromAnswer({
        status: res.status,
        statusText: res.statusText,
        requestId,
        body: jsonOrNull(text),
      });
      // Refused before anything was done: safe to send again, with the credentials that replace them.
      const refused = res.status === 401 && err.details.applicationError?.code === 'UNAUTHENTICATED';
      if (refused && !again && onRefused?.(auth)) return send<T>(o, true);
      throw err;
    }
    try {
      // An empty 200 body fails here too (a JSON SyntaxError), as in the official SDK.
      return JSON.parse(text) as T;
    } catch (e) {
      throw systemError(e, requestId);
    }
  }

  async function request<T>(o: RequestOptions): Promise<T> {
    try {
      return await send<T>(o);
    } catch (e) {
      const err = isVitrineError(e) ? e : systemError(e);
      if (onError) {
        try {
          await onError(err);
        } catch {
          // The call's own error is what the caller gets, whatever the hook does.
        }
      }
      throw err;
    }
  }

  return { request };
}
