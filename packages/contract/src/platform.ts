import { z } from 'zod';
import { cursorPaging, cursorPagingMetadata, cursorQuery, sorting } from './query.ts';
import { id, isoDate, qs } from './scalars.ts';

/** The answer of deletes and other calls that report nothing but success: `{}`. */
export const emptyResponse = z.object({});
/**
 * Routes with no JSON success answer: they always fail in the error envelope (a feature not configured),
 * or answer with a redirect or an HTML page.
 */
export const noJsonResponse = z.never().describe('No JSON answer: an error envelope, a redirect or a page');
/** `GET /openapi.json`: the OpenAPI 3 document generated from the route table. */
export const openApiResponse = z.looseObject({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/** `GET /health` */
export const healthResponse = z.object({
  status: z.enum(['OK', 'DEGRADED']),
  database: z.object({ status: z.enum(['OK', 'DOWN']), dialect: z.enum(['pglite', 'postgres']) }),
  version: z.string(),
  uptimeSeconds: z.number(),
});

export const jobStatus = z.enum(['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED']);
export const job = z.object({
  id,
  name: z.string(),
  payload: z.unknown(),
  status: jobStatus,
  attempts: z.number(),
  maxAttempts: z.number(),
  runAt: isoDate,
  lastError: z.string().nullable(),
  createdDate: isoDate,
  updatedDate: isoDate,
  finishedDate: isoDate.nullable(),
});
export type Job = z.infer<typeof job>;

export const identityType = z.enum(['UNKNOWN', 'ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP']);
export const eventIdentity = z.object({
  identityType,
  anonymousVisitorId: z.string().optional(),
  memberId: z.string().optional(),
  wixUserId: z.string().optional(),
  appId: z.string().optional(),
});
export type EventIdentity = z.infer<typeof eventIdentity>;

/** A domain event as stored in the outbox and delivered to subscribers and webhooks (conventions §10). */
export const domainEvent = z.object({
  id,
  eventType: z.string(),
  entityFqdn: z.string(),
  slug: z.string(),
  entityId: z.string(),
  eventTime: isoDate,
  entityEventSequence: z.string(),
  triggeredByAnonymizeRequest: z.boolean(),
  originatedFrom: z.string().nullable(),
  identity: eventIdentity,
  createdEvent: z.object({ entity: z.unknown() }).optional(),
  updatedEvent: z
    .object({ currentEntity: z.unknown(), modifiedFields: z.record(z.string(), z.unknown()) })
    .optional(),
  deletedEvent: z.object({ deletedEntity: z.unknown().optional() }).optional(),
  actionEvent: z.object({ body: z.unknown() }).optional(),
});
export type DomainEvent = z.infer<typeof domainEvent>;

export const mailStatus = z.enum(['QUEUED', 'SENT', 'STORED', 'FAILED']);
export const mailMessage = z.object({
  id,
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: mailStatus,
  lastError: z.string().nullable(),
  createdDate: isoDate,
  sentDate: isoDate.nullable(),
});
export type MailMessage = z.infer<typeof mailMessage>;

export const queryRequest = z.strictObject({ query: cursorQuery.optional() });
/**
 * `GET /platform/v1/jobs`: query-string parameters, plain or `.r` (conventions §5), paged like media
 * lists (one `sort` object, cursor paging under the name `paging`). Answers `jobsQueryResponse`.
 */
export const listJobsRequest = z.strictObject({
  status: qs.array(jobStatus).optional(),
  name: z.string().min(1).max(200).optional(),
  sort: sorting.optional(),
  paging: cursorPaging.optional(),
});
export type ListJobsRequest = z.infer<typeof listJobsRequest>;
export const jobsQueryResponse = z.object({ jobs: z.array(job), metadata: cursorPagingMetadata });
export const eventsQueryResponse = z.object({ events: z.array(domainEvent), metadata: cursorPagingMetadata });
export const mailQueryResponse = z.object({ messages: z.array(mailMessage), metadata: cursorPagingMetadata });
