import { describe, expect, it } from 'vitest';
import { createHttpClient } from './http.ts';
import { only, serverPerTest } from './test-server.ts';

const serve = serverPerTest();

describe('GET/DELETE query encoding', () => {
  it('plain mode: path param kept in query, dotted keys, repeated arrays, drops', async () => {
    const s = await serve(() => ({ body: { order: { id: 'o/1' } } }));
    const client = createHttpClient({
      baseUrl: `${s.baseUrl}/`,
      getAuthHeaders: () => ({ Authorization: 'tok-1' }),
    });
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
    const payload = {
      paging: { limit: 10, offset: 20 },
      sorting: [{ fieldName: 'profile.nickname', order: 'ASC' }],
    };
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
    await client.request({
      method: 'DELETE',
      path: '/site-media/v1/files/{fileId}',
      query: { fileId: 'f~1.jpg', permanent: true },
    });
    const r = only(s);
    expect([r.method, r.path, r.search]).toEqual([
      'DELETE',
      '/site-media/v1/files/f~1.jpg',
      'fileId=f%7E1.jpg&permanent=true',
    ]);
    expect(r.headers['content-type']).toBeUndefined();
    expect(r.body).toBe('');
  });
});

describe('long GET fallback', () => {
  const fallback = {
    method: 'POST',
    path: '/back-in-stock-service/v1/back-in-stock-notification-requests/query',
  } as const;
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
    expect(s.received.map((r) => [r.method, r.search.length])).toEqual([
      ['GET', 4000],
      ['POST', 0],
    ]);
    expect(JSON.parse(s.received[1]!.body)).toEqual({ q: 'x'.repeat(3999) });
  });

  it('only a GET falls back: a long DELETE with a fallback is sent as is', async () => {
    const s = await serve();
    const client = createHttpClient({ baseUrl: s.baseUrl });
    await client.request({ method: 'DELETE', path, query: { q: 'x'.repeat(5000) }, fallback });
    const r = only(s);
    expect([r.method, r.path, r.search.length, r.body]).toEqual(['DELETE', path, 5002, '']);
  });

  it('without a fallback the long GET is sent as is', async () => {
    const s = await serve();
    const client = createHttpClient({ baseUrl: s.baseUrl });
    await client.request({ method: 'GET', path, query: { q: 'x'.repeat(5000) } });
    const r = only(s);
    expect([r.method, r.search.length]).toEqual(['GET', 5002]);
  });
});
