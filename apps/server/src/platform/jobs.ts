import { sql } from 'kysely';
import type { Clock } from './clock.ts';
import type { Ctx } from './context.ts';
import type { Db } from './db/connect.ts';
import { byStatus, daysBefore, hourlyPurge } from './db/purge.ts';
import { afterCommit, deferInsert } from './db/tx.ts';
import { newId, UUID } from './ids.ts';

export interface JobRunInfo {
  attempt: number;
  maxAttempts: number;
  isLastAttempt: boolean;
  /**
   * An event delivery's event row, read by the statement that claimed the job (as JSON: its
   * `created_at` is a string); undefined for other jobs, or when the event is gone.
   */
  event?: Record<string, unknown>;
}

/** The job that hands one event to one subscriber (platform/events.ts); its payload names `eventId`. */
export const DELIVER_JOB = 'events.deliver';

/**
 * Commits the statement it is part of without waiting for the WAL to reach the disk. Only for what
 * delivery at least once already tolerates losing in a crash of PostgreSQL: the runner's own
 * bookkeeping (a lost claim leaves the job due, a lost outcome runs it again after its lease; the
 * handlers' own writes commit durably, and their flush carries the claim written before them), and
 * a webhook delivery's outcome (lost, the delivery is still PENDING and is sent again).
 * Saves a WAL flush (88 µs of fdatasync on this machine) on each of those commits.
 */
export const ASYNC_COMMIT = sql`(select set_config('synchronous_commit', 'off', true) as async_commit)`;

export interface JobHandler<P = never> {
  name: string;
  /** Attempts before the job is FAILED for good (default 5). */
  maxAttempts?: number;
  /** A run taking longer counts as failed (default 60 s; must stay below LEASE_MS). */
  timeoutMs?: number;
  run(ctx: Ctx, payload: P, info: JobRunInfo): Promise<void>;
}

/**
 * Housekeeping the background runner does itself, once per period of the clock in each process (a
 * failure is logged and tried again next period). Not a job row: it needs no retry or state, and
 * what a test counts in the job table stays what it queued. Several processes may run it in the
 * same period, so it must be safe to run twice.
 */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  /** `stopping` is aborted when the runner stops: a long run ends at its next step. */
  run(ctx: Ctx, stopping: AbortSignal): Promise<void>;
}

/** Backoff before attempt n+1: min(1000·2^(n-1), 1 h) ms. */
export const backoffMs = (attempt: number) => Math.min(1000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
/** A RUNNING job whose lease ran out (its process died) is taken again. */
export const LEASE_MS = 5 * 60_000;
const KICK_DELAY_MS = 5;
/** How soon a runner with nothing more to claim records its unrecorded successes. */
const FLUSH_MS = 20;
/** How long a pass with nothing more to claim waits for its runs under way before it leaves them be. */
const PATIENCE_MS = 1000;

/** Rejects when `p` takes longer than `ms`, so a hung handler cannot stall its runner. */
function withTimeout<T>(p: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`job ${name} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** Queues a job in the caller's transaction; it runs only if that transaction commits. */
export async function enqueueJob(
  ctx: Ctx,
  name: string,
  payload: unknown,
  o: { runAt?: Date; maxAttempts?: number } = {},
): Promise<string> {
  const now = ctx.clock.now();
  const id = newId();
  const maxAttempts = o.maxAttempts ?? ctx.services.jobHandlers.get(name)?.maxAttempts ?? 5;
  const runAt = o.runAt ?? now;
  const kick = !o.runAt || o.runAt <= now;
  // In a transaction the row is written with the others just before COMMIT, and the runner is
  // woken once it has committed.
  if (
    payload != null &&
    deferInsert(ctx.db, 'job', {
      id,
      name,
      payload,
      status: 'PENDING',
      max_attempts: maxAttempts,
      run_at: runAt,
      created_at: now,
      updated_at: now,
    })
  ) {
    if (kick) afterCommit(ctx.db, () => ctx.services.kickJobs());
    return id;
  }
  await ctx.db
    .insertInto('job')
    .values({
      id,
      name,
      payload: JSON.stringify(payload ?? null),
      status: 'PENDING',
      max_attempts: maxAttempts,
      run_at: runAt,
      locked_until: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    })
    .execute();
  if (kick) ctx.services.kickJobs();
  return id;
}

type JobRow = {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  event: Record<string, unknown> | null;
};

/**
 * Claims due jobs with FOR UPDATE SKIP LOCKED (several processes never take the same job) and runs
 * them outside any transaction. Failures are retried with exponential backoff.
 */
export function createJobRunner(o: {
  db: Db;
  clock: Clock;
  pollMs: number;
  batch?: number;
  ctx: () => Ctx;
  periodic?: readonly PeriodicTask[];
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  let kicked = false;

  /**
   * Runs that succeeded and are not yet recorded: the next claim records them in its own statement
   * (a delivery under load then costs two statements, its claim and its handler's, not three). A
   * runner with nothing more to claim records them within FLUSH_MS; `runDue` and `stop` before they
   * return. Lost in a crash, they are run again after their lease, as a lost asynchronous commit is.
   */
  let succeeded: { id: string; attempts: number }[] = [];
  /** Claims in flight that record successes: `flush` waits for them too. */
  const recording = new Set<Promise<unknown>>();

  /**
   * Marks `done` SUCCEEDED, unless a job is no longer that run's: when its lease ran out and another
   * runner took it (attempts moved on), or it was retried meanwhile, the late result is dropped.
   */
  const succeed = (done: readonly { id: string; attempts: number }[], now: Date) => sql`
      update job set status = 'SUCCEEDED', finished_at = ${now}, updated_at = ${now}, locked_until = null, last_error = null
      from unnest(${done.map((d) => d.id)}::uuid[], ${done.map((d) => d.attempts)}::int[]) as d(id, attempts),
        ${ASYNC_COMMIT} c
      where job.id = d.id and job.status = 'RUNNING' and job.attempts = d.attempts`;

  /**
   * Hands the unrecorded successes to `write` (one statement that records them): they are kept
   * again when it fails, and `flush` waits for it meanwhile.
   */
  async function recordWith<T>(write: (done: readonly { id: string; attempts: number }[]) => Promise<T>) {
    const done = succeeded;
    succeeded = [];
    try {
      const written = write(done);
      if (done.length) {
        const settled = written.catch(() => {});
        recording.add(settled);
        void settled.finally(() => recording.delete(settled));
      }
      return await written;
    } catch (e) {
      succeeded = done.concat(succeeded);
      throw e;
    }
  }

  async function claim(limit: number): Promise<JobRow[]> {
    const now = o.clock.now();
    const until = new Date(now.getTime() + LEASE_MS);
    // The CTE is evaluated once (materialized): the rows it locked are exactly the rows updated.
    // A delivery's event is read here too: one statement fewer per delivery. Only a well-formed id
    // is cast (a bad one would fail the claim of every job due with it); its run then reads it.
    // The recorded successes are left out of `due`, so no row is updated twice by the statement.
    const { rows } = await recordWith((done) => {
      const recorded = done.length ? sql`recorded as (${succeed(done, now)} returning job.id),` : sql``;
      const notRecorded = done.length ? sql`and id <> all(${done.map((d) => d.id)}::uuid[])` : sql``;
      return sql<JobRow>`
        with ${recorded} due as materialized (
          select id from job
          where ((status = 'PENDING' and run_at <= ${now}) or (status = 'RUNNING' and locked_until < ${now})) ${notRecorded}
          order by run_at limit ${limit}
          for update skip locked)
        update job set status = 'RUNNING', attempts = job.attempts + 1, locked_until = ${until}, updated_at = ${now}
        from due, ${ASYNC_COMMIT} c where job.id = due.id
        returning job.id, job.name, job.payload, job.attempts, job.max_attempts,
          case when job.name = ${DELIVER_JOB} and job.payload->>'eventId' ~* ${UUID.source} then (
            select row_to_json(e) from event e where e.id = (job.payload->>'eventId')::uuid) end as event`.execute(
        o.db,
      );
    });
    return rows;
  }

  /** Records the successes not yet recorded (in one statement), and waits for claims recording some. */
  async function flush() {
    if (succeeded.length) await recordWith((done) => succeed(done, o.clock.now()).execute(o.db));
    await Promise.all(recording);
  }

  /** Records a failed run: retried after its backoff, or FAILED for good after its last attempt. */
  async function fail(job: JobRow, error: unknown) {
    const now = o.clock.now();
    const message = error instanceof Error ? error.message : String(error);
    const last = job.attempts >= job.max_attempts;
    await o.db
      .updateTable('job')
      .from(ASYNC_COMMIT.as('c'))
      .where('id', '=', job.id)
      .where('status', '=', 'RUNNING')
      .where('attempts', '=', job.attempts)
      .set({
        status: last ? 'FAILED' : 'PENDING',
        last_error: message.slice(0, 2000),
        updated_at: now,
        locked_until: null,
        run_at: last ? now : new Date(now.getTime() + backoffMs(job.attempts)),
        finished_at: last ? now : null,
      })
      .execute();
  }

  async function runOne(job: JobRow) {
    const ctx = o.ctx();
    const handler = ctx.services.jobHandlers.get(job.name);
    let error: unknown;
    try {
      if (!handler) throw new Error(`no handler for job "${job.name}" in this process`);
      await withTimeout(
        handler.run(ctx, job.payload as never, {
          attempt: job.attempts,
          maxAttempts: job.max_attempts,
          isLastAttempt: job.attempts >= job.max_attempts,
          ...(job.event ? { event: job.event } : {}),
        }),
        Math.min(handler.timeoutMs ?? 60_000, LEASE_MS - 1000),
        job.name,
      );
    } catch (e) {
      error = e ?? new Error('job failed');
      ctx.log.warn({ job: job.id, name: job.name, attempt: job.attempts, err: e }, 'job failed');
    }
    if (error === undefined) succeeded.push({ id: job.id, attempts: job.attempts });
    else await fail(job, error);
  }

  /**
   * Runs a background pass left behind, still going (a slow job: a webhook receiver taking its
   * time). Each holds one of the batch's places until it ends; `runDue` and `stop` wait for them.
   */
  const lingering = new Set<Promise<void>>();

  /** Waits until every run of `runs` ended, or PATIENCE_MS passed. */
  async function awhile(runs: ReadonlySet<Promise<void>>) {
    let patience: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(runs), new Promise((r) => (patience = setTimeout(r, PATIENCE_MS)))]);
    clearTimeout(patience);
  }

  /**
   * One pass: runs every job due now that it can claim, a batch at a time; returns how many ran.
   * A run that takes longer than PATIENCE_MS (a webhook receiver taking its time) keeps its place
   * but no longer holds the others up: the pass claims jobs for the free places. Once nothing more
   * is due, the background pass (`linger`) leaves the runs still going to end on their own
   * (`lingering`); `runDue`'s waits for them.
   */
  async function runPass(linger: boolean): Promise<number> {
    const size = o.batch ?? 10;
    const mine = new Set<Promise<void>>();
    let total = 0;
    for (;;) {
      const free = size - mine.size - lingering.size;
      if (free <= 0 && mine.size === 0) return total; // every place is held by a slow run
      if (free > 0) {
        const jobs = await claim(free);
        total += jobs.length;
        for (const job of jobs) {
          const run: Promise<void> = runOne(job).finally(() => mine.delete(run));
          mine.add(run);
        }
        if (jobs.length < free) break;
      }
      await awhile(mine);
    }
    if (!linger) {
      await Promise.all(mine);
      return total;
    }
    await awhile(mine);
    for (const run of mine) {
      lingering.add(run);
      void run.finally(() => {
        lingering.delete(run);
        // Its outcome is recorded soon, and its place is free for what became due meanwhile.
        if (!running && due > Date.now() + FLUSH_MS) schedule(FLUSH_MS);
      });
    }
    return total;
  }

  /** The period of the clock each periodic task last ran in, in this process. */
  const ranIn = new Map<string, number>();
  /** The periodic tasks in flight: they run beside the job passes, never holding them up. */
  let periodicRunning: Promise<void> | undefined;
  let stopping = new AbortController();
  async function runPeriodic() {
    for (const t of o.periodic ?? []) {
      const period = Math.floor(o.clock.now().getTime() / t.everyMs);
      if (ranIn.get(t.name) === period) continue;
      ranIn.set(t.name, period);
      const ctx = o.ctx();
      await t
        .run(ctx, stopping.signal)
        .catch((e: unknown) => ctx.log.warn({ err: e, task: t.name }, 'periodic task failed'));
    }
  }

  let due = Infinity;
  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    due = Date.now() + delay;
    timer = setTimeout(tick, delay);
    timer.unref?.();
  }

  async function tick() {
    if (running) {
      kicked = true;
      return;
    }
    kicked = false;
    // Only the background runner starts the periodic tasks: runDue runs exactly the queued jobs.
    periodicRunning ??= runPeriodic().finally(() => (periodicRunning = undefined));
    let failed = false;
    running = runPass(true).catch((e) => {
      failed = true;
      o.ctx().log.error({ err: e }, 'job runner poll failed');
      return 0;
    });
    await running;
    running = undefined;
    // After a failure (the database unreachable, say), it tries again at the next poll, not sooner.
    schedule(kicked ? 0 : succeeded.length && !failed ? FLUSH_MS : o.pollMs);
  }

  return {
    /**
     * Runs every job due now; returns how many this call ran. A job the background pass in flight
     * has claimed is skipped by this call's claim (skip locked), so it then waits for that pass too:
     * once it returns, every job that was due when it was called has run, whichever pass ran it,
     * and its outcome is recorded.
     */
    async runDue(): Promise<number> {
      const n = await runPass(false);
      if (running) await running;
      while (lingering.size) await Promise.all(lingering);
      await flush();
      return n;
    },
    start() {
      stopped = false;
      stopping = new AbortController();
      schedule(0);
    },
    /**
     * A job was queued: look soon rather than at the next poll. The short delay lets the queuing
     * transaction commit first, and many kicks in a burst cost one look.
     */
    kick() {
      if (stopped) return;
      if (running) kicked = true;
      else if (due > Date.now() + KICK_DELAY_MS) schedule(KICK_DELAY_MS);
    },
    async stop() {
      stopped = true;
      stopping.abort();
      clearTimeout(timer);
      await running;
      while (lingering.size) await Promise.all(lingering);
      await periodicRunning;
      await flush().catch((e: unknown) =>
        o.ctx().log.error({ err: e }, 'job runner could not record its last successes'),
      );
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;

/** Deletes, hourly, succeeded jobs after JOB_RETENTION_DAYS and failed ones after FAILED_RETENTION_DAYS (config); pending and running ones stay. */
export const purgeFinishedJobs = hourlyPurge('jobs.purge', (ctx, now) =>
  byStatus('job', 'finished_at', [
    [['SUCCEEDED'], daysBefore(now, ctx.config.JOB_RETENTION_DAYS)],
    [['FAILED'], daysBefore(now, ctx.config.FAILED_RETENTION_DAYS)],
  ]),
);
