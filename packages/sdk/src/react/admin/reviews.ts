/**
 * The merchant's reviews as TanStack Query options over ../../admin/reviews.ts, under the shop's
 * `['reviews', …]` keys: a page of the moderation list `['reviews', 'admin', 'list', {…}]`, counts
 * `['reviews', 'admin', 'count', {…}]`, the settings `['reviews', 'settings']`, and product names
 * for the list `['catalog', 'lookup', …]`. Approving, rejecting and replying are optimistic: the
 * cached pages change at once and come back if the server refuses; afterwards the lists, counts,
 * the shop's pages and rating summaries of the product, and the home page's figures are read again.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ReviewSettings, WireReview } from '@vitrine/contract';
import { productLookupCalls } from '../../admin/product-lookup.ts';
import { adminReviewCalls, type AdminReviewSearch, type ModerationTarget } from '../../admin/reviews.ts';
import type { HttpClient } from '../../http.ts';
import type { ReviewsPage } from '../../reviews.ts';

const ADMIN = ['reviews', 'admin'] as const;
const LIST = [...ADMIN, 'list'] as const;
const SETTINGS = ['reviews', 'settings'] as const;

const searchKey = (s: AdminReviewSearch) => ({
  status: s.status ?? null,
  ratings: [...(s.ratings ?? [])].sort(),
  productId: s.productId ?? null,
  replied: s.replied ?? null,
  sort: s.sort ?? 'newest',
  cursor: s.cursor ?? null,
  limit: s.limit ?? 20,
});

export const adminReviewQueries = {
  list: (http: HttpClient, s: AdminReviewSearch) =>
    queryOptions({
      queryKey: [...LIST, searchKey(s)] as const,
      queryFn: () => adminReviewCalls.query(http, s),
    }),
  /** How many reviews match (e.g. how many wait for moderation). */
  count: (http: HttpClient, s: AdminReviewSearch) =>
    queryOptions({
      queryKey: [...ADMIN, 'count', { ...searchKey(s), cursor: null, limit: null, sort: null }] as const,
      queryFn: () => adminReviewCalls.count(http, s),
    }),
  settings: (http: HttpClient) =>
    queryOptions({ queryKey: SETTINGS, queryFn: () => adminReviewCalls.settings(http) }),
};

/** Product names and slugs by id (hidden products too), for lists naming products. */
export const productLookupQueries = {
  byIds: (http: HttpClient, ids: readonly string[]) => {
    const sorted = [...new Set(ids)].sort();
    return queryOptions({
      queryKey: ['catalog', 'lookup', ...sorted] as const,
      queryFn: () => productLookupCalls.byIds(http, sorted),
      staleTime: 60_000,
    });
  },
  /** Up to 10 products the shop shows matching `text` (nothing asked while it is blank). */
  search: (http: HttpClient, text: string) => {
    const words = text.trim();
    return queryOptions({
      queryKey: ['catalog', 'lookup-search', words] as const,
      queryFn: () => productLookupCalls.search(http, words),
      enabled: words.length > 0,
      staleTime: 30_000,
    });
  },
  /** The first 100 products by name, for a product picker. */
  list: (http: HttpClient) =>
    queryOptions({
      queryKey: ['catalog', 'lookup-list'] as const,
      queryFn: () => productLookupCalls.list(http),
      staleTime: 60_000,
    }),
};

type Snapshot = [readonly unknown[], ReviewsPage | undefined][];

/** Changes the cached copies of some reviews in every page of the list; answers what they were. */
async function patchCached(
  client: QueryClient,
  ids: readonly string[],
  change: (r: WireReview) => WireReview,
) {
  await client.cancelQueries({ queryKey: LIST });
  const before = client.getQueriesData<ReviewsPage>({ queryKey: LIST }) as Snapshot;
  for (const [key, page] of before)
    if (page?.reviews.some((r) => ids.includes(r.id)))
      client.setQueryData<ReviewsPage>(key, {
        ...page,
        reviews: page.reviews.map((r) => (ids.includes(r.id) ? change(r) : r)),
      });
  return { before };
}
const restore = (client: QueryClient, result: { before: Snapshot } | undefined) => {
  for (const [key, page] of result?.before ?? []) client.setQueryData(key, page);
};
/** What a review change touches, read again: the merchant's lists and counts, the shop's pages and summaries, Home. */
const reread = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ['reviews'], predicate: (q) => q.queryKey[1] !== 'settings' }),
    client.invalidateQueries({ queryKey: ['analytics'] }),
  ]);

const moderated = (r: WireReview, status: ModerationTarget): WireReview => ({
  ...r,
  moderation: {
    manuallyChanged: true,
    moderationStatus: status === 'UNKNOWN_MODERATION_STATUS' ? 'IN_MODERATION' : status,
  },
});

export const adminReviewMutations = {
  /** Approves, rejects or puts back in the queue one review, optimistically. */
  moderate: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['reviews', 'moderate'] as const,
      mutationFn: (v: { id: string; status: ModerationTarget }) => adminReviewCalls.moderate(http, v),
      onMutate: (v, context) => patchCached(context.client, [v.id], (r) => moderated(r, v.status)),
      onError: (_e, _v, result, context) => restore(context.client, result),
      onSettled: (_d, _e, _v, _r, context) => reread(context.client),
    }),
  /** Moderates several reviews in one request, optimistically. */
  bulkModerate: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['reviews', 'bulk-moderate'] as const,
      mutationFn: (v: { ids: string[]; status: ModerationTarget }) => adminReviewCalls.bulkModerate(http, v),
      onMutate: (v, context) => patchCached(context.client, v.ids, (r) => moderated(r, v.status)),
      onError: (_e, _v, result, context) => restore(context.client, result),
      onSettled: (_d, _e, _v, _r, context) => reread(context.client),
    }),
  /** Sets or replaces the store's reply (`message`), or removes it (`message: null`), optimistically. */
  reply: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['reviews', 'reply'] as const,
      mutationFn: (v: { id: string; message: string | null }) =>
        v.message === null
          ? adminReviewCalls.removeReply(http, v.id)
          : adminReviewCalls.setReply(http, { id: v.id, message: v.message }),
      onMutate: (v, context) => {
        const now = new Date().toISOString();
        return patchCached(context.client, [v.id], (r) => {
          if (v.message === null) {
            const { reply: _gone, ...rest } = r;
            return rest;
          }
          return {
            ...r,
            reply: { message: v.message, createdDate: r.reply?.createdDate ?? now, updatedDate: now },
          };
        });
      },
      onError: (_e, _v, result, context) => restore(context.client, result),
      onSettled: (_d, _e, _v, _r, context) => reread(context.client),
    }),
  /** Owners only. */
  updateSettings: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['reviews', 'update-settings'] as const,
      mutationFn: (v: Partial<ReviewSettings>) => adminReviewCalls.updateSettings(http, v),
      onSuccess: (settings, _v, _r, context) => context.client.setQueryData(SETTINGS, settings),
    }),
};
