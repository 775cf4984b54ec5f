import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from './http.ts';
import { startServer } from './test-server.ts';
import type { Answer, Received, TestServer } from './test-server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(answer?: (req: Received, index: number) => Answer): Promise<TestServer> {
  server = await startServer(answer);
  return server;
}

const only = (s: TestServer): Received => {
  expect(s.received).toHaveLength(1);
  return s.received[0]!;
};

describe('GET/DELETE query encoding', () => {
  it('plain mode: path param kept in query, dotted keys, repeated arrays, drops', async () => {
    const s = await serve(() => ({ body: { order: { id: 'o/1' } } }));
    const client = createHttpClient({ baseUrl: `${s.baseUrl}/`, getAuthHeaders: () => ({ Authorization: 'tok-1' }) });
    const result = await client.request<{ order: { id: string } }>({
      method: 'GET',
      path: '/ecom/v1/orders/{id}',
      query: {
        id: 'o/1',
        sort: { fieldName: 'createdDate', order: 'DESC' },
        paging: { limit: 20, cursor: undefined, offset: null },
        mediaTypes: ['IMAGE', 'VIDEO'],
        sorting: [{ fieldName: 'x' }, 'kept'],
        q: 'a b~/',
        flag: false,
      },
    });
    expect(result).toEqual({ order: { id: 'o/1' } });
    const r = only(s);
    expect(r.method).toBe('GET');
    expect(r.path).toBe('/ecom/v1/orders/o%2F1');
    expect(r.search).toBe(
      'id=o%2F1&sort.fieldName=createdDate&sort.order=DESC&paging.limit=20' +
        '&mediaTypes=IMAGE&mediaTypes=VIDEO&sorting=kept&q=a+b%7E%2F&flag=false',
    );
    expect(r.headers.authorization).toBe('tok-1');
    expect(r.headers['content-type']).toBeUndefined();
    expect(r.headers['content-length']).toBeUndefined();
    expect(r.body).toBe('');
  });

  it('rComplex: nested payload goes whole as one base64url .r param', async () => {
    const s = await serve();
    const client = createHttpClient({ baseUrl: s.baseUrl });
    const payload = { paging: { limit: 10, offset: 20 }, sorting: [{ fieldName: 'profile.nickname', order: 'ASC' }] };
    await client.request({ method: 'GET', path: '/members/v1/members', query: payload, rComplex: true });
    const r = only(s);
    // The capture from contract/conventions.md §5, byte for byte.
    expect(r.search).toBe(
      '.r=eyJwYWdpbmciOnsibGltaXQiOjEwLCJvZmZzZXQiOjIwfSwic29ydGluZyI6W3siZmllbGROYW1lIjoicHJvZmlsZS5uaWNrbmFtZSIsIm9yZGVyIjoiQVNDIn1dfQ',
    );
    const value = new URLSearchParams(r.search).get('.r')!;
    expect(JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))).toEqual(payload);
  });

  it('rComplex: an array of objects alone triggers .r; non-ASCII survives; no padding', async () => {
    const s = await serve();
    const client = createHttpClient({ baseUrl: s.baseUrl });
    const payload = { sorting: [{ fieldName: 'né' }], x: 'ü?' };
    await client.request({ method: 'GET', path: '/members/v1/members', query: payload, rComplex: true });
    const value = new URLSearchParams(only(s).search).get('.r')!;
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))).toEqual(payload);
  });

  it('rComplex with only flat scalars and scalar arrays stays in plain mode', async () => {
    const s = await serve();
    const client = createHttpClient({ baseUrl: s.baseUrl });
    await client.request({
      method: 'GET',
      path: '/members/v1/members',
      query: { fieldsets: ['PUBLIC', 'EXTENDED'], limit: 5 },
      rComplex: true,
    });
    expect(only(s).search).toBe('fieldsets=PUBLIC&fieldsets=EXTENDED&limit=5');
  });

  it('without rComplex a nested payload is sent in plain mode', async () => {
    const s = await serve();
    const client = createHttpClient({ baseUrl: s.baseUrl });
    await client.request({ method: 'GET', path: '/m', query: { paging: { limit: 10 } } });
    expect(only(s).search).toBe('paging.limit=10');
  });

  it('DELETE: query only, no body, no content type', async () => {
    const s = await serve();
    const client = createHttpClient({ baseUrl: s.baseUrl });
    await client.request({ method: 'DELETE', path: '/site-media/v1/files/{fileId}', query: { fileId: 'f~1.jpg', permanent: true } });
    const r = only(s);
    expect([r.method, r.path, r.search]).toEqual(['DELETE', '/site-media/v1/files/f~1.jpg', 'fileId=f%7E1.jpg&permanent=true']);
    expect(r.headers['content-type']).toBeUndefined();
    expect(r.body).toBe('');
  });
});

describe('long GET fallback', () => {
  const fallback = { method: 'POST', path: '/back-in-stock-service/v1/back-in-stock-notification-requests/query' } as const;
  const path = '/back-in-stock-service/v1/back-in-stock-notification-requests';

  it('sends the fallback POST with the payload as JSON when the query exceeds 4000 chars', async () => {
    const s = await serve(() => ({ body: { requests: [] } }));
    const client = createHttpClient({ baseUrl: s.baseUrl });
    const emails = Array.from({ length: 200 }, (_, i) => `person-${i}@example.test`);
    const payload = { query: { filter: { email: { $in: emails } }, cursorPaging: { limit: 5 } } };
    const result = await client.request({ method: 'GET', path, query: payload, rComplex: true, fallback });
    expect(result).toEqual({ requests: [] });
    const r = only(s);
    expect([r.method, r.path, r.search]).toEqual(['POST', fallback.path, '']);
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body)).toEqual(payload);
  });

  it('a query of exactly 4000 chars stays a GET; 4001 falls back', async () => {
    const s = await serve();
    const client = createHttpClient({ baseUrl: s.baseUrl });
    await client.request({ method: 'GET', path, query: { q: 'x'.repeat(3998) }, fallback });
    await client.request({ method: 'GET', path, query: { q: 'x'.repeat(3999) }, fallback });
    expect(s.received.map((r) => [r.method, r.search.length])).toEqual([['GET', 4000], ['POST', 0]]);
    expect(JSON.parse(s.received[1]!.body)).toEqual({ q: 'x'.repeat(3999) });
  });

  it('without a fallback the long GET is sent as is', async () => {
    const s = await serve();
    const client = createHttpClient({ baseUrl: s.baseUrl });
    await client.request({ method: 'GET', path, query: { q: 'x'.repeat(5000) } });
    const r = only(s);
    expect([r.method, r.search.length]).toEqual(['GET', 5002]);
  });
});

describe('JSON bodies and headers', () => {
  it('POST: dotted path param filled and kept in the body; JSON content type', async () => {
    const s = await serve(() => ({ body: { checkout: { id: 'c 1' } } }));
    const client = createHttpClient({ baseUrl: s.baseUrl, headers: { 'x-extra': 'yes', authorization: 'stale' }, getAuthHeaders: async () => ({ Authorization: 'raw-token' }) });
    const body = { checkout: { id: 'c 1', buyerNote: 'hi' }, n: Number.NaN, big: 12345n, gone: undefined };
    const result = await client.request({ method: 'PATCH', path: '/ecom/v1/checkouts/{checkout.id}', body });
    expect(result).toEqual({ checkout: { id: 'c 1' } });
    const r = only(s);
    expect([r.method, r.path, r.search]).toEqual(['PATCH', '/ecom/v1/checkouts/c%201', '']);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers.authorization).toBe('raw-token');
    expect(r.headers['x-extra']).toBe('yes');
    expect(r.body).toBe('{"checkout":{"id":"c 1","buyerNote":"hi"},"n":"NaN","big":"12345"}');
  });

  it('POST without a body sends {}; pathParams fill what the payload lacks', async () => {
    const s = await serve();
    const client = createHttpClient({ baseUrl: s.baseUrl });
    await client.request({ method: 'POST', path: '/ecom/v1/payments-collector/orders/{ecomOrderId}/x', pathParams: { ecomOrderId: 'e1' } });
    const r = only(s);
    expect([r.path, r.body, r.headers['content-type']]).toEqual(['/ecom/v1/payments-collector/orders/e1/x', '{}', 'application/json']);
  });

  it('no auth configured sends an empty Authorization header; getAuthHeaders runs per call', async () => {
    const s = await serve();
    await createHttpClient({ baseUrl: s.baseUrl }).request({ method: 'GET', path: '/a' });
    let n = 0;
    const authed = createHttpClient({ baseUrl: s.baseUrl, getAuthHeaders: async () => ({ Authorization: `t${++n}` }) });
    await authed.request({ method: 'GET', path: '/a' });
    await authed.request({ method: 'GET', path: '/a' });
    expect(s.received.map((r) => r.headers.authorization)).toEqual(['', 't1', 't2']);
  });

  it('echoes the last X-Wix-Consistent value on every later request of that client', async () => {
    const tokens = [undefined, 'c-1', 'c-2'];
    const s = await serve((_r, i) => {
      const token = tokens[i];
      return { status: i === 2 ? 500 : 200, headers: token ? { 'X-Wix-Consistent': token } : {}, body: {} };
    });
    const client = createHttpClient({ baseUrl: s.baseUrl });
    await client.request({ method: 'GET', path: '/a' }); // no header yet
    await client.request({ method: 'POST', path: '/b', body: {} }); // answer sets c-1
    await expect(client.request({ method: 'GET', path: '/c' })).rejects.toThrow(); // sends c-1, failed answer sets c-2
    await client.request({ method: 'GET', path: '/d' }); // sends c-2
    await client.request({ method: 'DELETE', path: '/e' }); // still c-2
    await createHttpClient({ baseUrl: s.baseUrl }).request({ method: 'GET', path: '/f' }); // other client
    expect(s.received.map((r) => r.headers['x-wix-consistent'])).toEqual([undefined, undefined, 'c-1', 'c-2', 'c-2', undefined]);
  });

  it('uses the fetch given in the options', async () => {
    const s = await serve(() => ({ body: { ok: true } }));
    const seen: string[] = [];
    const client = createHttpClient({
      baseUrl: 'http://unreachable.invalid',
      fetch: (input, init) => {
        seen.push(`${init?.method} ${String(input)}`);
        return fetch(String(input).replace('http://unreachable.invalid', s.baseUrl), init);
      },
    });
    expect(await client.request({ method: 'GET', path: '/x', query: { a: 1 } })).toEqual({ ok: true });
    expect(seen).toEqual(['GET http://unreachable.invalid/x?a=1']);
    expect(only(s).path).toBe('/x');
  });
});
