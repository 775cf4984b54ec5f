import Fastify from 'fastify';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Caller, Ctx } from '../context.ts';
import { installErrorHandling } from './error-handler.ts';
import { rawJson, rawJsonBytes } from './raw-json.ts';
import { CHECK_RESPONSES, createRouter } from './route.ts';

const answer = z.object({ n: z.number() });
/** A router on a bare Fastify with one anonymous route answering `reply`. */
async function serve(reply: unknown, check: boolean) {
  const app = Fastify();
  installErrorHandling(app);
  const ctx = { caller: { role: 'anonymous' } } as unknown as Ctx;
  createRouter(app, async () => ctx, check).route({
    method: 'GET',
    url: '/n',
    roles: 'any',
    summary: 'A number',
    response: answer,
    handler: async () => reply,
  });
  await app.ready();
  return app;
}

afterEach(() => vi.restoreAllMocks());

describe('response schemas under test', () => {
  it('are checked whenever vitest runs the server', () => {
    expect(CHECK_RESPONSES).toBe(true);
  });

  it('let a matching answer through unchanged, raw JSON included', async () => {
    for (const reply of [
      { n: 1, extra: 'kept' },
      rawJson('{"n":2}'),
      rawJsonBytes('{"n":3,"name":"Café"}'),
    ]) {
      const app = await serve(reply, true);
      const r = await app.inject({ method: 'GET', url: '/n' });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.json()).toMatchObject({ n: expect.any(Number) });
      await app.close();
    }
  });

  it('fail loudly on a mismatch: a 500 and the route, path and issue in the log', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const reply of [{ n: 'one' }, rawJson('{"m":1}'), rawJsonBytes('{"m":2}')]) {
      const app = await serve(reply, true);
      const r = await app.inject({ method: 'GET', url: '/n' });
      expect(r.statusCode).toBe(500);
      await app.close();
    }
    expect(log.mock.calls[0]![0]).toMatch(/^GET \/n: the answer does not match its response schema: n: /);
    expect(log).toHaveBeenCalledTimes(3);
  });

  it('are not checked in production: the answer goes out as the handler made it', async () => {
    const app = await serve({ n: 'one' }, false);
    const r = await app.inject({ method: 'GET', url: '/n' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ n: 'one' });
    await app.close();
  });
});

describe('who may call', () => {
  /** A router whose every request is `caller`, with an admin route for owners only and an open one. */
  async function as(caller: Caller) {
    const app = Fastify();
    installErrorHandling(app);
    const r = createRouter(app, async () => ({ caller }) as unknown as Ctx, false);
    r.route({
      method: 'POST',
      url: '/owners',
      roles: ['admin'],
      owner: true,
      summary: 'Owners only',
      response: answer,
      handler: async () => ({ n: 1 }),
    });
    r.route({
      method: 'POST',
      url: '/open',
      roles: 'any',
      summary: 'Anyone',
      response: answer,
      handler: async () => ({ n: 2 }),
    });
    await app.ready();
    const call = async (url: string) => {
      const res = await app.inject({ method: 'POST', url });
      return [res.statusCode, res.statusCode === 200 ? '' : res.json().details.applicationError.code];
    };
    const out = { owners: await call('/owners'), open: await call('/open'), owner: r.routes[0]!.owner };
    await app.close();
    return out;
  }

  it('refuses contributors on owner routes; staff owners and API keys pass', async () => {
    expect(await as({ role: 'admin', userId: 'u', staffRole: 'CONTRIBUTOR' })).toEqual({
      owners: [403, 'OWNER_ONLY'],
      open: [200, ''],
      owner: true,
    });
    expect((await as({ role: 'admin', userId: 'u', staffRole: 'OWNER' })).owners).toEqual([200, '']);
    expect((await as({ role: 'admin', appId: 'k' })).owners).toEqual([200, '']);
  });

  it('answers 403 CSRF_TOKEN_INVALID to a session cookie without its token, where a caller is needed', async () => {
    expect(await as({ role: 'anonymous', csrfRefused: true })).toMatchObject({
      owners: [403, 'CSRF_TOKEN_INVALID'],
      open: [200, ''],
    });
    expect((await as({ role: 'anonymous' })).owners).toEqual([401, 'UNAUTHENTICATED']);
  });
});
