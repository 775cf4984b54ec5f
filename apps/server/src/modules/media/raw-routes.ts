import type { FastifyInstance } from 'fastify';
import type { Router } from '../../platform/http/route.ts';
import { violation } from '../../platform/errors.ts';
import { ARCHIVE_PATH } from './links.ts';
import { serveArchive } from './archive.ts';
import { serveMediaPath } from './serve.ts';
import { claimGrant, receiveUpload, UPLOAD_PATH } from './upload.ts';

/** The routes that carry raw bytes, registered on Fastify directly (the JSON router would parse bodies). */
export const RAW_ROUTES = [
  { method: 'PUT', url: UPLOAD_PATH, auth: 'the upload URL token' },
  { method: 'GET', url: ARCHIVE_PATH, auth: 'a signed link' },
  { method: 'GET', url: '/media/*', auth: 'anyone (private files: a signed link)' },
] as const;

export function mediaRawRoutes(http: FastifyInstance, router: Router) {
  void http.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The body stays a stream: the handler reads it (never buffered whole).
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    // A refused upload leaves the rest of its body unread: close the connection rather than reuse it.
    scope.addHook('onSend', async (req, reply, payload) => {
      if (req.method === 'PUT' && reply.statusCode >= 400) reply.header('connection', 'close');
      return payload;
    });
    scope.put(UPLOAD_PATH, async (req, reply) => {
      const ctx = await router.context(req);
      const q = (req.query ?? {}) as Record<string, unknown>;
      if (typeof q.token !== 'string' || !q.token) throw violation('token', 'is required', 'REQUIRED_FIELD');
      const fileName =
        typeof q.filename === 'string' && q.filename.trim() ? q.filename.trim().slice(0, 200) : undefined;
      const length = req.headers['content-length'];
      const grant = await claimGrant(ctx, q.token);
      const file = await receiveUpload(ctx, grant, req.raw, {
        fileName,
        contentType: req.headers['content-type'],
        contentLength: length === undefined ? undefined : Number(length),
      });
      return reply.send({ file });
    });
    scope.get(ARCHIVE_PATH, async (req, reply) => serveArchive(await router.context(req), req, reply));
    scope.get('/media/*', async (req, reply) => {
      const ctx = await router.context(req);
      const path = (req.params as { '*': string })['*'];
      return serveMediaPath(ctx, req, reply, path);
    });
  });
}
