import { AsyncLocalStorage } from 'node:async_hooks';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Server } from '@tus/server';
import type { GenerateUploadUrlRequest } from '@vitrine/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Router } from '../../platform/http/route.ts';
import { findUpload } from './store.ts';
import { claimGrant, generateUploadUrl, hashToken, receiveUpload } from './upload.ts';

export const TUS_PATH = '/site-media/v1/tus';

export async function resumableGrant(ctx: Ctx, b: GenerateUploadUrlRequest) {
  const { token } = await generateUploadUrl(ctx, b, { resumable: true });
  return {
    uploadProtocol: 'TUS' as const,
    uploadUrl: `${ctx.config.PUBLIC_URL}${TUS_PATH}`,
    uploadToken: token,
  };
}

const refuse = (status: number, message: string) => ({ status_code: status, body: `${message}\n` });
const tokenOf = (metadata: Record<string, string | null> | undefined) =>
  metadata?.uploadToken ?? metadata?.token ?? '';

/**
 * The TUS endpoint (`@tus/server`, parts on local disk under DATA_DIR/media/tus). Creating an upload
 * needs a resumable grant's token in the `uploadToken` metadata and a length within the grant; an
 * interrupted upload resumes with HEAD + PATCH from its offset. When the last byte lands, the grant is
 * used up and the bytes go through the same checks and storage as a single PUT.
 */
export function tusRoutes(http: FastifyInstance, router: Router, dataDir: string) {
  const als = new AsyncLocalStorage<Ctx>();
  const ctxNow = () => {
    const c = als.getStore();
    if (!c) throw new Error('no request context');
    return c;
  };
  const directory = resolve(dataDir, 'media', 'tus');
  // The TUS server and its store are loaded with the first resumable upload: a server that only
  // sells never carries them (0.5 MiB less heap on the started server).
  let tus: Promise<Server> | undefined;
  const server = () =>
    (tus ??= Promise.all([import('@tus/server'), import('@tus/file-store')]).then(
      ([{ Server }, { FileStore }]) => build(Server, new FileStore({ directory })),
    ));
  const build = (TusServer: typeof Server, datastore: ConstructorParameters<typeof Server>[0]['datastore']) =>
    new TusServer({
      path: TUS_PATH,
      datastore,
      respectForwardedHeaders: false,
      maxSize: () => ctxNow().config.MEDIA_MAX_UPLOAD_BYTES,
      async onUploadCreate(_req, upload) {
        const ctx = ctxNow();
        const grant = await findUpload(ctx.db, hashToken(tokenOf(upload.metadata)));
        const now = ctx.clock.now();
        if (!grant || !grant.resumable) throw refuse(403, 'The upload token is not valid');
        if (grant.used_at) throw refuse(403, 'The upload token was used already');
        if (grant.expires_at <= now) throw refuse(403, 'The upload token has expired');
        const declared = grant.size_bytes === null ? null : Number(grant.size_bytes);
        if (upload.size === undefined) throw refuse(400, 'Upload-Length is required');
        if (upload.size > ctx.config.MEDIA_MAX_UPLOAD_BYTES) throw refuse(413, 'The file is too large');
        if (declared !== null && upload.size !== declared)
          throw refuse(400, `Upload-Length must be the ${declared} bytes declared`);
        return {};
      },
      async onUploadFinish(_req, upload) {
        const ctx = ctxNow();
        const file = join(directory, upload.id);
        try {
          const grant = await claimGrant(ctx, tokenOf(upload.metadata), { started: true });
          const descriptor = await receiveUpload(ctx, grant, createReadStream(file), {
            fileName: upload.metadata?.filename ?? undefined,
            contentType: upload.metadata?.filetype ?? undefined,
          });
          return {
            status_code: 200,
            headers: { 'content-type': 'application/json; charset=utf-8' },
            body: JSON.stringify({ file: descriptor }),
          };
        } catch (e) {
          if (e instanceof AppError) throw refuse(e.status, e.description);
          throw e;
        } finally {
          await rm(file, { force: true });
          await rm(`${file}.json`, { force: true });
        }
      },
    });
  void http.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const ctx = await router.context(req);
      const uploads = await server();
      reply.hijack();
      await als.run(ctx, () => uploads.handle(req.raw, reply.raw));
    };
    for (const url of [TUS_PATH, `${TUS_PATH}/*`])
      scope.route({ method: ['POST', 'HEAD', 'PATCH', 'OPTIONS', 'DELETE'], url, handler });
  });
}
