/** The reviews module's SQL: reviews, their per-entity summaries and the review settings. */
import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';
import type { RequestTables } from './request-store.ts';

/** A stored media reference: a library file id with what the answer shows of it. */
export interface StoredReviewMedia {
  kind: 'image' | 'video';
  id: string;
  width?: number;
  height?: number;
  altText?: string;
  filename?: string;
  durationMs?: number;
  /** A video's poster frames: the key under the file's URL and the frame's size. */
  posters?: { key: string; width: number; height: number }[];
  /** A video's streams (`format` hls or dash): the key under the file's URL; none before processing ended. */
  resolutions?: { key: string; width: number; height: number; format: string }[];
}

export interface ReviewsTables extends RequestTables {
  review: {
    id: string;
    namespace: string;
    entity_id: string;
    title: string | null;
    body: string | null;
    rating: number;
    media: StoredReviewMedia[];
    author_type: 'MEMBER' | 'VISITOR' | 'UNKNOWN';
    author_key: string;
    contact_id: string | null;
    member_id: string | null;
    visitor_id: string | null;
    author_name: string | null;
    author_email: string | null;
    origin_type: 'ORGANIC' | 'APP';
    origin_app_id: string | null;
    moderation_status: 'SUBMITTED' | 'IN_MODERATION' | 'APPROVED' | 'REJECTED';
    manually_changed: boolean;
    publish_count: number;
    verified: boolean;
    relevance_score: number;
    found_helpful: number;
    found_unhelpful: number;
    reply_message: string | null;
    reply_created_at: Date | null;
    reply_updated_at: Date | null;
    client_ip: string | null;
    review_date: Date;
    revision: number;
    created_at: Date;
    updated_at: Date;
  };
  review_summary: {
    namespace: string;
    entity_id: string;
    review_count: number;
    rating_sum: number;
    star1: number;
    star2: number;
    star3: number;
    star4: number;
    star5: number;
  };
  review_settings: {
    id: number;
    moderation: 'MANUAL' | 'AUTO_PUBLISH';
    request_delay_days: number;
    requests_enabled: boolean;
    link_secret: string | null;
    updated_at: Date;
  };
}
export type ReviewRow = Selectable<ReviewsTables['review']>;
export type SummaryRow = Selectable<ReviewsTables['review_summary']>;
export type ReviewStatus = ReviewRow['moderation_status'];

const mediaJson = (r: ReviewRow) => ({ ...r, media: JSON.stringify(r.media) as never });

/** Inserts unless the author already reviewed the entity (a concurrent insert included): undefined then. */
export const insertReview = (db: Executor, r: ReviewRow) =>
  db
    .insertInto('review')
    .values(mediaJson(r))
    .onConflict((oc) => oc.columns(['namespace', 'entity_id', 'author_key']).doNothing())
    .returningAll()
    .executeTakeFirst();

export const findReview = (db: Executor, id: string, lock = false) => {
  const q = db.selectFrom('review').selectAll().where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

export const findByAuthor = (db: Executor, namespace: string, entityId: string, authorKey: string) =>
  db
    .selectFrom('review')
    .selectAll()
    .where('namespace', '=', namespace)
    .where('entity_id', '=', entityId)
    .where('author_key', '=', authorKey)
    .executeTakeFirst();

export const writeReview = (db: Executor, r: ReviewRow) =>
  db.updateTable('review').set(mediaJson(r)).where('id', '=', r.id).returningAll().executeTakeFirstOrThrow();

export const removeReview = (db: Executor, id: string) =>
  db.deleteFrom('review').where('id', '=', id).returningAll().executeTakeFirst();

export const reviewsBase = (db: Executor) => db.selectFrom('review').selectAll();

/** Reviews written since `since` by an author, or from a client address. */
export async function recentCount(db: Executor, by: { authorKey?: string; ip?: string }, since: Date) {
  let q = db
    .selectFrom('review')
    .select(sql<string>`count(*)`.as('n'))
    .where('created_at', '>=', since);
  q = by.authorKey ? q.where('author_key', '=', by.authorKey) : q.where('client_ip', '=', by.ip ?? '');
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The reviews of a member (their deletion hands them over or anonymises them). */
export const reviewsOfMember = (db: Executor, memberId: string) =>
  db.selectFrom('review').selectAll().where('member_id', '=', memberId).forUpdate().execute();

/**
 * Adds (`sign` 1) or takes away (-1) one published review of `rating` from its entity's summary:
 * increments, so concurrent writers never lose a count.
 */
export async function bumpSummary(
  db: Executor,
  namespace: string,
  entityId: string,
  rating: number,
  sign: 1 | -1,
) {
  const star = `star${rating}` as 'star1';
  const stars = { star1: 0, star2: 0, star3: 0, star4: 0, star5: 0 };
  stars[star] = sign;
  await db
    .insertInto('review_summary')
    .values({ namespace, entity_id: entityId, review_count: sign, rating_sum: sign * rating, ...stars })
    .onConflict((oc) =>
      oc.columns(['namespace', 'entity_id']).doUpdateSet({
        review_count: sql`review_summary.review_count + ${sign}`,
        rating_sum: sql`review_summary.rating_sum + ${sign * rating}`,
        [star]: sql`review_summary.${sql.ref(star)} + ${sign}`,
      }),
    )
    .execute();
}

export const readSummaries = (db: Executor, namespace: string, entityIds: readonly string[]) =>
  entityIds.length === 0
    ? Promise.resolve([] as SummaryRow[])
    : db
        .selectFrom('review_summary')
        .selectAll()
        .where('namespace', '=', namespace)
        .where('entity_id', 'in', [...entityIds])
        .execute();

export const readSettings = (db: Executor) =>
  db.selectFrom('review_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

/** The link key: the stored one, or `fresh` stored now (the first writer wins). */
export async function linkSecret(db: Executor, fresh: string): Promise<string> {
  const r = await db
    .updateTable('review_settings')
    .set({ link_secret: sql`coalesce(link_secret, ${fresh})` })
    .where('id', '=', 1)
    .returning('link_secret')
    .executeTakeFirstOrThrow();
  return r.link_secret!;
}

export const writeSettings = (db: Executor, s: Partial<Omit<ReviewsTables['review_settings'], 'id'>>) =>
  db.updateTable('review_settings').set(s).where('id', '=', 1).returningAll().executeTakeFirstOrThrow();

/** Whether a shopper has a review of their own that is not published. */
export async function hasUnpublished(
  db: Executor,
  own: { memberId?: string | undefined; visitorId?: string | undefined },
) {
  const mine: RawBuilder<SqlBool>[] = [];
  if (own.memberId) mine.push(sql<SqlBool>`member_id = ${own.memberId}`);
  if (own.visitorId) mine.push(sql<SqlBool>`visitor_id = ${own.visitorId}`);
  if (mine.length === 0) return false;
  const r = await db
    .selectFrom('review')
    .select('id')
    .where(sql<SqlBool>`(${sql.join(mine, sql` or `)})`)
    .where('moderation_status', '!=', 'APPROVED')
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/** Who may see which reviews: published ones, plus (`own`) the caller's own in any status. */
export function visibleSql(own: { memberId?: string | undefined; visitorId?: string | undefined } | 'all') {
  if (own === 'all') return sql<SqlBool>`true`;
  const mine: RawBuilder<SqlBool>[] = [];
  if (own.memberId) mine.push(sql<SqlBool>`review.member_id = ${own.memberId}`);
  if (own.visitorId) mine.push(sql<SqlBool>`review.visitor_id = ${own.visitorId}`);
  return mine.length
    ? sql<SqlBool>`(review.moderation_status = 'APPROVED' or ${sql.join(mine, sql` or `)})`
    : sql<SqlBool>`review.moderation_status = 'APPROVED'`;
}

const STATUS = ['SUBMITTED', 'IN_MODERATION', 'APPROVED', 'REJECTED'] as const;

/** The query object's fields (contract reviews.md): what filters and sorts may name. */
export const reviewSpec: QuerySpec = {
  entity: 'review',
  idSql: 'review.id',
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  fields: {
    id: { sql: 'review.id', type: 'uuid', sortable: true },
    namespace: { sql: 'review.namespace', type: 'string' },
    entityId: { sql: 'review.entity_id', type: 'string' },
    createdDate: { sql: 'review.created_at', type: 'date', sortable: true },
    updatedDate: { sql: 'review.updated_at', type: 'date', sortable: true },
    reviewDate: { sql: 'review.review_date', type: 'date', sortable: true },
    'content.rating': { sql: 'review.rating', type: 'number', sortable: true },
    'content.title': { sql: "coalesce(review.title, '')", type: 'string' },
    'content.body': { sql: "coalesce(review.body, '')", type: 'string' },
    relevanceScore: { sql: 'review.relevance_score', type: 'number', sortable: true },
    'moderation.moderationStatus': { sql: 'review.moderation_status', type: 'string', values: STATUS },
    'moderation.manuallyChanged': { sql: 'review.manually_changed', type: 'boolean' },
    'author.contactId': { sql: 'review.contact_id', type: 'string' },
    'author.authorName': { sql: 'review.author_name', type: 'string' },
    'author.authorType': { sql: 'review.author_type', type: 'string' },
    'origin.type': { sql: 'review.origin_type', type: 'string', sortable: true },
    verified: { sql: 'review.verified', type: 'boolean', sortable: true },
    publishCount: { sql: 'review.publish_count', type: 'number', sortable: true },
    foundHelpful: { sql: 'review.found_helpful', type: 'number', sortable: true },
    helpfulness: { sql: '(review.found_helpful - review.found_unhelpful)', type: 'number', sortable: true },
    'reply.message': { sql: 'review.reply_message', type: 'string' },
    // The number of photos and videos, null for none: the SDK's isEmpty / isNotEmpty send `null` / `$ne null`.
    'content.media': { sql: 'nullif(jsonb_array_length(review.media), 0)', type: 'number' },
  },
};
