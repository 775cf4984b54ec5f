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

describe('credentials that no longer stand for the caller', () => {
  const refused = {
    status: 401,
    body: { message: 'ended', details: { applicationError: { code: 'UNAUTHENTICATED', description: 'x' } } },
  };

  it('a 401 UNAUTHENTICATED is sent once more with the credentials that replace the refused ones', async () => {
    const s = await serve((_r, i) => (i === 0 ? refused : { body: { ok: true } }));
    let token = 'old';
    const seen: string[] = [];
    const client = createHttpClient({
      baseUrl: s.baseUrl,
      getAuthHeaders: () => ({ Authorization: token }),
      onRefused: (sent) => {
        seen.push(sent.Authorization ?? '');
        token = 'new';
        return true;
      },
    });
    expect(await client.request({ method: 'POST', path: '/a' })).toEqual({ ok: true });
    expect([seen, s.received.map((r) => r.headers.authorization)]).toEqual([['old'], ['old', 'new']]);
  });

  it('only once, and not when the strategy has nothing else or the 401 is about something else', async () => {
    const always = await serve(() => refused);
    const client = createHttpClient({ baseUrl: always.baseUrl, onRefused: () => true });
    await expect(client.request({ method: 'GET', path: '/a' })).rejects.toMatchObject({ status: 401 });
    expect(always.received).toHaveLength(2);

    const other = await serve(() => ({ status: 401, body: { message: 'no', details: {} } }));
    let asked = 0;
    const c2 = createHttpClient({ baseUrl: other.baseUrl, onRefused: () => ++asked > 0 });
    await expect(c2.request({ method: 'GET', path: '/a' })).rejects.toMatchObject({ status: 401 });
    const none = await serve(() => refused);
    const c3 = createHttpClient({ baseUrl: none.baseUrl, onRefused: () => false });
    await expect(c3.request({ method: 'GET', path: '/a' })).rejects.toMatchObject({ status: 401 });
    expect([asked, other.received.length, none.received.length]).toEqual([0, 1, 1]);
  });

  it('a 200 answered for an ended session is kept (it was acted on) and the next call renews', async () => {
    const s = await serve((_r, i) => ({
      headers: i === 0 ? { 'X-Vitrine-Session': 'ended' } : ({} as Record<string, string>),
      body: { n: i },
    }));
    let token = 'old';
    let renewals = 0;
    const client = createHttpClient({
      baseUrl: s.baseUrl,
      getAuthHeaders: () => {
        if (token === 'stale') {
          renewals++;
          token = 'new';
        }
        return { Authorization: token };
      },
      onRefused: () => {
        token = 'stale';
        return true;
      },
    });
    expect(await client.request({ method: 'POST', path: '/a' })).toEqual({ n: 0 });
    expect(await client.request({ method: 'POST', path: '/a' })).toEqual({ n: 1 });
    expect([renewals, s.received.map((r) => r.headers.authorization)]).toEqual([1, ['old', 'new']]);
  });
});
