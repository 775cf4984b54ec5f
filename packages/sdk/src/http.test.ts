import { describe, expect, it } from 'vitest';
import { createHttpClient } from './http.ts';
import { only, serverPerTest } from './test-server.ts';

const serve = serverPerTest();

describe('JSON bodies and headers', () => {
  it('POST: dotted path param filled and kept in the body; JSON content type', async () => {
    const s = await serve(() => ({ body: { checkout: { id: 'c 1' } } }));
    const client = createHttpClient({
      baseUrl: s.baseUrl,
      headers: { 'x-extra': 'yes', authorization: 'stale' },
      getAuthHeaders: async () => ({ Authorization: 'raw-token' }),
    });
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

  it('POST without a body sends {}; pathParams fill what the payload lacks; extra query is plain', async () => {
    const s = await serve();
    const client = createHttpClient({ baseUrl: s.baseUrl });
    const path = '/ecom/v1/payments-collector/orders/{ecomOrderId}/x';
    await client.request({ method: 'POST', path, pathParams: { ecomOrderId: 'e1' }, query: { a: { b: 1 } } });
    const r = only(s);
    expect([r.path, r.search, r.body, r.headers['content-type']]).toEqual([
      '/ecom/v1/payments-collector/orders/e1/x',
      'a.b=1',
      '{}',
      'application/json',
    ]);
  });

  it('no auth configured sends an empty Authorization header; getAuthHeaders runs per call', async () => {
    const s = await serve();
    await createHttpClient({ baseUrl: s.baseUrl }).request({ method: 'GET', path: '/a' });
    let n = 0;
    const authed = createHttpClient({
      baseUrl: s.baseUrl,
      getAuthHeaders: async () => ({ Authorization: `t${++n}` }),
    });
    await authed.request({ method: 'GET', path: '/a' });
    await authed.request({ method: 'GET', path: '/a' });
    expect(s.received.map((r) => r.headers.authorization)).toEqual(['', 't1', 't2']);
  });

  it('echoes the last X-Wix-Consistent value on every later request of that client', async () => {
    const tokens = [undefined, 'c-1', 'c-2'];
    const s = await serve((_r, i) => {
      const token = tokens[i];
      const headers: Record<string, string> = token ? { 'X-Wix-Consistent': token } : {};
      return { status: i === 2 ? 500 : 200, headers, body: {} };
    });
    const client = createHttpClient({ baseUrl: s.baseUrl });
    await client.request({ method: 'GET', path: '/a' }); // no header yet
    await client.request({ method: 'POST', path: '/b', body: {} }); // answer sets c-1
    await expect(client.request({ method: 'GET', path: '/c' })).rejects.toThrow(); // sends c-1, failed answer sets c-2
    await client.request({ method: 'GET', path: '/d' }); // sends c-2
    await client.request({ method: 'DELETE', path: '/e' }); // still c-2
    await createHttpClient({ baseUrl: s.baseUrl }).request({ method: 'GET', path: '/f' }); // other client
    expect(s.received.map((r) => r.headers['x-wix-consistent'])).toEqual([
      undefined,
      undefined,
      'c-1',
      'c-2',
      'c-2',
      undefined,
    ]);
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
