/**
 * Where the library is: the folder's path (a breadcrumb from "Library"), what can be done to the
 * folder (new subfolder; rename, move, delete when it is not the root), and its subfolders as
 * links.
 */
import { useQuery } from '@tanstack/react-query';
import type { Folder } from '@vitrine/sdk';
import { mediaQueries } from '@vitrine/sdk/react';
import { Alert, buttonClass, linkClass } from '@vitrine/ui';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { OPENED_HERE } from '../../../app/url-dialog.ts';
import { mediaUrls, type LibraryDialog } from '../urls.ts';
import type { LibrarySearch } from './toolbar.tsx';

/** The current folder's path, outermost first (empty at the root). */
export function useFolderPath(folderId: string | undefined) {
  const http = useHttp();
  return useQuery({ ...mediaQueries.folderPath(http, folderId ?? ''), enabled: !!folderId });
}

export function FolderBar({ search, path }: { search: LibrarySearch; path: Folder[] }) {
  const here = { view: search.view, sort: search.sort };
  const current = path[path.length - 1];
  const action = (d: LibraryDialog, label: string, variant: 'secondary' | 'danger' = 'secondary') => (
    <Link
      to={mediaUrls.library.href({ ...search, dialog: d, file: undefined })}
      state={OPENED_HERE}
      preventScrollReset
      className={buttonClass(variant, 'sm')}
    >
      {label}
    </Link>
  );
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <nav aria-label="Folder" className="min-w-0 text-sm">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            {current ? (
              <Link to={mediaUrls.library.href(here)} className={linkClass}>
                Library
              </Link>
            ) : (
              <span aria-current="page" className="font-medium">
                Library
              </span>
            )}
          </li>
          {path.map((f, i) => (
            <li key={f.id} className="flex items-center gap-1">
              <span aria-hidden="true" className="text-muted">
                /
              </span>
              {i === path.length - 1 ? (
                <span aria-current="page" className="font-medium break-all">
                  {f.displayName}
                </span>
              ) : (
                <Link
                  to={mediaUrls.library.href({ ...here, folder: f.id })}
                  className={`${linkClass} break-all`}
                >
                  {f.displayName}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex flex-wrap gap-2">
        {action('new-folder', 'New folder')}
        {current && action('rename-folder', 'Rename folder')}
        {current && action('move-folder', 'Move folder')}
        {current && action('delete-folder', 'Delete folder', 'danger')}
      </div>
    </div>
  );
}

export function Subfolders({ search }: { search: LibrarySearch }) {
  const http = useHttp();
  const folders = useQuery(mediaQueries.folders(http, search.folder));
  if (folders.isError) return <Alert>{errorMessage(folders.error)}</Alert>;
  const list = folders.data?.folders ?? [];
  if (!list.length) return null;
  return (
    <section aria-labelledby="subfolders" className="mb-4">
      <h2 id="subfolders" className="mb-2 text-sm font-medium text-muted">
        Folders
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {list.map((f) => (
          <li key={f.id}>
            <Link
              to={mediaUrls.library.href({ folder: f.id, view: search.view, sort: search.sort })}
              className="flex min-h-11 items-center gap-2 rounded-xl border border-line bg-surface px-3 py-2 font-medium hover:bg-hover"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-5 shrink-0 text-muted"
                fill="currentColor"
              >
                <path d="M2 5a2 2 0 0 1 2-2h4l2 2h6a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5z" />
              </svg>
              <span className="min-w-0 break-all">{f.displayName}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
