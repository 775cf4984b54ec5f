/**
 * The product's pictures, the first one its main picture: uploaded by drag-and-drop (or the file
 * button) into the media library with a progress bar each, or chosen from the library
 * (`?dialog=images`); put in order with buttons (keyboard friendly) and removed. A fresh upload
 * shows "Processing…" until the library has made it ready.
 */
import { useQuery } from '@tanstack/react-query';
import type { FileDescriptor } from '@vitrine/sdk';
import { mediaQueries } from '@vitrine/sdk/react';
import { Button, buttonClass } from '@vitrine/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { useHttp } from '../../../app/http.tsx';
import { OPENED_HERE } from '../../../app/url-dialog.ts';
import { DropZone } from '../../media/upload/drop-zone.tsx';
import { UploadList } from '../../media/upload/upload-list.tsx';
import { useUploads } from '../../media/upload/use-uploads.ts';
import { thumbUrl } from '../format.tsx';
import type { DraftImage } from './draft.ts';
import { EditorSection } from './section.tsx';

/** What a library file becomes in the draft. */
export const imageOf = (f: FileDescriptor): DraftImage => ({ fileId: f.id, url: f.url, name: f.displayName });

export function ImagesSection({
  images,
  onChange,
  onAdd,
  pickerHref,
  error,
}: {
  images: DraftImage[];
  onChange: (images: DraftImage[]) => void;
  /** Adds pictures to the current list (uploads end at any time: a functional update). */
  onAdd: (images: DraftImage[]) => void;
  /** The link that opens the library picker. */
  pickerHref: string;
  error?: string | undefined;
}) {
  const http = useHttp();
  const [pending, setPending] = useState<string[]>([]);
  const uploads = useUploads({
    target: () => ({ labels: ['product'] }),
    onUploaded: (f) => {
      if (f.mediaType !== 'IMAGE' && f.mediaType !== 'VECTOR') return;
      if (f.operationStatus === 'PENDING') setPending((p) => [...p, f.id]);
      onAdd([imageOf(f)]);
    },
  });
  // Fresh uploads, read again each second until the library says they are ready.
  const processing = useQuery({
    ...mediaQueries.filesById(http, pending),
    enabled: pending.length > 0,
    refetchInterval: (q) =>
      q.state.data?.some((f) => f.operationStatus === 'PENDING') === false ? false : 1000,
  });
  const ready = new Set(
    (processing.data ?? []).filter((f) => f.operationStatus !== 'PENDING').map((f) => f.id),
  );

  const move = (from: number, to: number) => {
    const next = [...images];
    const [it] = next.splice(from, 1);
    next.splice(to, 0, it!);
    onChange(next);
  };

  return (
    <EditorSection
      title="Pictures"
      description="The first picture is the product’s main picture, shown in lists and first on its page."
      actions={
        <Link
          to={pickerHref}
          state={OPENED_HERE}
          preventScrollReset
          className={buttonClass('secondary', 'sm')}
        >
          Choose from library
        </Link>
      }
    >
      {error && (
        <p id="images" tabIndex={-1} className="mb-2 text-sm text-danger">
          {error}
        </p>
      )}
      {images.length === 0 ? (
        <p className="mb-4 text-sm text-muted">No pictures yet.</p>
      ) : (
        <ol
          aria-label="Pictures of the product"
          className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
        >
          {images.map((img, i) => {
            const label = `Picture ${i + 1}${img.name ? ` (${img.name})` : ''}`;
            const waiting = !!img.fileId && pending.includes(img.fileId) && !ready.has(img.fileId);
            return (
              <li
                key={img.fileId ?? img.url}
                className="flex flex-col gap-2 rounded-xl border border-line p-2"
              >
                {waiting ? (
                  <span
                    role="img"
                    aria-label={`${label}, processing`}
                    className="flex aspect-square items-center justify-center rounded-lg bg-line text-sm text-muted"
                  >
                    Processing…
                  </span>
                ) : (
                  <img
                    src={thumbUrl(img.url, img.fileId, 320)}
                    alt={label}
                    width={160}
                    height={160}
                    className="aspect-square w-full rounded-lg bg-line object-cover"
                  />
                )}
                <span className="text-xs text-muted">{i === 0 ? 'Main picture' : `Picture ${i + 1}`}</span>
                <span className="flex flex-wrap gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={i === 0}
                    aria-label={`Move picture ${i + 1} earlier`}
                    onClick={() => move(i, i - 1)}
                  >
                    ←
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={i === images.length - 1}
                    aria-label={`Move picture ${i + 1} later`}
                    onClick={() => move(i, i + 1)}
                  >
                    →
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove picture ${i + 1}`}
                    onClick={() => onChange(images.filter((_, j) => j !== i))}
                  >
                    Remove
                  </Button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <DropZone
        label="Upload pictures"
        accept="image/*"
        onFiles={uploads.add}
        hint="JPEG, PNG, WebP, GIF, AVIF or SVG. They go into the media library too."
      />
      <UploadList uploads={uploads} />
    </EditorSection>
  );
}
