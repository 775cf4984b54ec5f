import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressProblem, FetchRefused, guardedFetch, type Resolver } from './guarded-fetch.ts';

/**
 * The SSRF guard refuses before connecting: no test here sends a packet anywhere but to its own
 * fixture server on 127.0.0.1, which only the test-only allowlist lets through.
 */
describe('addresses', () => {
  const refused = [
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    '0:0:0:0:0:ffff:c0a8:0101',
  ];
  it.each(refused)('refuses %s', (a) => {
    expect(addressProblem(a)).toMatch(/not a public address/);
  });
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '172.32.0.1'])(
    'accepts %s',
    (a) => {
      expect(addressProblem(a)).toBeUndefined();
    },
  );
  it('lets the allowlist through', () => {
    expect(addressProblem('127.0.0.1', ['127.0.0.1'])).toBeUndefined();
  });
});

let fixture: Server;
let base = '';
let hits = 0;
beforeAll(async () => {
  fixture = createServer((req, res) => {
    hits++;
    if (req.url === '/redirect-private') return res.writeHead(302, { location: 'http://10.0.0.1/x' }).end();
    if (req.url === '/redirect-ok') return res.writeHead(302, { location: '/file' }).end();
    if (req.url === '/big') return res.end(Buffer.alloc(5000, 1));
    if (req.url === '/slow') return setTimeout(() => res.end('late'), 2000);
    if (req.url?.startsWith('/echo'))
      return res.end(JSON.stringify({ url: req.url, auth: req.headers['x-token'] ?? null }));
    res.end('the file');
  });
  await new Promise<void>((r) => fixture.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => fixture.close(() => r())));

const allow = ['127.0.0.1'];
const o = { maxBytes: 1000, timeoutMs: 1000 };
const text = async (p: ReturnType<typeof guardedFetch>) => {
  const a = await p;
  const parts: Buffer[] = [];
  for await (const c of a.body) parts.push(c as Buffer);
  return Buffer.concat(parts).toString();
};
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof FetchRefused) return e.code;
    throw e;
  }
  throw new Error('not refused');
};

describe('guardedFetch', () => {
  it('refuses other schemes, loopback without the allowlist, and names resolving to private addresses', async () => {
    expect(await refusal(guardedFetch('ftp://example.test/x', o))).toBe('UNSUPPORTED_PROTOCOL');
    expect(await refusal(guardedFetch('file:///etc/passwd', o))).toBe('UNSUPPORTED_PROTOCOL');
    const before = hits;
    expect(await refusal(guardedFetch(`${base}/file`, o))).toBe('ADDRESS_REFUSED');
    expect(await refusal(guardedFetch('http://[::1]:9/x', o))).toBe('ADDRESS_REFUSED');
    expect(await refusal(guardedFetch('http://[::ffff:127.0.0.1]:9/x', o))).toBe('ADDRESS_REFUSED');
    expect(await refusal(guardedFetch('http://localhost:9/x', o))).toBe('ADDRESS_REFUSED');
    // Other spellings of loopback and private addresses, normalised by the URL parser.
    for (const odd of [
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://[0:0:0:0:0:ffff:a00:1]/',
    ])
      expect(await refusal(guardedFetch(odd, o)), odd).toBe('ADDRESS_REFUSED');
    expect(await refusal(guardedFetch('http://user:pw@example.test/', o))).toBe('CREDENTIALS_IN_URL');
    const rebinding: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ];
    expect(await refusal(guardedFetch('http://metadata.example.test/', { ...o, resolve: rebinding }))).toBe(
      'ADDRESS_REFUSED',
    );
    expect(hits).toBe(before);
  });

  it('pins the connection to the address it checked (the name is never looked up again)', async () => {
    let lookups = 0;
    const resolve: Resolver = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const port = (fixture.address() as AddressInfo).port;
    expect(await text(guardedFetch(`http://files.example.test:${port}/file`, { ...o, allow, resolve }))).toBe(
      'the file',
    );
    expect(lookups).toBe(1);
  });

  it('re-checks redirects, and follows the ones to allowed addresses', async () => {
    expect(await refusal(guardedFetch(`${base}/redirect-private`, { ...o, allow }))).toBe('ADDRESS_REFUSED');
    expect(await text(guardedFetch(`${base}/redirect-ok`, { ...o, allow }))).toBe('the file');
  });

  it('bounds the size and the time', async () => {
    await expect(text(guardedFetch(`${base}/big`, { ...o, allow }))).rejects.toMatchObject({
      code: 'TOO_LARGE',
    });
    await expect(text(guardedFetch(`${base}/slow`, { ...o, timeoutMs: 200, allow }))).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
  });
});
