/**
 * A file's details (`?file=<id>`): its preview (a ready video plays here, with its poster; a private
 * file's preview, player and "Download" go through short-lived signed links, `../signed-links.ts`),
 * name (renamed here; an empty name is refused beside the field and the file keeps its name), type,
 * size, dimensions, status, dates, labels and address; public or private (private files are served
 * only through signed links, made here for 60 minutes); and Move to trash. Where a file is used is
 * not shown: the API has no reverse lookup from a file to the products and categories showing it.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { FileDescriptor } from '@vitrine/sdk';
import { mediaMutations, mediaQueries } from '@vitrine/sdk/react';
import { Alert, Button, Field, linkClass, Loading } from '@vitrine/ui';
import { Dialog, DialogClose } from '@vitrine/ui/dialog';
import { VideoPlayer as Player } from '@vitrine/ui/video-player';
import { useState, type FormEvent, type ReactNode } from 'react';
import { describeError, errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { bytes, dateTime, dimensions, typeLabels, typeMark, whileProcessing } from '../format.ts';
import { failureWords } from '../import-words.ts';
import { useDownloadLink, usePicture, useVideoSources } from '../signed-links.ts';

const LINK_MINUTES = 60;

export function FileDetailsDialog({
  fileId,
  onClose,
  onTrashed,
}: {
  fileId: string;
  onClose: () => void;
  onTrashed: (f: FileDescriptor) => void;
}) {
  const http = useHttp();
  const file = useQuery({
    ...mediaQueries.file(http, fileId),
    refetchInterval: (q) => whileProcessing(q.state.data ? [q.state.data] : undefined),
  });
  const f = file.data;
  return (
    <Dialog
      open
      placement="wide"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={f ? f.displayName : 'File'}
      footer={
        <DialogClose asChild>
          <Button variant="secondary">Close</Button>
        </DialogClose>
      }
    >
      {file.isError ? (
        <Alert>
          {(file.error as { status?: number }).status === 404
            ? 'There is no such file (it may be in the trash).'
            : errorMessage(file.error)}
        </Alert>
      ) : !f ? (
        <Loading label="Loading the file…" />
      ) : (
        <Details f={f} onTrashed={onTrashed} />
      )}
    </Dialog>
  );
}

function Details({ f, onTrashed }: { f: FileDescriptor; onTrashed: (f: FileDescriptor) => void }) {
  const http = useHttp();
  const update = useMutation(mediaMutations.updateFile(http));
  const trash = useMutation(mediaMutations.deleteFiles(http));
  const link = useMutation(mediaMutations.downloadUrl(http));
  const [name, setName] = useState(f.displayName);
  const [saved, setSaved] = useState<string>();
  const [blank, setBlank] = useState(false);
  const renameError =
    update.error && update.variables?.displayName !== undefined ? describeError(update.error) : undefined;
  const rename = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const displayName = name.trim();
    setBlank(!displayName);
    if (!displayName || displayName === f.displayName) return;
    update.mutate({ fileId: f.id, displayName }, { onSuccess: () => setSaved('Name saved.') });
  };
  const nameError = blank
    ? `Enter a name: it cannot be empty or only spaces. The file is still called ${f.displayName}.`
    : renameError?.fields.displayName
      ? `The name ${renameError.fields.displayName}. The file is still called ${f.displayName}.`
      : renameError?.message;
  const playable = f.operationStatus === 'READY' && f.mediaType === 'VIDEO';
  const preview = usePicture(f, 'fit/w_800,h_600,q_85');
  const download = useDownloadLink(f);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div>
        {playable ? (
          <VideoPlayer f={f} />
        ) : preview ? (
          <img
            src={preview}
            alt={`Preview of ${f.displayName}`}
            className="max-h-96 w-full rounded-xl bg-line object-contain"
          />
        ) : (
          <div className="flex aspect-video items-center justify-center rounded-xl bg-line text-center text-muted">
            <span>
              <span aria-hidden="true" className="block text-2xl font-semibold">
                {typeMark(f.mediaType)}
              </span>
              {f.operationStatus === 'PENDING' ? 'Processing…' : 'No preview'}
            </span>
          </div>
        )}
      </div>
      <div>
        <form onSubmit={rename} aria-label="Rename the file">
          <Field
            label="Name"
            value={name}
            maxLength={200}
            error={nameError}
            onChange={(e) => {
              setName(e.target.value);
              setSaved(undefined);
              setBlank(false);
            }}
            action={
              <Button
                type="submit"
                variant="secondary"
                busy={update.isPending && update.variables?.displayName !== undefined}
              >
                Rename
              </Button>
            }
          />
        </form>
        <Alert variant="success">{saved}</Alert>
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <Row term="Type">{typeLabels[f.mediaType]}</Row>
          <Row term="Size">{bytes(f.sizeInBytes)}</Row>
          {dimensions(f) && <Row term="Dimensions">{dimensions(f)}</Row>}
          <Row term="Status">
            {f.operationStatus === 'READY'
              ? 'Ready'
              : f.operationStatus === 'PENDING'
                ? 'Processing'
                : `Failed. ${failureWords(f.failureReason)}`}
          </Row>
          {f.sourceUrl && (
            <Row term="Imported from">
              <span className="break-all">{f.sourceUrl}</span>
            </Row>
          )}
          <Row term="Visibility">{f.private ? 'Private (signed links only)' : 'Public'}</Row>
          <Row term="Added">{dateTime(f.createdDate)}</Row>
          <Row term="Changed">{dateTime(f.updatedDate)}</Row>
          {f.labels.length > 0 && <Row term="Labels">{f.labels.join(', ')}</Row>}
          <Row term="File id">
            <code className="break-all">{f.id}</code>
          </Row>
          {download && (
            <Row term="File">
              <a href={download} className={linkClass}>
                Download {f.displayName}
              </a>
            </Row>
          )}
          {!f.private && (
            <Row term="Address">
              <a href={f.url} className={`${linkClass} break-all`}>
                {f.url}
              </a>
            </Row>
          )}
        </dl>
        <Alert>{errorMessage(link.error)}</Alert>
        {link.data && (
          <p className="mb-4 text-sm" role="status">
            Download link (valid {LINK_MINUTES} minutes):{' '}
            <a href={link.data} className={`${linkClass} break-all`}>
              {link.data}
            </a>
          </p>
        )}
        <Alert>
          {update.error && update.variables?.private !== undefined ? errorMessage(update.error) : undefined}
        </Alert>
        <Alert>{errorMessage(trash.error)}</Alert>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            busy={link.isPending}
            onClick={() =>
              link.mutate({
                fileId: f.id,
                downloadFileName: f.displayName,
                expirationInMinutes: LINK_MINUTES,
              })
            }
          >
            Make a download link
          </Button>
          <Button
            variant="secondary"
            size="sm"
            busy={update.isPending && update.variables?.private !== undefined}
            onClick={() => update.mutate({ fileId: f.id, private: !f.private })}
          >
            {f.private ? 'Make public' : 'Make private'}
          </Button>
          <Button
            variant="danger"
            size="sm"
            busy={trash.isPending}
            onClick={() => trash.mutate({ fileIds: [f.id] }, { onSuccess: () => onTrashed(f) })}
          >
            Move to trash
          </Button>
        </div>
      </div>
    </div>
  );
}

/**
 * A ready video: its HLS stream (the server's 360p rendition), else the original file
 * (`@vitrine/ui/video-player`), with the browser's controls and its poster before it starts. A
 * private one's links are signed, renewed before they expire and when the player is refused one.
 */
function VideoPlayer({ f }: { f: FileDescriptor }) {
  const sources = useVideoSources(f);
  if (sources === null)
    return <Alert>The video’s links could not be made. Close the file and open it again.</Alert>;
  if (!sources) return <Loading label="Loading the video…" />;
  return (
    <Player
      src={sources.src}
      hls={sources.hls}
      poster={sources.poster}
      label={`Video: ${f.displayName}`}
      fileName={f.displayName}
      onLinkExpired={sources.renew}
      className="max-h-96 w-full rounded-xl bg-black"
    />
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
