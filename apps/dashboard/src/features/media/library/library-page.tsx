/**
 * `/dashboard/media`: the media library. A folder's subfolders and files (or a search over every
 * folder), as a grid or a list, 40 at a time (`?cursor=`); uploads by drag-and-drop or the file
 * button into the folder shown, public or private, each with its progress (large files resumable),
 * or imported from a web address (`?dialog=import`; each import's state and failure reason shown);
 * files chosen with their checkboxes move to another folder or to the trash (with Undo). Everything
 * but the choice of files is in the URL (`mediaUrls.library`): folder, words, type, sort, view,
 * page, the open file (`?file=`) and the open dialog (`?dialog=`).
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { FileDescriptor } from '@vitrine/sdk';
import { mediaMutations, mediaQueries } from '@vitrine/sdk/react';
import { Alert, Button, buttonClass, Choice, LoadingSkeleton, PageHeading, Skeleton } from '@vitrine/ui';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { OPENED_HERE, useCloseDialog } from '../../../app/url-dialog.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { whileProcessing } from '../format.ts';
import { MediaTabs } from '../media-tabs.tsx';
import { DropZone } from '../upload/drop-zone.tsx';
import { UploadList } from '../upload/upload-list.tsx';
import { useUploads } from '../upload/use-uploads.ts';
import { mediaUrls } from '../urls.ts';
import { FileDetailsDialog } from './file-details.tsx';
import { FileGrid, FileTable } from './files-view.tsx';
import {
  DeleteFolderDialog,
  MoveFilesDialog,
  MoveFolderDialog,
  NewFolderDialog,
  RenameFolderDialog,
} from './folder-dialogs.tsx';
import { FolderBar, Subfolders, useFolderPath } from './folders.tsx';
import { ImportDialog, ImportList } from './import-from-url.tsx';
import { LibraryToolbar } from './toolbar.tsx';

const PAGE = 40;

export function LibraryPage() {
  useTitle('Media library');
  const http = useHttp();
  const location = useLocation();
  const navigate = useNavigate();
  const [search, setSearch] = useRouteSearch(mediaUrls.library);
  const files = useQuery({
    ...mediaQueries.files(http, {
      folderId: search.folder,
      text: search.q,
      mediaTypes: search.type,
      sort: search.sort,
      limit: PAGE,
      ...(search.cursor ? { cursor: search.cursor } : {}),
    }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => whileProcessing(q.state.data?.files),
  });
  const path = useFolderPath(search.folder);
  const folder = path.data?.[path.data.length - 1];
  const [selected, setSelected] = useState<string[]>([]);
  const [privateUploads, setPrivateUploads] = useState(false);
  const [imports, setImports] = useState<string[]>([]);
  const [notice, setNotice] = useState<{ text: string; undo?: string[] }>();
  const trash = useMutation(mediaMutations.deleteFiles(http));
  const restore = useMutation(mediaMutations.restoreFiles(http));
  const uploads = useUploads({ target: () => ({ folderId: search.folder, private: privateUploads }) });
  const base = mediaUrls.library.href({ ...search, file: undefined, dialog: undefined });
  const close = useCloseDialog(base);
  const list = files.data?.files ?? [];
  const searching = !!search.q;
  const view = search.view ?? 'grid';

  // A new folder or page: nothing chosen any more.
  const place = `${search.folder ?? ''}|${search.q ?? ''}|${search.cursor ?? ''}|${search.type.join()}`;
  const [seen, setSeen] = useState(place);
  if (seen !== place) {
    setSeen(place);
    setSelected([]);
  }

  const toggle = (id: string, on: boolean) =>
    setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  const toTrash = (ids: string[], what: string) =>
    trash.mutate(
      { fileIds: ids },
      {
        onSuccess: () => {
          setSelected((s) => s.filter((x) => !ids.includes(x)));
          setNotice({ text: `${what} moved to the trash.`, undo: ids });
        },
      },
    );
  const done = (text: string) => {
    setNotice({ text });
    close();
  };
  const detailsHref = (f: FileDescriptor) =>
    mediaUrls.library.href({ ...search, file: f.id, dialog: undefined });

  return (
    <>
      <PageHeading className="mb-4">Media library</PageHeading>
      <MediaTabs current="library" />
      <LibraryToolbar key={location.search} search={search} onApply={setSearch} />
      {searching ? (
        <p className="mb-4 text-sm">
          Searching every folder.{' '}
          <Link
            to={mediaUrls.library.href({ folder: search.folder, view: search.view })}
            className="font-medium text-accent underline"
          >
            Back to the folder
          </Link>
        </p>
      ) : (
        <>
          <FolderBar search={search} path={path.data ?? []} />
          <Subfolders search={search} />
        </>
      )}
      {notice && (
        <div
          role="status"
          className="mb-4 flex flex-wrap items-center gap-2 rounded-lg border border-current/30 bg-current/5 px-3 py-2 text-sm text-success"
        >
          <span>{notice.text}</span>
          {notice.undo && (
            <Button
              size="sm"
              variant="secondary"
              busy={restore.isPending}
              onClick={() =>
                restore.mutate(notice.undo!, {
                  onSuccess: () =>
                    setNotice({
                      text: `Restored ${notice.undo!.length} file${notice.undo!.length === 1 ? '' : 's'}.`,
                    }),
                })
              }
            >
              Undo
            </Button>
          )}
        </div>
      )}
      <Alert>{errorMessage(trash.error ?? restore.error)}</Alert>

      <section aria-labelledby="upload-heading" className="mb-4">
        <h2 id="upload-heading" className="sr-only">
          Upload
        </h2>
        <DropZone
          className="mb-2"
          label="Upload files"
          onFiles={uploads.add}
          hint={`Into ${searching ? 'the library' : (folder?.displayName ?? 'the library')}. Files of 16 MB or more upload in resumable parts.`}
        />
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <Link
            to={mediaUrls.library.href({ ...search, dialog: 'import', file: undefined })}
            state={OPENED_HERE}
            preventScrollReset
            className={buttonClass('secondary', 'sm')}
          >
            Import from URL
          </Link>
          <Choice
            type="checkbox"
            shape="chip"
            checked={privateUploads}
            onChange={(e) => setPrivateUploads(e.target.checked)}
          >
            Upload as private files (served only through download links)
          </Choice>
        </div>
        <UploadList uploads={uploads} />
        <ImportList fileIds={imports} />
      </section>

      {selected.length > 0 && (
        <div
          role="region"
          aria-label="Chosen files"
          className="sticky top-0 z-10 mb-4 flex flex-wrap items-center gap-2 rounded-xl border border-accent bg-surface px-3 py-2 shadow"
        >
          <span className="text-sm font-medium">
            {selected.length} file{selected.length === 1 ? '' : 's'} chosen
          </span>
          <Link
            to={mediaUrls.library.href({ ...search, dialog: 'move-files', file: undefined })}
            state={OPENED_HERE}
            preventScrollReset
            className={buttonClass('secondary', 'sm')}
          >
            Move to folder
          </Link>
          <Button
            size="sm"
            variant="danger"
            busy={trash.isPending}
            onClick={() => toTrash(selected, `${selected.length} file${selected.length === 1 ? '' : 's'}`)}
          >
            Move to trash
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected([])}>
            Choose none
          </Button>
        </div>
      )}

      {files.isError ? (
        <>
          <Alert>{errorMessage(files.error)}</Alert>
          <Button variant="secondary" onClick={() => void files.refetch()}>
            Try again
          </Button>
        </>
      ) : !files.data ? (
        <LoadingSkeleton label="Loading files…">
          <Skeleton className="h-64 rounded-2xl" />
        </LoadingSkeleton>
      ) : (
        <section aria-labelledby="files-heading">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h2 id="files-heading" className="text-lg font-semibold">
              Files
            </h2>
            {list.length > 0 && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setSelected(selected.length === list.length ? [] : list.map((f) => f.id))}
              >
                {selected.length === list.length ? 'Choose none' : 'Choose all on this page'}
              </Button>
            )}
          </div>
          <p role="status" className="mb-2 text-sm text-muted">
            {list.length === 0
              ? searching || search.type.length
                ? 'No files match.'
                : 'No files in this folder yet.'
              : `Showing ${list.length} file${list.length === 1 ? '' : 's'}${files.isFetching ? ' (updating…)' : ''}.`}
          </p>
          {list.length > 0 &&
            (view === 'list' ? (
              <FileTable files={list} selected={selected} onToggle={toggle} detailsHref={detailsHref} />
            ) : (
              <FileGrid files={list} selected={selected} onToggle={toggle} detailsHref={detailsHref} />
            ))}
          <nav aria-label="Pages of files" className="flex flex-wrap gap-2">
            {search.cursor && (
              <Link
                to={mediaUrls.library.href({
                  ...search,
                  cursor: undefined,
                  file: undefined,
                  dialog: undefined,
                })}
                className={buttonClass('secondary')}
              >
                First page
              </Link>
            )}
            {files.data.nextCursor.cursors.next && (
              <Link
                to={mediaUrls.library.href({
                  ...search,
                  cursor: files.data.nextCursor.cursors.next,
                  file: undefined,
                  dialog: undefined,
                })}
                className={buttonClass('secondary')}
              >
                Next page
              </Link>
            )}
          </nav>
        </section>
      )}

      {search.file && (
        <FileDetailsDialog
          fileId={search.file}
          onClose={close}
          onTrashed={(f) => {
            setNotice({ text: `${f.displayName} moved to the trash.`, undo: [f.id] });
            close();
          }}
        />
      )}
      {search.dialog === 'new-folder' && (
        <NewFolderDialog
          parentId={search.folder}
          onClose={close}
          onDone={(text, f) => {
            setNotice({ text });
            void navigate(mediaUrls.library.href({ folder: f.id, view: search.view }), { replace: true });
          }}
        />
      )}
      {folder && search.dialog === 'rename-folder' && (
        <RenameFolderDialog folder={folder} onClose={close} onDone={done} />
      )}
      {folder && search.dialog === 'move-folder' && (
        <MoveFolderDialog folder={folder} onClose={close} onDone={done} />
      )}
      {folder && search.dialog === 'delete-folder' && (
        <DeleteFolderDialog
          folder={folder}
          onClose={close}
          onDone={(text) => {
            setNotice({ text });
            const parent = folder.parentFolderId === 'media-root' ? undefined : folder.parentFolderId;
            void navigate(mediaUrls.library.href({ folder: parent, view: search.view }), { replace: true });
          }}
        />
      )}
      {search.dialog === 'import' && (
        <ImportDialog
          folderId={searching ? undefined : search.folder}
          folderName={searching ? 'the library' : (folder?.displayName ?? 'the library')}
          privateFile={privateUploads}
          onClose={close}
          onStarted={(f) => {
            setImports((ids) => [...ids, f.id]);
            done(`Importing ${f.displayName}…`);
          }}
        />
      )}
      {search.dialog === 'move-files' && (
        <MoveFilesDialog
          fileIds={selected}
          from={search.folder}
          onClose={close}
          onDone={(text) => {
            setSelected([]);
            done(text);
          }}
        />
      )}
    </>
  );
}
