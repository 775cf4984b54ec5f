import { z } from 'zod';
import { cursorPagingMetadata, cursorQuery, filter, platformPagingMetadata } from './query.ts';
import { int64, isoDate } from './scalars.ts';

/**
 * Reviews (contract reviews.md): `/reviews/v1/reviews`, review requests `/reviews/v2/review-requests`,
 * and Vitrine's own additions (rating summaries, the moderation settings, the signed review-request
 * link a buyer opens from the e-mail).
 */

/**
 * Bounds: the packages' declared ones (`content.title`, `content.body` 3,000, `setReply` message
 * 10,000); where they declare none, a name fits a line. The shop's forms may ask for less.
 */
export const REVIEW_LIMITS = {
  title: 3000,
  body: 3000,
  reply: 10000,
  authorName: 100,
  media: 10,
} as const;

export const moderationStatus = z.enum(['UNKNOWN', 'APPROVED', 'IN_MODERATION', 'REJECTED', 'SUBMITTED']);
export type ModerationStatus = z.infer<typeof moderationStatus>;
export const authorType = z.enum(['UNKNOWN', 'MEMBER', 'VISITOR']);
export const originType = z.enum(['UNKNOWN', 'ORGANIC', 'APP']);

const text = (max: number) => z.string().max(max);
const dim = z.number().int().min(0).max(100_000);

/** An image as the SDK sends it: a library file id and/or its URL (`wix:image://v1/…` or a media URL). */
export const reviewImageInput = z.strictObject({
  id: z.string().max(300).optional(),
  url: z.string().max(2000).optional(),
  height: dim.optional(),
  width: dim.optional(),
  altText: text(200).nullish(),
  filename: text(300).nullish(),
});
/** A video (video v2) as the SDK sends it; only its id or URL matters, the rest is re-read from the library. */
export const reviewVideoInput = z.strictObject({
  id: z.string().max(300).optional(),
  url: z.string().max(2000).optional(),
  filename: text(300).nullish(),
  resolutions: z.array(z.unknown()).max(20).optional(),
  posters: z.array(z.unknown()).max(20).optional(),
  thumbnail: z.unknown().optional(),
  durationInMilliseconds: z.number().optional(),
});
export const reviewMediaInput = z
  .strictObject({ image: reviewImageInput.optional(), video: reviewVideoInput.optional() })
  .refine((m) => (m.image ? 1 : 0) + (m.video ? 1 : 0) === 1, 'must hold exactly one of image or video');

export const reviewContentInput = z.strictObject({
  title: text(REVIEW_LIMITS.title).nullish(),
  body: text(REVIEW_LIMITS.body).nullish(),
  rating: z.number().int().min(1).max(5),
  media: z.array(reviewMediaInput).max(REVIEW_LIMITS.media).optional(),
});
export type ReviewContentInput = z.infer<typeof reviewContentInput>;

const namespace = z.string().min(1).max(50);
const entityId = z.string().min(1).max(100);

/**
 * The review's read-only fields, which a front end may send back as it read them (read, change,
 * write): accepted and ignored, as the platform does.
 */
const readOnly = {
  id: z.unknown().optional(),
  createdDate: z.unknown().optional(),
  updatedDate: z.unknown().optional(),
  reply: z.unknown().optional(),
  foundHelpful: z.unknown().optional(),
  foundUnhelpful: z.unknown().optional(),
  helpfulness: z.unknown().optional(),
  moderation: z.unknown().optional(),
  revision: z.unknown().optional(),
  origin: z.unknown().optional(),
  relevanceScore: z.unknown().optional(),
  publishCount: z.unknown().optional(),
};

export const reviewInput = z.strictObject({
  ...readOnly,
  namespace,
  entityId,
  content: reviewContentInput,
  author: z
    .strictObject({
      contactId: z.string().max(100).nullish(),
      authorName: text(REVIEW_LIMITS.authorName).nullish(),
      authorType: authorType.optional(),
    })
    .optional(),
  /** Apps importing older reviews may date them; ignored for shoppers. */
  reviewDate: isoDate.optional(),
  /** Apps may state a verified purchase; for shoppers it is worked out from their orders. */
  verified: z.boolean().optional(),
});
export type ReviewInput = z.infer<typeof reviewInput>;

export const createReviewRequest = z.strictObject({ review: reviewInput });
export const createReviewAndContactRequest = z.strictObject({
  namespace,
  entityId,
  content: reviewContentInput,
  name: text(REVIEW_LIMITS.authorName).nullish(),
  email: z.email().max(254).nullish(),
});
export const updateReviewRequest = z.strictObject({
  review: z.strictObject({
    ...readOnly,
    id: z.string().max(100).optional(),
    revision: int64.optional(),
    content: reviewContentInput.partial().optional(),
    namespace: namespace.optional(),
    entityId: entityId.optional(),
    // Only content changes (contract reviews.md); the rest of a review read back is ignored. The
    // package adds `id` beside the review's own `_id`, which then reaches the wire unrenamed.
    _id: z.unknown().optional(),
    author: z.unknown().optional(),
    reviewDate: z.unknown().optional(),
    verified: z.unknown().optional(),
  }),
  fieldMask: z
    .union([z.string().max(1000), z.strictObject({ paths: z.array(z.string().max(200)) })])
    .optional(),
});
export const setReplyRequest = z.strictObject({
  reviewId: z.string().max(100).optional(),
  message: z.string().trim().min(1).max(REVIEW_LIMITS.reply),
});
export const countReviewsRequest = z.strictObject({
  filter: filter.nullish(),
  includePrivateReviews: z.boolean().optional(),
});
export const queryReviewsRequest = z.strictObject({
  query: cursorQuery.optional(),
  returnPrivateReviews: z.boolean().optional(),
});
export const moderationTarget = z.enum(['UNKNOWN_MODERATION_STATUS', 'APPROVED', 'REJECTED']);
export const updateModerationStatusRequest = z.strictObject({
  reviewId: z.string().max(100).optional(),
  status: moderationTarget,
});
/** The bulk call's own enum spells the back-to-the-queue status `UNKNOWN` (its package's declaration). */
export const bulkUpdateModerationStatusRequest = z.strictObject({
  filter,
  status: z
    .enum([...moderationTarget.options, 'UNKNOWN'])
    .transform((v) => (v === 'UNKNOWN' ? 'UNKNOWN_MODERATION_STATUS' : v)),
});
export const bulkDeleteReviewsRequest = z.strictObject({ filter });
export const bulkCreateReviewsRequest = z.strictObject({
  reviews: z.array(reviewInput).min(1).max(100),
  returnEntity: z.boolean().optional(),
});

export const reviewImage = z.strictObject({
  id: z.string(),
  url: z.string(),
  height: z.number(),
  width: z.number(),
  altText: z.string().optional(),
  filename: z.string().optional(),
});
export const reviewVideo = z.strictObject({
  id: z.string(),
  url: z.string(),
  filename: z.string().optional(),
  posters: z.array(
    z.strictObject({ id: z.string(), url: z.string(), width: z.number(), height: z.number() }),
  ),
  /** The library's streams of a processed video (video v2's `resolutions`): `format` `hls` or `dash`. */
  resolutions: z
    .array(z.strictObject({ url: z.string(), width: z.number(), height: z.number(), format: z.string() }))
    .optional(),
  durationInMilliseconds: z.number().optional(),
});
export const reviewMedia = z.strictObject({ image: reviewImage.optional(), video: reviewVideo.optional() });
export type ReviewMedia = z.infer<typeof reviewMedia>;

export const review = z.strictObject({
  id: z.string(),
  namespace: z.string(),
  entityId: z.string(),
  content: z.strictObject({
    title: z.string().optional(),
    body: z.string().optional(),
    rating: z.number(),
    media: z.array(reviewMedia),
  }),
  createdDate: isoDate,
  updatedDate: isoDate,
  reviewDate: isoDate,
  author: z.strictObject({
    contactId: z.string().optional(),
    authorName: z.string().optional(),
    authorType: authorType,
  }),
  reply: z.strictObject({ message: z.string(), createdDate: isoDate, updatedDate: isoDate }).optional(),
  foundHelpful: z.number(),
  foundUnhelpful: z.number(),
  helpfulness: z.number(),
  moderation: z.strictObject({ moderationStatus, manuallyChanged: z.boolean() }),
  revision: z.string(),
  verified: z.boolean(),
  origin: z.strictObject({ type: originType, appId: z.string().optional() }),
  relevanceScore: z.number(),
  publishCount: z.number(),
});
export type WireReview = z.infer<typeof review>;

export const reviewResponse = z.strictObject({ review });
export const countResponse = z.strictObject({ count: z.number() });
export const queryReviewsResponse = z.strictObject({
  reviews: z.array(review),
  metadata: platformPagingMetadata.partial({ offset: true, total: true, tooManyToCount: true }),
});
const bulkItemMetadata = z.strictObject({
  id: z.string().optional(),
  originalIndex: z.number(),
  success: z.boolean(),
  error: z
    .strictObject({ code: z.string(), description: z.string(), data: z.record(z.string(), z.unknown()) })
    .optional(),
});
export const bulkActionMetadata = z.strictObject({
  totalSuccesses: z.number(),
  totalFailures: z.number(),
  undetailedFailures: z.number(),
});
/** The packages read a created review under `results[].review` (their BulkReviewResult). */
export const bulkCreateReviewsResponse = z.strictObject({
  results: z.array(z.strictObject({ itemMetadata: bulkItemMetadata, review: review.optional() })),
  bulkActionMetadata,
});
/** Bulk moderation and bulk delete run in the request; `jobId` names the change for the record. */
export const bulkJobResponse = z.strictObject({ jobId: z.string() });

/** Per-entity rating summary (Vitrine): published reviews only. */
export const ratingSummary = z.strictObject({
  namespace: z.string(),
  entityId: z.string(),
  count: z.number(),
  averageRating: z.number(),
  distribution: z.array(z.strictObject({ rating: z.number(), count: z.number() })),
});
export type RatingSummary = z.infer<typeof ratingSummary>;
export const ratingSummariesQuery = z.strictObject({
  namespace: namespace.default('stores'),
  entityIds: z.union([entityId, z.array(entityId).max(100)]).transform((v) => (Array.isArray(v) ? v : [v])),
});
export const ratingSummariesResponse = z.strictObject({ summaries: z.array(ratingSummary) });

/** The store's review settings (Vitrine). */
export const reviewModeration = z.enum(['MANUAL', 'AUTO_PUBLISH']);
export const reviewSettings = z.strictObject({
  /** MANUAL (default): every review waits for the merchant; AUTO_PUBLISH: published at once unless it links out. */
  moderation: reviewModeration,
  /** Review requests are scheduled this many days after an order is fulfilled (0 … 90). */
  requestDelayDays: z.number().int().min(0).max(90),
  /** Review requests are created for fulfilled orders. */
  requestsEnabled: z.boolean(),
});
export type ReviewSettings = z.infer<typeof reviewSettings>;
export const updateReviewSettingsRequest = z.strictObject({ settings: reviewSettings.partial() });
export const reviewSettingsResponse = z.strictObject({ settings: reviewSettings });

// Review requests (v2)

export const reviewRequestStatus = z.enum([
  'UNKNOWN_REVIEW_REQUEST_STATUS',
  'SCHEDULED',
  'CANCELED',
  'FAILED',
  'SENT',
]);
export const reviewRequestFailure = z.enum([
  'UNKNOWN_FAILURE_REASON',
  'ACTIVATION_FAILED',
  'BOUNCED',
  'SUBSCRIPTION_INACTIVE',
]);
export const reviewRequestInput = z.strictObject({
  namespace: namespace.default('stores'),
  order: z.strictObject({ id: z.string().min(1).max(100) }).optional(),
  items: z
    .array(z.strictObject({ catalogItemId: entityId }))
    .max(100)
    .optional(),
  recipient: z.strictObject({ contactId: z.string().max(100).optional() }).optional(),
  sendDate: isoDate.optional(),
  communicationChannel: z.enum(['EMAIL']).optional(),
});
export const createReviewRequestRequest = z.strictObject({ reviewRequest: reviewRequestInput });
export const bulkCreateReviewRequestsRequest = z.strictObject({
  reviewRequests: z.array(reviewRequestInput).min(1).max(100),
  returnEntity: z.boolean().optional(),
});
export const countReviewRequestsRequest = z.strictObject({ filter: filter.nullish() });
export const queryReviewRequestsRequest = z.strictObject({ query: cursorQuery.optional() });
export const cancelReviewRequestsRequest = z.strictObject({ filter });

export const reviewRequestEntity = z.strictObject({
  id: z.string(),
  revision: z.string(),
  createdDate: isoDate,
  updatedDate: isoDate,
  sendDate: isoDate,
  namespace: z.string(),
  order: z.strictObject({ id: z.string() }).optional(),
  items: z.array(z.strictObject({ catalogItemId: z.string(), reviewId: z.string().optional() })),
  recipient: z.strictObject({ contactId: z.string().optional() }),
  communicationChannel: z.literal('EMAIL'),
  status: reviewRequestStatus,
  sentOptions: z.strictObject({ opened: z.boolean() }).optional(),
  failedOptions: z.strictObject({ reason: reviewRequestFailure, message: z.string() }).optional(),
  requestedBy: z.strictObject({
    wixUserId: z.string().optional(),
    appId: z.string().optional(),
    identityType: z.enum(['WIX_USER', 'APP']),
  }),
});
export type WireReviewRequest = z.infer<typeof reviewRequestEntity>;
export const reviewRequestResponse = z.strictObject({ reviewRequest: reviewRequestEntity });
export const queryReviewRequestsResponse = z.strictObject({
  reviewRequests: z.array(reviewRequestEntity),
  pagingMetadata: cursorPagingMetadata,
});
export const bulkCreateReviewRequestsResponse = z.strictObject({
  results: z.array(z.strictObject({ itemMetadata: bulkItemMetadata, item: reviewRequestEntity.optional() })),
  bulkActionMetadata,
});

/** The signed link of a review-request e-mail, opened without signing in (Vitrine). */
export const openReviewLinkRequest = z.strictObject({ token: z.string().min(10).max(1000) });
export const reviewLinkItem = z.strictObject({
  catalogItemId: z.string(),
  name: z.string(),
  imageUrl: z.string().optional(),
  /** Set once a review was written for this item through the link (or before, by the same buyer). */
  reviewId: z.string().optional(),
});
export const openReviewLinkResponse = z.strictObject({
  reviewRequestId: z.string(),
  authorName: z.string(),
  items: z.array(reviewLinkItem),
});
export const submitReviewLinkRequest = z.strictObject({
  token: z.string().min(10).max(1000),
  catalogItemId: entityId,
  content: reviewContentInput.omit({ media: true }),
});
