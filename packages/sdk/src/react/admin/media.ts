/**
 * The media library as TanStack Query options over `adminMediaCalls` (../../admin/media.ts). Keys
 * live under `['media', …]`: a page of files `['media', 'files', {…}]`, the trash `['media',
 * 'trash', …]`, one file `['media', 'file', id]`, several `['media', 'files-by-id', ids]`, folders
 * `['media', 'folders', parentId, cursor]`, one folder `['media', 'folder', id]` and its parents
 * `['media', 'folder-path', id]`, signed links `['media', 'links', id, …]`. Every change refreshes the
 * library (but its signed links). Uploads (several at once,
 * each with its progress) call `adminMediaCalls.upload` directly, then invalidate `mediaQueries.all()`.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { FileDescriptor, Folder } from '@vitrine/contract';
import { adminMediaCalls, MEDIA_ROOT_ID, type MediaFileSearch } from '../../admin/media.ts';
import type { HttpClient } from '../../http.ts';

const fileKey = (id: string) => ['media', 'file', id] as const;

/** Links living `minutes` are read again after three quarters of it (on a timer, and on focus). */
const renewing = (minutes: number) => ({
  staleTime: minutes * 45_000,
  refetchInterval: minutes * 45_000,
  retry: 1,
});

export const mediaQueries = {
  all: () => ['media'] as const,
  /** A folder's files, or a search's (the key holds every criterion, absent ones as null). */
  files: (http: HttpClient, s: MediaFileSearch) =>
    queryOptions({
      queryKey: [
        'media',
        'files',
        {
          folderId: s.text?.trim() || s.allFolders ? null : (s.folderId ?? MEDIA_ROOT_ID),
          text: s.text?.trim() || null,
          allFolders: s.allFolders ?? false,
          mediaTypes: s.mediaTypes ?? [],
          private: s.private ?? null,
          sort: s.sort ?? 'newest',
          cursor: s.cursor ?? null,
          limit: s.limit ?? 50,
        },
      ] as const,
      queryFn: () => adminMediaCalls.files(http, s),
    }),
  trash: (http: HttpClient, s: { cursor?: string; limit?: number } = {}) =>
    queryOptions({
      queryKey: ['media', 'trash', 'files', s.cursor ?? null] as const,
      queryFn: () => adminMediaCalls.trash(http, s),
    }),
  trashFolders: (http: HttpClient) =>
    queryOptions({
      queryKey: ['media', 'trash', 'folders'] as const,
      queryFn: () => adminMediaCalls.trashFolders(http),
    }),
  file: (http: HttpClient, fileId: string) =>
    queryOptions({ queryKey: fileKey(fileId), queryFn: () => adminMediaCalls.file(http, fileId) }),
  /** Several files by id (e.g. fresh uploads, polled while `PENDING`). */
  filesById: (http: HttpClient, fileIds: readonly string[]) =>
    queryOptions({
      queryKey: ['media', 'files-by-id', [...fileIds]] as const,
      queryFn: () => adminMediaCalls.filesById(http, fileIds),
    }),
  folders: (http: HttpClient, parentFolderId: string = MEDIA_ROOT_ID, cursor?: string) =>
    queryOptions({
      queryKey: ['media', 'folders', parentFolderId, cursor ?? null] as const,
      queryFn: () => adminMediaCalls.folders(http, { parentFolderId, ...(cursor ? { cursor } : {}) }),
    }),
  /** A folder and its parents (for a breadcrumb): `['media', 'folder-path', id]`. */
  folderPath: (http: HttpClient, folderId: string) =>
    queryOptions({
      queryKey: ['media', 'folder-path', folderId] as const,
      queryFn: () => adminMediaCalls.folderPath(http, folderId),
    }),
  /**
   * Signed links to a file's assets (`adminMediaCalls.assetLinks`), `['media', 'links', id, …]`:
   * read again (renewed) when three quarters of their life has passed, and left out of the
   * library's refreshes after a change (new links would reload what shows them).
   */
  assetLinks: (
    http: HttpClient,
    v: Parameters<typeof adminMediaCalls.assetLinks>[1] & { expirationInMinutes: number },
  ) =>
    queryOptions({
      queryKey: [
        'media',
        'links',
        v.fileId,
        { assets: [...v.assetKeys], inline: v.inline ?? false, name: v.downloadFileName ?? null },
        v.expirationInMinutes,
      ] as const,
      queryFn: () => adminMediaCalls.assetLinks(http, v),
      ...renewing(v.expirationInMinutes),
    }),
  /** A video's HLS stream link (signed when private), renewed as `assetLinks`. */
  streamUrl: (http: HttpClient, v: Parameters<typeof adminMediaCalls.streamUrl>[1]) =>
    queryOptions({
      queryKey: ['media', 'links', v.fileId, 'stream', v.expirationInMinutes] as const,
      queryFn: () => adminMediaCalls.streamUrl(http, v),
      ...renewing(v.expirationInMinutes),
    }),
  folder: (http: HttpClient, folderId: string) =>
    queryOptions({
      queryKey: ['media', 'folder', folderId] as const,
      queryFn: () => adminMediaCalls.folder(http, folderId),
    }),
};

const refresh = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: ['media'], predicate: (q) => q.queryKey[1] !== 'links' });
const keepFile = (client: QueryClient, f: FileDescriptor) => client.setQueryData(fileKey(f.id), f);
const keepFolder = (client: QueryClient, f: Folder) => client.setQueryData(['media', 'folder', f.id], f);

export const mediaMutations = {
  updateFile: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['media', 'update-file'] as const,
      mutationFn: (v: Parameters<typeof adminMediaCalls.updateFile>[1]) =>
        adminMediaCalls.updateFile(http, v),
      onSuccess: async (f, _v, _r, context) => {
        keepFile(context.client, f);
        await refresh(context.client);
      },
    }),
  moveFiles: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['media', 'move-files'] as const,
      mutationFn: (v: Parameters<typeof adminMediaCalls.moveFiles>[1]) => adminMediaCalls.moveFiles(http, v),
      onSettled: (_d, _e, _v, _r, context) => refresh(context.client),
    }),
  deleteFiles: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['media', 'delete-files'] as const,
      mutationFn: (v: Parameters<typeof adminMediaCalls.deleteFiles>[1]) =>
        adminMediaCalls.deleteFiles(http, v),
      onSettled: (_d, _e, _v, _r, context) => refresh(context.client),
    }),
  restoreFiles: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['media', 'restore-files'] as const,
      mutationFn: (fileIds: readonly string[]) => adminMediaCalls.restoreFiles(http, fileIds),
      onSettled: (_d, _e, _v, _r, context) => refresh(context.client),
    }),
  /** Imports a file from a web address: answered `PENDING` (poll it with `filesById` until `READY` or `FAILED`). */
  importFile: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['media', 'import-file'] as const,
      mutationFn: (v: Parameters<typeof adminMediaCalls.importFile>[1]) =>
        adminMediaCalls.importFile(http, v),
      onSuccess: async (f, _v, _r, context) => {
        keepFile(context.client, f);
        await refresh(context.client);
      },
    }),
  /** A signed, expiring link to a file's original bytes (changes nothing). */
  downloadUrl: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['media', 'download-url'] as const,
      mutationFn: (v: Parameters<typeof adminMediaCalls.downloadUrl>[1]) =>
        adminMediaCalls.downloadUrl(http, v),
    }),
  createFolder: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['media', 'create-folder'] as const,
      mutationFn: (v: Parameters<typeof adminMediaCalls.createFolder>[1]) =>
        adminMediaCalls.createFolder(http, v),
      onSuccess: async (f, _v, _r, context) => {
        keepFolder(context.client, f);
        await refresh(context.client);
      },
    }),
  updateFolder: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['media', 'update-folder'] as const,
      mutationFn: (v: Parameters<typeof adminMediaCalls.updateFolder>[1]) =>
        adminMediaCalls.updateFolder(http, v),
      onSuccess: async (f, _v, _r, context) => {
        keepFolder(context.client, f);
        await refresh(context.client);
      },
    }),
  deleteFolders: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['media', 'delete-folders'] as const,
      mutationFn: (folderIds: readonly string[]) => adminMediaCalls.deleteFolders(http, folderIds),
      onSettled: (_d, _e, _v, _r, context) => refresh(context.client),
    }),
  restoreFolders: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['media', 'restore-folders'] as const,
      mutationFn: (folderIds: readonly string[]) => adminMediaCalls.restoreFolders(http, folderIds),
      onSettled: (_d, _e, _v, _r, context) => refresh(context.client),
    }),
};
