import type { FastifyReply, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import type { Ctx } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { checkLink, linkRefused } from './links.ts';
import { storageOf } from './runtime.ts';
import { findFiles } from './store.ts';

/** Streams the files a signed archive link names as one zip (stored, not recompressed; never held whole). */
export async function serveArchive(ctx: Ctx, req: FastifyRequest, reply: FastifyReply) {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const ids = typeof query.ids === 'string' ? query.ids.split(',').filter(Boolean) : [];
  const check = await checkLink(ctx, `zip:${ids.join(',')}`, query);
  if (!check.ok) {
    if (check.redirect) return reply.redirect(check.redirect, 302);
    throw linkRefused(check.code);
  }
  const rows = await findFiles(ctx.db, ids);
  const live = ids.map((id) => rows.find((r) => r.id === id && r.state === 'OK'));
  if (live.some((r) => !r)) throw notFound('File', {}, 'FILE_NOT_FOUND');
  const zip = new yazl.ZipFile();
  const used = new Map<string, number>();
  for (const r of live) {
    const row = r!;
    // Two files of one name get "name (2).ext" and so on.
    let name = row.display_name.replace(/[/\\]/g, '_');
    const n = (used.get(name) ?? 0) + 1;
    used.set(name, n);
    if (n > 1) name = name.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
    zip.addReadStreamLazy(name, { compress: false, mtime: row.created_at }, (cb) => {
      storageOf(ctx)
        .get(row.storage_key)
        .then((s) => (s ? cb(null, s) : cb(new Error('missing bytes'), undefined as never)))
        .catch((e: Error) => cb(e, undefined as never));
    });
  }
  zip.end();
  reply.header('cache-control', 'private, no-store');
  reply.header('content-disposition', 'attachment; filename="files.zip"');
  reply.type('application/zip');
  return reply.send(zip.outputStream);
}
