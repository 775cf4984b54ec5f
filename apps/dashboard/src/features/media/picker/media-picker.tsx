/**
 * Choose files already in the library (the product editor's pictures): a dialog with a search over
 * every folder, a grid of checkable images, more pages on demand, and "Add". Private and
 * unfinished files cannot be chosen (a shop cannot show them).
 */
import { useQuery } from '@tanstack/react-query';
import type { FileDescriptor, MediaType } from '@vitrine/sdk';
import { mediaQueries } from '@vitrine/sdk/react';
import { Alert, Button, Field, Loading } from '@vitrine/ui';
import { Dialog, DialogClose } from '@vitrine/ui/dialog';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { previewUrl, whileProcessing } from '../format.ts';

export function MediaPicker({
  title,
  mediaTypes = ['IMAGE'],
  exclude = [],
  onClose,
  onPick,
}: {
  title: string;
  mediaTypes?: MediaType[];
  /** Files already chosen (shown as such). */
  exclude?: readonly string[];
  onClose: () => void;
  onPick: (files: FileDescriptor[]) => void;
}) {
  const http = useHttp();
  const [text, setText] = useState('');
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [chosen, setChosen] = useState<FileDescriptor[]>([]);
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setText(String(new FormData(e.currentTarget).get('q') ?? '').trim());
    setCursors([undefined]);
  };
  const toggle = (f: FileDescriptor) =>
    setChosen((c) => (c.some((x) => x.id === f.id) ? c.filter((x) => x.id !== f.id) : [...c, f]));

  return (
    <Dialog
      open
      placement="wide"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description="Pictures of every folder of the media library. Private files cannot be shown in the shop."
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button disabled={chosen.length === 0} onClick={() => onPick(chosen)}>
            {chosen.length ? `Add ${chosen.length} picture${chosen.length === 1 ? '' : 's'}` : 'Add pictures'}
          </Button>
        </>
      }
    >
      <form role="search" aria-label="Library" onSubmit={search}>
        <Field
          label="Search the library"
          name="q"
          type="search"
          action={<Button type="submit">Search</Button>}
        />
      </form>
      <fieldset>
        <legend className="sr-only">Pictures</legend>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
          {cursors.map((cursor, i) => (
            <PickerPage
              key={`${text}|${i}`}
              text={text}
              cursor={cursor}
              mediaTypes={mediaTypes}
              exclude={exclude}
              chosen={chosen}
              onToggle={toggle}
              onMore={i === cursors.length - 1 ? (next) => setCursors((c) => [...c, next]) : undefined}
              http={http}
            />
          ))}
        </ul>
      </fieldset>
    </Dialog>
  );
}

function PickerPage({
  text,
  cursor,
  mediaTypes,
  exclude,
  chosen,
  onToggle,
  onMore,
  http,
}: {
  text: string;
  cursor: string | undefined;
  mediaTypes: MediaType[];
  exclude: readonly string[];
  chosen: FileDescriptor[];
  onToggle: (f: FileDescriptor) => void;
  onMore: ((cursor: string) => void) | undefined;
  http: ReturnType<typeof useHttp>;
}) {
  const page = useQuery({
    ...mediaQueries.files(http, {
      text,
      allFolders: true,
      mediaTypes,
      sort: 'newest',
      limit: 24,
      ...(cursor ? { cursor } : {}),
    }),
    refetchInterval: (q) => whileProcessing(q.state.data?.files),
  });
  if (page.isError)
    return (
      <li className="col-span-full">
        <Alert>{errorMessage(page.error)}</Alert>
      </li>
    );
  if (!page.data)
    return (
      <li className="col-span-full">
        <Loading label="Loading pictures…" />
      </li>
    );
  const { files, nextCursor } = page.data;
  const next = nextCursor.cursors.next;
  return (
    <>
      {files.length === 0 && !cursor && (
        <li className="col-span-full text-sm text-muted">
          {text ? 'No pictures match these words.' : 'The library has no pictures yet.'}
        </li>
      )}
      {files.map((f) => {
        const taken = exclude.includes(f.id);
        const unusable = f.private || f.operationStatus !== 'READY';
        const src = previewUrl(f, 200);
        return (
          <li key={f.id}>
            <label
              className={`ui-choice flex h-full flex-col gap-2 p-2 ${taken || unusable ? 'opacity-60' : 'cursor-pointer'}`}
            >
              {src ? (
                <img
                  src={src}
                  alt=""
                  width={200}
                  height={200}
                  loading="lazy"
                  className="aspect-square w-full rounded-lg bg-line object-cover"
                />
              ) : (
                <span aria-hidden="true" className="aspect-square w-full rounded-lg bg-line" />
              )}
              <span className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-accent"
                  disabled={taken || unusable}
                  checked={taken || chosen.some((c) => c.id === f.id)}
                  onChange={() => onToggle(f)}
                />
                <span className="min-w-0 break-all">
                  {f.displayName}
                  {taken && <span className="block text-muted">Already added</span>}
                  {!taken && f.private && <span className="block text-muted">Private</span>}
                  {!taken && !f.private && f.operationStatus !== 'READY' && (
                    <span className="block text-muted">
                      {f.operationStatus === 'PENDING' ? 'Processing' : 'Failed'}
                    </span>
                  )}
                </span>
              </span>
            </label>
          </li>
        );
      })}
      {next && onMore && (
        <li className="col-span-full">
          <Button variant="secondary" onClick={() => onMore(next)}>
            More pictures
          </Button>
        </li>
      )}
    </>
  );
}
