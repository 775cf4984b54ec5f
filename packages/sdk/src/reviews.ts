/**
 * Product reviews (contract reviews.md, `@wix/reviews`) and Vitrine's additions (rating summaries,
 * the e-mailed review-request link) as plain typed calls over an {@link HttpClient};
 * `@vitrine/sdk/react` wraps them in query and mutation options.
 */
import type { FileDescriptor, RatingSummary, ReviewContentInput, WireReview } from '@vitrine/contract';
import type { HttpClient } from './http.ts';
import { putToUploadUrl, type UploadFile, type UploadOptions } from './upload.ts';

export type { UploadFile, UploadOptions, UploadProgress, XhrLike } from './upload.ts';

const BASE = '/reviews/v1/reviews';
const LINK = '/reviews/v2/review-requests/link';
/** The catalog's namespace: the only one the shop reviews. */
export const REVIEWS_NAMESPACE = 'stores';

export type ReviewSort = 'relevance' | 'newest' | 'highest' | 'lowest';
export const REVIEW_SORTS: readonly ReviewSort[] = ['relevance', 'newest', 'highest', 'lowest'];

const SORTS: Record<ReviewSort, { fieldName: string; order: 'ASC' | 'DESC' }[]> = {
  relevance: [{ fieldName: 'relevanceScore', order: 'DESC' }],
  newest: [{ fieldName: 'createdDate', order: 'DESC' }],
  highest: [
    { fieldName: 'content.rating', order: 'DESC' },
    { fieldName: 'createdDate', order: 'DESC' },
  ],
  lowest: [
    { fieldName: 'content.rating', order: 'ASC' },
    { fieldName: 'createdDate', order: 'DESC' },
  ],
};

export interface ReviewSearch {
  /** The product id. */
  entityId: string;
  sort?: ReviewSort;
  /** The cursor of the page to show (`metadata.cursors.next` of the previous one). */
  cursor?: string;
  limit?: number;
}

export interface ReviewsPage {
  reviews: WireReview[];
  metadata: { count?: number; cursors?: { next?: string | null; prev?: string | null } };
}

/** The `queryReviews` body: a cursor request sends only the cursor (conventions §7). */
export function reviewsQueryBody(s: ReviewSearch): object {
  const limit = s.limit ?? 5;
  if (s.cursor) return { query: { cursorPaging: { limit, cursor: s.cursor } } };
  return {
    query: {
      filter: { namespace: REVIEWS_NAMESPACE, entityId: s.entityId },
      sort: SORTS[s.sort ?? 'relevance'],
      cursorPaging: { limit },
    },
  };
}

/** One page of a product's reviews the caller may see (published ones, and the caller's own). */
export const queryReviews = (http: HttpClient, s: ReviewSearch): Promise<ReviewsPage> =>
  http.request<ReviewsPage>({ method: 'POST', path: `${BASE}/query`, body: reviewsQueryBody(s) });

/** Rating summaries (published reviews) of up to 100 products, in one request; products without reviews may be missing. */
export const ratingSummaries = (http: HttpClient, entityIds: readonly string[]): Promise<RatingSummary[]> =>
  entityIds.length === 0
    ? Promise.resolve([])
    : http
        .request<{ summaries: RatingSummary[] }>({
          method: 'GET',
          path: '/reviews/v1/summaries',
          query: { namespace: REVIEWS_NAMESPACE, entityIds: [...entityIds] },
        })
        .then((a) => a.summaries);

export interface NewReview {
  entityId: string;
  content: ReviewContentInput;
  /** A visitor's name and e-mail (create with contact); members leave both out. */
  name?: string;
  email?: string;
}

/**
 * Writes a review of a product. A member (or a visitor without an e-mail) creates it as themselves;
 * a visitor with name and e-mail through create-with-contact. Answers the review, with its
 * moderation status (`IN_MODERATION` until the store approves it, or `APPROVED`).
 */
export const createReview = (http: HttpClient, r: NewReview): Promise<WireReview> =>
  http
    .request<{ review: WireReview }>(
      r.email
        ? {
            method: 'POST',
            path: `${BASE}/contact`,
            body: {
              namespace: REVIEWS_NAMESPACE,
              entityId: r.entityId,
              content: r.content,
              name: r.name,
              email: r.email,
            },
          }
        : {
            method: 'POST',
            path: BASE,
            body: {
              review: {
                namespace: REVIEWS_NAMESPACE,
                entityId: r.entityId,
                content: r.content,
                ...(r.name ? { author: { authorName: r.name } } : {}),
              },
            },
          },
    )
    .then((a) => a.review);

/** The words and stars a shop's author changes in their review (the photos stay). */
export interface ReviewEdit {
  rating: number;
  title?: string;
  body?: string;
}

/**
 * Changes the caller's own review: its stars, title and text (an empty one is removed). `revision`
 * is the one read, so a change made meanwhile is refused (409 REVISION_MISMATCH). Under manual
 * moderation a published review goes back to the store for approval.
 */
export const updateReview = (
  http: HttpClient,
  v: { id: string; revision: string; content: ReviewEdit },
): Promise<WireReview> =>
  http
    .request<{ review: WireReview }>({
      method: 'PATCH',
      path: `${BASE}/${encodeURIComponent(v.id)}`,
      body: {
        review: {
          id: v.id,
          revision: v.revision,
          content: { rating: v.content.rating, title: v.content.title || null, body: v.content.body || null },
        },
      },
    })
    .then((a) => a.review);

/** Deletes the caller's own review; answers it as it was. */
export const deleteReview = (http: HttpClient, id: string): Promise<WireReview> =>
  http
    .request<{ review: WireReview }>({ method: 'DELETE', path: `${BASE}/${encodeURIComponent(id)}` })
    .then((a) => a.review);

/** A member's own review of a product (by their contact id), in any moderation status; null if none. */
export const myReview = (
  http: HttpClient,
  v: { entityId: string; contactId: string },
): Promise<WireReview | null> =>
  http
    .request<ReviewsPage>({
      method: 'POST',
      path: `${BASE}/query`,
      body: {
        query: {
          filter: { namespace: REVIEWS_NAMESPACE, entityId: v.entityId, 'author.contactId': v.contactId },
          cursorPaging: { limit: 1 },
        },
      },
    })
    .then((a) => a.reviews[0] ?? null);

/** What a review-request link opens: the buyer's name and the order's products. */
export interface ReviewLink {
  reviewRequestId: string;
  authorName: string;
  items: { catalogItemId: string; name: string; imageUrl?: string; reviewId?: string }[];
}

/** Opens the signed link of a review-request e-mail (no sign-in needed). */
export const openReviewLink = (http: HttpClient, token: string): Promise<ReviewLink> =>
  http.request<ReviewLink>({ method: 'POST', path: `${LINK}/open`, body: { token } });

/** Reviews one item of the link's order, as its buyer (verified). */
export const submitReviewLink = (
  http: HttpClient,
  v: { token: string; catalogItemId: string; content: Omit<ReviewContentInput, 'media'> },
): Promise<WireReview | undefined> =>
  http
    .request<{ review?: WireReview }>({ method: 'POST', path: `${LINK}/submit`, body: v })
    .then((a) => a.review);

/**
 * A member's photo for a review: an upload URL into the visitor uploads (public, size declared),
 * then the bytes PUT to it with XMLHttpRequest, so that `onProgress` follows the upload (fetch
 * cannot report upload progress). Answers the library file (usually still `PENDING` processing);
 * its id goes into `content.media[].image.id`. Fails with a VitrineError, or an `AbortError`.
 */
export async function uploadReviewPhoto(
  http: HttpClient,
  file: UploadFile,
  o: UploadOptions = {},
): Promise<FileDescriptor> {
  const mimeType = file.type || 'application/octet-stream';
  const { uploadUrl } = await http.request<{ uploadUrl: string }>({
    method: 'POST',
    path: '/site-media/v1/files/generate-upload-url',
    body: {
      mimeType,
      ...(file.name ? { fileName: file.name } : {}),
      sizeInBytes: String(file.size),
      parentFolderId: 'visitor-uploads-root',
      private: false,
    },
  });
  return putToUploadUrl(uploadUrl, file, mimeType, o);
}

/** The review calls together. */
export const reviewCalls = {
  query: queryReviews,
  summaries: ratingSummaries,
  create: createReview,
  update: updateReview,
  delete: deleteReview,
  mine: myReview,
  openLink: openReviewLink,
  submitLink: submitReviewLink,
  uploadPhoto: uploadReviewPhoto,
};
