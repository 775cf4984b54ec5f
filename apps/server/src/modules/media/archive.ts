import type { FastifyReply, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import type { Ctx } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { checkLink, downloadableFolder, linkRefused } from './links.ts';
import { storageOf } from './runtime.ts';
import { contentDisposition } from './serve.ts';
import { findFiles, folderArchiveRows } from './store.ts';

/** A file in a zip: its path there and where its bytes are. */
interface FileEntry {
  path: string;
  storageKey: string;
  mtime: Date;
}

/**
 * One name of a zip path: display names are free text, so slashes, backslashes, colons (a drive,
 * `C:`) and control characters become `_`, and `.`, `..` or nothing becomes `_` (no entry can climb
 * out of the folder it is unpacked in).
 */
const safeName = (name: string) => {
  // eslint-disable-next-line no-control-regex
  const s = name.replace(/[\u0000-\u001f\u007f/\\:]/g, '_').trim();
  return s === '' || s === '.' || s === '..' ? '_' : s;
};

/**
 * Names unique within one directory, ignoring case (as the file systems zips are unpacked on do):
 * the second "a.txt" (or "A.TXT") is "a (2).txt"; a folder's second name gets " (2)" at its end.
 */
function namer() {
  const used = new Set<string>();
  return (name: string, file: boolean) => {
    const base = safeName(name);
    let candidate = base;
    for (let n = 2; used.has(candidate.toLowerCase()); n++)
      candidate = file ? base.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`) : `${base} (${n})`;
    used.add(candidate.toLowerCase());
    return candidate;
  };
}

/** Streams the zip (stored, not recompressed; each file opened only when its turn comes). */
function sendZip(
  ctx: Ctx,
  reply: FastifyReply,
  name: string,
  dirs: readonly { path: string; mtime: Date }[],
  files: readonly FileEntry[],
) {
  const zip = new yazl.ZipFile();
  for (const d of dirs) zip.addEmptyDirectory(d.path, { mtime: d.mtime });
  for (const f of files)
    zip.addReadStreamLazy(f.path, { compress: false, mtime: f.mtime }, (cb) => {
      storageOf(ctx)
        .get(f.storageKey)
        .then((s) => (s ? cb(null, s) : cb(new Error('missing bytes'), undefined as never)))
        .catch((e: Error) => cb(e, undefined as never));
    });
  zip.end();
  reply.header('cache-control', 'private, no-store');
  reply.header('content-disposition', contentDisposition('attachment', name));
  reply.type('application/zip');
  return reply.send(zip.outputStream);
}

/** A folder's zip: its live files at the top, its live folders below it as directories (recursively). */
async function folderEntries(ctx: Ctx, folderId: string) {
  const { folders, files } = await folderArchiveRows(ctx.db, folderId);
  const order = (a: { display_name: string; id: string }, b: { display_name: string; id: string }) =>
    a.display_name < b.display_name ? -1 : a.display_name > b.display_name ? 1 : a.id < b.id ? -1 : 1;
  const children = new Map<string, typeof folders>();
  for (const f of [...folders].sort(order)) {
    const siblings = children.get(f.parent_folder_id);
    if (siblings) siblings.push(f);
    else children.set(f.parent_folder_id, [f]);
  }
  const paths = new Map<string, string>([[folderId, '']]);
  const namers = new Map<string, ReturnType<typeof namer>>();
  const nameIn = (parent: string) => namers.get(parent) ?? namers.set(parent, namer()).get(parent)!;
  const dirs: { path: string; mtime: Date }[] = [];
  // Breadth first from the folder: a folder's path is known before its children's.
  const queue = [folderId];
  for (let i = 0; i < queue.length; i++) {
    const parent = queue[i]!;
    for (const f of children.get(parent) ?? []) {
      const path = `${paths.get(parent)}${nameIn(parent)(f.display_name, false)}/`;
      paths.set(f.id, path);
      dirs.push({ path, mtime: f.created_at });
      queue.push(f.id);
    }
  }
  const entries: FileEntry[] = [];
  for (const f of [...files].sort(order)) {
    const dir = paths.get(f.parent_folder_id);
    if (dir === undefined) continue;
    entries.push({
      path: `${dir}${nameIn(f.parent_folder_id)(f.display_name, true)}`,
      storageKey: f.storage_key,
      mtime: f.created_at,
    });
  }
  return { dirs, files: entries };
}

/** Streams what a signed archive link names as one zip: several files (`ids`), or a folder (`folderId`). */
export async function serveArchive(ctx: Ctx, req: FastifyRequest, reply: FastifyReply) {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const folderId = typeof query.folderId === 'string' ? query.folderId : undefined;
  const ids = typeof query.ids === 'string' ? query.ids.split(',').filter(Boolean) : [];
  if (folderId !== undefined && query.ids !== undefined) throw linkRefused('INVALID_LINK');
  const check = await checkLink(
    ctx,
    folderId !== undefined ? `folder:${folderId}` : `zip:${ids.join(',')}`,
    query,
  );
  if (!check.ok) {
    if (check.redirect) return reply.redirect(check.redirect, 302);
    throw linkRefused(check.code);
  }
  if (folderId !== undefined) {
    const name = await downloadableFolder(ctx, folderId);
    const { dirs, files } = await folderEntries(ctx, folderId);
    return sendZip(ctx, reply, `${safeName(name)}.zip`, dirs, files);
  }
  const rows = await findFiles(ctx.db, ids);
  const live = ids.map((id) => rows.find((r) => r.id === id && r.state === 'OK'));
  if (live.some((r) => !r)) throw notFound('File', {}, 'FILE_NOT_FOUND');
  const name = namer();
  const files = live.map((r) => ({
    path: name(r!.display_name, true),
    storageKey: r!.storage_key,
    mtime: r!.created_at,
  }));
  return sendZip(ctx, reply, 'files.zip', [], files);
}
