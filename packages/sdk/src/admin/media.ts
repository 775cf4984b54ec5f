/**
 * The merchant's media library (contract media.md, `@wix/media`; apps/server/src/modules/media):
 * files and folders listed, searched, renamed, moved, made private, trashed and restored; uploads
 * (a single-use upload URL then a PUT whose progress is reported, or a TUS grant for resumable
 * uploads of large files); signed download links for private files.
 */
import type { FileDescriptor, Folder, MediaType } from '@vitrine/contract';
import type { HttpClient } from '../http.ts';
import { putToUploadUrl, type UploadFile, type UploadOptions } from '../upload.ts';

const P = '/site-media/v1';
export const MEDIA_ROOT_ID = 'media-root';
export const MEDIA_SORTS = ['newest', 'oldest', 'name', 'largest'] as const;
export type MediaSort = (typeof MEDIA_SORTS)[number];
const SORTS: Record<MediaSort, { fieldName: string; order: 'ASC' | 'DESC' }> = {
  newest: { fieldName: 'createdDate', order: 'DESC' },
  oldest: { fieldName: 'createdDate', order: 'ASC' },
  name: { fieldName: 'displayName', order: 'ASC' },
  largest: { fieldName: 'sizeInBytes', order: 'DESC' },
};

export interface MediaFilesPage {
  files: FileDescriptor[];
  nextCursor: { cursors: { next?: string | null } };
}
export interface MediaFoldersPage {
  folders: Folder[];
  nextCursor: { cursors: { next?: string | null } };
}

export interface MediaFileSearch {
  /** The folder listed (default the media root); ignored with `text` or `allFolders` (a search covers the whole library). */
  folderId?: string;
  /** Words the display name's or labels' words start with. */
  text?: string;
  /** Every folder of the library (not the visitors' uploads), not only `folderId`'s files. */
  allFolders?: boolean;
  mediaTypes?: MediaType[];
  private?: boolean;
  sort?: MediaSort;
  cursor?: string;
  limit?: number;
}

/** Where a new file goes, and whether it is private (served only through signed links). */
export interface MediaUploadTarget {
  folderId?: string;
  private?: boolean;
  labels?: string[];
}

const grantBody = (file: UploadFile, t: MediaUploadTarget) => ({
  mimeType: file.type || 'application/octet-stream',
  ...(file.name ? { fileName: file.name } : {}),
  sizeInBytes: String(file.size),
  parentFolderId: t.folderId ?? MEDIA_ROOT_ID,
  private: t.private ?? false,
  ...(t.labels?.length ? { labels: t.labels } : {}),
});

const paging = (s: { cursor?: string | undefined; limit?: number | undefined }) => ({
  limit: s.limit ?? 50,
  ...(s.cursor ? { cursor: s.cursor } : {}),
});

export const adminMediaCalls = {
  /** A folder's files, or (with `text` or `allFolders`) the whole library's, matching the words. */
  files: (http: HttpClient, s: MediaFileSearch): Promise<MediaFilesPage> => {
    const text = s.text?.trim();
    if (text || s.allFolders)
      return http.request<MediaFilesPage>({
        method: 'POST',
        path: `${P}/files/search`,
        body: {
          ...(text ? { search: text } : {}),
          rootFolder: 'MEDIA_ROOT',
          ...(s.mediaTypes?.length ? { mediaTypes: s.mediaTypes } : {}),
          ...(s.private !== undefined ? { private: s.private } : {}),
          sort: SORTS[s.sort ?? 'newest'],
          paging: paging(s),
        },
      });
    return http.request<MediaFilesPage>({
      method: 'GET',
      path: `${P}/files`,
      query: {
        parentFolderId: s.folderId ?? MEDIA_ROOT_ID,
        ...(s.mediaTypes?.length ? { mediaTypes: s.mediaTypes } : {}),
        ...(s.private !== undefined ? { private: s.private } : {}),
        sort: SORTS[s.sort ?? 'newest'],
        paging: paging(s),
      },
    });
  },
  /** The files in the trash (newest first). */
  trash: (http: HttpClient, s: { cursor?: string; limit?: number } = {}): Promise<MediaFilesPage> =>
    http.request<MediaFilesPage>({
      method: 'GET',
      path: `${P}/trash-bin/files`,
      query: { paging: paging(s) },
    }),
  file: async (http: HttpClient, fileId: string): Promise<FileDescriptor> =>
    (
      await http.request<{ file: FileDescriptor }>({
        method: 'GET',
        path: `${P}/files/get-file-by-id`,
        query: { fileId },
      })
    ).file,
  /** Several files, in the order asked (404 `FILE_NOT_FOUND` when one is unknown). */
  filesById: async (http: HttpClient, fileIds: readonly string[]): Promise<FileDescriptor[]> =>
    fileIds.length === 0
      ? []
      : (
          await http.request<{ files: FileDescriptor[] }>({
            method: 'POST',
            path: `${P}/files/get-files`,
            body: { fileIds: [...fileIds] },
          })
        ).files,
  /** Renames, moves (`parentFolderId`) or makes private or public: the fields given only. */
  updateFile: async (
    http: HttpClient,
    v: { fileId: string; displayName?: string; parentFolderId?: string; private?: boolean },
  ): Promise<FileDescriptor> => {
    const { fileId, ...change } = v;
    return (
      await http.request<{ file: FileDescriptor }>({
        method: 'PATCH',
        path: `${P}/files/update-file-descriptor`,
        body: { file: { id: fileId, ...change }, fieldMask: { paths: Object.keys(change) } },
      })
    ).file;
  },
  /**
   * Imports a file from a web address (`POST /site-media/v1/files/import`): the file is answered
   * `PENDING` at once and fetched by a job; it ends `READY`, or `FAILED` with `failureReason` (an
   * address the server refuses to fetch — a private or local network, credentials in it — too large,
   * not the type it says).
   */
  importFile: async (
    http: HttpClient,
    v: { url: string; displayName?: string; parentFolderId?: string; private?: boolean },
  ): Promise<FileDescriptor> =>
    (
      await http.request<{ file: FileDescriptor }>({
        method: 'POST',
        path: `${P}/files/import`,
        body: {
          url: v.url,
          ...(v.displayName ? { displayName: v.displayName } : {}),
          ...(v.parentFolderId ? { parentFolderId: v.parentFolderId } : {}),
          ...(v.private ? { private: true } : {}),
        },
      })
    ).file,
  /** Moves files into a folder, one after the other (what moved stays moved when one fails). */
  moveFiles: async (
    http: HttpClient,
    v: { fileIds: readonly string[]; parentFolderId: string },
  ): Promise<FileDescriptor[]> => {
    const moved: FileDescriptor[] = [];
    for (const fileId of v.fileIds)
      moved.push(await adminMediaCalls.updateFile(http, { fileId, parentFolderId: v.parentFolderId }));
    return moved;
  },
  /** To the trash (restorable for 30 days), or for good with `permanent`. */
  deleteFiles: (http: HttpClient, v: { fileIds: readonly string[]; permanent?: boolean }): Promise<object> =>
    http.request<object>({
      method: 'POST',
      path: `${P}/bulk/files/delete`,
      body: { fileIds: [...v.fileIds], ...(v.permanent ? { permanent: true } : {}) },
    }),
  /** Back from the trash, into their folder (or the media root when it is gone). */
  restoreFiles: (http: HttpClient, fileIds: readonly string[]): Promise<object> =>
    http.request<object>({
      method: 'POST',
      path: `${P}/bulk/trash-bin/files/restore`,
      body: { fileIds: [...fileIds] },
    }),
  /** A signed, expiring link to the original bytes (private files are served only so). */
  downloadUrl: async (
    http: HttpClient,
    v: { fileId: string; downloadFileName?: string; expirationInMinutes?: number; inline?: boolean },
  ): Promise<string> => (await adminMediaCalls.assetLinks(http, { ...v, assetKeys: ['src'] })).src!,
  /**
   * Signed, expiring links to some of a file's assets (`src` the original, and a video's `poster`,
   * `hls`), by asset key: how a private file is shown to the merchant (served only so). Without
   * `expirationInMinutes`, the server's default life (60 minutes).
   */
  assetLinks: async (
    http: HttpClient,
    v: {
      fileId: string;
      assetKeys: readonly string[];
      expirationInMinutes?: number;
      inline?: boolean;
      downloadFileName?: string;
    },
  ): Promise<Record<string, string>> => {
    const r = await http.request<{ downloadUrls: { url: string; assetKey: string }[] }>({
      method: 'POST',
      path: `${P}/files/generate-file-download-url`,
      body: {
        fileId: v.fileId,
        ...(v.downloadFileName ? { downloadFileName: v.downloadFileName } : {}),
        ...(v.expirationInMinutes ? { expirationInMinutes: v.expirationInMinutes } : {}),
        assetKeys: [...v.assetKeys],
        contentDisposition: v.inline ? 'INLINE' : 'ATTACHMENT',
      },
    });
    return Object.fromEntries(r.downloadUrls.map((d) => [d.assetKey, d.url]));
  },
  /** A video's HLS stream (its playlist), signed and expiring when the file is private. */
  streamUrl: async (http: HttpClient, v: { fileId: string; expirationInMinutes: number }): Promise<string> =>
    (
      await http.request<{ downloadUrl: { url: string } }>({
        method: 'POST',
        path: `${P}/files/generate-video-stream-url`,
        body: { fileId: v.fileId, format: 'HLS', expirationInMinutes: v.expirationInMinutes },
      })
    ).downloadUrl.url,
  /**
   * Uploads a file into the library: a single-use upload URL bound to its type, size and folder,
   * then the bytes PUT with XMLHttpRequest (`onProgress` follows them). Answers the library file
   * (usually `PENDING` while it is processed).
   */
  upload: async (
    http: HttpClient,
    file: UploadFile,
    o: UploadOptions & MediaUploadTarget = {},
  ): Promise<FileDescriptor> => {
    const body = grantBody(file, o);
    const { uploadUrl } = await http.request<{ uploadUrl: string }>({
      method: 'POST',
      path: `${P}/files/generate-upload-url`,
      body,
    });
    return putToUploadUrl(uploadUrl, file, body.mimeType, o);
  },
  /** A TUS endpoint and the token that goes in the upload's `uploadToken` metadata (resumable uploads). */
  resumableGrant: (
    http: HttpClient,
    file: UploadFile,
    t: MediaUploadTarget = {},
  ): Promise<{ uploadProtocol: 'TUS'; uploadUrl: string; uploadToken: string }> =>
    http.request({
      method: 'POST',
      path: `${P}/files/generate-resumable-upload-url`,
      body: { ...grantBody(file, t), uploadProtocol: 'TUS' },
    }),

  /** The folders of a folder (default the media root), by name. */
  folders: (
    http: HttpClient,
    s: { parentFolderId?: string; cursor?: string; limit?: number } = {},
  ): Promise<MediaFoldersPage> =>
    http.request<MediaFoldersPage>({
      method: 'GET',
      path: `${P}/folders`,
      query: {
        parentFolderId: s.parentFolderId ?? MEDIA_ROOT_ID,
        sort: SORTS.name,
        paging: paging({ ...s, limit: s.limit ?? 100 }),
      },
    }),
  trashFolders: (http: HttpClient, s: { cursor?: string; limit?: number } = {}): Promise<MediaFoldersPage> =>
    http.request<MediaFoldersPage>({
      method: 'GET',
      path: `${P}/trash-bin/folders`,
      query: { paging: paging(s) },
    }),
  folder: async (http: HttpClient, folderId: string): Promise<Folder> =>
    (
      await http.request<{ folder: Folder }>({
        method: 'GET',
        path: `${P}/folders/{folderId}`,
        pathParams: { folderId },
      })
    ).folder,
  /** A folder and its parents up to the media root (not included), outermost first. */
  folderPath: async (http: HttpClient, folderId: string): Promise<Folder[]> => {
    const path: Folder[] = [];
    for (let id = folderId; id && id !== MEDIA_ROOT_ID && path.length < 50;) {
      const f = await adminMediaCalls.folder(http, id);
      path.unshift(f);
      id = f.parentFolderId;
    }
    return path;
  },
  createFolder: async (
    http: HttpClient,
    v: { displayName: string; parentFolderId?: string },
  ): Promise<Folder> =>
    (
      await http.request<{ folder: Folder }>({
        method: 'POST',
        path: `${P}/folders`,
        body: { displayName: v.displayName, parentFolderId: v.parentFolderId ?? MEDIA_ROOT_ID },
      })
    ).folder,
  /** Renames or moves a folder. */
  updateFolder: async (
    http: HttpClient,
    v: { folderId: string; displayName?: string; parentFolderId?: string },
  ): Promise<Folder> =>
    (
      await http.request<{ folder: Folder }>({
        method: 'PATCH',
        path: `${P}/folders/{folderId}`,
        pathParams: { folderId: v.folderId },
        body: {
          folder: {
            ...(v.displayName !== undefined ? { displayName: v.displayName } : {}),
            ...(v.parentFolderId !== undefined ? { parentFolderId: v.parentFolderId } : {}),
          },
        },
      })
    ).folder,
  /** Deletes folders with their subfolders; their files go to the trash. */
  deleteFolders: (http: HttpClient, folderIds: readonly string[]): Promise<object> =>
    http.request<object>({
      method: 'POST',
      path: `${P}/bulk/folders/delete`,
      body: { folderIds: [...folderIds] },
    }),
  restoreFolders: (http: HttpClient, folderIds: readonly string[]): Promise<object> =>
    http.request<object>({
      method: 'POST',
      path: `${P}/bulk/trash-bin/folders/restore`,
      body: { folderIds: [...folderIds] },
    }),
};
