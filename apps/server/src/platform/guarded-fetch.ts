import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';

/**
 * Fetching a URL a caller gave (media import) without letting them reach the server's own network
 * (SSRF): http and https only; the host resolved once and the connection pinned to the address that
 * was checked (no second lookup to rebind); loopback, private, link-local, multicast, unspecified and
 * other special-purpose addresses refused for IPv4, IPv6 and IPv4 embedded in IPv6; every redirect
 * checked the same way; the answer's size and the whole fetch's time bounded.
 */
export class FetchRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this" network, unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Expands an IPv6 address to its 8 groups. */
function groups(v6: string): number[] {
  let s = v6.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    s = s.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail ? tail.split(':') : [];
  const fill = tail !== undefined ? new Array(8 - h.length - t.length).fill('0') : [];
  return [...h, ...fill, ...t].map((g) => parseInt(g || '0', 16));
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedV4(v6: string): string | undefined {
  const g = groups(v6);
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return undefined;
}

/** Why an address may not be fetched from, or undefined when it may. */
export function addressProblem(address: string, allow: readonly string[] = []): string | undefined {
  if (allow.includes(address)) return undefined;
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4') ? `${address} is not a public address` : undefined;
  if (family === 6) {
    const inner = embeddedV4(address);
    if (inner !== undefined && (inner === '0.0.0.0' || blocked.check(inner, 'ipv4')))
      return `${address} is not a public address`;
    return blocked.check(address, 'ipv6') ? `${address} is not a public address` : undefined;
  }
  return `${address} is not an IP address`;
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface GuardedFetchOptions {
  headers?: Record<string, string>;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /** Addresses let through although special (tests' fixture servers on loopback). */
  allow?: readonly string[];
  /** GET unless told (a webhook delivery POSTs `body`). */
  method?: 'GET' | 'POST';
  body?: string;
  /** `return`: a redirect is the answer (a webhook receiver must answer itself); default `follow`. */
  redirects?: 'follow' | 'return';
  /**
   * Keep-alive agents to reuse connections (webhook deliveries); a new connection each time
   * otherwise. Safe with the pinning: a new connection goes to the address this request checked, and
   * a reused one to the address checked when it was opened.
   */
  agents?: { http: http.Agent; https: https.Agent };
  resolve?: Resolver;
}
export interface GuardedAnswer {
  status: number;
  url: string;
  headers: IncomingMessage['headers'];
  body: Readable;
}

async function pin(url: URL, o: GuardedFetchOptions): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused(
      'UNSUPPORTED_PROTOCOL',
      `${url.protocol} URLs cannot be imported; use http or https`,
    );
  if (url.username || url.password)
    throw new FetchRefused('CREDENTIALS_IN_URL', 'URLs with credentials are refused');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  const found = literal
    ? [{ address: host, family: literal }]
    : await (o.resolve ?? systemResolver)(host).catch(() => []);
  if (found.length === 0) throw new FetchRefused('HOST_NOT_FOUND', `${host} could not be resolved`);
  // Every address the name has must be public: a name pointing at both kinds is refused.
  for (const a of found) {
    const problem = addressProblem(a.address, o.allow);
    if (problem) throw new FetchRefused('ADDRESS_REFUSED', problem);
  }
  return found[0]!;
}

function request(
  url: URL,
  target: { address: string; family: number },
  o: GuardedFetchOptions,
  signal: AbortSignal,
) {
  const lookup: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: unknown[]) => void)(null, [target]);
    else cb(null, target.address, target.family);
  };
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const body = o.body === undefined ? undefined : Buffer.from(o.body);
    const req = mod.request(url, {
      method: o.method ?? 'GET',
      headers: {
        'user-agent': 'Vitrine-Media-Import/1',
        ...(body ? { 'content-length': String(body.length) } : {}),
        ...o.headers,
      },
      lookup,
      signal,
      agent: o.agents ? (url.protocol === 'https:' ? o.agents.https : o.agents.http) : false,
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Why the guard would refuse to fetch `raw` (a webhook's URL, checked when the merchant saves it),
 * or undefined when it would let it through now (its name may point elsewhere later: every fetch
 * checks again).
 */
export async function refusal(
  raw: string,
  o: Pick<GuardedFetchOptions, 'allow' | 'resolve'> = {},
): Promise<FetchRefused | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return new FetchRefused('INVALID_URL', 'not a valid URL');
  }
  try {
    await pin(url, { ...o, maxBytes: 0, timeoutMs: 0 });
    return undefined;
  } catch (e) {
    if (e instanceof FetchRefused) return e;
    throw e;
  }
}

/** GET `raw` under the guard. The body is a stream that fails past `maxBytes` or after `timeoutMs`. */
export async function guardedFetch(raw: string, o: GuardedFetchOptions): Promise<GuardedAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new FetchRefused('TIMEOUT', `the fetch took longer than ${o.timeoutMs} ms`)),
    o.timeoutMs,
  );
  timer.unref?.();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    clearTimeout(timer);
    throw new FetchRefused('INVALID_URL', 'not a valid URL');
  }
  try {
    for (let hop = 0; ; hop++) {
      const target = await pin(url, o);
      const res = await request(url, target, o, controller.signal);
      const location = res.headers.location;
      const redirected = res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location;
      if (redirected && o.redirects !== 'return') {
        res.resume();
        if (hop >= (o.maxRedirects ?? 5)) throw new FetchRefused('TOO_MANY_REDIRECTS', 'too many redirects');
        url = new URL(location, url);
        continue;
      }
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (declared > o.maxBytes) {
        res.destroy();
        throw new FetchRefused('TOO_LARGE', `the answer is larger than ${o.maxBytes} bytes`);
      }
      let seen = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _e, done) {
          seen += chunk.length;
          if (seen > o.maxBytes)
            return done(new FetchRefused('TOO_LARGE', `the answer is larger than ${o.maxBytes} bytes`));
          done(null, chunk);
        },
      });
      res.on('error', (e) =>
        limit.destroy(controller.signal.reason instanceof Error ? controller.signal.reason : e),
      );
      limit.on('close', () => clearTimeout(timer));
      res.pipe(limit);
      return { status: res.statusCode ?? 0, url: url.toString(), headers: res.headers, body: limit };
    }
  } catch (e) {
    clearTimeout(timer);
    if (controller.signal.aborted && controller.signal.reason instanceof FetchRefused)
      throw controller.signal.reason;
    throw e;
  }
}
