/** Writing, reading and deleting reviews; the summary and events follow every change (README). */
import type { CursorQuery, ReviewContentInput, WireReview } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, forbidden, notFound, violation } from '../../platform/errors.ts';
import { emitEvent, type EventBody } from '../../platform/events.ts';
import { newId, UUID } from '../../platform/ids.ts';
import { compileFilter } from '../../platform/query/filter.ts';
import { cursorPage } from '../../platform/query/page.ts';
import { hasPurchased } from '../orders/index.ts';
import { authorOf, checkEntity, checkRate, resolveMedia, type Author } from './authors.ts';
import { rewriteMediaFilter } from './media-filter.ts';
import { getReviewSettings } from './settings.ts';
import {
  bumpSummary,
  findByAuthor,
  findReview,
  insertReview,
  removeReview,
  reviewSpec,
  reviewsBase,
  hasUnpublished,
  visibleSql,
  writeReview,
  type ReviewRow,
  type ReviewStatus,
} from './store.ts';
import { linksOut, plainText, relevanceScore, REVIEW_FQDN, toReview } from './wire.ts';

export const reviewNotFound = (id: string) => notFound('Review', { reviewId: id }, 'REVIEW_NOT_FOUND');

/** The caller's own reviews, besides published ones. */
export function ownerOf(ctx: Ctx): { memberId?: string; visitorId?: string } {
  const c = ctx.caller;
  if (c.role === 'member')
    return { memberId: c.memberId, ...(c.visitorId ? { visitorId: c.visitorId } : {}) };
  if (c.role === 'visitor') return { visitorId: c.visitorId };
  return {};
}
const isOwn = (ctx: Ctx, r: ReviewRow) => {
  const o = ownerOf(ctx);
  return (
    (o.memberId !== undefined && r.member_id === o.memberId) ||
    (o.visitorId !== undefined && r.visitor_id === o.visitorId)
  );
};
/** Admins asking for private reviews see all; everyone sees published ones and their own. */
export const scopeOf = (ctx: Ctx, includePrivate: boolean | undefined) =>
  ctx.caller.role === 'admin' && includePrivate ? 'all' : ownerOf(ctx);

/**
 * The scope of a list: a shopper with no unpublished review of their own (nearly all of them; one
 * indexed lookup) reads published reviews only, which the partial indexes serve without a sort.
 */
async function listScope(ctx: Ctx, includePrivate: boolean | undefined) {
  const scope = scopeOf(ctx, includePrivate);
  if (scope === 'all' || (!scope.memberId && !scope.visitorId)) return scope;
  return (await hasUnpublished(ctx.db, scope)) ? scope : {};
}
export const canSee = (ctx: Ctx, r: ReviewRow, includePrivate: boolean | undefined) =>
  r.moderation_status === 'APPROVED' ||
  isOwn(ctx, r) ||
  (ctx.caller.role === 'admin' && includePrivate === true);

/** Emits an event of the review (its row is locked: inserted, updated or deleted in this transaction). */
export const emitReview = (ctx: Ctx, slug: string, body: EventBody, id: string) =>
  emitEvent(ctx, { entityFqdn: REVIEW_FQDN, slug, entityId: id, ...body }, { entityLocked: true });

/** Keeps the summary right for a move between (status, rating) pairs: only APPROVED reviews count. */
export async function followSummary(
  ctx: Ctx,
  before: Pick<ReviewRow, 'moderation_status' | 'rating'> | null,
  after: ReviewRow | null,
  row: ReviewRow,
) {
  const was = before?.moderation_status === 'APPROVED';
  const is = after?.moderation_status === 'APPROVED';
  if (was && (!is || before!.rating !== after!.rating))
    await bumpSummary(ctx.db, row.namespace, row.entity_id, before!.rating, -1);
  if (is && (!was || before!.rating !== after!.rating))
    await bumpSummary(ctx.db, row.namespace, row.entity_id, after!.rating, 1);
}

/** Emits moderation_status_changed (and review_published on a move to APPROVED) for a status change. */
export async function emitModeration(ctx: Ctx, before: ReviewStatus | null, row: ReviewRow) {
  const review = toReview(ctx, row);
  if (before !== null && before !== row.moderation_status) {
    await emitReview(
      ctx,
      'moderation_status_changed',
      { actionEvent: { body: { review, previousStatus: before } } },
      row.id,
    );
  }
  if (row.moderation_status === 'APPROVED' && before !== 'APPROVED') {
    await emitReview(ctx, 'review_published', { actionEvent: { body: { review } } }, row.id);
  }
}

function cleanContent(c: Partial<ReviewContentInput>) {
  return { title: plainText(c.title) || null, body: plainText(c.body) || null };
}

/** The first status of a new review (README: MANUAL holds every shopper's review; apps publish). */
async function firstStatus(ctx: Ctx, text: string): Promise<ReviewStatus> {
  if (ctx.caller.role === 'admin') return 'APPROVED';
  const s = await getReviewSettings(ctx);
  return s.moderation === 'AUTO_PUBLISH' && !linksOut(text) ? 'APPROVED' : 'IN_MODERATION';
}

export interface NewReview {
  namespace: string;
  entityId: string;
  content: ReviewContentInput;
  reviewDate?: string | undefined;
  verified?: boolean | undefined;
}

/** Creates a review by `author` (worked out from the caller unless given: review-request links). */
export async function createReview(
  ctx: Ctx,
  input: NewReview,
  o: { author?: Author; ip?: string | null; field?: string; verified?: boolean } = {},
): Promise<WireReview> {
  const field = o.field ?? 'review';
  await checkEntity(ctx, input.namespace, input.entityId, field);
  const author = o.author ?? (await authorOf(ctx, {}));
  await checkRate(ctx, author, o.ip ?? null);
  const media = await resolveMedia(ctx, input.content.media ?? [], `${field}.content.media`);
  const { title, body } = cleanContent(input.content);
  const status = await firstStatus(ctx, `${title ?? ''} ${body ?? ''}`);
  const admin = ctx.caller.role === 'admin';
  const verified =
    o.verified ??
    (admin && input.verified !== undefined
      ? input.verified
      : await hasPurchased(
          ctx,
          { memberId: author.memberId ?? undefined, email: author.email ?? undefined },
          input.entityId,
        ));
  const now = ctx.clock.now();
  const reviewDate = admin && input.reviewDate ? new Date(input.reviewDate) : now;
  return inTransaction(ctx, async (tx) => {
    const row = await insertReview(tx.db, {
      id: newId(),
      namespace: input.namespace,
      entity_id: input.entityId.toLowerCase(),
      title,
      body,
      rating: input.content.rating,
      media,
      author_type: author.type,
      author_key: author.key,
      contact_id: author.contactId,
      member_id: author.memberId,
      visitor_id: author.visitorId,
      author_name: author.name,
      author_email: author.email,
      origin_type: author.origin,
      origin_app_id: author.appId,
      moderation_status: status,
      manually_changed: false,
      publish_count: status === 'APPROVED' ? 1 : 0,
      verified,
      relevance_score: relevanceScore({ title, body, media, verified, reviewDate }),
      found_helpful: 0,
      found_unhelpful: 0,
      reply_message: null,
      reply_created_at: null,
      reply_updated_at: null,
      client_ip: o.ip ?? null,
      review_date: reviewDate,
      revision: 1,
      created_at: now,
      updated_at: now,
    });
    if (!row) {
      const existing = await findByAuthor(tx.db, input.namespace, input.entityId.toLowerCase(), author.key);
      throw new AppError(409, 'REVIEW_ALREADY_EXISTS', 'This author already reviewed this item', {
        reviewId: existing?.id,
      });
    }
    await followSummary(tx, null, row, row);
    const review = toReview(tx, row);
    await emitReview(tx, 'created', { createdEvent: { entity: review } }, row.id);
    if (status === 'APPROVED') await emitModeration(tx, null, row);
    return review;
  });
}

export async function getReview(ctx: Ctx, id: string, includePrivate?: boolean): Promise<WireReview> {
  const row = UUID.test(id) ? await findReview(ctx.db, id) : undefined;
  if (!row || !canSee(ctx, row, includePrivate)) throw reviewNotFound(id);
  return toReview(ctx, row);
}

/** Locks a review the caller may change: its author (not anonymised) or an admin. */
async function lockOwn(ctx: Ctx, id: string): Promise<ReviewRow> {
  const row = UUID.test(id) ? await findReview(ctx.db, id, true) : undefined;
  if (!row) throw reviewNotFound(id);
  if (ctx.caller.role === 'admin') return row;
  if (!isOwn(ctx, row)) {
    if (row.moderation_status === 'APPROVED')
      throw forbidden('Only the author or the store changes a review');
    throw reviewNotFound(id);
  }
  return row;
}

const maskPaths = (m: string | { paths: string[] } | undefined) =>
  m === undefined
    ? undefined
    : (typeof m === 'string' ? m.split(',') : m.paths).map((p) => p.trim()).filter(Boolean);

export async function updateReview(
  ctx: Ctx,
  id: string,
  patch: { revision?: string | undefined; content?: Partial<ReviewContentInput> | undefined },
  fieldMask?: string | { paths: string[] },
): Promise<WireReview> {
  const paths = maskPaths(fieldMask) ?? Object.keys(patch.content ?? {}).map((k) => `content.${k}`);
  for (const p of paths) {
    if (!/^content(\.(title|body|rating|media))?$/.test(p)) {
      throw violation(
        'fieldMask',
        `${p} cannot be updated (content.title, content.body, content.rating, content.media)`,
        'FIELD_NOT_ALLOWED',
      );
    }
  }
  const has = (k: string) => paths.includes('content') || paths.includes(`content.${k}`);
  const c = patch.content ?? {};
  if (has('rating') && c.rating === undefined)
    throw violation('review.content.rating', 'is required', 'REQUIRED_FIELD');
  const media = has('media') ? await resolveMedia(ctx, c.media ?? [], 'review.content.media') : undefined;
  return inTransaction(ctx, async (tx) => {
    const before = await lockOwn(tx, id);
    if (patch.revision !== undefined && patch.revision !== String(before.revision)) {
      throw new AppError(409, 'REVISION_MISMATCH', 'The review changed since it was read', {
        currentRevision: String(before.revision),
      });
    }
    const title = has('title') ? plainText(c.title) || null : before.title;
    const body = has('body') ? plainText(c.body) || null : before.body;
    const next: ReviewRow = {
      ...before,
      title,
      body,
      rating: has('rating') ? c.rating! : before.rating,
      media: media ?? before.media,
      revision: before.revision + 1,
      updated_at: tx.clock.now(),
    };
    // An author's edit under manual moderation waits for the merchant again.
    if (tx.caller.role !== 'admin' && before.moderation_status === 'APPROVED') {
      const s = await getReviewSettings(tx);
      if (s.moderation === 'MANUAL' || linksOut(`${title ?? ''} ${body ?? ''}`))
        next.moderation_status = 'IN_MODERATION';
    }
    next.relevance_score = relevanceScore({
      title,
      body,
      media: next.media,
      verified: next.verified,
      reviewDate: next.review_date,
    });
    const row = await writeReview(tx.db, next);
    await followSummary(tx, before, row, row);
    const review = toReview(tx, row);
    await emitReview(tx, 'updated', { updatedEvent: { currentEntity: review, modifiedFields: {} } }, id);
    await emitModeration(tx, before.moderation_status, row);
    return review;
  });
}

export async function deleteReview(ctx: Ctx, id: string): Promise<WireReview> {
  return inTransaction(ctx, async (tx) => {
    const before = await lockOwn(tx, id);
    await removeReview(tx.db, id);
    await followSummary(tx, before, null, before);
    const review = toReview(tx, before);
    await emitReview(tx, 'deleted', { deletedEvent: { deletedEntity: review } }, id);
    return review;
  });
}

export async function queryReviews(ctx: Ctx, query: CursorQuery | undefined, includePrivate?: boolean) {
  const base = reviewsBase(ctx.db).where(visibleSql(await listScope(ctx, includePrivate)));
  const q = query?.filter === undefined ? query : { ...query, filter: rewriteMediaFilter(query.filter) };
  const page = await cursorPage(base, reviewSpec, q);
  return {
    reviews: page.items.map((r) => toReview(ctx, r)),
    metadata: { count: page.items.length, cursors: page.cursors },
  };
}

/** Counts up to 10,000; past that 400 TOO_MANY_TO_COUNT (contract 2b). */
export async function countReviews(ctx: Ctx, filter: unknown, includePrivate?: boolean) {
  const where = compileFilter(reviewSpec, rewriteMediaFilter(filter) ?? {}, 'filter');
  const scope = await listScope(ctx, includePrivate);
  const rows = await ctx.db
    .selectFrom((eb) =>
      eb.selectFrom('review').select('review.id').where(visibleSql(scope)).where(where).limit(10_001).as('r'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(rows.n);
  if (n > 10_000)
    throw new AppError(400, 'TOO_MANY_TO_COUNT', 'More than 10,000 reviews match; narrow the filter');
  return { count: n };
}
