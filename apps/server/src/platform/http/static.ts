import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serverSrc } from '../paths.ts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applicationEnvelope } from '../errors.ts';

/**
 * Serves a built React app (Vite `dist/`) under `prefix`: its files with long-lived caching for
 * hashed assets, and `index.html` for every other GET below the prefix (client-side routes).
 * `alsoAt` are further paths (and everything below them) answered with the same `index.html`, for
 * pages whose public URL lies outside the prefix (the hosted checkout at `/checkout`).
 * When the app is not built, its URLs answer 503 in the envelope saying how to build it.
 */
export function serveApp(
  app: FastifyInstance,
  o: { prefix: string; dir: string; name: string; alsoAt?: readonly string[] },
) {
  const index = join(o.dir, 'index.html');
  const built = existsSync(index);
  void app.register(async (scope) => {
    if (built) {
      await scope.register(fastifyStatic, {
        root: o.dir,
        prefix: o.prefix,
        wildcard: false,
        index: false,
        decorateReply: true,
        cacheControl: false,
        setHeaders: (res, path) => {
          res.setHeader(
            'cache-control',
            path.includes(`${join(o.dir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    const page = async (req: FastifyRequest, reply: FastifyReply) => {
      if (req.url.startsWith(`${o.prefix}assets/`)) {
        // A file the app gained since this process started (a build while it runs): its new
        // index.html names it. `send` keeps the path inside the folder.
        const file = decodeURIComponent(req.url.split('?')[0]!.slice(o.prefix.length));
        if (built && !file.includes('..') && existsSync(join(o.dir, file)))
          return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(file, o.dir);
        return reply.status(404).send(
          applicationEnvelope('ROUTE_NOT_FOUND', `No file ${req.url.split('?')[0]}`, {
            requestId: String(req.id),
          }),
        );
      }
      if (!built) {
        return reply.status(503).send(
          applicationEnvelope('APP_NOT_BUILT', `The ${o.name} are not built: run "npm run build"`, {
            requestId: String(reply.request.id),
          }),
        );
      }
      return reply
        .header('cache-control', 'no-cache')
        .header('x-frame-options', 'DENY')
        .header(
          'content-security-policy',
          "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; worker-src 'self' blob:; frame-ancestors 'none'",
        )
        .sendFile('index.html', o.dir);
    };
    scope.get(o.prefix.replace(/\/$/, ''), page);
    // Files were registered one by one above (wildcard: false); everything else is a client route.
    scope.get(`${o.prefix}*`, page);
    for (const path of o.alsoAt ?? []) {
      scope.get(path, page);
      scope.get(`${path}/*`, page);
    }
  });
}

/** Where a workspace app's build output lives, from apps/server/src/platform/http. */
export const appDist = (app: string) => join(serverSrc, '..', '..', app, 'dist');
