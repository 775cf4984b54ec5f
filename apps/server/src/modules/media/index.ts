/**
 * The media library's face: the module app.ts registers, and what other modules may call
 * (reviews: a member's photo upload grant and descriptors by id; catalog: its pictures as library files).
 */
import type { ServerModule } from '../../platform/module.ts';
import { purgeGrantsJob, purgeJob } from './jobs.ts';
import { importJob } from './import.ts';
import { processJob } from './process.ts';
import { mediaRawRoutes } from './raw-routes.ts';
import { mediaFileRoutes, mediaFolderRoutes } from './routes.ts';
import { tusRoutes } from './tus.ts';

export const mediaModule: ServerModule = {
  name: 'media',
  routes({ router, http, config }) {
    mediaFileRoutes(router);
    mediaFolderRoutes(router);
    mediaRawRoutes(http, router);
    tusRoutes(http, router, config.DATA_DIR);
  },
  jobs: [processJob, importJob, purgeJob, purgeGrantsJob] as never[],
};

/** Descriptors as the caller may see them (admins: all; members: their uploads), and for server-side use. */
export { descriptorsById, getFileDescriptor, getFileDescriptors } from './files.ts';
/** Upload grants (a member's goes to the visitor uploads, within the daily quota), and a member's upload in one call. */
export { generateUploadUrl, uploadMemberFile, type UploadGrant } from './upload.ts';
export type { MediaTables } from './store.ts';
/** Importing a URL into the library (PENDING; a job fetches it behind the SSRF guard, then `file_ready` / `file_failed`). */
export { importFile } from './import.ts';
/** Server-made bytes into the library (READY on return), and the library file id a URL or `wix:image` string names. */
export { addServerFile, libraryFileId } from './server-files.ts';
export { addServerPictures, type ServerPicture } from './server-pictures.ts';
/** The path a library file is served at (`/media/<id>`), for answers that build URLs of stored file ids. */
export { mediaPath } from './wire.ts';
