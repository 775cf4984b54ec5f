/** Rating summaries: one indexed lookup of the per-entity rows the review changes keep. */
import type { RatingSummary } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { readSummaries } from './store.ts';
import { toSummary } from './wire.ts';

export async function ratingSummaries(
  ctx: Ctx,
  namespace: string,
  entityIds: readonly string[],
): Promise<RatingSummary[]> {
  const ids = [...new Set(entityIds.map((i) => i.toLowerCase()))];
  const rows = new Map((await readSummaries(ctx.db, namespace, ids)).map((r) => [r.entity_id, r]));
  return ids.map((id) => toSummary(namespace, id, rows.get(id)));
}

/** Reviews waiting for the merchant (IN_MODERATION or SUBMITTED). */
export async function reviewsAwaitingModeration(ctx: Ctx): Promise<number> {
  const r = await ctx.db
    .selectFrom('review')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('moderation_status', 'in', ['IN_MODERATION', 'SUBMITTED'])
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
