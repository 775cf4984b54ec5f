/** The merchant's side of reviews: moderation, replies, bulk changes; and a deleted member's reviews. */
import type { DomainEvent, Member, WireReview } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { compileFilter } from '../../platform/query/filter.ts';
import { newId } from '../../platform/ids.ts';
import type { Subscriber } from '../../platform/events.ts';
import { eventTypeOf } from '../../platform/events.ts';
import { ENTITY_FQDN } from '@vitrine/contract';
import { publicName } from '@vitrine/contract/public-name';
import { getMember } from '../members/index.ts';
import { rewriteMediaFilter } from './media-filter.ts';
import { emitModeration, emitReview, followSummary, reviewNotFound } from './service.ts';
import {
  findReview,
  removeReview,
  reviewSpec,
  reviewsOfMember,
  writeReview,
  type ReviewRow,
  type ReviewStatus,
} from './store.ts';
import { plainText, relevanceScore, toReview } from './wire.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Target = 'UNKNOWN_MODERATION_STATUS' | 'APPROVED' | 'REJECTED';
/** UNKNOWN_MODERATION_STATUS puts a review back in the merchant's queue. */
const statusOf = (t: Target): ReviewStatus => (t === 'UNKNOWN_MODERATION_STATUS' ? 'IN_MODERATION' : t);

async function lock(ctx: Ctx, id: string): Promise<ReviewRow> {
  const row = UUID.test(id) ? await findReview(ctx.db, id, true) : undefined;
  if (!row) throw reviewNotFound(id);
  return row;
}

/** Writes a changed review with its summary move and events (the row is locked). */
async function change(ctx: Ctx, before: ReviewRow, next: ReviewRow): Promise<WireReview> {
  const row = await writeReview(ctx.db, {
    ...next,
    revision: before.revision + 1,
    updated_at: ctx.clock.now(),
  });
  await followSummary(ctx, before, row, row);
  const review = toReview(ctx, row);
  await emitReview(ctx, 'updated', { updatedEvent: { currentEntity: review, modifiedFields: {} } }, row.id);
  await emitModeration(ctx, before.moderation_status, row);
  return review;
}

async function moderateRow(ctx: Ctx, before: ReviewRow, status: ReviewStatus) {
  if (before.moderation_status === status) return toReview(ctx, before);
  return change(ctx, before, {
    ...before,
    moderation_status: status,
    manually_changed: true,
    publish_count: before.publish_count + (status === 'APPROVED' ? 1 : 0),
  });
}

export function moderateReview(ctx: Ctx, id: string, target: Target): Promise<WireReview> {
  return inTransaction(ctx, async (tx) => moderateRow(tx, await lock(tx, id), statusOf(target)));
}

export function setReply(ctx: Ctx, id: string, message: string): Promise<WireReview> {
  return inTransaction(ctx, async (tx) => {
    const before = await lock(tx, id);
    const now = tx.clock.now();
    return change(tx, before, {
      ...before,
      reply_message: plainText(message),
      reply_created_at: before.reply_created_at ?? now,
      reply_updated_at: now,
    });
  });
}

export function removeReply(ctx: Ctx, id: string): Promise<WireReview> {
  return inTransaction(ctx, async (tx) => {
    const before = await lock(tx, id);
    if (before.reply_message === null) return toReview(tx, before);
    return change(tx, before, {
      ...before,
      reply_message: null,
      reply_created_at: null,
      reply_updated_at: null,
    });
  });
}

/** The ids a bulk filter names (at most 1,000 a call), oldest first. */
async function idsMatching(ctx: Ctx, filter: unknown): Promise<string[]> {
  const where = compileFilter(reviewSpec, rewriteMediaFilter(filter), 'filter');
  const rows = await ctx.db
    .selectFrom('review')
    .select('id')
    .where(where)
    .orderBy('created_at')
    .limit(1000)
    .execute();
  return rows.map((r) => r.id);
}

/** Each review in its own transaction, so one failure leaves the others done. */
export async function bulkModerate(ctx: Ctx, filter: unknown, target: Target) {
  for (const id of await idsMatching(ctx, filter)) {
    await inTransaction(ctx, async (tx) => {
      const row = await findReview(tx.db, id, true);
      if (row) await moderateRow(tx, row, statusOf(target));
    });
  }
  return { jobId: newId() };
}

export async function bulkDelete(ctx: Ctx, filter: unknown) {
  for (const id of await idsMatching(ctx, filter)) {
    await inTransaction(ctx, async (tx) => {
      const row = await findReview(tx.db, id, true);
      if (!row) return;
      await removeReview(tx.db, id);
      await followSummary(tx, row, null, row);
      await emitReview(tx, 'deleted', { deletedEvent: { deletedEntity: toReview(tx, row) } }, id);
    });
  }
  return { jobId: newId() };
}

const memberOf = (event: unknown) =>
  (event as { updatedEvent?: { currentEntity?: Member; modifiedFields?: Record<string, unknown> } })
    .updatedEvent;
const NAME_FIELDS = ['profile.nickname', 'contact.firstName', 'contact.lastName'];

/**
 * A member who changes the name their reviews show (the nickname, else the first and last name)
 * sees it on the reviews they wrote before, as on new ones. A member left with neither keeps the
 * names their reviews have.
 */
export const memberRenamedSubscriber: Subscriber = {
  name: 'reviews.member-renamed',
  eventTypes: [eventTypeOf(ENTITY_FQDN.member, 'updated')],
  // A field named whole (`profile.nickname`) or through an object that was missing (`profile`).
  wants: (event) =>
    Object.keys(memberOf(event)?.modifiedFields ?? {}).some((k) =>
      NAME_FIELDS.some((f) => f === k || f.startsWith(`${k}.`)),
    ),
  async handle(ctx: Ctx, event: DomainEvent) {
    const member = memberOf(event)?.currentEntity;
    if (!member?.id) return;
    // The member as it is now: events of two quick changes may be handled in either order.
    const now = await getMember(ctx, member.id);
    const name = now && publicName(now);
    if (!name) return;
    await inTransaction(ctx, async (tx) => {
      for (const r of await reviewsOfMember(tx.db, member.id))
        if (r.author_name !== name) await change(tx, r, { ...r, author_name: name });
    });
  },
};

/**
 * A deleted member's reviews pass to `contentAssigneeId` (README) or are anonymised; their ratings
 * stay in the summaries.
 */
export const memberDeletedSubscriber: Subscriber = {
  name: 'reviews.member-deleted',
  eventTypes: [eventTypeOf(ENTITY_FQDN.member, 'deleted')],
  async handle(ctx: Ctx, event: DomainEvent) {
    const body = (event as { deletedEvent?: { deletedEntity?: { id?: string }; contentAssigneeId?: string } })
      .deletedEvent;
    const memberId = body?.deletedEntity?.id ?? event.entityId;
    const assignee = body?.contentAssigneeId;
    await inTransaction(ctx, async (tx) => {
      for (const r of await reviewsOfMember(tx.db, memberId)) {
        const next: ReviewRow = assignee
          ? { ...r, member_id: null, contact_id: assignee, author_key: `contact:${assignee}:${r.id}` }
          : {
              ...r,
              member_id: null,
              visitor_id: null,
              contact_id: null,
              author_email: null,
              author_name: 'Former member',
              author_type: 'UNKNOWN',
              author_key: `deleted:${r.id}`,
            };
        next.relevance_score = relevanceScore({
          title: next.title,
          body: next.body,
          media: next.media,
          verified: next.verified,
          reviewDate: next.review_date,
        });
        await change(tx, r, next);
      }
    });
  },
};
