import { sql, type RawBuilder } from 'kysely';
import { firstIdAt } from '../ids.ts';
import type { Db } from './connect.ts';

const BATCH = 1000;

/**
 * Deletes the rows of `table` created before `before` that `which` picks, in batches of 1,000,
 * oldest first along its `(created_at, id)` index (one batch never holds a long lock), skipping rows
 * another process is deleting; ends early when `stopping` is aborted. Returns how many it deleted.
 */
export async function purgeOld(
  db: Db,
  table: 'job' | 'mail_message',
  before: Date,
  which: RawBuilder<boolean>,
  stopping: AbortSignal,
): Promise<number> {
  let after: { at: string; id: string } | undefined;
  let deleted = 0;
  while (!stopping.aborted) {
    const { rows } = await sql<{ seen: number; gone: number; at: string; id: string }>`
      with doomed as (
        select id, created_at from ${sql.table(table)}
        where created_at < ${before} and (${which})
          ${after ? sql`and (created_at, id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        order by created_at, id limit ${BATCH}
        for update skip locked),
      gone as (delete from ${sql.table(table)} t using doomed d where t.id = d.id returning 1)
      select (select count(*) from doomed)::int as seen, (select count(*) from gone)::int as gone,
        d.created_at::text as at, d.id::text as id
      from doomed d order by d.created_at desc, d.id desc limit 1`.execute(db);
    const last = rows[0];
    if (!last) return deleted;
    deleted += last.gone;
    if (last.seen < BATCH) return deleted;
    after = { at: last.at, id: last.id };
  }
  return deleted;
}

/**
 * Like purgeOld for a table without a `created_at` index whose ids are UUIDv7: walks the primary key
 * (the oldest ids first) below the first id of `before`, deleting the rows `which` picks.
 */
export async function purgeOldById(
  db: Db,
  table: string,
  before: Date,
  which: RawBuilder<boolean>,
  stopping: AbortSignal,
): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let deleted = 0;
  while (!stopping.aborted) {
    const { rows } = await sql<{ seen: number; gone: number; id: string }>`
      with doomed as (
        select id from ${sql.table(table)}
        where id > ${after}::uuid and id < ${firstIdAt(before)}::uuid and (${which})
        order by id limit ${BATCH}
        for update skip locked),
      gone as (delete from ${sql.table(table)} t using doomed d where t.id = d.id returning 1)
      select (select count(*) from doomed)::int as seen, (select count(*) from gone)::int as gone, d.id::text as id
      from doomed d order by d.id desc limit 1`.execute(db);
    const last = rows[0];
    if (!last) return deleted;
    deleted += last.gone;
    if (last.seen < BATCH) return deleted;
    after = last.id;
  }
  return deleted;
}

/**
 * purgeOld for rows kept by status: each `[statuses, cutoff]` deletes the rows in those statuses
 * whose `column` is before its cutoff (a finish time is never before the row's creation, so the
 * scan stops at the latest cutoff).
 */
export function purgeByStatus(
  db: Db,
  table: 'job' | 'mail_message',
  column: 'created_at' | 'finished_at',
  keep: readonly (readonly [readonly string[], Date])[],
  stopping: AbortSignal,
): Promise<number> {
  const which = sql.join(
    keep.map(
      ([statuses, before]) => sql`(status in (${sql.join(statuses)}) and ${sql.ref(column)} < ${before})`,
    ),
    sql` or `,
  );
  const latest = new Date(Math.max(...keep.map(([, before]) => before.getTime())));
  return purgeOld(db, table, latest, sql<boolean>`${which}`, stopping);
}
