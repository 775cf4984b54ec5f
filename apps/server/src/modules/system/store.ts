import type { CursorQuery, ListJobsRequest } from '@vitrine/contract';
import type { Executor } from '../../platform/db/tx.ts';
import { toDomainEvent } from '../../platform/events.ts';
import { cursorPage } from '../../platform/query/page.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';

const created = { createdDate: { sql: 'created_at', type: 'date', sortable: true } } as const;

export const jobSpec: QuerySpec = {
  entity: 'job',
  idSql: 'id',
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  fields: {
    ...created,
    id: { sql: 'id', type: 'uuid', sortable: true },
    name: { sql: 'name', type: 'string', sortable: true },
    status: { sql: 'status', type: 'string', values: ['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED'] },
    attempts: { sql: 'attempts', type: 'number', sortable: true },
    runAt: { sql: 'run_at', type: 'date', sortable: true },
    updatedDate: { sql: 'updated_at', type: 'date', sortable: true },
    finishedDate: { sql: 'finished_at', type: 'date' },
    lastError: { sql: 'last_error', type: 'string' },
  },
};

export const eventSpec: QuerySpec = {
  entity: 'event',
  idSql: 'id',
  defaultSort: [{ fieldName: 'eventTime', order: 'DESC' }],
  fields: {
    id: { sql: 'id', type: 'uuid', sortable: true },
    eventTime: { sql: 'created_at', type: 'date', sortable: true },
    eventType: { sql: 'event_type', type: 'string' },
    entityFqdn: { sql: 'entity_fqdn', type: 'string' },
    slug: { sql: 'slug', type: 'string' },
    entityId: { sql: 'entity_id', type: 'string' },
  },
};

export const mailSpec: QuerySpec = {
  entity: 'mail',
  idSql: 'id',
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  fields: {
    ...created,
    id: { sql: 'id', type: 'uuid', sortable: true },
    to: { sql: 'to_address', type: 'string', sortable: true },
    subject: { sql: 'subject', type: 'string' },
    status: { sql: 'status', type: 'string', values: ['QUEUED', 'SENT', 'STORED', 'FAILED'] },
  },
};

type JobRow = {
  id: string;
  name: string;
  payload: unknown;
  status: 'PENDING' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  attempts: number;
  max_attempts: number;
  run_at: Date;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
};

export const toJob = (r: JobRow) => ({
  id: r.id,
  name: r.name,
  payload: r.payload,
  status: r.status,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  runAt: r.run_at.toISOString(),
  lastError: r.last_error,
  createdDate: r.created_at.toISOString(),
  updatedDate: r.updated_at.toISOString(),
  finishedDate: r.finished_at?.toISOString() ?? null,
});

type MailRow = {
  id: string;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: 'QUEUED' | 'SENT' | 'STORED' | 'FAILED';
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
};

export const toMail = (r: MailRow) => ({
  id: r.id,
  to: r.to_address,
  from: r.from_address,
  subject: r.subject,
  text: r.text_body,
  html: r.html_body,
  status: r.status,
  lastError: r.last_error,
  createdDate: r.created_at.toISOString(),
  sentDate: r.sent_at?.toISOString() ?? null,
});

export const queryJobs = (db: Executor, q: CursorQuery | undefined) =>
  cursorPage(db.selectFrom('job').selectAll(), jobSpec, q);
/** The GET list: its parameters become a query; a cursor, when given, carries the rest (as in a query). */
export function listJobs(db: Executor, p: ListJobsRequest) {
  const filter = {
    ...(p.status ? { status: { $in: p.status } } : {}),
    ...(p.name !== undefined ? { name: p.name } : {}),
  };
  const query: CursorQuery = { filter, sort: p.sort ? [p.sort] : null, cursorPaging: p.paging ?? null };
  return cursorPage(db.selectFrom('job').selectAll(), jobSpec, query, '', 'paging');
}
export const queryEvents = (db: Executor, q: CursorQuery | undefined) =>
  cursorPage(db.selectFrom('event').selectAll(), eventSpec, q);
export const queryMail = (db: Executor, q: CursorQuery | undefined) =>
  cursorPage(db.selectFrom('mail_message').selectAll(), mailSpec, q);

export const getJob = (db: Executor, id: string) =>
  db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst();
export const getMail = (db: Executor, id: string) =>
  db.selectFrom('mail_message').selectAll().where('id', '=', id).executeTakeFirst();

/** A FAILED job runs again now, with a fresh set of attempts. Returns the updated row, if it was FAILED. */
export const retryJob = (db: Executor, id: string, now: Date) =>
  db
    .updateTable('job')
    .set({ status: 'PENDING', attempts: 0, run_at: now, updated_at: now, finished_at: null })
    .where('id', '=', id)
    .where('status', '=', 'FAILED')
    .returningAll()
    .executeTakeFirst();

export { toDomainEvent };
