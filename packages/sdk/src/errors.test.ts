import { describe, expect, it } from 'vitest';
import { createHttpClient } from './http.ts';
import { VitrineError, errorCode, isVitrineError } from './errors.ts';
import { serverPerTest, startServer } from './test-server.ts';
import type { Answer } from './test-server.ts';
import type { HttpClientOptions } from './http.ts';

const serve = serverPerTest();

/** One GET against a server giving `answer`; resolves with what the client threw. */
async function failure(answer: Answer, options: Partial<HttpClientOptions> = {}): Promise<VitrineError> {
  const server = await serve(() => answer);
  const client = createHttpClient({ baseUrl: server.baseUrl, ...options });
  const outcome = await client.request({ method: 'GET', path: '/x' }).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a failure, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(VitrineError);
  return outcome.error as VitrineError;
}

const rid = { 'X-Wix-Request-Id': 'req-42' };

describe('error envelope parsing', () => {
  it('application error: status, requestId from the header, details, clean message', async () => {
    const body = {
      message: 'Cart not found',
      details: {
        applicationError: {
          code: 'OWNED_CART_NOT_FOUND',
          description: 'Cart not found',
          data: { cartId: 'x' },
        },
      },
    };
    const err = await failure({ status: 404, headers: rid, body });
    const details = {
      applicationError: {
        description: 'Cart not found',
        code: 'OWNED_CART_NOT_FOUND',
        data: { cartId: 'x' },
      },
      requestId: 'req-42',
    };
    expect(err.status).toBe(404);
    expect(err.requestId).toBe('req-42');
    expect(err.details).toStrictEqual(details);
    expect(JSON.parse(err.message)).toStrictEqual({ message: 'Cart not found', details });
    expect(isVitrineError(err)).toBe(true);
    expect(errorCode(err)).toBe('OWNED_CART_NOT_FOUND');
  });

  it('application error: missing code/description → "UNKNOWN", missing data → {}, message "<m>: <d>"', async () => {
    const err = await failure({
      status: 409,
      headers: rid,
      body: { message: 'conflict', details: { applicationError: {} } },
    });
    expect(err.details.applicationError).toStrictEqual({ description: 'UNKNOWN', code: 'UNKNOWN', data: {} });
    expect(JSON.parse(err.message).message).toBe('conflict: UNKNOWN');
  });

  it('application error without body message uses the status text', async () => {
    const err = await failure({
      status: 403,
      body: { details: { applicationError: { code: 'NOPE', description: 'no access', data: { a: 1 } } } },
    });
    expect(err.requestId).toBeUndefined();
    expect(JSON.parse(err.message).message).toBe('Forbidden: no access');
    expect(errorCode(err)).toBe('NOPE');
  });

  it('validation error: violations sorted by field, INVALID_ARGUMENT message, no applicationError', async () => {
    const violations = [
      {
        field: 'lineItems',
        description: 'must not be empty',
        violatedRule: 'REQUIRED_FIELD',
        data: { threshold: 1 },
      },
      { field: 'email', description: 'bad format', violatedRule: 'FORMAT', data: {} },
      { field: 'name', description: 'too long', violatedRule: 'MAX_LENGTH' },
    ];
    const err = await failure({
      status: 400,
      headers: { 'x-wix-request-id': 'req-v' },
      body: { message: 'invalid request', details: { validationError: { fieldViolations: violations } } },
    });
    const details = {
      validationError: { fieldViolations: [violations[1], violations[0], violations[2]] },
      requestId: 'req-v',
    };
    expect(err.status).toBe(400);
    expect(err.details).toStrictEqual(details);
    expect(JSON.parse(err.message)).toStrictEqual({
      message: 'INVALID_ARGUMENT: "email" bad format, "lineItems" must not be empty, "name" too long',
      details,
    });
    expect(errorCode(err)).toBeUndefined();
  });

  it('no details: synthesized applicationError with the numeric status and the whole body', async () => {
    const body = { message: 'boom', extra: [1] };
    const err = await failure({ status: 500, headers: rid, body });
    const details = {
      applicationError: { description: 'boom', code: 500, data: { requestId: 'req-42', details: body } },
      requestId: 'req-42',
    };
    expect(err.details).toStrictEqual(details);
    expect(JSON.parse(err.message)).toStrictEqual({ message: 'boom', details });
    expect(errorCode(err)).toBe(500);
  });

  it('no details and a non-JSON body: status text as description, details null', async () => {
    const err = await failure({ status: 502, headers: rid, body: '<html>bad gateway</html>' });
    expect(err.details.applicationError).toStrictEqual({
      description: 'Bad Gateway',
      code: 502,
      data: { requestId: 'req-42', details: null },
    });
  });
});

describe('only 200 is success', () => {
  it('201 with a JSON entity is a failure', async () => {
    const err = await failure({ status: 201, body: { cart: { id: 'c1' } } });
    expect(err.status).toBe(201);
    expect(err.details.applicationError).toStrictEqual({
      description: 'Created',
      code: 201,
      data: { requestId: undefined, details: { cart: { id: 'c1' } } },
    });
  });

  it('204 is a failure', async () => {
    const err = await failure({ status: 204 });
    expect([err.status, errorCode(err)]).toEqual([204, 204]);
  });

  it('an empty 200 body is a system error carrying the request id', async () => {
    const err = await failure({ status: 200, headers: rid });
    expect(err.message).toBe('System error occurred, request-id: req-42');
    expect(err.status).toBeUndefined();
    expect(err.requestId).toBe('req-42');
    expect(errorCode(err)).toBe('UNKNOWN');
    expect(err.runtimeError).toBeInstanceOf(SyntaxError);
  });

  it('an unparsable 200 body is a system error with the JSON error under runtimeError', async () => {
    const err = await failure({ status: 200, body: '{"cart":' });
    expect(err.message).toMatch(/^System error occurred: /);
    expect(errorCode(err)).toBe('UNKNOWN');
    expect(err.runtimeError).toBeInstanceOf(SyntaxError);
    expect(err.cause).toBe(err.runtimeError);
  });

  it('a network failure is a system error with the fetch error under runtimeError', async () => {
    const dead = await startServer();
    const baseUrl = dead.baseUrl;
    await dead.close();
    const client = createHttpClient({ baseUrl });
    const err: unknown = await client.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(isVitrineError(err)).toBe(true);
    const e = err as VitrineError;
    expect(e.message).toMatch(/^System error occurred: /);
    expect(errorCode(e)).toBe('UNKNOWN');
    expect(e.runtimeError).toBeInstanceOf(TypeError);
  });
});

describe('onError hook', () => {
  it('runs (awaited) before the error is rethrown, with that same error', async () => {
    const events: string[] = [];
    let hooked: unknown;
    const server = await serve((_r, i) =>
      i === 0 ? { body: { ok: 1 } } : { status: 404, body: { message: 'gone' } },
    );
    const client = createHttpClient({
      baseUrl: server.baseUrl,
      onError: async (err) => {
        events.push('hook-start');
        hooked = err;
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push('hook-end');
      },
    });
    await client.request({ method: 'GET', path: '/ok' });
    expect(events).toEqual([]);
    const thrown = await client.request({ method: 'GET', path: '/x' }).catch((e: unknown) => {
      events.push('caught');
      return e;
    });
    expect(events).toEqual(['hook-start', 'hook-end', 'caught']);
    expect(thrown).toBe(hooked);
    expect((thrown as VitrineError).status).toBe(404);
  });

  it('a throwing hook does not replace the call error; system errors reach the hook too', async () => {
    const seen: unknown[] = [];
    const err = await failure(
      { status: 200, body: 'not json' },
      {
        onError: (e) => {
          seen.push(e);
          throw new Error('hook failed');
        },
      },
    );
    expect(seen).toEqual([err]);
    expect(errorCode(err)).toBe('UNKNOWN');
  });
});

describe('helpers', () => {
  it('isVitrineError / errorCode reject other values', () => {
    expect(isVitrineError(new Error('x'))).toBe(false);
    expect(isVitrineError({ details: { applicationError: { code: 'A' } } })).toBe(false);
    expect(errorCode(new Error('x'))).toBeUndefined();
    expect(errorCode(undefined)).toBeUndefined();
  });
});
