/** Reviews in their REST form (contract reviews.md), and the pure rules of their text and score. */
import { ENTITY_FQDN, type RatingSummary, type ReviewMedia, type WireReview } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { mediaPath } from '../media/index.ts';
import type { ReviewRow, StoredReviewMedia, SummaryRow } from './store.ts';

export const REVIEW_FQDN = ENTITY_FQDN.review;
export const REQUEST_FQDN = ENTITY_FQDN.reviewRequest;

/** Tags removed, entities of the five XML specials decoded, runs of spaces kept as written, ends trimmed. */
export function plainText(s: string | null | undefined): string {
  if (!s) return '';
  return s
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?[a-z!][^>]*>/gi, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** A link or an e-mail address in a review's text holds it for the merchant even under AUTO_PUBLISH. */
export const linksOut = (text: string) =>
  /(https?:\/\/|www\.)\S+/i.test(text) || /[\w.+-]+@[\w-]+\.[\w.-]+/.test(text);

const EPOCH = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;

/**
 * `quality + days since 2024-01-01 / 90`: quality (0–3) is text length (1 at 600 characters), media
 * (0.5 each, up to 1) and a verified purchase (1). Every review's recency part grows alike, so the
 * order never changes with time and the score is stored (README).
 */
export function relevanceScore(r: {
  title: string | null;
  body: string | null;
  media: readonly unknown[];
  verified: boolean;
  reviewDate: Date;
}): number {
  const length = (r.title?.length ?? 0) + (r.body?.length ?? 0);
  const quality = Math.min(length, 600) / 600 + Math.min(r.media.length * 0.5, 1) + (r.verified ? 1 : 0);
  const recency = (r.reviewDate.getTime() - EPOCH) / DAY / 90;
  return Math.round((quality + recency) * 1e6) / 1e6;
}

function mediaOf(ctx: Ctx, m: StoredReviewMedia): ReviewMedia {
  const url = `${ctx.config.PUBLIC_URL}${mediaPath(m.id)}`;
  if (m.kind === 'video') {
    return {
      video: {
        id: m.id,
        url,
        ...(m.filename ? { filename: m.filename } : {}),
        posters: (m.posters ?? []).map((p) => ({
          id: `${m.id}/${p.key}`,
          url: `${url}/${p.key}`,
          width: p.width,
          height: p.height,
        })),
        ...(m.resolutions?.length
          ? {
              resolutions: m.resolutions.map((r) => ({
                url: `${url}/${r.key}`,
                width: r.width,
                height: r.height,
                format: r.format,
              })),
            }
          : {}),
        ...(m.durationMs !== undefined ? { durationInMilliseconds: m.durationMs } : {}),
      },
    };
  }
  return {
    image: {
      id: m.id,
      url,
      height: m.height ?? 0,
      width: m.width ?? 0,
      ...(m.altText ? { altText: m.altText } : {}),
      ...(m.filename ? { filename: m.filename } : {}),
    },
  };
}

export function toReview(ctx: Ctx, r: ReviewRow): WireReview {
  return {
    id: r.id,
    namespace: r.namespace,
    entityId: r.entity_id,
    content: {
      ...(r.title ? { title: r.title } : {}),
      ...(r.body ? { body: r.body } : {}),
      rating: r.rating,
      media: r.media.map((m) => mediaOf(ctx, m)),
    },
    createdDate: r.created_at.toISOString(),
    updatedDate: r.updated_at.toISOString(),
    reviewDate: r.review_date.toISOString(),
    author: {
      ...(r.contact_id ? { contactId: r.contact_id } : {}),
      ...(r.author_name ? { authorName: r.author_name } : {}),
      authorType: r.author_type,
    },
    ...(r.reply_message !== null && r.reply_created_at && r.reply_updated_at
      ? {
          reply: {
            message: r.reply_message,
            createdDate: r.reply_created_at.toISOString(),
            updatedDate: r.reply_updated_at.toISOString(),
          },
        }
      : {}),
    foundHelpful: r.found_helpful,
    foundUnhelpful: r.found_unhelpful,
    helpfulness: r.found_helpful - r.found_unhelpful,
    moderation: { moderationStatus: r.moderation_status, manuallyChanged: r.manually_changed },
    revision: String(r.revision),
    verified: r.verified,
    origin: { type: r.origin_type, ...(r.origin_app_id ? { appId: r.origin_app_id } : {}) },
    relevanceScore: r.relevance_score,
    publishCount: r.publish_count,
  };
}

export function toSummary(namespace: string, entityId: string, s: SummaryRow | undefined): RatingSummary {
  const count = s?.review_count ?? 0;
  const stars = [s?.star1, s?.star2, s?.star3, s?.star4, s?.star5];
  return {
    namespace,
    entityId,
    count,
    averageRating: count ? Math.round(((s?.rating_sum ?? 0) / count) * 100) / 100 : 0,
    distribution: stars.map((n, i) => ({ rating: i + 1, count: n ?? 0 })),
  };
}
