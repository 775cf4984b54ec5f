import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverSrc } from '../paths.ts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applicationEnvelope } from '../errors.ts';
import { chunkFiles, type Manifest } from './manifest.ts';

/**
 * Serves a built React app (Vite `dist/`) under `prefix`: its files with long-lived caching for
 * hashed assets, and `index.html` for every other GET below the prefix (client-side routes).
 * `alsoAt` are further paths (and everything below them) answered with the same `index.html`, for
 * pages whose public URL lies outside the prefix (the hosted checkout at `/checkout`).
 * When the app is not built, its URLs answer 503 in the envelope saying how to build it.
 */
export function serveApp(
  app: FastifyInstance,
  o: {
    prefix: string;
    dir: string;
    name: string;
    alsoAt?: readonly string[];
    /**
     * Paths (and everything below them) whose page preloads the chunks of these source files
     * (keys of the build's manifest) and their imports, so they load with the entry instead of
     * after it: a lazily loaded page would otherwise wait for the entry, then for its own code.
     */
    preload?: Readonly<Record<string, readonly string[]>>;
  },
) {
  const index = join(o.dir, 'index.html');
  const built = existsSync(index);
  const preloaded = o.preload ? preloadedPages(o.dir, o.prefix, o.preload) : undefined;
  void app.register(async (scope) => {
    if (built) {
      await scope.register(fastifyStatic, {
        root: o.dir,
        prefix: o.prefix,
        wildcard: false,
        index: false,
        decorateReply: true,
        // Each script and stylesheet has its .br and .gz beside it (scripts/precompress.ts).
        preCompressed: true,
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
      const html = preloaded?.(req.url.split('?')[0]!);
      reply
        .header('cache-control', 'no-cache')
        .header('x-frame-options', 'DENY')
        .header(
          'content-security-policy',
          "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; worker-src 'self' blob:; frame-ancestors 'none'",
        );
      return html === undefined ? reply.sendFile('index.html', o.dir) : reply.type('text/html').send(html);
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

/**
 * The index.html of a page below one of `preload`'s paths, with `<link rel="modulepreload">`s for
 * its chunks (`undefined` for other pages). Read again when a build rewrote index.html or the
 * manifest (their times), as the app's files are; without a manifest, the page is served as it is.
 */
function preloadedPages(dir: string, prefix: string, preload: Readonly<Record<string, readonly string[]>>) {
  let kept: { version: string; pages: Map<string, string> } | undefined;
  const pagesOf = () => {
    const index = join(dir, 'index.html');
    const manifestFile = join(dir, '.vite', 'manifest.json');
    if (!existsSync(index) || !existsSync(manifestFile)) return undefined;
    // Both files' times: a build may write one before the other.
    const version = `${statSync(index).mtimeMs}:${statSync(manifestFile).mtimeMs}`;
    if (kept?.version !== version) {
      const template = readFileSync(index, 'utf8');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
      const pages = new Map<string, string>();
      for (const [path, sources] of Object.entries(preload)) {
        const links = chunkFiles(manifest, [...sources], template)
          .map((f) => `<link rel="modulepreload" crossorigin href="${prefix}${f}">`)
          .join('\n    ');
        pages.set(path, template.replace('</head>', `  ${links}\n  </head>`));
      }
      kept = { version, pages };
    }
    return kept.pages;
  };
  return (path: string): string | undefined => {
    const key = Object.keys(preload).find((p) => path === p || path.startsWith(`${p}/`));
    if (key === undefined) return undefined;
    try {
      return pagesOf()?.get(key);
    } catch {
      return undefined; // a build caught half-written: the page as it is
    }
  };
}

/** Where a workspace app's build output lives, from apps/server/src/platform/http. */
export const appDist = (app: string) => join(serverSrc, '..', '..', app, 'dist');
