import {
  bulkDeleteFilesRequest,
  bulkDeleteFoldersRequest,
  bulkImportFileRequest,
  bulkImportFilesRequest,
  createFolderRequest,
  fileIdsRequest,
  fileDownloadUrlsResponse,
  fileResponse,
  filesDownloadUrlResponse,
  folderResponse,
  foldersPageResponse,
  bulkImportFileResponse,
  queryFilesResponse,
  resumableUploadUrlResponse,
  uploadUrlResponse,
  videoStreamUrlResponse,
  filesPageResponse,
  filesResponse,
  folderIdsRequest,
  folderDownloadUrlResponse,
  generateFolderDownloadUrlRequest,
  queryFoldersRequest,
  queryFoldersResponse,
  searchFoldersRequest,
  generateFileDownloadUrlRequest,
  generateResumableUploadUrlRequest,
  generateUploadUrlRequest,
  generateVideoStreamUrlRequest,
  getFileByIdQuery,
  importFileRequest,
  listFilesQuery,
  listFoldersQuery,
  queryFilesRequest,
  searchFilesRequest,
  updateFileDescriptorRequest,
  updateFolderRequest,
  emptyResponse,
} from '@vitrine/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.ts';
import {
  bulkDeleteFiles,
  bulkRestoreFiles,
  getFileDescriptor,
  getFileDescriptors,
  listFiles,
  queryFiles,
  searchFiles,
  updateFileDescriptor,
} from './files.ts';
import {
  bulkDeleteFolders,
  bulkRestoreFolders,
  createFolder,
  getFolder,
  listFolders,
  queryFolders,
  searchFolders,
  updateFolderEntity,
} from './folders.ts';
import { bulkImport, bulkImportV2, importFile } from './import.ts';
import {
  generateFileDownloadUrl,
  generateFilesDownloadUrl,
  generateFolderDownloadUrl,
  generateVideoStreamUrl,
} from './links.ts';
import { resumableGrant } from './tus.ts';
import { generateUploadUrl } from './upload.ts';

const P = '/site-media/v1';
const F = `${P}/files`;
const admin = ['admin'] as const;
const uploaders = ['admin', 'member'] as const;
const tags = ['media'] as const;

export function mediaFileRoutes(r: Router) {
  r.route({
    method: 'GET',
    url: F,
    roles: admin,
    summary: 'List the files of a folder (cursor paging)',
    tags,
    query: listFilesQuery,
    response: filesPageResponse,
    handler: (ctx, { query }) => listFiles(ctx, query),
  });
  r.route({
    method: 'POST',
    url: `${F}/search`,
    roles: admin,
    summary: 'Search files by display name and labels (word prefixes)',
    tags,
    body: searchFilesRequest,
    response: filesPageResponse,
    handler: (ctx, { body }) => searchFiles(ctx, body),
  });
  r.route({
    method: 'GET',
    url: `${P}/trash-bin/files`,
    roles: admin,
    summary: 'List the files in the trash',
    tags,
    query: listFilesQuery,
    response: filesPageResponse,
    handler: (ctx, { query }) => listFiles(ctx, query, true),
  });
  r.route({
    method: 'POST',
    url: `${F}/query`,
    roles: admin,
    summary: 'Query file descriptors (the platform query object)',
    tags,
    body: queryFilesRequest,
    response: queryFilesResponse,
    handler: (ctx, { body }) => queryFiles(ctx, body.query),
  });
  r.route({
    method: 'GET',
    url: `${F}/get-file-by-id`,
    roles: uploaders,
    summary: "A file descriptor (members: their own uploads' only)",
    tags,
    query: getFileByIdQuery,
    response: fileResponse,
    handler: async (ctx, { query }) => ({ file: await getFileDescriptor(ctx, query.fileId) }),
  });
  r.route({
    method: 'POST',
    url: `${F}/get-files`,
    roles: uploaders,
    summary: 'Several file descriptors, in the order asked',
    tags,
    body: fileIdsRequest,
    response: filesResponse,
    handler: async (ctx, { body }) => ({ files: await getFileDescriptors(ctx, body.fileIds) }),
  });
  r.route({
    method: 'PATCH',
    url: `${F}/update-file-descriptor`,
    roles: admin,
    summary: 'Rename, relabel, move or change the privacy of a file (field mask)',
    tags,
    body: updateFileDescriptorRequest,
    response: fileResponse,
    handler: async (ctx, { body }) => ({ file: await updateFileDescriptor(ctx, body) }),
  });
  r.route({
    method: 'POST',
    url: `${F}/generate-upload-url`,
    roles: uploaders,
    summary: 'A signed, single-use, expiring upload URL bound to MIME type, size and folder',
    tags,
    body: generateUploadUrlRequest,
    response: uploadUrlResponse,
    handler: async (ctx, { body }) => ({ uploadUrl: (await generateUploadUrl(ctx, body)).uploadUrl }),
  });
  r.route({
    method: 'POST',
    url: `${F}/generate-resumable-upload-url`,
    roles: uploaders,
    summary: 'A TUS endpoint and upload token for a resumable upload',
    tags,
    body: generateResumableUploadUrlRequest,
    response: resumableUploadUrlResponse,
    handler: (ctx, { body }) => resumableGrant(ctx, body),
  });
  r.route({
    method: 'POST',
    url: `${F}/import`,
    roles: admin,
    summary: 'Import a file from a URL (fetched by a job, behind the SSRF guard)',
    tags,
    body: importFileRequest,
    response: fileResponse,
    handler: async (ctx, { body }) => ({ file: await importFile(ctx, body) }),
  });
  r.route({
    method: 'POST',
    url: `${P}/bulk/files/import`,
    roles: admin,
    summary: 'Import several files from URLs',
    tags,
    body: bulkImportFilesRequest,
    response: filesResponse,
    handler: async (ctx, { body }) => ({ files: await bulkImport(ctx, body.importFileRequests) }),
  });
  r.route({
    method: 'POST',
    url: `${P}/bulk/files/import-v2`,
    roles: admin,
    summary: 'Import several files from URLs, with per-item results',
    tags,
    body: bulkImportFileRequest,
    response: bulkImportFileResponse,
    handler: (ctx, { body }) => bulkImportV2(ctx, body.importFileRequests, body.returnEntity ?? false),
  });
  r.route({
    method: 'POST',
    url: `${P}/bulk/files/delete`,
    roles: admin,
    summary: 'Move files to the trash, or delete them for good (bytes too)',
    tags,
    body: bulkDeleteFilesRequest,
    response: emptyResponse,
    handler: async (ctx, { body }) => {
      await bulkDeleteFiles(ctx, body.fileIds, body.permanent ?? false);
      return {};
    },
  });
  r.route({
    method: 'POST',
    url: `${P}/bulk/trash-bin/files/restore`,
    roles: admin,
    summary: 'Restore files from the trash',
    tags,
    body: fileIdsRequest,
    response: emptyResponse,
    handler: async (ctx, { body }) => {
      await bulkRestoreFiles(ctx, body.fileIds);
      return {};
    },
  });
  r.route({
    method: 'POST',
    url: `${F}/generate-file-download-url`,
    roles: admin,
    summary: "Signed, expiring links to a file's assets",
    tags,
    body: generateFileDownloadUrlRequest,
    response: fileDownloadUrlsResponse,
    handler: (ctx, { body }) => generateFileDownloadUrl(ctx, body),
  });
  r.route({
    method: 'POST',
    url: `${F}/generate-download-url`,
    roles: admin,
    summary: 'A signed, expiring link to several files as one zip',
    tags,
    body: fileIdsRequest,
    response: filesDownloadUrlResponse,
    handler: (ctx, { body }) => generateFilesDownloadUrl(ctx, body.fileIds),
  });
  r.route({
    method: 'POST',
    url: `${F}/generate-video-stream-url`,
    roles: admin,
    summary: "A video's HLS stream URL (signed when the file is private)",
    tags,
    body: generateVideoStreamUrlRequest,
    response: videoStreamUrlResponse,
    handler: (ctx, { body }) => generateVideoStreamUrl(ctx, body),
  });
}

const byFolder = z.object({ folderId: z.string().min(1).max(100) });

export function mediaFolderRoutes(r: Router) {
  const D = `${P}/folders`;
  r.route({
    method: 'POST',
    url: D,
    roles: admin,
    summary: 'Create a folder',
    tags,
    body: createFolderRequest,
    response: folderResponse,
    handler: async (ctx, { body }) => ({ folder: await createFolder(ctx, body) }),
  });
  r.route({
    method: 'GET',
    url: D,
    roles: admin,
    summary: 'List the folders of a folder',
    tags,
    query: listFoldersQuery,
    response: foldersPageResponse,
    handler: (ctx, { query }) => listFolders(ctx, query),
  });
  r.route({
    method: 'POST',
    url: `${D}/search`,
    roles: admin,
    summary: 'Search folders by display name (word prefixes), live or in the trash',
    tags,
    body: searchFoldersRequest,
    response: foldersPageResponse,
    handler: (ctx, { body }) => searchFolders(ctx, body),
  });
  r.route({
    method: 'POST',
    url: `${D}/query`,
    roles: admin,
    summary: 'Query folders (the platform query object; live folders unless the filter names state)',
    tags,
    body: queryFoldersRequest,
    response: queryFoldersResponse,
    handler: (ctx, { body }) => queryFolders(ctx, body.query),
  });
  r.route({
    method: 'POST',
    url: `${D}/:folderId/generate-download-url`,
    roles: admin,
    summary: "A signed, expiring link to a zip of a folder's live files, subfolders as directories",
    tags,
    params: byFolder,
    body: generateFolderDownloadUrlRequest,
    response: folderDownloadUrlResponse,
    handler: (ctx, { params }) => generateFolderDownloadUrl(ctx, params.folderId),
  });
  r.route({
    method: 'GET',
    url: `${P}/trash-bin/folders`,
    roles: admin,
    summary: 'List the folders in the trash',
    tags,
    query: listFoldersQuery,
    response: foldersPageResponse,
    handler: (ctx, { query }) => listFolders(ctx, query, true),
  });
  r.route({
    method: 'GET',
    url: `${D}/:folderId`,
    roles: admin,
    summary: 'A folder',
    tags,
    params: byFolder,
    response: folderResponse,
    handler: async (ctx, { params }) => ({ folder: await getFolder(ctx, params.folderId) }),
  });
  r.route({
    method: 'PATCH',
    url: `${D}/:folderId`,
    roles: admin,
    summary: 'Rename or move a folder',
    tags,
    params: byFolder,
    body: updateFolderRequest,
    response: folderResponse,
    handler: async (ctx, { params, body }) => ({
      folder: await updateFolderEntity(ctx, params.folderId, body.folder),
    }),
  });
  r.route({
    method: 'POST',
    url: `${P}/bulk/folders/delete`,
    roles: admin,
    summary: 'Delete folders with their content (to the trash, or for good)',
    tags,
    body: bulkDeleteFoldersRequest,
    response: emptyResponse,
    handler: async (ctx, { body }) => {
      await bulkDeleteFolders(ctx, body.folderIds, body.permanent ?? false);
      return {};
    },
  });
  r.route({
    method: 'POST',
    url: `${P}/bulk/trash-bin/folders/restore`,
    roles: admin,
    summary: 'Restore folders from the trash',
    tags,
    body: folderIdsRequest,
    response: emptyResponse,
    handler: async (ctx, { body }) => {
      await bulkRestoreFolders(ctx, body.folderIds);
      return {};
    },
  });
}
