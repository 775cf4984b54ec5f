/**
 * A member's photos for a review: each chosen file is uploaded at once (an upload URL, then the
 * bytes PUT with XMLHttpRequest), with a real progress bar; the library file ids go into the review.
 */
import { uploadReviewPhoto, type HttpClient } from '@vitrine/sdk';
import { Button } from '@vitrine/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { reviewError } from './errors.ts';
import { LIMITS } from './limits.ts';

export const MAX_PHOTOS = LIMITS.media;
const MAX_BYTES = 20 * 1024 * 1024;
/** HEIC (iPhone photos) is turned into JPEG by the store; most browsers cannot show it before that. */
const TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
];
const KINDS = 'JPEG, PNG, WebP, GIF, AVIF or HEIC';

export interface Upload {
  key: number;
  name: string;
  /** A `blob:` URL of the chosen file, for its thumbnail. */
  preview: string;
  loaded: number;
  total: number;
  state: 'uploading' | 'done' | 'failed';
  fileId?: string;
  error?: string;
  abort: AbortController;
}

let nextKey = 0;

/** The uploads of one form: add files, remove one, and what the review needs of them. */
export function usePhotoUploads(http: HttpClient) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [announcement, setAnnouncement] = useState('');
  // The list as it is now, for the handlers and the clean-up (state read in a closure may be old).
  const live = useRef(uploads);
  useEffect(() => {
    live.current = uploads;
  }, [uploads]);
  // Leaving the form cancels what is still uploading and frees the previews.
  useEffect(
    () => () => {
      for (const u of live.current) {
        u.abort.abort();
        URL.revokeObjectURL(u.preview);
      }
    },
    [],
  );
  const update = (key: number, patch: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  const add = (files: File[]) => {
    const room = MAX_PHOTOS - live.current.length;
    if (files.length > room)
      setAnnouncement(
        `You can add ${MAX_PHOTOS} photos at most; ${files.length - Math.max(0, room)} were left out.`,
      );
    for (const file of files.slice(0, Math.max(0, room))) {
      const u: Upload = {
        key: nextKey++,
        name: file.name,
        preview: URL.createObjectURL(file),
        loaded: 0,
        total: file.size,
        state: 'uploading',
        abort: new AbortController(),
      };
      const refused = !TYPES.includes(file.type)
        ? `${file.name} is not a ${KINDS} picture.`
        : file.size > MAX_BYTES
          ? `${file.name} is larger than 20 MB.`
          : undefined;
      setUploads((list) => [...list, refused ? { ...u, state: 'failed', error: refused } : u]);
      if (refused) continue;
      uploadReviewPhoto(http, file, {
        signal: u.abort.signal,
        onProgress: (p) => update(u.key, { loaded: p.loaded, total: p.total }),
      }).then(
        (f) => {
          update(u.key, { state: 'done', fileId: f.id, loaded: file.size });
          setAnnouncement(`${file.name} uploaded.`);
        },
        (e: unknown) => {
          if (e instanceof Error && e.name === 'AbortError') return;
          update(u.key, { state: 'failed', error: reviewError(e) });
          setAnnouncement(`${file.name} could not be uploaded.`);
        },
      );
    }
  };

  const remove = (key: number) => {
    const u = live.current.find((x) => x.key === key);
    u?.abort.abort();
    if (u) URL.revokeObjectURL(u.preview);
    setUploads((list) => list.filter((x) => x.key !== key));
  };

  return {
    uploads,
    announcement,
    add,
    remove,
    busy: uploads.some((u) => u.state === 'uploading'),
    fileIds: uploads.flatMap((u) => (u.state === 'done' && u.fileId ? [u.fileId] : [])),
  };
}

/** The chosen file's own picture, or its kind where the browser cannot draw it (HEIC outside Safari). */
function Thumbnail({ src, name }: { src: string; name: string }) {
  const [unreadable, setUnreadable] = useState(false);
  const box = 'size-14 shrink-0 rounded-lg';
  if (unreadable)
    return (
      <span
        aria-hidden="true"
        className={`${box} grid place-items-center bg-stone-200 text-xs font-medium text-stone-700`}
      >
        {(/\.([a-z0-9]{1,5})$/i.exec(name)?.[1] ?? 'photo').toUpperCase()}
      </span>
    );
  return <img src={src} alt="" onError={() => setUnreadable(true)} className={`${box} object-cover`} />;
}

export function PhotoUploads({ photos }: { photos: ReturnType<typeof usePhotoUploads> }) {
  const id = useId();
  const full = photos.uploads.length >= MAX_PHOTOS;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        Photos (optional)
      </label>
      <input
        id={id}
        type="file"
        accept={TYPES.join(',')}
        multiple
        disabled={full}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          photos.add(Array.from(e.target.files ?? []));
          // The same file can be chosen again after removing it.
          e.target.value = '';
        }}
        className="block w-full text-sm file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border file:border-stone-500 file:bg-white file:px-4 file:font-medium hover:file:bg-stone-100"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-stone-700">
        Up to {MAX_PHOTOS} pictures ({KINDS}), 20 MB each.
      </p>
      {photos.uploads.length > 0 && (
        <ul aria-label="Your photos" className="mt-3 space-y-3">
          {photos.uploads.map((u) => {
            const percent = u.total ? Math.round((u.loaded / u.total) * 100) : 0;
            return (
              <li key={u.key} className="flex items-center gap-3">
                <Thumbnail src={u.preview} name={u.name} />
                <div className="min-w-0 flex-1">
                  <p id={`${id}-${u.key}`} className="truncate text-sm font-medium">
                    {u.name}
                  </p>
                  {u.state !== 'failed' && (
                    <progress
                      max={u.total || 1}
                      value={u.loaded}
                      aria-labelledby={`${id}-${u.key}`}
                      className="mt-1 block h-2 w-full appearance-none overflow-hidden rounded-full bg-stone-200 [&::-webkit-progress-bar]:bg-stone-200 [&::-webkit-progress-value]:bg-indigo-700 [&::-moz-progress-bar]:bg-indigo-700"
                    />
                  )}
                  <p className={`mt-0.5 text-xs ${u.state === 'failed' ? 'text-red-700' : 'text-stone-700'}`}>
                    {u.state === 'uploading'
                      ? `Uploading… ${percent}%`
                      : u.state === 'done'
                        ? 'Uploaded'
                        : u.error}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${u.name}`}
                  onClick={() => photos.remove(u.key)}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" className="sr-only">
        {photos.announcement}
      </p>
    </div>
  );
}
