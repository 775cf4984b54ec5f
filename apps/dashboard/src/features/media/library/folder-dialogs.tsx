/**
 * The library's dialogs for folders (new, rename, move, delete) and for moving the chosen files.
 * Moving picks the destination in a small folder browser: open a folder, go up, "Move here".
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { MEDIA_ROOT_ID, type Folder } from '@vitrine/sdk';
import { mediaMutations, mediaQueries } from '@vitrine/sdk/react';
import { Alert, Button, Field, Loading } from '@vitrine/ui';
import { useState } from 'react';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { describeError, errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useFolderPath } from './folders.tsx';

const nameOf = (form: FormData) => String(form.get('name') ?? '').trim();

export function NewFolderDialog({
  parentId,
  onClose,
  onDone,
}: {
  parentId: string | undefined;
  onClose: () => void;
  onDone: (message: string, folder: Folder) => void;
}) {
  const http = useHttp();
  const create = useMutation(mediaMutations.createFolder(http));
  const [problem, setProblem] = useState<string>();
  const failed = create.error ? describeError(create.error) : undefined;
  return (
    <ActionDialog
      title="New folder"
      onClose={onClose}
      submitLabel="Create folder"
      busy={create.isPending}
      error={failed && !failed.fields.displayName ? failed.message : undefined}
      onSubmit={(form) => {
        const displayName = nameOf(form);
        setProblem(displayName ? undefined : 'Name the folder.');
        if (!displayName) return;
        create.mutate(
          { displayName, ...(parentId ? { parentFolderId: parentId } : {}) },
          { onSuccess: (f) => onDone(`Folder ${f.displayName} was created.`, f) },
        );
      }}
    >
      <Field
        label="Folder name"
        name="name"
        maxLength={200}
        autoFocus
        error={problem ?? failed?.fields.displayName}
      />
    </ActionDialog>
  );
}

export function RenameFolderDialog({
  folder,
  onClose,
  onDone,
}: {
  folder: Folder;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const http = useHttp();
  const update = useMutation(mediaMutations.updateFolder(http));
  const [problem, setProblem] = useState<string>();
  const failed = update.error ? describeError(update.error) : undefined;
  const kept = `The folder is still called ${folder.displayName}.`;
  return (
    <ActionDialog
      title="Rename folder"
      onClose={onClose}
      submitLabel="Rename"
      busy={update.isPending}
      error={failed && !failed.fields.displayName ? failed.message : undefined}
      onSubmit={(form) => {
        const displayName = nameOf(form);
        setProblem(displayName ? undefined : `Enter a name: it cannot be empty or only spaces. ${kept}`);
        if (!displayName) return;
        update.mutate(
          { folderId: folder.id, displayName },
          { onSuccess: (f) => onDone(`The folder is now called ${f.displayName}.`) },
        );
      }}
    >
      <Field
        label="Folder name"
        name="name"
        maxLength={200}
        defaultValue={folder.displayName}
        error={
          problem ??
          (failed?.fields.displayName ? `The name ${failed.fields.displayName}. ${kept}` : undefined)
        }
      />
    </ActionDialog>
  );
}

export function DeleteFolderDialog({
  folder,
  onClose,
  onDone,
}: {
  folder: Folder;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const http = useHttp();
  const remove = useMutation(mediaMutations.deleteFolders(http));
  return (
    <ActionDialog
      title="Delete folder"
      description={`${folder.displayName} and its subfolders will be deleted. Their files go to the trash, where they can be restored for 30 days.`}
      onClose={onClose}
      submitLabel="Delete folder"
      variant="danger"
      busy={remove.isPending}
      error={errorMessage(remove.error)}
      onSubmit={() =>
        remove.mutate([folder.id], { onSuccess: () => onDone(`Folder ${folder.displayName} was deleted.`) })
      }
    >
      <p>The folder itself can be restored from the trash too.</p>
    </ActionDialog>
  );
}

/** A folder browser: where things go ("Library / Photos"), its subfolders to open, and Up. */
function FolderChooser({ at, onAt, hide }: { at: string; onAt: (id: string) => void; hide?: string }) {
  const http = useHttp();
  const path = useFolderPath(at === MEDIA_ROOT_ID ? undefined : at);
  const folders = useQuery(mediaQueries.folders(http, at));
  const trail = at === MEDIA_ROOT_ID ? [] : (path.data ?? []);
  const parent = trail.length > 1 ? trail[trail.length - 2]!.id : MEDIA_ROOT_ID;
  const list = (folders.data?.folders ?? []).filter((f) => f.id !== hide);
  return (
    <div className="rounded-xl border border-line p-3">
      <p className="mb-2 text-sm" aria-live="polite">
        Destination:{' '}
        <strong className="break-all">{['Library', ...trail.map((f) => f.displayName)].join(' / ')}</strong>
      </p>
      {at !== MEDIA_ROOT_ID && (
        <Button size="sm" variant="secondary" className="mb-2" onClick={() => onAt(parent)}>
          Up one folder
        </Button>
      )}
      {folders.isError ? (
        <Alert>{errorMessage(folders.error)}</Alert>
      ) : !folders.data ? (
        <Loading label="Loading folders…" className="py-2" />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">No folders in here.</p>
      ) : (
        <ul aria-label="Folders in here" className="max-h-56 space-y-1 overflow-y-auto">
          {list.map((f) => (
            <li key={f.id}>
              <Button
                size="sm"
                variant="ghost"
                className="w-full justify-start"
                onClick={() => onAt(f.id)}
                aria-label={`Open folder ${f.displayName}`}
              >
                <span aria-hidden="true">▸</span> <span className="break-all">{f.displayName}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function MoveFolderDialog({
  folder,
  onClose,
  onDone,
}: {
  folder: Folder;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const http = useHttp();
  const update = useMutation(mediaMutations.updateFolder(http));
  const [at, setAt] = useState(folder.parentFolderId || MEDIA_ROOT_ID);
  return (
    <ActionDialog
      title={`Move folder ${folder.displayName}`}
      onClose={onClose}
      submitLabel="Move here"
      busy={update.isPending}
      error={errorMessage(update.error)}
      onSubmit={() =>
        update.mutate(
          { folderId: folder.id, parentFolderId: at },
          { onSuccess: () => onDone(`Folder ${folder.displayName} was moved.`) },
        )
      }
    >
      <FolderChooser at={at} onAt={setAt} hide={folder.id} />
    </ActionDialog>
  );
}

export function MoveFilesDialog({
  fileIds,
  from,
  onClose,
  onDone,
}: {
  fileIds: readonly string[];
  from: string | undefined;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const http = useHttp();
  const [at, setAt] = useState(from ?? MEDIA_ROOT_ID);
  const move = useMutation(mediaMutations.moveFiles(http));
  return (
    <ActionDialog
      title={`Move ${fileIds.length} file${fileIds.length === 1 ? '' : 's'}`}
      onClose={onClose}
      submitLabel="Move here"
      busy={move.isPending}
      error={move.error ? `Not every file was moved: ${errorMessage(move.error)}` : undefined}
      unavailable={fileIds.length ? undefined : 'Choose files first (the checkboxes beside them), then Move.'}
      onSubmit={() =>
        move.mutate(
          { fileIds, parentFolderId: at },
          {
            onSuccess: () =>
              onDone(`${fileIds.length} file${fileIds.length === 1 ? ' was' : 's were'} moved.`),
          },
        )
      }
    >
      <FolderChooser at={at} onAt={setAt} />
    </ActionDialog>
  );
}
