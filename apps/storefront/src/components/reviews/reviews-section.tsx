/**
 * The product page's reviews: the rating summary, the published reviews (sortable, "show more" by
 * cursor), their photos opening in a lightbox, the store's replies, and "Write a review" (or, for
 * the shopper's own review, edit and delete). This
 * module is a chunk of its own (product.tsx); the write form and the lightbox are loaded when asked for.
 */
import { useQuery } from '@tanstack/react-query';
import type { Product, RatingSummary, ReviewSort, WireReview } from '@vitrine/sdk';
import { memberQueries, reviewQueries } from '@vitrine/sdk/react';
import { Button, controlClass } from '@vitrine/ui';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useEnv, useLoggedIn } from '../../env.tsx';
import { averageText, reviewsText, Stars } from '../stars.tsx';
import type { LightboxPhoto } from './lightbox.tsx';
import { ReviewItem, type OwnActions } from './review-item.tsx';

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

/** A signed-in member's own review of the product (any status), found by their contact id. */
function useMyReview(entityId: string): WireReview | null | undefined {
  const { http } = useEnv();
  const loggedIn = useLoggedIn();
  const me = useQuery({ ...memberQueries.me(http), enabled: loggedIn });
  const contactId = loggedIn ? me.data?.contactId : undefined;
  return useQuery({
    ...reviewQueries.mine(http, entityId, contactId ?? ''),
    enabled: Boolean(contactId),
  }).data;
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
  // The form shown: none, a new review, or the shopper's own review to edit.
  const [form, setForm] = useState<{ key: number; editing?: WireReview } | null>(null);
  const [notice, setNotice] = useState('');
  const mine = useMyReview(product.id);
  // The member's review waiting for the store (or rejected) comes first: the page the server
  // renders for everyone leaves it out.
  const pinned = mine && mine.moderation.moderationStatus !== 'APPROVED' ? mine : undefined;
  const count = summary?.count ?? 0;
  const writeId = `${headingId}-write`;
  // Focus goes back to "Write a review" once React has shown it again (closing the form,
  // deleting): each request is a new count.
  const [focusWrite, setFocusWrite] = useState(0);
  useEffect(() => {
    if (focusWrite && !form) document.getElementById(writeId)?.focus();
  }, [focusWrite, form, writeId]);
  const backToWrite = () => setFocusWrite((n) => n + 1);
  const openForm = (editing?: WireReview) => {
    setNotice('');
    // A new key: a form showing its confirmation starts again.
    setForm((f) => ({ key: (f?.key ?? 0) + 1, ...(editing ? { editing } : {}) }));
  };
  const ownActions = (r: WireReview): OwnActions | undefined =>
    // A shopper sees unpublished reviews only of their own.
    r.id === mine?.id || r.moderation.moderationStatus !== 'APPROVED'
      ? {
          onEdit: () => openForm(r),
          onDeleted: () => {
            setForm(null);
            setNotice('Your review is deleted.');
            backToWrite();
          },
        }
      : undefined;

  return (
    <section aria-labelledby={headingId} id="reviews" className="mt-12 border-t border-stone-200 pt-8">
      <h2 id={headingId} className="mb-6 text-2xl font-semibold">
        Customer reviews
      </h2>
      <div className="grid gap-8 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <div className="min-w-0">
          <Summary summary={summary} />
          {!form && (
            <Button
              id={writeId}
              variant="secondary"
              onPointerEnter={preloadForm}
              onFocus={preloadForm}
              onClick={() => openForm(mine ?? undefined)}
              className="w-full sm:w-auto"
            >
              {mine ? 'Edit your review' : 'Write a review'}
            </Button>
          )}
          <p role="status" className="mt-2 text-sm text-stone-700">
            {notice}
          </p>
        </div>
        <div className="min-w-0">
          {form && (
            <div className="mb-8">
              <Suspense fallback={<p className="text-sm text-stone-700">Loading the form…</p>}>
                <ReviewForm
                  key={form.key}
                  product={product}
                  editing={form.editing}
                  onClose={() => {
                    setForm(null);
                    backToWrite();
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
            {pinned && (
              <ReviewItem
                review={pinned}
                onPhoto={(list, index) => setPhotos({ list, index })}
                own={ownActions(pinned)}
              />
            )}
            {cursors.map((cursor, i) => (
              <ReviewPage
                key={`${sort} ${cursor ?? ''}`}
                search={search(cursor)}
                focusFirst={i > 0}
                onPhoto={(list, index) => setPhotos({ list, index })}
                ownActions={ownActions}
                skip={pinned?.id}
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
  ownActions,
  skip,
}: {
  search: { entityId: string; sort: ReviewSort; cursor: string | undefined; limit: number };
  focusFirst: boolean;
  onPhoto: (photos: LightboxPhoto[], index: number) => void;
  ownActions: (r: WireReview) => OwnActions | undefined;
  /** A review shown above the pages already. */
  skip: string | undefined;
}) {
  const { http } = useEnv();
  const { data, isPending } = useQuery(reviewQueries.list(http, search));
  const first = useRef<HTMLElement>(null);
  const reviews = data?.reviews.filter((r) => r.id !== skip);
  // "Show more" moves focus to the first review it added, so keyboard users read on from there.
  useEffect(() => {
    if (focusFirst && data?.reviews.length) first.current?.focus();
  }, [focusFirst, data]);
  if (isPending)
    return (
      <li className="py-4 text-sm text-stone-700" aria-busy="true">
        Loading reviews…
      </li>
    );
  return (
    <>
      {reviews?.map((r, i) => (
        <ReviewItem
          key={r.id}
          review={r}
          ref={i === 0 ? first : undefined}
          onPhoto={onPhoto}
          own={ownActions(r)}
        />
      ))}
    </>
  );
}
