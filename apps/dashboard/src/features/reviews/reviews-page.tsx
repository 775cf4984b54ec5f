/**
 * `/dashboard/reviews`: the moderation queue (reviews waiting first, oldest first) and every other
 * review by status; filter by stars, product and reply, all in the URL. Approve, reject (one, or
 * the selected ones in bulk) and reply (`?reply=<id>`), each optimistic. With a product chosen, its
 * rating summary.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ModerationTarget } from '@vitrine/sdk';
import { adminReviewMutations, adminReviewQueries, productLookupQueries } from '@vitrine/sdk/react';
import { Alert, Button, PageHeading, Tabs, tabClass } from '@vitrine/ui';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../app/errors.ts';
import { useHttp } from '../../app/http.tsx';
import { useTitle } from '../../app/title.ts';
import { useRouteSearch } from '../../app/url.ts';
import { useCloseDialog } from '../../app/url-dialog.ts';
import { plural } from '../../kit/format.ts';
import { Pager } from '../../kit/pager.tsx';
import { QueryState } from '../../kit/query-state.tsx';
import { ReviewFilters } from './filters.tsx';
import { ReplyDialog } from './reply-dialog.tsx';
import { ReviewCard } from './review-card.tsx';
import { isFiltered, toReviewSearch } from './search.ts';
import { RatingSummary } from './summary.tsx';
import { reviewsUrls, type ReviewView } from './urls.ts';

const views: [ReviewView, string][] = [
  ['PENDING', 'To moderate'],
  ['APPROVED', 'Published'],
  ['REJECTED', 'Rejected'],
  ['ALL', 'All'],
];
const verbs: Record<ModerationTarget, string> = {
  APPROVED: 'approved',
  REJECTED: 'rejected',
  UNKNOWN_MODERATION_STATUS: 'back in the queue',
};

export function ReviewsPage() {
  useTitle('Reviews');
  const http = useHttp();
  const location = useLocation();
  const [search, setSearch] = useRouteSearch(reviewsUrls.list);
  const view = search.status ?? 'PENDING';
  const criteria = toReviewSearch(search);
  const reviews = useQuery({ ...adminReviewQueries.list(http, criteria), placeholderData: keepPreviousData });
  const waiting = useQuery(adminReviewQueries.count(http, { status: 'IN_MODERATION' }));
  const ids = [
    ...new Set([
      ...(reviews.data?.reviews.map((r) => r.entityId) ?? []),
      ...(search.product ? [search.product] : []),
    ]),
  ];
  const products = useQuery({
    ...productLookupQueries.byIds(http, ids),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
  const moderate = useMutation(adminReviewMutations.moderate(http));
  const bulk = useMutation(adminReviewMutations.bulkModerate(http));
  const reply = useMutation(adminReviewMutations.reply(http));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string>();
  const close = useCloseDialog(reviewsUrls.list.href({ ...search, reply: undefined }));
  const nameOf = (id: string) => products.data?.find((p) => p.id === id)?.name ?? 'Product';
  const page = reviews.data;
  const onPage = page?.reviews ?? [];
  const chosen = onPage.filter((r) => selected.has(r.id));
  const replyingTo = search.reply ? onPage.find((r) => r.id === search.reply) : undefined;
  const failure = moderate.error ?? bulk.error ?? reply.error;

  const moderateOne = (id: string, author: string, status: ModerationTarget) => {
    setNotice(undefined);
    moderate.mutate(
      { id, status },
      { onSuccess: () => setNotice(`The review by ${author} is ${verbs[status]}.`) },
    );
  };
  const moderateChosen = (status: ModerationTarget) => {
    const list = chosen.map((r) => r.id);
    if (!list.length) return;
    setNotice(undefined);
    bulk.mutate(
      { ids: list, status },
      {
        onSuccess: () => {
          setNotice(`${plural(list.length, 'review')} ${verbs[status]}.`);
          setSelected(new Set());
        },
      },
    );
  };

  return (
    <>
      <PageHeading className="mb-4">Reviews</PageHeading>
      <Tabs label="Reviews to show">
        {views.map(([v, label]) => (
          <Link
            key={v}
            to={reviewsUrls.list.href({
              ...search,
              status: v === 'PENDING' ? undefined : v,
              cursor: undefined,
              reply: undefined,
            })}
            className={tabClass(view === v)}
            aria-current={view === v ? 'page' : undefined}
          >
            {label}
            {v === 'PENDING' && waiting.data !== undefined ? ` (${waiting.data})` : ''}
          </Link>
        ))}
      </Tabs>
      <ReviewFilters key={location.search} search={search} onApply={setSearch} />
      {search.product && <RatingSummary productId={search.product} productName={nameOf(search.product)} />}
      <Alert variant="success">{notice}</Alert>
      <Alert>{failure ? `That did not work: ${errorMessage(failure)}` : undefined}</Alert>
      <QueryState query={reviews} label="Loading reviews…">
        {(p) => (
          <>
            <p role="status" className="mb-2 text-sm text-muted">
              {p.reviews.length === 0
                ? view === 'PENDING' && !isFiltered(search)
                  ? 'Nothing to moderate: no review is waiting for a decision.'
                  : 'No reviews match.'
                : `Showing ${plural(p.reviews.length, 'review')}${reviews.isFetching ? ' (updating…)' : ''}.`}
            </p>
            {p.reviews.length > 0 && (
              <div
                role="group"
                aria-label="Selected reviews"
                className="mb-3 flex flex-wrap items-center gap-2 rounded-2xl border border-line bg-surface p-3"
              >
                <label className="inline-flex min-h-11 items-center gap-2 pr-2 pointer-fine:min-h-9">
                  <input
                    type="checkbox"
                    className="size-4 accent-accent"
                    checked={chosen.length === p.reviews.length}
                    onChange={(e) =>
                      setSelected(e.target.checked ? new Set(p.reviews.map((r) => r.id)) : new Set())
                    }
                  />
                  Select all on this page
                </label>
                <Button
                  size="sm"
                  disabled={!chosen.length}
                  busy={bulk.isPending}
                  onClick={() => moderateChosen('APPROVED')}
                >
                  Approve selected ({chosen.length})
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={!chosen.length}
                  busy={bulk.isPending}
                  onClick={() => moderateChosen('REJECTED')}
                >
                  Reject selected ({chosen.length})
                </Button>
              </div>
            )}
            <ul aria-label="Reviews" className="mb-4 space-y-3" aria-busy={reviews.isFetching || undefined}>
              {p.reviews.map((r) => (
                <li key={r.id}>
                  <ReviewCard
                    review={r}
                    productName={nameOf(r.entityId)}
                    productHref={reviewsUrls.list.href({ ...search, product: r.entityId, cursor: undefined })}
                    replyHref={reviewsUrls.list.href({ ...search, reply: r.id })}
                    selected={selected.has(r.id)}
                    onSelect={(on) =>
                      setSelected((s) => {
                        const next = new Set(s);
                        if (on) next.add(r.id);
                        else next.delete(r.id);
                        return next;
                      })
                    }
                    busy={moderate.isPending && moderate.variables?.id === r.id}
                    onModerate={(status) => moderateOne(r.id, r.author.authorName || 'Anonymous', status)}
                  />
                </li>
              ))}
            </ul>
            <Pager
              label="Pages of reviews"
              prev={
                p.metadata.cursors?.prev
                  ? reviewsUrls.list.href({ ...search, cursor: p.metadata.cursors.prev })
                  : null
              }
              next={
                p.metadata.cursors?.next
                  ? reviewsUrls.list.href({ ...search, cursor: p.metadata.cursors.next })
                  : null
              }
            />
          </>
        )}
      </QueryState>
      {replyingTo && (
        <ReplyDialog
          review={replyingTo}
          onClose={close}
          onSave={(message) => {
            close();
            setNotice(undefined);
            reply.mutate(
              { id: replyingTo.id, message },
              {
                onSuccess: () =>
                  setNotice(
                    message === null ? 'Reply removed.' : 'Reply saved: shoppers see it under the review.',
                  ),
              },
            );
          }}
        />
      )}
    </>
  );
}
