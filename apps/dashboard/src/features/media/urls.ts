/**
 * The media library's typed URLs. The folder, search words, types, sort, view (grid or list) and
 * page are the library's query string, and so are its open dialogs: `?file=<id>` (a file's
 * details) and `?dialog=…` (folders: new, rename, move, delete; moving the chosen files; importing
 * a file from a web address).
 *
 *   mediaUrls.library.href({ folder: id, view: 'list' })   →  /media?folder=<id>&view=list
 *   mediaUrls.library.href({ file: fileId })              →  /media?file=<fileId>
 */
import { MEDIA_SORTS } from '@vitrine/sdk';
import { param, route } from '../../app/url.ts';

export const FILTER_TYPES = ['IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT', 'VECTOR', 'ARCHIVE', 'OTHER'] as const;
export const MEDIA_VIEWS = ['grid', 'list'] as const;
export const LIBRARY_DIALOGS = [
  'new-folder',
  'rename-folder',
  'move-folder',
  'delete-folder',
  'move-files',
  'import',
] as const;
export type LibraryDialog = (typeof LIBRARY_DIALOGS)[number];

export const mediaUrls = {
  library: route('/media', {
    /** The folder shown (the media root without it). */
    folder: param.token(),
    /** Words of file names and labels: searches every folder. */
    q: param.text(),
    type: param.manyOf(FILTER_TYPES),
    sort: param.oneOf(MEDIA_SORTS),
    view: param.oneOf(MEDIA_VIEWS),
    cursor: param.token(),
    /** The file whose details are open. */
    file: param.token(),
    dialog: param.oneOf(LIBRARY_DIALOGS),
  }),
  trash: route('/media/trash', { cursor: param.token(), dialog: param.oneOf(['purge'] as const) }),
};
