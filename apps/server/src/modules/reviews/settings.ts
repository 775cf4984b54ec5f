/** The store's review settings (one row; README): moderation, and when review requests go out. */
import type { ReviewSettings } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { readSettings, writeSettings } from './store.ts';

export async function getReviewSettings(ctx: Ctx): Promise<ReviewSettings> {
  const r = await readSettings(ctx.db);
  return {
    moderation: r.moderation,
    requestDelayDays: r.request_delay_days,
    requestsEnabled: r.requests_enabled,
  };
}

export async function updateReviewSettings(
  ctx: Ctx,
  patch: Partial<ReviewSettings>,
): Promise<ReviewSettings> {
  const r = await writeSettings(ctx.db, {
    ...(patch.moderation !== undefined ? { moderation: patch.moderation } : {}),
    ...(patch.requestDelayDays !== undefined ? { request_delay_days: patch.requestDelayDays } : {}),
    ...(patch.requestsEnabled !== undefined ? { requests_enabled: patch.requestsEnabled } : {}),
    updated_at: ctx.clock.now(),
  });
  return {
    moderation: r.moderation,
    requestDelayDays: r.request_delay_days,
    requestsEnabled: r.requests_enabled,
  };
}
