import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/connect.ts';
import { applicationEnvelope } from '../../platform/errors.ts';
import * as store from './store.ts';

const ALLOW_HEADERS = 'authorization, content-type, x-wix-bi-gateway, x-wix-consistent, client-binding';
const EXPOSE_HEADERS = 'X-Wix-Request-Id, X-Wix-Consistent, X-Vitrine-Session';
/** Another process's client changes reach this one within this time; this process's own, at once. */
const TTL_MS = 10_000;

/** The origins any OAuth client allows, plus PUBLIC_URL's: cached, re-read on change and every TTL_MS. */
export function createOriginCache(db: Db, publicUrl: string) {
  const own = new URL(publicUrl).origin;
  let origins: Set<string> | undefined;
  let loadedAt = 0;
  let pending: Promise<Set<string>> | undefined;
  const load = () =>
    (pending ??= store
      .allAllowedOrigins(db)
      .then((list) => {
        origins = new Set(list);
        loadedAt = Date.now();
        return origins;
      })
      .finally(() => {
        pending = undefined;
      }));
  return {
    async allows(origin: string): Promise<boolean> {
      if (origin === own) return true;
      const set = origins && Date.now() - loadedAt < TTL_MS ? origins : await load();
      return set.has(origin);
    },
    invalidate() {
      origins = undefined;
    },
  };
}
export type OriginCache = ReturnType<typeof createOriginCache>;

/**
 * CORS for browser front ends on the clients' allowed origins: preflights are answered here (204),
 * other requests get `Access-Control-Allow-Origin` echoing the origin. No credentials: the API
 * authenticates with the `Authorization` header, never with cookies.
 */
export function installCors(http: FastifyInstance, origins: OriginCache) {
  // A callback hook: requests without an Origin (servers, the SDK on Node) pass without a promise.
  http.addHook('onRequest', (req, reply, done) => {
    const origin = req.headers.origin;
    if (typeof origin !== 'string' || origin === '') return done();
    answer(req, reply, origin).then(() => done(), done);
  });

  async function answer(req: FastifyRequest, reply: FastifyReply, origin: string) {
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    reply.header('vary', 'Origin');
    if (!(await origins.allows(origin))) {
      if (!preflight) return;
      return reply.status(403).send(
        applicationEnvelope('CORS_ORIGIN_NOT_ALLOWED', `The origin ${origin} is not allowed`, {
          origin,
          requestId: String(req.id),
        }),
      );
    }
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', EXPOSE_HEADERS);
    if (!preflight) return;
    reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
    reply.header('access-control-allow-headers', ALLOW_HEADERS);
    reply.header('access-control-max-age', '600');
    return reply.status(204).send();
  }
}
