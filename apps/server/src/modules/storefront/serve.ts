/**
 * Serves the storefront (apps/storefront) at `/`: its hashed assets under `/assets/`, and every
 * other non-API GET that takes HTML (`wantsPage`: browsers, and curl's "any type") rendered on the
 * server (React `renderToString` of the matched page, with the catalog and product data fetched
 * from this server in-process), for the browser to hydrate. API paths, and requests that name
 * JSON and not HTML, keep getting the JSON error envelope of an unknown route.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { applicationEnvelope } from '../../platform/errors.ts';
import { appDist, sendLaterAsset } from '../../platform/http/static.ts';
import { chunkFiles, type Manifest } from '../../platform/http/manifest.ts';
import { inlineStylesheets, isApiPath, pageHtml, wantsPage } from './html.ts';

/** The server entry's contract (apps/storefront/src/entry-server.tsx). */
interface RenderResult {
  kind: 'redirect' | 'page';
  status: number;
  location?: string;
  head?: string;
  html?: string;
  state?: string;
  chunks?: string[];
}
interface ServerEntry {
  render(o: { url: string; origin: string; clientId: string; fetch: typeof fetch }): Promise<RenderResult>;
}

export interface StorefrontOptions {
  config: Config;
  /** The bundled storefront's OAuth client id (known once the instance is bootstrapped). */
  clientId: () => string | undefined;
  /** The storefront's build output (default apps/storefront/dist). */
  dir?: string;
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  // Page state and JSON-LD are JSON data blocks, not scripts: no inline script is needed. A review's
  // video plays its HLS stream through a MediaSource (hls.js), whose URL is a blob: `media-src blob:`.
  'content-security-policy':
    "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; frame-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
};

/** The page compressed as the browser accepts (brotli at a fast level, else gzip): a third of the bytes on the wire. */
function compress(
  html: string,
  accept: string | undefined,
): { body: string | Buffer; encoding?: 'br' | 'gzip' } {
  if (/\bbr\b/.test(accept ?? ''))
    return {
      body: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: 'br',
    };
  if (/\bgzip\b/.test(accept ?? '')) return { body: gzipSync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html };
}

/** A fetch that answers from this server without a network round trip (`inject`). */
export function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    }
    return new Response(res.statusCode === 204 ? null : res.rawPayload, {
      status: res.statusCode,
      headers: out,
    });
  };
}

/** How often a page render looks whether the storefront was built again (a stat of two files). */
const REBUILD_CHECK_MS = 1000;

interface BuiltApp {
  entry: ServerEntry;
  template: string;
  manifest: Manifest;
}

/**
 * The server entry of a build seen after the first: a copy of the server build in a folder of its
 * own beside it (`.ssr-<version>`, the previous copies removed), imported from there. Node keeps a
 * module once imported under a URL, and the entry's chunks import the entry back by a relative
 * path, so a query on the entry's URL alone would give them the old entry (and its React contexts).
 */
function entryCopy(entryFile: string, version: number): string {
  const serverDir = dirname(entryFile);
  const root = dirname(serverDir);
  const name = `.ssr-${Math.round(version)}`;
  for (const old of readdirSync(root))
    if (old.startsWith('.ssr-') && old !== name) rmSync(join(root, old), { recursive: true, force: true });
  cpSync(serverDir, join(root, name), { recursive: true });
  return join(root, name, 'entry-server.js');
}

function readBuilt(clientDir: string, entryFile: string, version: number, first: boolean) {
  return (async (): Promise<BuiltApp> => ({
    entry: (await import(
      pathToFileURL(first ? entryFile : entryCopy(entryFile, version)).href
    )) as ServerEntry,
    template: inlineStylesheets(readFileSync(join(clientDir, 'index.html'), 'utf8'), (href) => {
      const file = join(clientDir, href);
      return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    }),
    manifest: JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest,
  }))();
}

/**
 * The built storefront, loaded once and again after a build while the server runs (its template,
 * which names the new hashed assets, and its server entry): `npm run build` beside a running store
 * must not leave it serving pages whose assets are gone. A build caught half-written keeps the
 * previous one until the next change.
 */
function builtApp(clientDir: string, entryFile: string): () => Promise<BuiltApp> {
  let loaded: { version: number; app: Promise<BuiltApp> } | undefined;
  let checkedAt = 0;
  const versionNow = () => {
    try {
      return statSync(join(clientDir, 'index.html')).mtimeMs + statSync(entryFile).mtimeMs;
    } catch {
      return undefined;
    }
  };
  return () => {
    const now = Date.now();
    if (loaded && now - checkedAt < REBUILD_CHECK_MS) return loaded.app;
    checkedAt = now;
    const version = versionNow();
    if (loaded && (version === undefined || version === loaded.version)) return loaded.app;
    const previous = loaded?.app;
    const app = readBuilt(clientDir, entryFile, version ?? 0, !previous);
    loaded = { version: version ?? 0, app: previous ? app.catch(() => previous) : app };
    return loaded.app;
  };
}

export function serveStorefront(app: FastifyInstance, o: StorefrontOptions): void {
  const dir = o.dir ?? appDist('storefront');
  const clientDir = join(dir, 'client');
  const entryFile = join(dir, 'server', 'entry-server.js');
  const built = existsSync(join(clientDir, 'index.html')) && existsSync(entryFile);
  const origin = o.config.PUBLIC_URL.replace(/\/+$/, '');
  const load = builtApp(clientDir, entryFile);
  const fetchApi = inProcessFetch(app);

  void app.register(async (scope) => {
    if (built) {
      await scope.register(fastifyStatic, {
        root: join(clientDir, 'assets'),
        prefix: '/assets/',
        wildcard: false,
        index: false,
        decorateReply: true,
        cacheControl: false,
        preCompressed: true,
        setHeaders: (res) => {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }

    const page = async (req: FastifyRequest, reply: FastifyReply) => {
      const path = req.url.split('?')[0] ?? '/';
      if (isApiPath(path) || !wantsPage(req.headers.accept)) return reply.callNotFound();
      if (!built) {
        return reply.status(503).send(
          applicationEnvelope('APP_NOT_BUILT', 'The storefront is not built: run "npm run build"', {
            requestId: String(req.id),
          }),
        );
      }
      const { entry, template, manifest } = await load();
      let result: RenderResult;
      try {
        // U+0000 cannot name anything (the API refuses it): read as U+FFFD, an unknown page is a 404.
        result = await entry.render({
          url: req.url.replace(/%00/gi, '%EF%BF%BD'),
          origin,
          clientId: o.clientId() ?? '',
          fetch: fetchApi,
        });
      } catch (err) {
        req.log.error({ err }, 'storefront render failed');
        return reply
          .status(500)
          .headers(SECURITY_HEADERS)
          .type('text/html; charset=utf-8')
          .send(
            '<!doctype html><html lang="en"><title>Something went wrong</title><main><h1>Something went wrong</h1><p>Please try again in a moment.</p><p><a href="/">Back to the shop</a></p></main></html>',
          );
      }
      if (result.kind === 'redirect') return reply.redirect(result.location ?? '/', result.status);
      const html = pageHtml(template, {
        head: result.head ?? '',
        html: result.html ?? '',
        state: result.state ?? '',
        preload: chunkFiles(manifest, result.chunks ?? [], template),
      });
      const encoded = compress(html, req.headers['accept-encoding']);
      if (encoded.encoding) reply.header('content-encoding', encoded.encoding);
      return reply
        .status(result.status)
        .headers(SECURITY_HEADERS)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(encoded.body);
    };
    // Assets written since this process started (a build while it runs): the routes above were
    // registered at start, one per file then on disk.
    scope.get('/assets/*', async (req, reply) => {
      const sent = built ? sendLaterAsset(reply, req.url, '/assets/', join(clientDir, 'assets')) : undefined;
      return sent ?? reply.callNotFound();
    });
    scope.get('/', page);
    scope.get('/*', page);
  });
}
