/**
 * One review on the product page: stars, title, author, date, badges, text, photos (opening the
 * lightbox) and the store's reply. The shopper's own review also offers Edit and Delete (asked
 * once more before deleting). Long words wrap (`wrap-anywhere`): a pasted link cannot widen the page.
 */
import { useMutation } from '@tanstack/react-query';
import type { WireReview } from '@vitrine/sdk';
import { reviewMutations } from '@vitrine/sdk/react';
import { Button } from '@vitrine/ui';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useEnv } from '../../env.tsx';
import { Stars } from '../stars.tsx';
import { reviewError } from './errors.ts';
import type { LightboxPhoto } from './lightbox.tsx';

/** A library image's URL at a size (the media transform paths); other URLs as they are. */
const scaled = (url: string, mode: 'fill' | 'fit', side: number) =>
  /\/media\/[^/?#]+$/.test(url) ? `${url}/v1/${mode}/w_${side},h_${side},enc_auto/photo` : url;

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** The photos (and video posters) of a review, as the lightbox shows them. */
function photosOf(r: WireReview): LightboxPhoto[] {
  const who = r.author.authorName || 'a shopper';
  return r.content.media.flatMap((m, i): LightboxPhoto[] => {
    const alt = `Photo ${i + 1} from ${who}'s review`;
    if (m.image)
      return [
        {
          key: m.image.id,
          thumb: scaled(m.image.url, 'fill', 160),
          url: scaled(m.image.url, 'fit', 1600),
          alt: m.image.altText || alt,
        },
      ];
    const poster = m.video?.posters[0]?.url ?? '';
    if (m.video)
      return [
        {
          key: m.video.id,
          thumb: poster,
          url: poster,
          video: m.video.url,
          hls: m.video.resolutions?.find((r) => r.format === 'hls')?.url,
          alt: `Video ${i + 1} from ${who}'s review`,
        },
      ];
    return [];
  });
}

/** What the author reads about their review that is not published. */
const statusNote = (r: WireReview) =>
  r.moderation.moderationStatus === 'REJECTED'
    ? 'Not published: only you can see it'
    : 'Awaiting approval: only you can see it';

export interface OwnActions {
  onEdit: () => void;
  /** After the review is deleted (the list is read again). */
  onDeleted: () => void;
}

export function ReviewItem({
  review: r,
  ref,
  onPhoto,
  own,
}: {
  review: WireReview;
  ref?: Ref<HTMLElement>;
  onPhoto: (photos: LightboxPhoto[], index: number) => void;
  /** Set for the shopper's own review. */
  own?: OwnActions | undefined;
}) {
  const { storeName } = useEnv();
  const titleId = useId();
  const photos = photosOf(r);
  const pending = r.moderation.moderationStatus !== 'APPROVED';
  return (
    <li className="py-5">
      <article
        ref={ref}
        tabIndex={-1}
        aria-labelledby={titleId}
        className="wrap-anywhere focus-visible:outline-offset-4"
      >
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars value={r.content.rating} className="text-lg" />
          <h3 id={titleId} className="min-w-0 font-semibold">
            <span className="sr-only">
              {r.content.rating} out of 5 stars{r.content.title ? ': ' : ''}
            </span>
            {r.content.title}
          </h3>
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700">
          <span className="min-w-0">{r.author.authorName || 'A shopper'}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={r.reviewDate}>{date.format(new Date(r.reviewDate))}</time>
          {r.verified && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-3.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
              >
                <path d="M4 10.5l4 4 8-9" />
              </svg>
              Verified purchase
            </span>
          )}
          {pending && (
            <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {statusNote(r)}
            </span>
          )}
        </p>
        {r.content.body && <p className="mt-2 whitespace-pre-line text-stone-900">{r.content.body}</p>}
        {photos.length > 0 && (
          <ul aria-label="Photos" className="mt-3 flex flex-wrap gap-2">
            {photos.map((p, i) => (
              <li key={p.key}>
                <button
                  type="button"
                  onPointerEnter={preloadLightbox}
                  onFocus={preloadLightbox}
                  onClick={() => onPhoto(photos, i)}
                  aria-label={`Open ${p.alt.charAt(0).toLowerCase()}${p.alt.slice(1)}`}
                  className="block size-20 overflow-hidden rounded-lg border border-stone-300 bg-stone-100"
                >
                  {p.thumb && <Thumbnail src={p.thumb} />}
                </button>
              </li>
            ))}
          </ul>
        )}
        {r.reply && (
          <div className="mt-3 rounded-lg border-l-4 border-indigo-700 bg-stone-100 px-3 py-2">
            <p className="text-sm font-semibold">Reply from {storeName || 'the store'}</p>
            <p className="mt-1 whitespace-pre-line text-sm text-stone-900">{r.reply.message}</p>
          </div>
        )}
        {own && <OwnReviewActions review={r} own={own} />}
      </article>
    </li>
  );
}

/** Edit and Delete under the shopper's own review; Delete asks once more, in place. */
function OwnReviewActions({ review, own }: { review: WireReview; own: OwnActions }) {
  const { http } = useEnv();
  const remove = useMutation(reviewMutations.remove(http));
  const [asking, setAsking] = useState(false);
  const id = useId();
  const asked = useRef(false);
  // Asking moves focus to "Delete review"; "Keep it" brings it back to "Delete".
  useEffect(() => {
    if (asking || asked.current) document.getElementById(`${id}-${asking ? 'confirm' : 'delete'}`)?.focus();
    asked.current = asking;
  }, [asking, id]);
  if (asking)
    return (
      <div
        role="group"
        aria-labelledby={`${id}-ask`}
        className="mt-3 rounded-lg border border-red-800/30 p-3"
      >
        <p id={`${id}-ask`} className="mb-2 text-sm font-medium">
          Delete your review? This cannot be undone.
        </p>
        {remove.isError && (
          <p role="alert" className="mb-2 text-sm text-red-800">
            {reviewError(remove.error)}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="danger"
            id={`${id}-confirm`}
            busy={remove.isPending}
            // Not mutate's onSuccess: the list, read again, unmounts this review first.
            onClick={() => void remove.mutateAsync(review.id).then(own.onDeleted, () => {})}
          >
            Delete review
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setAsking(false)}>
            Keep it
          </Button>
        </div>
      </div>
    );
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" onClick={own.onEdit}>
        Edit
      </Button>
      <Button id={`${id}-delete`} size="sm" variant="ghost" onClick={() => setAsking(true)}>
        Delete
      </Button>
    </div>
  );
}

const preloadLightbox = () => void import('./lightbox.tsx');

/** Tries of a thumbnail that did not load, and the wait before each (ms). */
const THUMB_RETRIES = [1_000, 2_000, 4_000, 8_000, 15_000];

/**
 * A photo's thumbnail. A photo the store approved at once may still be in the making (an iPhone
 * photo's web copy takes a few seconds, and the server answers 409 meanwhile): the thumbnail asks
 * again a few times, with growing waits, rather than staying empty until a reload.
 */
function Thumbnail({ src }: { src: string }) {
  const [attempt, setAttempt] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const img = useRef<HTMLImageElement>(null);
  const retry = () => {
    const wait = THUMB_RETRIES[attempt];
    if (wait !== undefined) timer.current = setTimeout(() => setAttempt(attempt + 1), wait);
  };
  // A server-rendered thumbnail may have failed before React was listening: its error is seen here.
  useEffect(() => {
    if (img.current?.complete && img.current.naturalWidth === 0) retry();
    // Once, at mount: later failures arrive through onError.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <img
      // A new element for each try: the browser asks again for the same address.
      key={attempt}
      ref={img}
      src={src}
      alt=""
      width={80}
      height={80}
      loading="lazy"
      decoding="async"
      className="size-full object-cover"
      onError={retry}
    />
  );
}
