import { sql, type Kysely } from 'kysely';
import type { Database } from '../../database.ts';
import type { Executor } from '../../platform/db/tx.ts';
import { compileFilter } from '../../platform/query/filter.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';
import { MEMBER_QUERY, membersBase, SEARCH_SQL, type MemberRow, type MemberRowStatus } from './store.ts';

/** SQL of the member actions (moderation, deletion, bulk jobs); the member CRUD lives in store.ts. */

export type BulkAction = 'APPROVE' | 'BLOCK' | 'DELETE';

export type MemberBulkJobTable = {
  member_bulk_job: {
    id: string;
    job_id: string;
    action: BulkAction;
    processed: number;
    succeeded: number;
    failed: number;
    last_id: string | null;
    created_at: Date;
    updated_at: Date;
  };
};
type Tables = Database & MemberBulkJobTable;
/** The executor, with this file's own table in its types (database.ts is shared; kept out of it). */
const t = (db: Executor) =>
  (db as unknown as Kysely<Database>).withTables<MemberBulkJobTable>() as unknown as Kysely<Tables>;

/** The bulk *-by-filter endpoints filter with the admin query's allowlist (one definition for both). */
export const memberFilterSpec: QuerySpec = MEMBER_QUERY;

/** Throws the filter's field violations (at `field`) without running anything. */
export const checkMemberFilter = (filter: unknown, field = 'filter') =>
  void compileFilter(memberFilterSpec, filter, field);

export interface MemberSearch {
  expression?: string | null;
  fields?: string[] | null;
}

/**
 * The next `limit` ids (in id order, after `afterId`) of members matching the filter and the
 * search (each word starting the e-mail, nickname, slug or a name).
 */
export async function matchingMemberIds(
  db: Executor,
  o: { filter: unknown; search?: MemberSearch | null; afterId: string | null; limit: number },
): Promise<string[]> {
  const expression = o.search?.expression?.trim();
  const fields = (o.search?.fields?.length ? o.search.fields : Object.keys(SEARCH_SQL)).filter(
    (f) => f in SEARCH_SQL,
  );
  // The same search as the members query (each word starts a searched field).
  let q = membersBase(db, expression ? { search: { expression, fields } } : {})
    .clearSelect()
    .select('id')
    .where(compileFilter(memberFilterSpec, o.filter, 'filter'));
  if (o.afterId) q = q.where('id', '>', o.afterId);
  const rows = await q.orderBy('id').limit(o.limit).execute();
  return rows.map((r) => r.id);
}

/** Deletes the member row; returns whether there was one. */
export async function deleteMemberRow(db: Executor, id: string): Promise<boolean> {
  const r = await db.deleteFrom('member').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export const insertBulkJob = (db: Executor, id: string, jobId: string, action: BulkAction, now: Date) =>
  t(db)
    .insertInto('member_bulk_job')
    .values({
      id,
      job_id: jobId,
      action,
      processed: 0,
      succeeded: 0,
      failed: 0,
      last_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();

export const findBulkJob = (db: Executor, id: string, forUpdate = false) => {
  let q = t(db).selectFrom('member_bulk_job').selectAll().where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
};

/** Adds one batch's counts and moves the cursor. */
export const recordBulkBatch = (
  db: Executor,
  id: string,
  c: { succeeded: number; failed: number; lastId: string },
  now: Date,
) =>
  t(db)
    .updateTable('member_bulk_job')
    .set((eb) => ({
      processed: eb('processed', '+', c.succeeded + c.failed),
      succeeded: eb('succeeded', '+', c.succeeded),
      failed: eb('failed', '+', c.failed),
      last_id: c.lastId,
      updated_at: now,
    }))
    .where('id', '=', id)
    .execute();

/** The bulk job's counts with the platform job's status, by the platform job's id. */
export const bulkJobWithStatus = (db: Executor, jobId: string) =>
  t(db)
    .selectFrom('member_bulk_job as b')
    .innerJoin('job', 'job.id', 'b.job_id')
    .select(['b.job_id as id', 'job.status', 'b.processed', 'b.succeeded', 'b.failed'])
    .where('b.job_id', '=', jobId)
    .executeTakeFirst();

// ---- status changes, set-based (one statement per batch; the identity side is identity's
// approveIdentities / blockIdentities) ----

const idList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}::uuid`));

/** Sets the members' status; returns the changed rows with their previous status. */
export async function setMemberStatuses(
  db: Executor,
  ids: readonly string[],
  status: MemberRowStatus,
  now: Date,
): Promise<(MemberRow & { previous_status: MemberRowStatus })[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<MemberRow & { previous_status: MemberRowStatus }>`
    with old as (select id, status from member where id in (${idList(ids)}) and status <> ${status} order by id for update)
    update member m set status = ${status}, updated_at = ${now} from old where m.id = old.id
    returning m.*, old.status as previous_status`.execute(db);
  return rows;
}
