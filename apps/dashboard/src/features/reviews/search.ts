/** The list page's URL values → the SDK's review search. */
import type { AdminReviewSearch } from '@vitrine/sdk';
import type { SearchOf } from '../../app/url.ts';
import type { reviewsUrls } from './urls.ts';

export type ReviewsListSearch = SearchOf<(typeof reviewsUrls.list)['search']>;
export const PAGE_SIZE = 20;

export function toReviewSearch(s: ReviewsListSearch): AdminReviewSearch {
  const view = s.status ?? 'PENDING';
  return {
    ...(view === 'ALL' ? {} : { status: view === 'PENDING' ? 'IN_MODERATION' : view }),
    ratings: s.rating.map(Number),
    productId: s.product,
    ...(s.replied ? { replied: s.replied === 'true' } : {}),
    // The queue shows the oldest first: first come, first answered.
    sort: s.sort ?? (view === 'PENDING' ? 'oldest' : 'newest'),
    cursor: s.cursor,
    limit: PAGE_SIZE,
  };
}

export const isFiltered = (s: ReviewsListSearch) => !!(s.rating.length || s.product || s.replied);
