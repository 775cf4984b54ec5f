/**
 * `/dashboard/media/trash`: files in the trash (50 a page, `?cursor=`), restored into their folder
 * (or the library's top when it is gone) one or several at a time, or deleted for good after a
 * question (`?dialog=purge`); and deleted folders, restored with their files. Trashed files are
 * deleted for good by themselves 30 days after they were trashed.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { mediaMutations, mediaQueries } from '@vitrine/sdk/react';
import { Alert, Button, buttonClass, LoadingSkeleton, PageHeading, Skeleton, Table } from '@vitrine/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { OPENED_HERE, useCloseDialog } from '../../../app/url-dialog.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { bytes, dateTime, typeLabels } from '../format.ts';
import { MediaTabs } from '../media-tabs.tsx';
import { mediaUrls } from '../urls.ts';

export function TrashPage() {
  useTitle('Trash');
  const http = useHttp();
  const [search] = useRouteSearch(mediaUrls.trash);
  const files = useQuery({
    ...mediaQueries.trash(http, { limit: 50, ...(search.cursor ? { cursor: search.cursor } : {}) }),
    placeholderData: keepPreviousData,
  });
  const folders = useQuery(mediaQueries.trashFolders(http));
  const restore = useMutation(mediaMutations.restoreFiles(http));
  const restoreFolders = useMutation(mediaMutations.restoreFolders(http));
  const purge = useMutation(mediaMutations.deleteFiles(http));
  const close = useCloseDialog(mediaUrls.trash.href(search.cursor ? { cursor: search.cursor } : {}));
  const [selected, setSelected] = useState<string[]>([]);
  const [notice, setNotice] = useState<string>();
  const list = files.data?.files ?? [];
  const chosen = selected.filter((id) => list.some((f) => f.id === id));
  const plural = (n: number) => `${n} file${n === 1 ? '' : 's'}`;

  const restoreFiles = (ids: string[]) =>
    restore.mutate(ids, {
      onSuccess: () => {
        setSelected((s) => s.filter((x) => !ids.includes(x)));
        setNotice(`${plural(ids.length)} restored.`);
      },
    });

  return (
    <>
      <PageHeading className="mb-4">Trash</PageHeading>
      <MediaTabs current="trash" />
      <p className="mb-4 text-sm text-muted">
        Files stay here for 30 days after they are trashed, then they are deleted for good.
      </p>
      <Alert variant="success">{notice}</Alert>
      <Alert>{errorMessage(restore.error ?? restoreFolders.error)}</Alert>

      {folders.data && folders.data.folders.length > 0 && (
        <section aria-labelledby="trashed-folders" className="mb-6">
          <h2 id="trashed-folders" className="mb-2 text-lg font-semibold">
            Deleted folders
          </h2>
          <ul className="space-y-2">
            {folders.data.folders.map((f) => (
              <li
                key={f.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-surface px-3 py-2"
              >
                <span className="font-medium break-all">{f.displayName}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  busy={restoreFolders.isPending && restoreFolders.variables?.includes(f.id)}
                  aria-label={`Restore folder ${f.displayName}`}
                  onClick={() =>
                    restoreFolders.mutate([f.id], {
                      onSuccess: () => setNotice(`Folder ${f.displayName} restored.`),
                    })
                  }
                >
                  Restore
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="trashed-files">
        <h2 id="trashed-files" className="mb-2 text-lg font-semibold">
          Files
        </h2>
        {files.isError ? (
          <>
            <Alert>{errorMessage(files.error)}</Alert>
            <Button variant="secondary" onClick={() => void files.refetch()}>
              Try again
            </Button>
          </>
        ) : !files.data ? (
          <LoadingSkeleton label="Loading the trash…">
            <Skeleton className="h-48 rounded-2xl" />
          </LoadingSkeleton>
        ) : (
          <>
            <p role="status" className="mb-2 text-sm text-muted">
              {list.length === 0
                ? 'The trash is empty.'
                : `${plural(list.length)} in the trash${files.isFetching ? ' (updating…)' : ''}.`}
            </p>
            {list.length > 0 && (
              <>
                <div className="mb-2 flex flex-wrap items-center gap-2">
                  <Button
                    size="sm"
                    disabled={!chosen.length}
                    busy={restore.isPending}
                    onClick={() => restoreFiles(chosen)}
                  >
                    {chosen.length ? `Restore ${plural(chosen.length)}` : 'Restore chosen files'}
                  </Button>
                  {chosen.length > 0 && (
                    <Link
                      to={mediaUrls.trash.href({ ...search, dialog: 'purge' })}
                      state={OPENED_HERE}
                      preventScrollReset
                      className={buttonClass('danger', 'sm')}
                    >
                      Delete {plural(chosen.length)} for good
                    </Link>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setSelected(chosen.length === list.length ? [] : list.map((f) => f.id))}
                  >
                    {chosen.length === list.length ? 'Choose none' : 'Choose all'}
                  </Button>
                </div>
                <Table caption="Files in the trash" hideCaption aria-busy={files.isFetching || undefined}>
                  <thead>
                    <tr>
                      <th scope="col">
                        <span className="sr-only">Chosen</span>
                      </th>
                      <th scope="col">Name</th>
                      <th scope="col">Type</th>
                      <th scope="col" className="text-right">
                        Size
                      </th>
                      <th scope="col" className="hidden md:table-cell">
                        Trashed
                      </th>
                      <th scope="col">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((f) => (
                      <tr key={f.id}>
                        <td>
                          <input
                            type="checkbox"
                            aria-label={`Choose ${f.displayName}`}
                            checked={chosen.includes(f.id)}
                            onChange={(e) =>
                              setSelected((s) =>
                                e.target.checked ? [...s, f.id] : s.filter((x) => x !== f.id),
                              )
                            }
                            className="size-5 accent-accent"
                          />
                        </td>
                        <th scope="row" className="max-w-64 font-medium break-all">
                          {f.displayName}
                        </th>
                        <td>{typeLabels[f.mediaType]}</td>
                        <td className="text-right whitespace-nowrap tabular-nums">{bytes(f.sizeInBytes)}</td>
                        <td className="hidden whitespace-nowrap md:table-cell">{dateTime(f.updatedDate)}</td>
                        <td className="text-right">
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={`Restore ${f.displayName}`}
                            busy={
                              restore.isPending &&
                              restore.variables?.length === 1 &&
                              restore.variables[0] === f.id
                            }
                            onClick={() => restoreFiles([f.id])}
                          >
                            Restore
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </>
            )}
            <nav aria-label="Pages of the trash" className="flex flex-wrap gap-2">
              {search.cursor && (
                <Link to={mediaUrls.trash.href()} className={buttonClass('secondary')}>
                  First page
                </Link>
              )}
              {files.data.nextCursor.cursors.next && (
                <Link
                  to={mediaUrls.trash.href({ cursor: files.data.nextCursor.cursors.next })}
                  className={buttonClass('secondary')}
                >
                  Next page
                </Link>
              )}
            </nav>
          </>
        )}
      </section>

      {search.dialog === 'purge' && (
        <ActionDialog
          title="Delete for good"
          description={`${plural(chosen.length)} will be deleted with their bytes. Products or pages still showing them will show nothing.`}
          onClose={close}
          submitLabel="Delete for good"
          variant="danger"
          busy={purge.isPending}
          error={errorMessage(purge.error)}
          unavailable={chosen.length ? undefined : 'Choose files first (the checkboxes beside them).'}
          onSubmit={() =>
            purge.mutate(
              { fileIds: chosen, permanent: true },
              {
                onSuccess: () => {
                  setNotice(`${plural(chosen.length)} deleted for good.`);
                  setSelected([]);
                  close();
                },
              },
            )
          }
        >
          <p>This cannot be undone.</p>
        </ActionDialog>
      )}
    </>
  );
}
