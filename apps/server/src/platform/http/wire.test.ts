import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, startTestServer, type TestServer } from '../../test/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

describe('wire conventions', () => {
  it('answers /health with 200 JSON and a request id header', async () => {
    const r = await s.request('GET', '/health');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'OK', database: { status: 'OK' } });
    expect(r.headers.get('x-wix-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API route with 404 in the envelope, echoing the request id', async () => {
    const r = await s.request('GET', '/_api/no/such/route');
    expect(r.status).toBe(404);
    expect(appError(r.body).code).toBe('ROUTE_NOT_FOUND');
    expect(appError(r.body).data.requestId).toBe(r.headers.get('x-wix-request-id'));
    expect((r.body as { message: string }).message).toContain('/_api/no/such/route');
  });

  it('rejects malformed JSON with 400', async () => {
    const r = await s.request('PATCH', '/platform/v1/store-settings', {
      body: '{"settings": {',
      auth: 'vk_whatever',
    });
    expect(r.status).toBe(400);
    expect(appError(r.body).code).toBe('MALFORMED_JSON');
  });

  it('rejects a body that is not JSON with 415', async () => {
    const r = await s.request('POST', '/platform/v1/jobs/query', {
      body: 'query=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(r.status).toBe(415);
    expect(appError(r.body).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('rejects a body over the limit with 413', async () => {
    const big = JSON.stringify({ query: { filter: { name: 'x'.repeat(1024 * 1024 + 10) } } });
    const r = await s.request('POST', '/platform/v1/jobs/query', { body: big });
    expect(r.status).toBe(413);
    expect(appError(r.body).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('treats an empty JSON body as {}', async () => {
    const r = await s.request('POST', '/platform/v1/jobs/query', {
      body: '',
      auth: s ? 'vk_test_admin_key_0123456789abcdef' : '',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      jobs: [],
      metadata: { count: 0, cursors: { next: null, prev: null }, hasNext: false },
    });
  });

  it('answers 401 without credentials and with an unknown key or token', async () => {
    for (const auth of [undefined, 'vk_not_a_real_key', 'eyJhbGciOiJub25lIn0.e30.']) {
      const r = await s.request('POST', '/platform/v1/jobs/query', { body: {}, ...(auth ? { auth } : {}) });
      expect(r.status).toBe(401);
      expect(appError(r.body).code).toBe('UNAUTHENTICATED');
    }
  });

  it('reports unknown fields, wrong types and bad enum values as field violations', async () => {
    const r = await s.admin('PATCH', '/platform/v1/store-settings', {
      settings: { storeName: 42, weightUnit: 'STONE', colour: 'red' },
      extra: 1,
    });
    expect(r.status).toBe(400);
    const v = (
      r.body as {
        details: {
          validationError: { fieldViolations: { field: string; violatedRule: string; data: unknown }[] };
        };
      }
    ).details.validationError.fieldViolations;
    expect(v).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'extra', violatedRule: 'FIELD_NOT_ALLOWED' }),
        expect.objectContaining({ field: 'settings.colour', violatedRule: 'FIELD_NOT_ALLOWED' }),
        expect.objectContaining({ field: 'settings.storeName', violatedRule: 'VALIDATION' }),
        expect.objectContaining({ field: 'settings.weightUnit', violatedRule: 'INVALID_ENUM_VALUE' }),
      ]),
    );
    for (const x of v) expect(x.data).toBeTypeOf('object');
    expect(v.map((x) => x.field)).toEqual([...v.map((x) => x.field)].sort());
  });

  it('reports length bounds as MIN_LENGTH / MAX_LENGTH and missing fields as REQUIRED_FIELD', async () => {
    const r = await s.admin('PATCH', '/platform/v1/store-settings', {
      settings: { storeName: '', locale: 'x'.repeat(40) },
    });
    const v = (
      r.body as {
        details: {
          validationError: {
            fieldViolations: { field: string; violatedRule: string; data: Record<string, unknown> }[];
          };
        };
      }
    ).details.validationError.fieldViolations;
    expect(v).toEqual([
      {
        field: 'settings.locale',
        description: expect.any(String),
        violatedRule: 'MAX_LENGTH',
        data: { threshold: 35 },
      },
      {
        field: 'settings.storeName',
        description: expect.any(String),
        violatedRule: 'MIN_LENGTH',
        data: { threshold: 1 },
      },
    ]);
    const missing = await s.admin('PATCH', '/platform/v1/store-settings', {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain(
      '"field":"settings","description":"is required","violatedRule":"REQUIRED_FIELD"',
    );
  });

  it('accepts a path parameter repeated in the query string, and rejects a different one', async () => {
    const id = '01a1ff10-0238-76b2-aa80-8f7c10e84eac';
    const same = await s.request('GET', `/platform/v1/jobs/${id}?id=${id}`, {
      auth: 'vk_test_admin_key_0123456789abcdef',
    });
    expect(same.status).toBe(404);
    expect(appError(same.body).code).toBe('JOB_NOT_FOUND');
    const other = await s.request('GET', `/platform/v1/jobs/${id}?id=somethingelse`, {
      auth: 'vk_test_admin_key_0123456789abcdef',
    });
    expect(other.status).toBe(400);
  });

  it('rejects a malformed path id with a FORMAT violation, not a database error', async () => {
    const r = await s.admin('GET', "/platform/v1/jobs/1'%20or%201=1");
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('"field":"id"');
  });

  it('describes every route in /openapi.json', async () => {
    const r = await s.request<{ paths: Record<string, Record<string, unknown>> }>('GET', '/openapi.json');
    expect(r.status).toBe(200);
    for (const route of s.app.router.routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(r.body.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
    expect(r.body.paths['/platform/v1/store-settings']?.patch).toMatchObject({
      requestBody: { required: true },
    });
  });

  it("documents each route's answer from its response schema in the contract", async () => {
    const r = await s.request<{ paths: Record<string, Record<string, unknown>> }>('GET', '/openapi.json');
    const answer = (path: string, method: string) =>
      (
        r.body.paths[path]?.[method] as {
          responses: { 200: { content: { 'application/json': { schema: Record<string, unknown> } } } };
        }
      ).responses[200].content['application/json'].schema;
    expect(answer('/ecom/v1/carts/current', 'get')).toMatchObject({
      required: ['cart'],
      properties: { cart: { properties: { lineItems: { type: 'array' } } } },
    });
    expect(answer('/ecom/v1/checkouts/{id}', 'get')).toMatchObject({
      properties: { checkout: { properties: { violations: { type: 'array' } } } },
    });
    expect(answer('/stores/v3/products/search', 'post')).toMatchObject({
      properties: { products: { type: 'array' }, pagingMetadata: { type: 'object' } },
    });
  });
});

describe('roles', () => {
  it('answers 403 to a signed-in caller whose role the route does not allow, and lets it call open routes', async () => {
    // Token issuance is the identity module's; here a verifier maps one token to a member, as it will.
    const t = await startTestServer({
      verifyToken: async (token) =>
        token === 'member-token'
          ? { role: 'member', memberId: '01a1ff10-0000-7000-8000-000000000001' }
          : null,
    });
    const denied = await t.request('POST', '/platform/v1/jobs/query', { body: {}, auth: 'member-token' });
    expect(denied.status).toBe(403);
    expect(appError(denied.body).code).toBe('PERMISSION_DENIED');
    const open = await t.request('GET', '/platform/v1/store-settings', { auth: 'member-token' });
    expect(open.status).toBe(200);
    const unknown = await t.request('GET', '/platform/v1/store-settings', { auth: 'another-token' });
    expect(unknown.status).toBe(401);
    await t.stop();
  });
});

describe('failures the caller did not cause', () => {
  it('answers 500 in the envelope with the request id and nothing internal when the database fails, and 503 from /health', async () => {
    const t = await startTestServer();
    await t.db.handle.close();
    const r = await t.admin('POST', '/platform/v1/jobs/query', {});
    expect(r.status).toBe(500);
    expect(appError(r.body).code).toBe('INTERNAL_ERROR');
    expect(appError(r.body).data).toEqual({ requestId: r.headers.get('x-wix-request-id') });
    expect(JSON.stringify(r.body)).not.toMatch(/select|stack|kysely|pglite|at /i);
    const h = await t.request('GET', '/health');
    expect(h.status).toBe(503);
    expect(appError(h.body).code).toBe('DATABASE_UNAVAILABLE');
    await t.app.http.close();
  });
});
