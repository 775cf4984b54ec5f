import {
  ENTITY_FQDN,
  MEDIA_ROOT,
  TRASH_ROOT,
  VISITOR_UPLOADS_ROOT,
  type CursorQuery,
  type FileDescriptor,
  type ListFilesQuery,
  type SearchFilesRequest,
} from '@vitrine/contract';
import type { z } from 'zod';
import type { updateFileDescriptorRequest } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, forbidden, notFound, violation } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { cursorPage } from '../../platform/query/page.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';
import { dropCached } from './cache.ts';
import { siteIdOf, storageOf } from './runtime.ts';
import {
  deleteFileRows,
  filesBase,
  findFile,
  findFiles,
  findFolder,
  searchTextOf,
  searchWords,
  updateFile,
  type FileRow,
} from './store.ts';
import { toDescriptor } from './wire.ts';

export const TRASH_DAYS = 30;
export const PURGE_JOB = 'media.purge-trashed-file';
export const fileNotFound = (id: string) => notFound('File', { fileId: id }, 'FILE_NOT_FOUND');

/** A folder a file may be put in: a root (not the trash) or a live folder. */
export async function checkFolder(ctx: Ctx, id: string, field = 'parentFolderId'): Promise<string> {
  if (id === MEDIA_ROOT || id === VISITOR_UPLOADS_ROOT) return id;
  if (id === TRASH_ROOT) throw violation(field, 'files go to the trash by being deleted', 'VALIDATION');
  const f = await findFolder(ctx.db, id);
  if (!f || f.state !== 'OK') throw notFound('Folder', { folderId: id }, 'FOLDER_NOT_FOUND');
  return id;
}

export async function describe(ctx: Ctx, rows: FileRow[]): Promise<FileDescriptor[]> {
  const siteId = await siteIdOf(ctx);
  return rows.map((r) => toDescriptor(ctx, r, siteId));
}
export const describeOne = async (ctx: Ctx, row: FileRow) => (await describe(ctx, [row]))[0]!;

/** Admins read every file; a member reads the visitor uploads they made. */
function readable(ctx: Ctx, r: FileRow) {
  if (ctx.caller.role === 'admin') return true;
  return ctx.caller.role === 'member' && r.owner_member_id === ctx.caller.memberId;
}

export async function getFileRow(ctx: Ctx, id: string): Promise<FileRow> {
  const r = await findFile(ctx.db, id);
  if (!r || !readable(ctx, r)) throw fileNotFound(id);
  return r;
}
export const getFileDescriptor = async (ctx: Ctx, id: string) => describeOne(ctx, await getFileRow(ctx, id));

export async function getFileDescriptors(ctx: Ctx, ids: readonly string[]) {
  const rows = await findFiles(ctx.db, [...new Set(ids)]);
  const byId = new Map(rows.filter((r) => readable(ctx, r)).map((r) => [r.id, r]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing) throw fileNotFound(missing);
  return describe(
    ctx,
    ids.map((id) => byId.get(id)!),
  );
}

type UpdateBody = z.output<typeof updateFileDescriptorRequest>;
const UPDATABLE = ['displayName', 'labels', 'parentFolderId', 'private'] as const;

export async function updateFileDescriptor(ctx: Ctx, body: UpdateBody) {
  const { file } = body;
  const paths = body.fieldMask?.paths ?? UPDATABLE.filter((k) => file[k] !== undefined && file[k] !== null);
  for (const p of paths)
    if (!(UPDATABLE as readonly string[]).includes(p))
      throw violation('fieldMask.paths', `${p} cannot be updated`, 'FIELD_NOT_ALLOWED');
  return inTransaction(ctx, async (tx) => {
    const row = await findFile(tx.db, file.id, true);
    if (!row) throw fileNotFound(file.id);
    if (row.state === 'DELETED')
      throw new AppError(409, 'FILE_IN_TRASH', 'A file in the trash cannot be changed; restore it first');
    const set: Partial<FileRow> = { updated_at: tx.clock.now() };
    const modified: Record<string, unknown> = {};
    if (paths.includes('displayName')) {
      if (!file.displayName) throw violation('file.displayName', 'is required', 'REQUIRED_FIELD');
      set.display_name = file.displayName;
    }
    if (paths.includes('labels')) set.labels = [...new Set(file.labels ?? [])];
    if (paths.includes('parentFolderId'))
      set.parent_folder_id = await checkFolder(tx, file.parentFolderId ?? MEDIA_ROOT, 'file.parentFolderId');
    if (paths.includes('private')) set.private = file.private ?? false;
    set.search_text = searchTextOf(
      set.display_name ?? row.display_name,
      (set.labels ?? row.labels) as string[],
    );
    for (const p of paths) modified[p] = file[p as (typeof UPDATABLE)[number]] ?? null;
    const updated = (await updateFile(tx.db, row.id, set))!;
    const descriptor = await describeOne(tx, updated);
    await emitEvent(
      tx,
      {
        entityFqdn: ENTITY_FQDN.mediaFile,
        slug: 'updated',
        entityId: row.id,
        updatedEvent: { currentEntity: descriptor, modifiedFields: modified },
      },
      { entityLocked: true },
    );
    return descriptor;
  });
}

const fields: QuerySpec['fields'] = {
  id: { sql: 'id', type: 'string', sortable: true },
  displayName: { sql: 'display_name', type: 'string', sortable: true },
  parentFolderId: { sql: 'parent_folder_id', type: 'string' },
  mediaType: { sql: 'media_type', type: 'string' },
  private: { sql: 'private', type: 'boolean' },
  operationStatus: { sql: 'operation_status', type: 'string' },
  sizeInBytes: { sql: 'size_bytes', type: 'number', sortable: true },
  labels: { sql: 'array(select jsonb_array_elements_text(labels))', type: 'stringArray' },
  createdDate: { sql: 'created_at', type: 'date', sortable: true },
  updatedDate: { sql: 'updated_at', type: 'date', sortable: true },
  state: { sql: 'state', type: 'string' },
};
const spec = (entity: string, extra: QuerySpec['fields'] = {}): QuerySpec => ({
  entity,
  fields: { ...fields, ...extra },
  idSql: 'id',
  idType: 'string',
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
});
const listSpec = spec('media-files');
const trashSpec = spec('media-trash');
// The MIME type's two words count too ("image", "webp"): the platform searches it with the name.
const searchSpec = spec('media-search', {
  searchText: { sql: `(' ' || search_text || ' ' || replace(mime_type, '/', ' '))`, type: 'string' },
});
const querySpec = spec('media-query');

type Paging = { limit?: number | undefined; cursor?: string | null | undefined } | null | undefined;
type Sort = { fieldName: string; order: 'ASC' | 'DESC' } | null | undefined;

async function page(
  ctx: Ctx,
  s: QuerySpec,
  filter: Record<string, unknown>,
  sort: Sort,
  paging: Paging,
  where = '',
) {
  const base = filesBase(ctx.db);
  const cursor = paging?.cursor ?? undefined;
  const q: CursorQuery = {
    ...(cursor ? {} : { filter, ...(sort ? { sort: [sort] } : {}) }),
    cursorPaging: { ...(paging?.limit !== undefined ? { limit: paging.limit } : {}), cursor: cursor ?? null },
  };
  const p = await cursorPage(base, s, q, where, 'paging');
  return {
    files: await describe(ctx, p.items),
    nextCursor: { cursors: { next: p.cursors.next } },
  };
}

const typeFilter = (types: readonly string[] | null | undefined) =>
  types?.length ? { mediaType: { $in: [...types] } } : {};
const privateFilter = (v: boolean | null | undefined) =>
  v === undefined || v === null ? {} : { private: v };

export function listFiles(ctx: Ctx, q: ListFilesQuery, trash = false) {
  const filter = {
    state: trash ? 'DELETED' : 'OK',
    ...(trash
      ? q.parentFolderId
        ? { parentFolderId: q.parentFolderId }
        : {}
      : { parentFolderId: q.parentFolderId ?? MEDIA_ROOT }),
    ...typeFilter(q.mediaTypes),
    ...privateFilter(q.private),
  };
  return page(ctx, trash ? trashSpec : listSpec, filter, q.sort, q.paging);
}

export function searchFiles(ctx: Ctx, b: SearchFilesRequest) {
  const root = b.rootFolder ?? 'MEDIA_ROOT';
  const words = searchWords(b.search ?? '').slice(0, 10);
  const filter = {
    state: root === 'TRASH_ROOT' ? 'DELETED' : 'OK',
    ...(root === 'VISITOR_UPLOADS_ROOT'
      ? { parentFolderId: VISITOR_UPLOADS_ROOT }
      : root === 'MEDIA_ROOT'
        ? { parentFolderId: { $ne: VISITOR_UPLOADS_ROOT } }
        : {}),
    ...typeFilter(b.mediaTypes),
    ...privateFilter(b.private),
    ...(words.length ? { $and: words.map((w) => ({ searchText: { $contains: ` ${w}` } })) } : {}),
  };
  return page(ctx, searchSpec, filter, b.sort, b.paging);
}

export async function queryFiles(ctx: Ctx, query: CursorQuery | null | undefined) {
  const q = query ?? {};
  const filter = q.filter ?? {};
  const base = filesBase(ctx.db).where('state', '=', 'OK');
  const p = await cursorPage(base, querySpec, { ...q, filter }, 'query');
  return {
    files: await describe(ctx, p.items),
    pagingMetadata: { count: p.items.length, cursors: p.cursors, hasNext: p.hasNext },
  };
}

/** Removes the bytes of files (all their assets and renditions). */
export async function removeBytes(ctx: Ctx, rows: readonly FileRow[]) {
  const storage = storageOf(ctx);
  for (const r of rows) await storage.delete(r.storage_key.split('/')[0]!, { prefix: true });
  for (const r of rows) await dropCached(ctx, r.id);
}

export async function bulkDeleteFiles(ctx: Ctx, ids: readonly string[], permanent: boolean) {
  const unique = [...new Set(ids)];
  const gone = await inTransaction(ctx, async (tx) => {
    const rows = await findFiles(tx.db, unique);
    const missing = unique.find((id) => !rows.some((r) => r.id === id));
    if (missing) throw fileNotFound(missing);
    const now = tx.clock.now();
    if (permanent) {
      const deleted = await deleteFileRows(tx.db, unique);
      for (const r of deleted)
        await emitEvent(
          tx,
          {
            entityFqdn: ENTITY_FQDN.mediaFile,
            slug: 'deleted',
            entityId: r.id,
            deletedEvent: { deletedEntity: await describeOne(tx, r) },
          },
          { entityLocked: true },
        );
      return deleted;
    }
    for (const r of rows) {
      if (r.state === 'DELETED') continue;
      const updated = (await updateFile(tx.db, r.id, {
        state: 'DELETED',
        deleted_at: now,
        updated_at: now,
      }))!;
      await enqueueJob(
        tx,
        PURGE_JOB,
        { fileId: r.id, deletedAt: now.toISOString() },
        { runAt: new Date(now.getTime() + TRASH_DAYS * 86_400_000) },
      );
      await emitEvent(
        tx,
        {
          entityFqdn: ENTITY_FQDN.mediaFile,
          slug: 'deleted',
          entityId: r.id,
          deletedEvent: { deletedEntity: await describeOne(tx, updated) },
        },
        { entityLocked: true },
      );
    }
    return [];
  });
  // Bytes go after the rows are gone for good (a rollback must not leave a row without bytes).
  await removeBytes(ctx, gone);
}

export async function bulkRestoreFiles(ctx: Ctx, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  await inTransaction(ctx, async (tx) => {
    const rows = await findFiles(tx.db, unique);
    const missing = unique.find((id) => !rows.some((r) => r.id === id));
    if (missing) throw fileNotFound(missing);
    const now = tx.clock.now();
    for (const r of rows) {
      if (r.state !== 'DELETED') continue;
      // Back where it was, unless its folder went meanwhile: then to the media root.
      const folder = await findFolder(tx.db, r.parent_folder_id);
      const parent =
        r.parent_folder_id === MEDIA_ROOT ||
        r.parent_folder_id === VISITOR_UPLOADS_ROOT ||
        folder?.state === 'OK'
          ? r.parent_folder_id
          : MEDIA_ROOT;
      const updated = (await updateFile(tx.db, r.id, {
        state: 'OK',
        deleted_at: null,
        updated_at: now,
        parent_folder_id: parent,
      }))!;
      await emitEvent(
        tx,
        {
          entityFqdn: ENTITY_FQDN.mediaFile,
          slug: 'updated',
          entityId: r.id,
          updatedEvent: { currentEntity: await describeOne(tx, updated), modifiedFields: { state: 'OK' } },
        },
        { entityLocked: true },
      );
    }
  });
}

/** Empties one trashed file 30 days on, unless it was restored (or trashed again) meanwhile. */
export async function purgeTrashed(ctx: Ctx, fileId: string, deletedAt: string) {
  const gone = await inTransaction(ctx, async (tx) => {
    const r = await findFile(tx.db, fileId, true);
    if (!r || r.state !== 'DELETED' || r.deleted_at?.toISOString() !== deletedAt) return [];
    return deleteFileRows(tx.db, [fileId]);
  });
  await removeBytes(ctx, gone);
}

export const requireAdmin = (ctx: Ctx) => {
  if (ctx.caller.role !== 'admin') throw forbidden();
};

/**
 * Descriptors by id for other modules' own use (a review showing its photos), whatever the caller:
 * live files only; unknown or trashed ids are left out.
 */
export async function descriptorsById(
  ctx: Ctx,
  ids: readonly string[],
): Promise<Map<string, FileDescriptor>> {
  const rows = (await findFiles(ctx.db, [...new Set(ids)])).filter((r) => r.state === 'OK');
  const described = await describe(ctx, rows);
  return new Map(described.map((d) => [d.id, d]));
}
