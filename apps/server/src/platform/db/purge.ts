import { sql, type RawBuilder } from 'kysely';
import type { Ctx } from '../context.ts';
import { firstIdAt } from '../ids.ts';
import type { PeriodicTask } from '../jobs.ts';
import type { Db } from './connect.ts';

const BATCH = 1000;

export interface Purge {
  table: string;
  /** Only rows made before this are looked at. */
  before: Date;
  /** Which of them go. */
  which: RawBuilder<boolean>;
  /**
   * The order the table is walked in, oldest first: `created` along its `(created_at, id)` index,
   * `id` along a primary key of UUIDv7 ids (no `created_at` index needed).
   */
  walk: 'created' | 'id';
  /** Columns the deleted rows hand to `also` (as the CTE `gone`). */
  returning?: RawBuilder<unknown>;
  /** One more CTE in the same statement, e.g. keeping something of the deleted rows. */
  also?: RawBuilder<unknown>;
}

/**
 * Deletes what `p` picks in batches of 1,000, oldest first (one batch never holds a long lock),
 * skipping rows another process is deleting; ends early when `stopping` is aborted. Returns how many
 * rows it deleted.
 */
export async function purge(db: Db, p: Purge, stopping: AbortSignal): Promise<number> {
  const t = sql.table(p.table);
  const byId = p.walk === 'id';
  const bound = byId ? sql`id < ${firstIdAt(p.before)}::uuid` : sql`created_at < ${p.before}`;
  const order = byId ? sql`id` : sql`created_at, id`;
  let after: { at: string; id: string } | undefined;
  let deleted = 0;
  while (!stopping.aborted) {
    const past = !after
      ? sql``
      : byId
        ? sql`and id > ${after.id}::uuid`
        : sql`and (created_at, id) > (${after.at}::timestamptz, ${after.id}::uuid)`;
    const { rows } = await sql<{ seen: number; gone: number; at: string; id: string }>`
      with doomed as (
        select id, created_at from ${t} where ${bound} and (${p.which}) ${past}
        order by ${order} limit ${BATCH}
        for update skip locked),
      gone as (delete from ${t} x using doomed d where x.id = d.id returning ${p.returning ?? sql`1`})
      ${p.also ? sql`, ${p.also}` : sql``}
      select (select count(*) from doomed)::int as seen, (select count(*) from gone)::int as gone,
        d.created_at::text as at, d.id::text as id
      from doomed d order by ${byId ? sql`d.id desc` : sql`d.created_at desc, d.id desc`} limit 1`.execute(
      db,
    );
    const last = rows[0];
    if (!last) return deleted;
    deleted += last.gone;
    if (last.seen < BATCH) return deleted;
    after = { at: last.at, id: last.id };
  }
  return deleted;
}

/**
 * What to purge of rows kept by status: each `[statuses, cutoff]` picks the rows in those statuses
 * whose `column` is before its cutoff (a finish time is never before the row's creation, so the walk
 * stops at the latest cutoff).
 */
export function byStatus(
  table: 'job' | 'mail_message',
  column: 'created_at' | 'finished_at',
  keep: readonly (readonly [readonly string[], Date])[],
): Purge {
  const which = sql.join(
    keep.map(
      ([statuses, before]) => sql`(status in (${sql.join(statuses)}) and ${sql.ref(column)} < ${before})`,
    ),
    sql` or `,
  );
  const before = new Date(Math.max(...keep.map(([, at]) => at.getTime())));
  return { table, before, which: sql<boolean>`${which}`, walk: 'created' };
}

/** `days` days before `now` (ms). */
export const daysBefore = (now: number, days: number) => new Date(now - days * 86_400_000);

/**
 * A periodic task that runs, hourly, the purges `plan` picks at the time of the run, one after
 * another.
 */
export const hourlyPurge = (
  name: string,
  plan: (ctx: Ctx, now: number) => Purge | readonly Purge[],
): PeriodicTask => ({
  name,
  everyMs: 3_600_000,
  async run(ctx, stopping) {
    const planned = plan(ctx, ctx.clock.now().getTime());
    for (const p of Array.isArray(planned) ? planned : [planned as Purge]) await purge(ctx.db, p, stopping);
  },
});
