import { z } from 'zod';
import { cursorPagingMetadata, cursorQuery, MAX_PAGE_SIZE } from './query.ts';
import { int64, qs } from './scalars.ts';

/** Media library (`@wix/media` files and folders, contract media.md). Prefix `/site-media/v1`. */
export const mediaTypes = [
  'UNKNOWN',
  'IMAGE',
  'VIDEO',
  'AUDIO',
  'DOCUMENT',
  'VECTOR',
  'ARCHIVE',
  'MODEL3D',
  'OTHER',
] as const;
export const mediaType = z.enum(mediaTypes);
export type MediaType = z.infer<typeof mediaType>;
export const operationStatus = z.enum(['FAILED', 'READY', 'PENDING']);
export type OperationStatus = z.infer<typeof operationStatus>;
export const rootFolder = z.enum(['MEDIA_ROOT', 'TRASH_ROOT', 'VISITOR_UPLOADS_ROOT']);
export type RootFolder = z.infer<typeof rootFolder>;

/** The well-known folder ids of the three roots. */
export const MEDIA_ROOT = 'media-root';
export const TRASH_ROOT = 'trash-root';
export const VISITOR_UPLOADS_ROOT = 'visitor-uploads-root';

/** `<6 hex>_<26 hex>~mv2.<ext>`: the platform's file-id form (the SDK image helpers parse it). */
export const FILE_ID = /^[0-9a-f]{6}_[0-9a-f]{26}~mv2\.[a-z0-9]{1,8}$/;
const fileId = z.string().min(1).max(200);
const folderId = z.string().min(1).max(100);
const label = z.string().min(1).max(100);
/** Trimmed: a name of spaces alone is empty, and refused in words (MIN_LENGTH, as any empty name). */
const displayName = z.string().trim().min(1, 'cannot be empty or only spaces').max(200);
const mimeTypeString = z
  .string()
  .max(127)
  .regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i, 'must be a MIME type');

export const externalInfo = z.strictObject({
  origin: z.string().max(200).nullish(),
  externalIds: z.array(z.string().max(200)).max(50).nullish(),
});
const filePath = z.string().max(500).nullish();

export const generateUploadUrlRequest = z.strictObject({
  mimeType: mimeTypeString,
  fileName: z.string().trim().min(1).max(200).nullish(),
  sizeInBytes: int64.nullish(),
  parentFolderId: folderId.nullish(),
  private: z.boolean().nullish(),
  labels: z.array(label).max(50).nullish(),
  externalInfo: externalInfo.nullish(),
  filePath,
});
export type GenerateUploadUrlRequest = z.infer<typeof generateUploadUrlRequest>;
export const generateResumableUploadUrlRequest = generateUploadUrlRequest.extend({
  uploadProtocol: z.enum(['TUS']).nullish(),
});

const stringMap = z.record(z.string().max(200), z.string().max(2000));
export const importFileRequest = z.strictObject({
  url: z.string().min(1).max(4000),
  mediaType: mediaType.nullish(),
  displayName: displayName.nullish(),
  parentFolderId: folderId.nullish(),
  private: z.boolean().nullish(),
  labels: z.array(label).max(50).nullish(),
  mimeType: mimeTypeString.nullish(),
  externalInfo: externalInfo.nullish(),
  urlParams: stringMap.nullish(),
  urlHeaders: stringMap.nullish(),
  filePath,
});
export type ImportFileRequest = z.infer<typeof importFileRequest>;
export const bulkImportFilesRequest = z.strictObject({
  importFileRequests: z.array(importFileRequest).min(1).max(100),
});
export const bulkImportFileRequest = bulkImportFilesRequest.extend({ returnEntity: z.boolean().nullish() });

const fileIds = z.array(fileId).min(1).max(100);
export const fileIdsRequest = z.strictObject({ fileIds });
export const bulkDeleteFilesRequest = z.strictObject({ fileIds, permanent: z.boolean().nullish() });
export const getFileByIdQuery = z.strictObject({ fileId });

/** Read-only descriptor fields: a client may send back a whole descriptor it read; these are ignored. */
const readOnlyFileFields = Object.fromEntries(
  [
    'url',
    'hash',
    'sizeInBytes',
    'mediaType',
    'media',
    'operationStatus',
    'sourceUrl',
    'thumbnailUrl',
    'createdDate',
    'updatedDate',
    'lastUsedDate',
    'siteId',
    'state',
    'namespace',
    'externalInfo',
  ].map((k) => [k, z.unknown().optional()]),
);
export const updateFileDescriptorRequest = z.strictObject({
  file: z.strictObject({
    id: fileId,
    displayName: displayName.nullish(),
    parentFolderId: folderId.nullish(),
    labels: z.array(label).max(50).nullish(),
    private: z.boolean().nullish(),
    ...readOnlyFileFields,
  }),
  fieldMask: z.strictObject({ paths: z.array(z.string()) }).nullish(),
});

const sortSpec = z.strictObject({
  fieldName: z.enum(['displayName', 'createdDate', 'updatedDate', 'sizeInBytes']),
  order: z.enum(['ASC', 'DESC']).default('ASC'),
  origin: z.string().nullish(),
});
const mediaPaging = z.strictObject({
  limit: qs.int(0, MAX_PAGE_SIZE).optional(),
  cursor: z.string().max(4096).nullish(),
});
export const listFilesQuery = z.strictObject({
  parentFolderId: folderId.optional(),
  mediaTypes: qs.array(mediaType).optional(),
  private: qs.bool().optional(),
  sort: sortSpec.optional(),
  paging: mediaPaging.optional(),
});
export type ListFilesQuery = z.infer<typeof listFilesQuery>;
export const searchFilesRequest = z.strictObject({
  search: z.string().max(200).nullish(),
  rootFolder: rootFolder.nullish(),
  mediaTypes: z.array(mediaType).max(9).nullish(),
  private: z.boolean().nullish(),
  sort: sortSpec.nullish(),
  paging: mediaPaging.nullish(),
});
export type SearchFilesRequest = z.infer<typeof searchFilesRequest>;
export const queryFilesRequest = z.strictObject({ query: cursorQuery.nullish() });

export const generateFileDownloadUrlRequest = z.strictObject({
  fileId,
  downloadFileName: z.string().trim().min(1).max(200).nullish(),
  expirationInMinutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .nullish(),
  expirationRedirectUrl: z.url({ protocol: /^https?$/ }).nullish(),
  assetKeys: z.array(z.string().max(50)).max(10).nullish(),
  contentDisposition: z.enum(['ATTACHMENT', 'INLINE']).nullish(),
});
export const generateVideoStreamUrlRequest = z.strictObject({
  fileId,
  format: z.enum(['UNKNOWN', 'HLS', 'DASH']).nullish(),
  expirationInMinutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .nullish(),
});

export const createFolderRequest = z.strictObject({
  displayName,
  parentFolderId: folderId.nullish(),
  externalInfo: externalInfo.nullish(),
});
export const updateFolderRequest = z.strictObject({
  folder: z.strictObject({
    id: folderId.optional(),
    displayName: displayName.nullish(),
    parentFolderId: folderId.nullish(),
  }),
});
export const listFoldersQuery = z.strictObject({
  parentFolderId: folderId.optional(),
  sort: sortSpec.optional(),
  paging: mediaPaging.optional(),
});
export const bulkDeleteFoldersRequest = z.strictObject({
  folderIds: z.array(folderId).min(1).max(100),
  permanent: z.boolean().nullish(),
});
export const folderIdsRequest = z.strictObject({ folderIds: z.array(folderId).min(1).max(100) });
/** Folders whose display name has words starting with the search's words (as files' search), in a root. */
export const searchFoldersRequest = z.strictObject({
  search: z.string().max(200).nullish(),
  rootFolder: rootFolder.nullish(),
  sort: sortSpec.nullish(),
  paging: mediaPaging.nullish(),
});
export type SearchFoldersRequest = z.infer<typeof searchFoldersRequest>;
export const queryFoldersRequest = z.strictObject({ query: cursorQuery.nullish() });
/** The SDK repeats the path's `folderId` in the body; the path's is the one used. */
export const generateFolderDownloadUrlRequest = z.strictObject({ folderId: folderId.nullish() });

/** The file descriptor as answered (contract media.md §3); `media` depends on the type. */
export const fileDescriptor = z.object({
  id: z.string(),
  displayName: z.string(),
  url: z.string(),
  parentFolderId: z.string(),
  hash: z.string(),
  sizeInBytes: z.string(),
  private: z.boolean(),
  mediaType,
  media: z.record(z.string(), z.unknown()),
  operationStatus,
  sourceUrl: z.string().optional(),
  thumbnailUrl: z.string().optional(),
  labels: z.array(z.string()),
  createdDate: z.string(),
  updatedDate: z.string(),
  siteId: z.string(),
  state: z.enum(['OK', 'DELETED']),
  externalInfo: externalInfo.optional(),
  /** Vitrine's own: why a `FAILED` file failed ("import refused (ADDRESS_REFUSED): …"). */
  failureReason: z.string().optional(),
});
export type FileDescriptor = z.infer<typeof fileDescriptor>;
export const fileResponse = z.object({ file: fileDescriptor });
export const filesResponse = z.object({ files: z.array(fileDescriptor) });
export const filesPageResponse = z.object({
  files: z.array(fileDescriptor),
  nextCursor: z.object({ total: z.number().optional(), cursors: z.object({ next: z.string().nullish() }) }),
});
export const folder = z.object({
  id: z.string(),
  displayName: z.string(),
  parentFolderId: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  state: z.enum(['OK', 'DELETED']),
});
export type Folder = z.infer<typeof folder>;

export const folderResponse = z.object({ folder });
export const foldersPageResponse = z.object({
  folders: z.array(folder),
  nextCursor: z.object({ total: z.number().optional(), cursors: z.object({ next: z.string().nullish() }) }),
});
export const queryFoldersResponse = z.object({
  folders: z.array(folder),
  pagingMetadata: cursorPagingMetadata,
});
export const queryFilesResponse = z.object({
  files: z.array(fileDescriptor),
  pagingMetadata: cursorPagingMetadata,
});
export const uploadUrlResponse = z.object({ uploadUrl: z.string() });
export const resumableUploadUrlResponse = z.object({
  uploadProtocol: z.literal('TUS'),
  uploadUrl: z.string(),
  uploadToken: z.string(),
});
export const bulkImportFileResponse = z.object({
  results: z.array(
    z.object({
      itemMetadata: z.object({
        id: z.string().optional(),
        originalIndex: z.number(),
        success: z.boolean(),
        error: z.object({ code: z.string(), description: z.string() }).optional(),
      }),
      item: fileDescriptor.optional(),
    }),
  ),
  bulkActionMetadata: z.object({
    totalSuccesses: z.number(),
    totalFailures: z.number(),
    undetailedFailures: z.number(),
  }),
});
export const fileDownloadUrlsResponse = z.object({
  downloadUrls: z.array(z.object({ url: z.string(), assetKey: z.string() })),
});
export const filesDownloadUrlResponse = z.object({ downloadUrl: z.string() });
export const folderDownloadUrlResponse = filesDownloadUrlResponse;
export const videoStreamUrlResponse = z.object({
  downloadUrl: z.object({ url: z.string(), assetKey: z.string() }),
});
