import type { JobHandler } from '../../platform/jobs.ts';
import { PURGE_JOB, purgeTrashed } from './files.ts';

/** Empties a trashed file once its 30 days are over (queued when it was trashed, to run then). */
export const purgeJob: JobHandler<{ fileId: string; deletedAt: string }> = {
  name: PURGE_JOB,
  async run(ctx, { fileId, deletedAt }) {
    await purgeTrashed(ctx, fileId, deletedAt);
  },
};
