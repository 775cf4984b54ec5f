import type { Job } from '@vitrine/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../test/database.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { backoffMs, enqueueJob, LEASE_MS, type JobHandler } from './jobs.ts';

const getJob = async (s: TestServer, id: string) => {
  const r = await s.admin<{ job: Job }>('GET', `/platform/v1/jobs/${id}`);
  expect(r.status).toBe(200);
  return r.body.job;
};
const queryJobs = async (s: TestServer, filter: Record<string, unknown>) => {
  const r = await s.admin<{ jobs: Job[] }>('POST', '/platform/v1/jobs/query', {
    query: { filter, cursorPaging: { limit: 100 } },
  });
  expect(r.status).toBe(200);
  return r.body.jobs;
};

/** Counts each run of `test.record` by the job's payload number. */
const runs = new Map<number, number>();
const record: JobHandler<{ n: number }> = {
  name: 'test.record',
  async run(_ctx, { n }) {
    await new Promise((r) => setTimeout(r, Math.random() * 3));
    runs.set(n, (runs.get(n) ?? 0) + 1);
  },
};

/** `test.stuck`: the first run waits until the test lets it go (a process that hangs, then wakes up). */
let releaseStuck: (e?: Error) => void = () => {};
let stuckRuns = 0;
const stuck: JobHandler<Record<string, never>> = {
  name: 'test.stuck',
  async run() {
    stuckRuns++;
    if (stuckRuns === 1)
      await new Promise<void>((resolve, reject) => {
        releaseStuck = (e) => (e ? reject(e) : resolve());
      });
  },
};

/** `test.hang` never finishes: its run must time out instead of stalling the runner. */
const hang: JobHandler<Record<string, never>> = {
  name: 'test.hang',
  timeoutMs: 50,
  run: () => new Promise(() => {}),
};

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    env: { JOBS: 'false' },
    jobHandlers: [record as JobHandler<never>, stuck as JobHandler<never>, hang as JobHandler<never>],
  });
});
afterAll(async () => {
  await s?.stop();
});

describe('job runner', () => {
  it.skipIf(testEngine() !== 'postgres')(
    'runs each of 200 jobs exactly once with two runners on two pools (needs parallel connections; PGlite is one session)',
    async () => {
      const otherPool = s.db.another();
      const other = await startTestServer({
        database: otherPool,
        clock: s.clock,
        env: { JOBS: 'false' },
        jobHandlers: [record as JobHandler<never>],
      });
      try {
        const ctx = s.app.systemCtx();
        for (let n = 0; n < 200; n++) await enqueueJob(ctx, 'test.record', { n });
        // Several claim loops per process, as overlapping polls would.
        const [a, b] = await Promise.all(
          [s.app, other.app].map(async (app) => {
            const totals = await Promise.all([app.jobs.runDue(), app.jobs.runDue(), app.jobs.runDue()]);
            return totals.reduce((x, y) => x + y, 0);
          }),
        );
        expect(a! + b!).toBe(200);
        expect(a).toBeGreaterThan(0);
        expect(b).toBeGreaterThan(0);
        expect(runs.size).toBe(200);
        expect([...runs.values()].filter((c) => c !== 1)).toEqual([]);
        expect(await queryJobs(s, { name: 'test.record', status: { $ne: 'SUCCEEDED' } })).toEqual([]);
        expect(await queryJobs(s, { name: 'test.record', attempts: { $ne: 1 } })).toEqual([]);
      } finally {
        await other.stop();
        await otherPool.close();
      }
    },
  );

  it("commits only its own bookkeeping asynchronously: every connection's later transactions stay durable", async () => {
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) => enqueueJob(s.app.systemCtx(), 'test.record', { n: 10_000 + i })),
    );
    expect(await s.app.jobs.runDue()).toBe(12);
    for (const id of ids) expect(await getJob(s, id)).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
    // As many at once as the pool has connections, so each answers for one (PGlite has one session).
    const settings = await Promise.all(
      Array.from({ length: 12 }, () =>
        sql<{ v: string }>`select current_setting('synchronous_commit') as v, pg_sleep(0.02)`.execute(
          s.db.handle.db,
        ),
      ),
    );
    expect(settings.map((r) => r.rows[0]!.v)).toEqual(Array.from({ length: 12 }, () => 'on'));
  });

  it('takes back a RUNNING job whose lease ran out, and ignores the late result of the first run', async () => {
    const id = await enqueueJob(s.app.systemCtx(), 'test.stuck', {});
    const firstRun = s.app.jobs.runDue();
    await s.until(async () => stuckRuns === 1);
    expect(await getJob(s, id)).toMatchObject({ status: 'RUNNING', attempts: 1 });

    s.clock.advance(LEASE_MS);
    expect(await s.app.jobs.runDue(), 'claimed while the lease still held').toBe(0);
    s.clock.advance(1);
    expect(await s.app.jobs.runDue()).toBe(1);
    expect(stuckRuns).toBe(2);
    expect(await getJob(s, id)).toMatchObject({ status: 'SUCCEEDED', attempts: 2, lastError: null });

    releaseStuck(new Error('woke up too late'));
    await firstRun;
    expect(await getJob(s, id)).toMatchObject({ status: 'SUCCEEDED', attempts: 2, lastError: null });
  });

  it('fails a job that has no handler with a clear lastError, retrying until maxAttempts', async () => {
    const id = await enqueueJob(s.app.systemCtx(), 'test.nobody-handles-this', { x: 1 });
    expect(await s.app.jobs.runDue()).toBe(1);
    const error = 'no handler for job "test.nobody-handles-this" in this process';
    expect(await getJob(s, id)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      maxAttempts: 5,
      lastError: error,
    });
    for (let attempt = 1; attempt < 5; attempt++) {
      s.clock.advance(backoffMs(attempt));
      expect(await s.app.jobs.runDue()).toBe(1);
    }
    expect(await getJob(s, id)).toMatchObject({
      status: 'FAILED',
      attempts: 5,
      lastError: error,
      finishedDate: s.clock.now().toISOString(),
    });
  });

  it('times out a run that never finishes, so the runner goes on and the job is retried', async () => {
    const id = await enqueueJob(s.app.systemCtx(), 'test.hang', {});
    const next = await enqueueJob(s.app.systemCtx(), 'test.record', { n: 9999 });
    expect(await s.app.jobs.runDue()).toBe(2);
    expect(await getJob(s, id)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: 'job test.hang timed out after 50 ms',
    });
    expect(await getJob(s, next)).toMatchObject({ status: 'SUCCEEDED' });
  });
});

describe('the background runner', () => {
  const ok: JobHandler<{ n: number }> = { name: 'test.ok', run: async () => {} };
  /** `test.slow`: runs until the test lets it go (a webhook receiver taking its time). */
  let releaseSlow = () => {};
  const slow: JobHandler<Record<string, never>> = {
    name: 'test.slow',
    run: () => new Promise<void>((resolve) => (releaseSlow = resolve)),
  };
  let s: TestServer;
  beforeAll(async () => {
    // No poll within the test: only the kicks of new jobs and the runner's own recording wake it.
    s = await startTestServer({ env: { JOB_POLL_MS: '60000' }, jobHandlers: [ok as never, slow as never] });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('records each success soon, also when no further job comes to claim', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) {
      ids.push(await enqueueJob(s.app.systemCtx(), 'test.ok', { n }));
      await new Promise((r) => setTimeout(r, n * 10));
    }
    for (const id of ids) {
      await s.until(async () => (await getJob(s, id)).status === 'SUCCEEDED', 5000);
      expect(await getJob(s, id)).toMatchObject({ status: 'SUCCEEDED', attempts: 1, lastError: null });
    }
  });

  it('goes on with the other jobs while a slow one runs, in the same batch and after it', async () => {
    const slowId = await enqueueJob(s.app.systemCtx(), 'test.slow', {});
    const together = await enqueueJob(s.app.systemCtx(), 'test.ok', { n: 100 });
    await s.until(async () => (await getJob(s, slowId)).status === 'RUNNING', 5000);
    await s.until(async () => (await getJob(s, together)).status === 'SUCCEEDED', 5000);
    // Queued while the slow one still runs: run within moments, not after it.
    const later = await Promise.all(
      [101, 102, 103].map((n) => enqueueJob(s.app.systemCtx(), 'test.ok', { n })),
    );
    for (const id of later) await s.until(async () => (await getJob(s, id)).status === 'SUCCEEDED', 5000);
    expect(await getJob(s, slowId)).toMatchObject({ status: 'RUNNING' });
    releaseSlow();
    await s.until(async () => (await getJob(s, slowId)).status === 'SUCCEEDED', 5000);
  });
});

describe('finished jobs', () => {
  const ok: JobHandler<{ n: number }> = { name: 'test.ok', run: async () => {} };
  const failing: JobHandler<{ n: number }> = {
    name: 'test.failing',
    maxAttempts: 1,
    run: async () => {
      throw new Error('down');
    },
  };
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ jobHandlers: [ok as never, failing as never] });
  });
  afterAll(async () => {
    await s?.stop();
  });

  const DAY = 86_400_000;
  const statusOf = async (id: string) => {
    const r = await s.admin<{ job: Job }>('GET', `/platform/v1/jobs/${id}`);
    return r.status === 404 ? 'GONE' : r.body.job.status;
  };
  const finished = async (name: string, n: number) => {
    const id = await enqueueJob(s.app.systemCtx(), name, { n });
    await s.until(async () => ['SUCCEEDED', 'FAILED'].includes(await statusOf(id)));
    return id;
  };

  it('are deleted hourly: succeeded after 7 days, failed after 90; pending ones stay', async () => {
    const [okOld, failedOld] = [await finished('test.ok', 1), await finished('test.failing', 2)];
    const waiting = await enqueueJob(
      s.app.systemCtx(),
      'test.ok',
      { n: 3 },
      { runAt: new Date(s.clock.now().getTime() + 365 * DAY) },
    );
    s.clock.advance(85 * DAY);
    const [okNew, failedNew] = [await finished('test.ok', 4), await finished('test.failing', 5)];
    s.clock.advance(6 * DAY);
    await s.until(async () => (await statusOf(failedOld)) === 'GONE', 10_000);
    expect(await statusOf(okOld)).toBe('GONE');
    expect([await statusOf(okNew), await statusOf(failedNew), await statusOf(waiting)]).toEqual([
      'SUCCEEDED',
      'FAILED',
      'PENDING',
    ]);
    s.clock.advance(2 * DAY);
    await s.until(async () => (await statusOf(okNew)) === 'GONE', 10_000);
    expect([await statusOf(failedNew), await statusOf(waiting)]).toEqual(['FAILED', 'PENDING']);
  });
});
