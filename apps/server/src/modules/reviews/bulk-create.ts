/** Bulk create (admins, imports): each review succeeds or fails on its own. */
import type { ReviewInput, WireReview } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { authorOf } from './authors.ts';
import { createReview } from './service.ts';

export async function bulkCreateReviews(ctx: Ctx, reviews: readonly ReviewInput[], returnEntity: boolean) {
  const results: { itemMetadata: Record<string, unknown>; review?: WireReview }[] = [];
  for (const [i, input] of reviews.entries()) {
    try {
      const a = input.author;
      const author = await authorOf(ctx, {
        name: a?.authorName ?? null,
        contactId: a?.contactId ?? null,
        ...(a?.authorType ? { authorType: a.authorType } : {}),
      });
      const review = await createReview(ctx, input, { author, field: `reviews.${i}` });
      results.push({
        itemMetadata: { id: review.id, originalIndex: i, success: true },
        ...(returnEntity ? { review } : {}),
      });
    } catch (e) {
      const error =
        e instanceof AppError
          ? { code: e.code, description: e.description, data: e.data }
          : e instanceof ValidationError
            ? {
                code: 'INVALID_ARGUMENT',
                description: e.message,
                data: { fieldViolations: e.fieldViolations },
              }
            : undefined;
      if (!error) throw e;
      results.push({ itemMetadata: { originalIndex: i, success: false, error } });
    }
  }
  const ok = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 },
  };
}
