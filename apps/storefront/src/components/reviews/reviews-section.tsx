/**
 * The product page's reviews: the rating summary, the published reviews (sortable, "show more" by
 * cursor), their photos opening in a lightbox, the store's replies, and "Write a review". This
 * module is a chunk of its own (product.tsx); the write form and the lightbox are loaded when asked for.
 */
import { useQuery } from '@tanstack/react-query';
import type { Product, RatingSummary, ReviewSort, WireReview } from '@vitrine/sdk';
import { reviewQueries } from '@vitrine/sdk/react';
import { Button, controlClass } from '@vitrine/ui';
import { lazy, Suspense, useEffect, useId, useRef, useState, type Ref } from 'react';
import { useEnv } from '../../env.tsx';
import { averageText, reviewsText, Stars } from '../stars.tsx';
import type { LightboxPhoto } from './lightbox.tsx';

/** Reviews per page (the server render's first page, and each "show more"). */
export const REVIEWS_PAGE_SIZE = 5;

const SORT_NAMES: Record<ReviewSort, string> = {
  relevance: 'Most relevant',
  newest: 'Newest',
  highest: 'Highest rating',
  lowest: 'Lowest rating',
};

// The form and the lightbox (Radix) are chunks of their own: asked for when their button is
// pointed at or focused, loaded at the latest when it is pressed.
const loadForm = () => import('./review-form.tsx');
const loadLightbox = () => import('./lightbox.tsx');
const ReviewForm = lazy(() => loadForm().then((m) => ({ default: m.ReviewForm })));
const Lightbox = lazy(() => loadLightbox().then((m) => ({ default: m.Lightbox })));
const preloadForm = () => void loadForm();
const preloadLightbox = () => void loadLightbox();

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
          alt: `Video ${i + 1} from ${who}'s review`,
        },
      ];
    return [];
  });
}

export function ReviewsSection({ product }: { product: Product }) {
  const { http } = useEnv();
  const headingId = useId();
  const summary = useQuery(reviewQueries.summaries(http, [product.id])).data?.find(
    (s) => s.entityId === product.id,
  );
  const [sort, setSort] = useState<ReviewSort>('relevance');
  // The cursors of the pages shown: the first page has none.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const search = (cursor: string | undefined) => ({
    entityId: product.id,
    sort,
    cursor,
    limit: REVIEWS_PAGE_SIZE,
  });
  const last = useQuery(reviewQueries.list(http, search(cursors[cursors.length - 1])));
  const next = last.data?.metadata.cursors?.next;
  const [photos, setPhotos] = useState<{ list: LightboxPhoto[]; index: number }>();
  const [writing, setWriting] = useState(false);
  const count = summary?.count ?? 0;

  return (
    <section aria-labelledby={headingId} id="reviews" className="mt-12 border-t border-stone-200 pt-8">
      <h2 id={headingId} className="mb-6 text-2xl font-semibold">
        Customer reviews
      </h2>
      <div className="grid gap-8 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <div>
          <Summary summary={summary} />
          {!writing && (
            <Button
              id={`${headingId}-write`}
              variant="secondary"
              onPointerEnter={preloadForm}
              onFocus={preloadForm}
              onClick={() => setWriting(true)}
              className="w-full sm:w-auto"
            >
              Write a review
            </Button>
          )}
        </div>
        <div>
          {writing && (
            <div className="mb-8">
              <Suspense fallback={<p className="text-sm text-stone-700">Loading the form…</p>}>
                <ReviewForm
                  product={product}
                  onClose={() => {
                    setWriting(false);
                    // Back to the button that opened it, once React has shown it again.
                    requestAnimationFrame(() => document.getElementById(`${headingId}-write`)?.focus());
                  }}
                />
              </Suspense>
            </div>
          )}
          {count > 0 && (
            <div className="mb-4 flex items-center gap-2">
              <label htmlFor={`${headingId}-sort`} className="text-sm font-medium">
                Sort reviews
              </label>
              <select
                id={`${headingId}-sort`}
                value={sort}
                onChange={(e) => {
                  setSort(e.target.value as ReviewSort);
                  setCursors([undefined]);
                }}
                className={`${controlClass} w-auto`}
              >
                {Object.entries(SORT_NAMES).map(([value, name]) => (
                  <option key={value} value={value}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <ul aria-label="Reviews" className="divide-y divide-stone-200">
            {cursors.map((cursor, i) => (
              <ReviewPage
                key={`${sort} ${cursor ?? ''}`}
                search={search(cursor)}
                focusFirst={i > 0}
                onPhoto={(list, index) => setPhotos({ list, index })}
              />
            ))}
          </ul>
          {last.isError && (
            <p role="alert" className="mt-4 text-sm text-red-800">
              The reviews could not be loaded.{' '}
              <button type="button" onClick={() => void last.refetch()} className="font-medium underline">
                Try again
              </button>
            </p>
          )}
          {next && (
            <Button
              variant="secondary"
              className="mt-4"
              busy={last.isFetching}
              onClick={() => setCursors((c) => [...c, next])}
            >
              Show more reviews
            </Button>
          )}
        </div>
      </div>
      {photos && (
        <Suspense>
          <Lightbox photos={photos.list} start={photos.index} onClose={() => setPhotos(undefined)} />
        </Suspense>
      )}
    </section>
  );
}

function Summary({ summary }: { summary: RatingSummary | undefined }) {
  const count = summary?.count ?? 0;
  if (!summary || count === 0)
    return <p className="mb-4 text-stone-700">No reviews yet. Be the first to review this product.</p>;
  const average = averageText(summary.averageRating);
  return (
    <div className="mb-6" data-testid="rating-summary">
      <p className="flex items-center gap-3">
        <span className="text-4xl font-semibold" aria-hidden="true">
          {average}
        </span>
        <Stars value={summary.averageRating} className="text-2xl" />
        <span className="sr-only">Rated {average} out of 5</span>
      </p>
      <p className="mt-1 text-sm text-stone-700">Based on {reviewsText(count)}</p>
      <ul aria-label="Ratings by stars" className="mt-4 space-y-1 text-sm">
        {[5, 4, 3, 2, 1].map((stars) => {
          const n = summary.distribution.find((d) => d.rating === stars)?.count ?? 0;
          const share = count ? Math.round((n / count) * 100) : 0;
          return (
            <li key={stars} className="flex items-center gap-2">
              <span className="w-14 shrink-0">
                {stars} star{stars === 1 ? '' : 's'}
              </span>
              <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-stone-200">
                <span className="block h-full rounded-full bg-amber-600" style={{ width: `${share}%` }} />
              </span>
              <span className="w-16 shrink-0 text-right text-stone-700">
                {n}
                <span className="sr-only">
                  {' '}
                  {n === 1 ? 'review' : 'reviews'} ({share}%)
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewPage({
  search,
  focusFirst,
  onPhoto,
}: {
  search: { entityId: string; sort: ReviewSort; cursor: string | undefined; limit: number };
  focusFirst: boolean;
  onPhoto: (photos: LightboxPhoto[], index: number) => void;
}) {
  const { http } = useEnv();
  const { data, isPending } = useQuery(reviewQueries.list(http, search));
  const first = useRef<HTMLElement>(null);
  const reviews = data?.reviews;
  // "Show more" moves focus to the first review it added, so keyboard users read on from there.
  useEffect(() => {
    if (focusFirst && reviews?.length) first.current?.focus();
  }, [focusFirst, reviews]);
  if (isPending)
    return (
      <li className="py-4 text-sm text-stone-700" aria-busy="true">
        Loading reviews…
      </li>
    );
  return (
    <>
      {reviews?.map((r, i) => (
        <ReviewItem key={r.id} review={r} ref={i === 0 ? first : undefined} onPhoto={onPhoto} />
      ))}
    </>
  );
}

function ReviewItem({
  review: r,
  ref,
  onPhoto,
}: {
  review: WireReview;
  ref?: Ref<HTMLElement>;
  onPhoto: (photos: LightboxPhoto[], index: number) => void;
}) {
  const { storeName } = useEnv();
  const titleId = useId();
  const photos = photosOf(r);
  const pending = r.moderation.moderationStatus !== 'APPROVED';
  return (
    <li className="py-5">
      <article ref={ref} tabIndex={-1} aria-labelledby={titleId} className="focus-visible:outline-offset-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars value={r.content.rating} className="text-lg" />
          <h3 id={titleId} className="font-semibold">
            <span className="sr-only">
              {r.content.rating} out of 5 stars{r.content.title ? ': ' : ''}
            </span>
            {r.content.title}
          </h3>
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700">
          <span>{r.author.authorName || 'A shopper'}</span>
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
              Awaiting approval: only you can see it
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
                  {p.thumb && (
                    <img
                      src={p.thumb}
                      alt=""
                      width={80}
                      height={80}
                      loading="lazy"
                      decoding="async"
                      className="size-full object-cover"
                    />
                  )}
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
      </article>
    </li>
  );
}
