/**
 * The reviews feature's typed URL: the moderation list. Which reviews (`status`: waiting for
 * moderation by default), star ratings, a product, answered or not, the sort, the page, and the
 * review whose reply dialog is open (`reply`) are its query string.
 *
 *   reviewsUrls.list.href({ status: 'PENDING' })                 →  /reviews?status=PENDING
 *   reviewsUrls.list.href({ product: id, rating: ['1', '2'] })   →  /reviews?rating=1&rating=2&product=<id>
 */
import { ADMIN_REVIEW_SORTS } from '@vitrine/sdk';
import { param, route } from '../../app/url.ts';

/** `PENDING`: waiting for moderation (the default); `ALL`: whatever the status. */
export const REVIEW_VIEWS = ['PENDING', 'APPROVED', 'REJECTED', 'ALL'] as const;
export type ReviewView = (typeof REVIEW_VIEWS)[number];
export const RATINGS = ['5', '4', '3', '2', '1'] as const;

export const reviewsUrls = {
  list: route('/reviews', {
    status: param.oneOf(REVIEW_VIEWS),
    rating: param.manyOf(RATINGS),
    product: param.token(),
    replied: param.oneOf(['true', 'false']),
    sort: param.oneOf(ADMIN_REVIEW_SORTS),
    cursor: param.token(),
    /** The review whose reply dialog is open. */
    reply: param.token(),
  }),
};
