import {
  ENTITY_FQDN,
  MEDIA_ROOT,
  TRASH_ROOT,
  VISITOR_UPLOADS_ROOT,
  type CursorQuery,
  type SearchFoldersRequest,
} from '@vitrine/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, notFound, violation } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';
import { bulkDeleteFiles } from './files.ts';
import {
  filesBase,
  findFolder,
  folderTree,
  foldersBase,
  insertFolder,
  searchWords,
  updateFolder,
} from './store.ts';
import { toFolder } from './wire.ts';

const ROOTS = new Set([MEDIA_ROOT, VISITOR_UPLOADS_ROOT, TRASH_ROOT]);
const folderMissing = (id: string) => notFound('Folder', { folderId: id }, 'FOLDER_NOT_FOUND');

async function liveFolder(ctx: Ctx, id: string) {
  const f = await findFolder(ctx.db, id);
  if (!f || f.state !== 'OK') throw folderMissing(id);
  return f;
}
async function checkParent(ctx: Ctx, id: string) {
  if (id === MEDIA_ROOT) return id;
  if (ROOTS.has(id)) throw violation('parentFolderId', 'folders live under the media root', 'VALIDATION');
  await liveFolder(ctx, id);
  return id;
}

export async function createFolder(
  ctx: Ctx,
  b: { displayName: string; parentFolderId?: string | null | undefined },
) {
  return inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const row = await insertFolder(tx.db, {
      id: newId(),
      display_name: b.displayName,
      parent_folder_id: await checkParent(tx, b.parentFolderId ?? MEDIA_ROOT),
      state: 'OK',
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
    const folder = toFolder(row);
    await emitEvent(
      tx,
      {
        entityFqdn: ENTITY_FQDN.mediaFolder,
        slug: 'created',
        entityId: row.id,
        createdEvent: { entity: folder },
      },
      { entityLocked: true },
    );
    return folder;
  });
}

export const getFolder = async (ctx: Ctx, id: string) => toFolder(await liveFolder(ctx, id));

/** Rename and move; a folder cannot move into itself or below itself. */
export async function updateFolderEntity(
  ctx: Ctx,
  id: string,
  b: { displayName?: string | null | undefined; parentFolderId?: string | null | undefined },
) {
  return inTransaction(ctx, async (tx) => {
    await liveFolder(tx, id);
    const set: { display_name?: string; parent_folder_id?: string; updated_at: Date } = {
      updated_at: tx.clock.now(),
    };
    if (b.displayName) set.display_name = b.displayName;
    if (b.parentFolderId) {
      const parent = await checkParent(tx, b.parentFolderId);
      if ((await folderTree(tx.db, id)).includes(parent))
        throw new AppError(400, 'FOLDER_CYCLE', 'A folder cannot move into itself or a folder below it');
      set.parent_folder_id = parent;
    }
    const row = (await updateFolder(tx.db, id, set))!;
    const folder = toFolder(row);
    await emitEvent(
      tx,
      {
        entityFqdn: ENTITY_FQDN.mediaFolder,
        slug: 'updated',
        entityId: id,
        updatedEvent: { currentEntity: folder, modifiedFields: { ...b } },
      },
      { entityLocked: true },
    );
    return folder;
  });
}

const fields: QuerySpec['fields'] = {
  // Folder ids are UUIDs: another string (a root's name among them) matches no folder.
  id: { sql: 'id', type: 'uuid' },
  displayName: { sql: 'display_name', type: 'string', sortable: true },
  parentFolderId: { sql: 'parent_folder_id', type: 'string' },
  state: { sql: 'state', type: 'string', values: ['OK', 'DELETED'] },
  createdDate: { sql: 'created_at', type: 'date', sortable: true },
  updatedDate: { sql: 'updated_at', type: 'date', sortable: true },
};
const spec = (entity: string, extra: QuerySpec['fields'] = {}): QuerySpec => ({
  entity,
  fields: { ...fields, ...extra },
  idSql: 'id',
  idType: 'string',
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
});
const listSpec = spec('media-folders');
const trashSpec = spec('media-folders-trash');
const searchSpec = spec('media-folders-search', {
  searchText: { sql: `(' ' || search_text)`, type: 'string' },
});
const querySpec = spec('media-folders-query');

type Paging = { limit?: number | undefined; cursor?: string | null | undefined } | null | undefined;
type Sort = { fieldName: string; order: 'ASC' | 'DESC' } | null | undefined;

/** One page of folders in the files' list form (`paging`, `nextCursor`); a cursor carries the rest. */
async function folderPage(
  ctx: Ctx,
  s: QuerySpec,
  filter: Record<string, unknown>,
  sort: Sort,
  paging: Paging,
) {
  const cursor = paging?.cursor ?? undefined;
  const p = await cursorPage(
    foldersBase(ctx.db),
    s,
    {
      ...(cursor ? {} : { filter, ...(sort ? { sort: [sort] } : {}) }),
      cursorPaging: {
        ...(paging?.limit !== undefined ? { limit: paging.limit } : {}),
        cursor: cursor ?? null,
      },
    },
    '',
    'paging',
  );
  return { folders: p.items.map(toFolder), nextCursor: { cursors: { next: p.cursors.next } } };
}

export function listFolders(
  ctx: Ctx,
  q: { parentFolderId?: string | undefined; sort?: Sort; paging?: Paging },
  trash = false,
) {
  const filter = {
    state: trash ? 'DELETED' : 'OK',
    ...(trash ? {} : { parentFolderId: q.parentFolderId ?? MEDIA_ROOT }),
  };
  return folderPage(ctx, trash ? trashSpec : listSpec, filter, q.sort, q.paging);
}

/**
 * Folders anywhere in a root whose display name has words starting with each word searched (as files'
 * search): the live folders (MEDIA_ROOT, the default), the trashed ones (TRASH_ROOT), or those of the
 * visitor uploads (none: folders live under the media root). No words: every folder of the root.
 */
export function searchFolders(ctx: Ctx, b: SearchFoldersRequest) {
  const root = b.rootFolder ?? 'MEDIA_ROOT';
  const words = searchWords(b.search ?? '').slice(0, 10);
  const filter = {
    state: root === 'TRASH_ROOT' ? 'DELETED' : 'OK',
    ...(root === 'VISITOR_UPLOADS_ROOT' ? { parentFolderId: VISITOR_UPLOADS_ROOT } : {}),
    ...(words.length ? { $and: words.map((w) => ({ searchText: { $contains: ` ${w}` } })) } : {}),
  };
  return folderPage(ctx, searchSpec, filter, b.sort, b.paging);
}

/** Whether a filter names `state` anywhere (at its top or under `$and`, `$or`, `$not`). */
const namesState = (f: unknown): boolean =>
  Array.isArray(f)
    ? f.some(namesState)
    : typeof f === 'object' &&
      f !== null &&
      Object.entries(f).some(([k, v]) => k === 'state' || (k.startsWith('$') && namesState(v)));

/**
 * The platform's query over folders. Live folders only, unless the filter names `state` (the SDK's
 * builder offers `eq('state', …)`): then the filter decides, and `state: DELETED` finds the trashed ones.
 */
export async function queryFolders(ctx: Ctx, query: CursorQuery | null | undefined) {
  const q = query ?? {};
  const given = q.filter ?? {};
  const filter = namesState(given) ? given : { ...given, state: 'OK' };
  const p = await cursorPage(foldersBase(ctx.db), querySpec, { ...q, filter }, 'query');
  return { folders: p.items.map(toFolder), pagingMetadata: metadata.cursor(p) };
}

/** Deletes folders with everything below them: to the trash, or for good (files' bytes too). */
export async function bulkDeleteFolders(ctx: Ctx, ids: readonly string[], permanent: boolean) {
  const unique = [...new Set(ids)];
  const fileIds = await inTransaction(ctx, async (tx) => {
    const all: string[] = [];
    for (const id of unique) {
      if (ROOTS.has(id)) throw violation('folderIds', 'the root folders cannot be deleted', 'VALIDATION');
      const f = await findFolder(tx.db, id);
      if (!f) throw folderMissing(id);
      all.push(...(await folderTree(tx.db, id)));
    }
    const now = tx.clock.now();
    const tree = [...new Set(all)];
    if (permanent) await tx.db.deleteFrom('media_folder').where('id', 'in', tree).execute();
    else
      await tx.db
        .updateTable('media_folder')
        .set({ state: 'DELETED', deleted_at: now, updated_at: now })
        .where('id', 'in', tree)
        .where('state', '=', 'OK')
        .execute();
    for (const id of unique)
      await emitEvent(tx, {
        entityFqdn: ENTITY_FQDN.mediaFolder,
        slug: 'deleted',
        entityId: id,
        deletedEvent: {},
      });
    const files = await filesBase(tx.db).where('parent_folder_id', 'in', tree).execute();
    return files.filter((f) => permanent || f.state === 'OK').map((f) => f.id);
  });
  for (let i = 0; i < fileIds.length; i += 100)
    await bulkDeleteFiles(ctx, fileIds.slice(i, i + 100), permanent);
}

export async function bulkRestoreFolders(ctx: Ctx, ids: readonly string[]) {
  await inTransaction(ctx, async (tx) => {
    for (const id of new Set(ids)) {
      const f = await findFolder(tx.db, id);
      if (!f) throw folderMissing(id);
      const tree = await folderTree(tx.db, id);
      const now = tx.clock.now();
      const parentOk =
        f.parent_folder_id === MEDIA_ROOT || (await findFolder(tx.db, f.parent_folder_id))?.state === 'OK';
      await tx.db
        .updateTable('media_folder')
        .set({ state: 'OK', deleted_at: null, updated_at: now })
        .where('id', 'in', tree)
        .execute();
      if (!parentOk) await updateFolder(tx.db, id, { parent_folder_id: MEDIA_ROOT });
      await emitEvent(tx, {
        entityFqdn: ENTITY_FQDN.mediaFolder,
        slug: 'updated',
        entityId: id,
        updatedEvent: {
          currentEntity: toFolder((await findFolder(tx.db, id))!),
          modifiedFields: { state: 'OK' },
        },
      });
    }
  });
}

/**
 * The folder a `filePath` names (`/summer/shirts`), below `parent`: each segment is the live folder of
 * that display name, created when there is none (serialised per parent and name, so two requests
 * naming the same new path share its folders).
 */
export async function ensureFolderPath(ctx: Ctx, parent: string, filePath: string, field = 'filePath') {
  const names = filePath
    .split('/')
    .map((p) => p.trim())
    .filter(Boolean);
  if (names.length > 20) throw violation(field, 'must have at most 20 folders', 'MAX_SIZE');
  if (names.some((n) => n.length > 200)) throw violation(field, 'folder names have at most 200 characters');
  return inTransaction(ctx, async (tx) => {
    let current = parent;
    for (const name of names) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`media-folder/${current}/${name}`}, 0))`.execute(
        tx.db,
      );
      const found = await foldersBase(tx.db)
        .where('parent_folder_id', '=', current)
        .where('display_name', '=', name)
        .where('state', '=', 'OK')
        .orderBy('id')
        .executeTakeFirst();
      current = found
        ? found.id
        : (await createFolder(tx, { displayName: name, parentFolderId: current })).id;
    }
    return current;
  });
}
