/**
 * "Import from URL" (`?dialog=import`): a web address (and a name, if wanted) → `POST
 * /site-media/v1/files/import` into the folder shown. The server fetches the file in a job: it is
 * `PENDING` at once, then `READY`, or `FAILED` with the reason (an address it refuses to fetch:
 * a private or local network, credentials in it; an error answer; too large; not what it says).
 * `ImportList` follows each import started here until it settles, saying its state and reason.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileDescriptor } from '@vitrine/sdk';
import { mediaMutations, mediaQueries } from '@vitrine/sdk/react';
import { Badge, Field } from '@vitrine/ui';
import { useEffect, useRef, useState } from 'react';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { addressProblem, failureWords } from '../import-words.ts';

export function ImportDialog({
  folderId,
  folderName,
  privateFile,
  onClose,
  onStarted,
}: {
  folderId: string | undefined;
  folderName: string;
  privateFile: boolean;
  onClose: () => void;
  onStarted: (file: FileDescriptor) => void;
}) {
  const http = useHttp();
  const importFile = useMutation(mediaMutations.importFile(http));
  const [problem, setProblem] = useState<string>();
  const failed = importFile.error ? describeError(importFile.error) : undefined;
  const fieldError = failed?.fields.url ?? failed?.fields.displayName;
  return (
    <ActionDialog
      title="Import from URL"
      description={`The store fetches the file from its web address into ${folderName}${privateFile ? ', as a private file' : ''}.`}
      onClose={onClose}
      submitLabel="Import"
      busy={importFile.isPending}
      error={failed && !fieldError ? failed.message : undefined}
      onSubmit={(form) => {
        const url = String(form.get('url') ?? '').trim();
        const displayName = String(form.get('displayName') ?? '').trim();
        const wrong = addressProblem(url);
        setProblem(wrong);
        if (wrong) return;
        importFile.mutate(
          {
            url,
            ...(displayName ? { displayName } : {}),
            ...(folderId ? { parentFolderId: folderId } : {}),
            ...(privateFile ? { private: true } : {}),
          },
          { onSuccess: onStarted },
        );
      }}
    >
      <Field
        label="Web address"
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        maxLength={4000}
        autoFocus
        hint="A public http:// or https:// address of a picture, video or document."
        error={problem ?? failed?.fields.url}
      />
      <Field
        label="Name (optional)"
        name="displayName"
        maxLength={200}
        autoComplete="off"
        hint="The last part of the address when left empty."
        error={failed?.fields.displayName}
      />
    </ActionDialog>
  );
}

const POLL_MS = 1000;

/** The imports started on this page, each with its state, read again until every one is ready or failed. */
export function ImportList({ fileIds }: { fileIds: readonly string[] }) {
  const http = useHttp();
  const client = useQueryClient();
  const files = useQuery({
    ...mediaQueries.filesById(http, fileIds),
    enabled: fileIds.length > 0,
    refetchInterval: (q) =>
      !q.state.data || q.state.data.some((f) => f.operationStatus === 'PENDING') ? POLL_MS : false,
  });
  const list = files.data ?? [];
  const pending = list.filter((f) => f.operationStatus === 'PENDING').length;
  const failed = list.filter((f) => f.operationStatus === 'FAILED').length;
  // Each import that settles shows in the library's lists as it is now.
  const settled = list
    .filter((f) => f.operationStatus !== 'PENDING')
    .map((f) => f.id)
    .join();
  const seen = useRef('');
  useEffect(() => {
    if (settled === seen.current) return;
    seen.current = settled;
    if (settled) void client.invalidateQueries({ queryKey: ['media', 'files'] });
  }, [settled, client]);
  if (!fileIds.length) return null;
  return (
    <div className="mb-4">
      <p role="status" className="mb-2 text-sm">
        {!files.data
          ? 'Importing…'
          : pending
            ? `Importing ${pending} file${pending === 1 ? '' : 's'}…`
            : `${list.length - failed} of ${list.length} import${list.length === 1 ? '' : 's'} ready${failed ? `, ${failed} failed` : ''}.`}
      </p>
      <ul aria-label="Imports" className="space-y-2">
        {list.map((f) => (
          <li key={f.id} className="rounded-xl border border-line bg-surface p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 font-medium break-all">{f.displayName}</span>
              {f.operationStatus === 'PENDING' ? (
                <Badge tone="info">Importing</Badge>
              ) : f.operationStatus === 'READY' ? (
                <Badge tone="success">Ready</Badge>
              ) : (
                <Badge tone="danger">Failed</Badge>
              )}
            </div>
            {f.sourceUrl && <p className="break-all text-muted">From {f.sourceUrl}</p>}
            {f.operationStatus === 'FAILED' && <p className="text-danger">{failureWords(f.failureReason)}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
