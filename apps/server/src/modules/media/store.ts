import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import { forgetServedRows } from './served-rows.ts';

export interface MediaTables {
  media_folder: {
    id: string;
    display_name: string;
    /** The display name's words, as `searchTextOf` writes them (search matches their prefixes). */
    search_text: string;
    parent_folder_id: string;
    state: 'OK' | 'DELETED';
    created_at: Date;
    updated_at: Date;
    deleted_at: Date | null;
  };
  media_file: {
    id: string;
    display_name: string;
    search_text: string;
    parent_folder_id: string;
    hash: string;
    size_bytes: string | number;
    private: boolean;
    media_type: string;
    mime_type: string;
    operation_status: 'PENDING' | 'READY' | 'FAILED';
    failure_reason: string | null;
    source_url: string | null;
    labels: unknown;
    external_info: unknown;
    meta: unknown;
    storage_key: string;
    web_key: string | null;
    state: 'OK' | 'DELETED';
    owner_member_id: string | null;
    created_at: Date;
    updated_at: Date;
    deleted_at: Date | null;
  };
  media_upload: {
    token_hash: string;
    mime_type: string;
    size_bytes: string | number | null;
    file_name: string | null;
    parent_folder_id: string;
    private: boolean;
    labels: unknown;
    external_info: unknown;
    owner_member_id: string | null;
    resumable: boolean;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
  };
}
export type FileRow = Selectable<MediaTables['media_file']>;
export type FolderRow = Selectable<MediaTables['media_folder']>;
export type UploadRow = Selectable<MediaTables['media_upload']>;

/**
 * The words search matches prefixes of: lower-cased, split at every character that is not a letter
 * or a digit ("IMG_2041-Product.JPG": img 2041 product jpg). Searches are split the same way.
 */
export const searchWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** `search_text`: the words of the display name and labels, each once, space separated. */
export const searchTextOf = (displayName: string, labels: readonly string[]) =>
  [...new Set([displayName, ...labels].flatMap(searchWords))].join(' ');

export const findFile = (db: Executor, id: string, lock = false) => {
  const q = db.selectFrom('media_file').selectAll().where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};
export const findFiles = (db: Executor, ids: readonly string[]) =>
  ids.length ? db.selectFrom('media_file').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);
export const insertFile = (db: Executor, row: FileRow) =>
  db
    .insertInto('media_file')
    .values({
      ...row,
      labels: JSON.stringify(row.labels),
      external_info: row.external_info == null ? null : JSON.stringify(row.external_info),
      meta: JSON.stringify(row.meta),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
export const updateFile = (db: Executor, id: string, set: Partial<FileRow>) => {
  forgetServedRows([id]);
  return db
    .updateTable('media_file')
    .set({
      ...set,
      ...(set.labels !== undefined ? { labels: JSON.stringify(set.labels) } : {}),
      ...(set.meta !== undefined ? { meta: JSON.stringify(set.meta) } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
};
export const filesBase = (db: Executor) => db.selectFrom('media_file').selectAll();
export const deleteFileRows = (db: Executor, ids: readonly string[]) => {
  forgetServedRows(ids);
  return ids.length
    ? db.deleteFrom('media_file').where('id', 'in', ids).returningAll().execute()
    : Promise.resolve([] as FileRow[]);
};
/** Trashed files older than `before`, a batch at a time. */
export const expiredTrash = (db: Executor, before: Date, limit: number) =>
  db
    .selectFrom('media_file')
    .select('id')
    .where('state', '=', 'DELETED')
    .where('deleted_at', '<', before)
    .limit(limit)
    .execute();

export const findFolder = (db: Executor, id: string) =>
  db.selectFrom('media_folder').selectAll().where('id', '=', id).executeTakeFirst();
/** Inserts a folder; its search words follow its display name. */
export const insertFolder = (db: Executor, row: Omit<FolderRow, 'search_text'>) =>
  db
    .insertInto('media_folder')
    .values({ ...row, search_text: searchTextOf(row.display_name, []) })
    .returningAll()
    .executeTakeFirstOrThrow();
/** Updates a folder; a new display name brings its search words. */
export const updateFolder = (db: Executor, id: string, set: Partial<Omit<FolderRow, 'search_text'>>) =>
  db
    .updateTable('media_folder')
    .set(set.display_name === undefined ? set : { ...set, search_text: searchTextOf(set.display_name, []) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
export const foldersBase = (db: Executor) => db.selectFrom('media_folder').selectAll();
/** The folder and every folder below it (recursive). */
export const folderTree = async (db: Executor, id: string): Promise<string[]> => {
  const { rows } = await sql<{ id: string }>`
    with recursive tree(id) as (
      select id from media_folder where id = ${id}
      union select f.id from media_folder f join tree t on f.parent_folder_id = t.id)
    select id from tree`.execute(db);
  return rows.map((r) => r.id);
};

/**
 * What a folder's zip holds: the live folders below `rootId`, and the live files in it and in them
 * whose bytes are stored (`hash` is set once they are: a pending or failed import has none).
 */
export async function folderArchiveRows(db: Executor, rootId: string) {
  const folders = await sql<{ id: string; parent_folder_id: string; display_name: string; created_at: Date }>`
    with recursive tree(id) as (
      select f.id from media_folder f where f.parent_folder_id = ${rootId} and f.state = 'OK'
      union select f.id from media_folder f join tree t on f.parent_folder_id = t.id where f.state = 'OK')
    select f.id, f.parent_folder_id, f.display_name, f.created_at
    from media_folder f join tree t on t.id = f.id`.execute(db);
  const files = await sql<{
    id: string;
    parent_folder_id: string;
    display_name: string;
    storage_key: string;
    created_at: Date;
  }>`
    with recursive tree(id) as (
      select ${rootId}::text
      union select f.id from media_folder f join tree t on f.parent_folder_id = t.id where f.state = 'OK')
    select m.id, m.parent_folder_id, m.display_name, m.storage_key, m.created_at
    from media_file m join tree t on m.parent_folder_id = t.id
    where m.state = 'OK' and m.hash <> ''`.execute(db);
  return { folders: folders.rows, files: files.rows };
}

export const insertUpload = (db: Executor, row: UploadRow) =>
  db
    .insertInto('media_upload')
    .values({
      ...row,
      labels: JSON.stringify(row.labels),
      external_info: row.external_info == null ? null : JSON.stringify(row.external_info),
    })
    .execute();
/**
 * Claims an unused grant (single use), unexpired unless `started` (a TUS upload checked the expiry when
 * it began): undefined when there is none to claim.
 */
export const claimUpload = (db: Executor, tokenHash: string, now: Date, started = false) => {
  const q = db
    .updateTable('media_upload')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null);
  return (started ? q : q.where('expires_at', '>', now)).returningAll().executeTakeFirst();
};
export const findUpload = (db: Executor, tokenHash: string) =>
  db.selectFrom('media_upload').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
/** Grants a member took since `since`: how many, and the bytes they declared. */
export const uploadsSince = async (db: Executor, memberId: string, since: Date) => {
  const r = await db
    .selectFrom('media_upload')
    .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(size_bytes), 0)`.as('bytes')])
    .where('owner_member_id', '=', memberId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { files: Number(r.n), bytes: Number(r.bytes) };
};
export const purgeUploads = (db: Executor, before: Date) =>
  db.deleteFrom('media_upload').where('expires_at', '<', before).execute();
