import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueJob, type JobHandler } from '../../platform/jobs.ts';
import { approveMembers, blockMembers, deleteMember } from './actions.ts';
import {
  bulkJobWithStatus,
  checkMemberFilter,
  findBulkJob,
  insertBulkJob,
  matchingMemberIds,
  recordBulkBatch,
  type BulkAction,
  type MemberSearch,
} from './actions-store.ts';

/** Bulk member actions: by ids (at once) and by filter (a background job, in batches). */

export const BULK_BATCH = 500;
export const BULK_JOB = 'members.bulk-by-filter';

export interface ItemError {
  code: string;
  description: string;
  data: Record<string, unknown>;
}
export interface BulkResult {
  results: { itemMetadata: { id: string; originalIndex: number; success: boolean; error?: ItemError } }[];
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number };
}

const itemError = (e: unknown): ItemError =>
  e instanceof AppError
    ? { code: e.code, description: e.description, data: e.data }
    : { code: 'INTERNAL_ERROR', description: 'The member could not be deleted', data: {} };

/** Deletes each member in its own transaction; a missing one fails alone. */
export async function bulkDeleteMembers(ctx: Ctx, ids: readonly string[]): Promise<BulkResult> {
  const results: BulkResult['results'] = [];
  for (const [originalIndex, id] of ids.entries()) {
    try {
      await deleteMember(ctx, id);
      results.push({ itemMetadata: { id, originalIndex, success: true } });
    } catch (e) {
      if (!(e instanceof AppError)) ctx.log.error({ err: e, memberId: id }, 'bulk member delete failed');
      results.push({ itemMetadata: { id, originalIndex, success: false, error: itemError(e) } });
    }
  }
  const totalSuccesses = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: {
      totalSuccesses,
      totalFailures: results.length - totalSuccesses,
      undetailedFailures: 0,
    },
  };
}

interface BulkPayload {
  bulkId: string;
  action: BulkAction;
  filter: unknown;
  search?: MemberSearch | null;
  contentAssigneeId?: string;
}

/** Checks the filter, then queues the job (its id is the platform job's id) with its progress row. */
export async function startBulkByFilter(
  ctx: Ctx,
  p: Omit<BulkPayload, 'bulkId'>,
): Promise<{ jobId: string }> {
  checkMemberFilter(p.filter);
  return inTransaction(ctx, async (tx) => {
    const bulkId = newId();
    const jobId = await enqueueJob(tx, BULK_JOB, { ...p, bulkId });
    await insertBulkJob(tx.db, bulkId, jobId, p.action, tx.clock.now());
    return { jobId };
  });
}

/**
 * One batch in one transaction: the next BULK_BATCH matching ids after the cursor, approved or
 * blocked set-based, or deleted one by one (an application error, e.g. a member deleted meanwhile,
 * counts as a failure), then the counts and the cursor. A retried run goes on after the last committed batch. False when nothing was left.
 */
async function runBatch(ctx: Ctx, p: BulkPayload): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const job = await findBulkJob(tx.db, p.bulkId, true);
    if (!job) throw new Error(`member bulk job ${p.bulkId} has no progress row`);
    const ids = await matchingMemberIds(tx.db, {
      filter: p.filter,
      search: p.search,
      afterId: job.last_id,
      limit: BULK_BATCH,
    });
    if (ids.length === 0) return false;
    let succeeded = ids.length;
    let failed = 0;
    if (p.action === 'APPROVE') await approveMembers(tx, ids);
    else if (p.action === 'BLOCK') await blockMembers(tx, ids);
    else {
      for (const id of ids) {
        try {
          await deleteMember(tx, id, { contentAssigneeId: p.contentAssigneeId });
        } catch (e) {
          if (!(e instanceof AppError)) throw e; // a database error: the batch rolls back and the job retries
          succeeded--;
          failed++;
        }
      }
    }
    await recordBulkBatch(tx.db, p.bulkId, { succeeded, failed, lastId: ids.at(-1)! }, tx.clock.now());
    return ids.length === BULK_BATCH;
  });
}

export const memberBulkJob: JobHandler<BulkPayload> = {
  name: BULK_JOB,
  maxAttempts: 5,
  timeoutMs: 240_000,
  async run(ctx, payload, { attempt }) {
    ctx.log.info({ action: payload.action, attempt }, 'member bulk job');
    while (await runBatch(ctx, payload));
  },
};

export async function getBulkJob(ctx: Ctx, jobId: string) {
  const row = await bulkJobWithStatus(ctx.db, jobId);
  if (!row) throw notFound('Bulk job', { jobId });
  return { job: row };
}
