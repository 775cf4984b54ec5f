import type { JobHandler } from '../../platform/jobs.ts';
import { PURGE_JOB, purgeTrashed } from './files.ts';
import { purgeUploads } from './store.ts';
import { PURGE_GRANTS_JOB } from './upload.ts';

/** Empties a trashed file once its 30 days are over (queued when it was trashed, to run then). */
export const purgeJob: JobHandler<{ fileId: string; deletedAt: string }> = {
  name: PURGE_JOB,
  async run(ctx, { fileId, deletedAt }) {
    await purgeTrashed(ctx, fileId, deletedAt);
  },
};

/** Drops upload grants that expired over a day ago (they no longer count towards any quota). */
export const purgeGrantsJob: JobHandler<null> = {
  name: PURGE_GRANTS_JOB,
  async run(ctx) {
    await purgeUploads(ctx.db, new Date(ctx.clock.now().getTime() - 86_400_000));
  },
};
