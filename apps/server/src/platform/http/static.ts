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
        if (built) {
          const sent = sendLaterAsset(reply, req.url, o.prefix, o.dir);
          if (sent) return sent;
        }
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
      // `media-src blob:`: a video's HLS stream plays through a MediaSource (hls.js), whose URL is a blob.
      return reply
        .header('cache-control', 'no-cache')
        .header('x-frame-options', 'DENY')
        .header(
          'content-security-policy',
          "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; worker-src 'self' blob:; frame-ancestors 'none'",
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

/**
 * A file of a built app that this process did not see at start (its file routes were registered
 * then): one a build while it runs wrote, which the new index.html names, or one a page opened
 * earlier still asks for (builds keep the previous build's assets: scripts/kept-assets.ts). Sent
 * with the hashed assets' caching when it exists below `dir`; `undefined` otherwise. `send` keeps
 * the path inside the folder.
 */
export function sendLaterAsset(reply: FastifyReply, url: string, prefix: string, dir: string) {
  let file: string;
  try {
    file = decodeURIComponent(url.split('?')[0]!.slice(prefix.length));
  } catch {
    return undefined;
  }
  if (file.includes('..') || file.includes('\0') || !existsSync(join(dir, file))) return undefined;
  return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(file, dir);
}

/** Where a workspace app's build output lives, from apps/server/src/platform/http. */
export const appDist = (app: string) => join(serverSrc, '..', '..', app, 'dist');
