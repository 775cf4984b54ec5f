import {
  eventsQueryResponse,
  healthResponse,
  id,
  job,
  jobsQueryResponse,
  listJobsRequest,
  mailMessage,
  mailQueryResponse,
  openApiResponse,
  queryRequest,
} from '@vitrine/contract';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DbHandle } from '../../platform/db/connect.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { buildOpenApi } from '../../platform/http/openapi.ts';
import type { Router } from '../../platform/http/route.ts';
import { metadata } from '../../platform/query/page.ts';
import * as store from './store.ts';

const started = Date.now();
const byId = z.strictObject({ id });

/** Health, the API description, and the operator's view of jobs, events and the mail outbox. */
export function systemRoutes(r: Router, o: { database: DbHandle; version: string; publicUrl: string }) {
  r.route({
    method: 'GET',
    url: '/health',
    roles: 'any',
    summary: 'Liveness and database check',
    tags: ['system'],
    response: healthResponse,
    async handler(ctx) {
      try {
        await sql`select 1`.execute(ctx.db);
      } catch {
        throw new AppError(503, 'DATABASE_UNAVAILABLE', 'The database is not answering');
      }
      return {
        status: 'OK',
        database: { status: 'OK', dialect: o.database.dialect },
        version: o.version,
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
      };
    },
  });

  let openapi: unknown;
  r.route({
    method: 'GET',
    url: '/openapi.json',
    roles: 'any',
    summary: 'This API, described as OpenAPI 3',
    tags: ['system'],
    response: openApiResponse,
    async handler() {
      openapi ??= buildOpenApi(r.routes, { version: o.version, serverUrl: o.publicUrl });
      return openapi;
    },
  });

  r.route({
    method: 'POST',
    url: '/platform/v1/jobs/query',
    roles: ['admin'],
    owner: true,
    summary: 'Query background jobs',
    tags: ['system'],
    body: queryRequest,
    response: jobsQueryResponse,
    async handler(ctx, { body }) {
      const page = await store.queryJobs(ctx.db, body.query);
      return { jobs: page.items.map(store.toJob), metadata: metadata.cursor(page) };
    },
  });

  r.route({
    method: 'GET',
    url: '/platform/v1/jobs',
    roles: ['admin'],
    owner: true,
    summary: 'List background jobs (by status and name)',
    tags: ['system'],
    query: listJobsRequest,
    response: jobsQueryResponse,
    async handler(ctx, { query }) {
      const page = await store.listJobs(ctx.db, query);
      return { jobs: page.items.map(store.toJob), metadata: metadata.cursor(page) };
    },
  });

  r.route({
    method: 'GET',
    url: '/platform/v1/jobs/:id',
    roles: ['admin'],
    owner: true,
    summary: 'Get a background job',
    tags: ['system'],
    params: byId,
    response: z.object({ job }),
    async handler(ctx, { params }) {
      const row = await store.getJob(ctx.db, params.id);
      if (!row) throw notFound('Job', { id: params.id });
      return { job: store.toJob(row) };
    },
  });

  r.route({
    method: 'POST',
    url: '/platform/v1/jobs/:id/retry',
    roles: ['admin'],
    owner: true,
    summary: 'Run a FAILED job again',
    tags: ['system'],
    params: byId,
    body: z.strictObject({ id: id.optional() }),
    response: z.object({ job }),
    async handler(ctx, { params }) {
      const row = await store.retryJob(ctx.db, params.id, ctx.clock.now());
      if (row) return { job: store.toJob(row) };
      if (!(await store.getJob(ctx.db, params.id))) throw notFound('Job', { id: params.id });
      throw conflict('JOB_NOT_FAILED', 'Only a FAILED job can be retried', { id: params.id });
    },
  });

  r.route({
    method: 'POST',
    url: '/platform/v1/events/query',
    roles: ['admin'],
    owner: true,
    summary: 'Query the events outbox',
    tags: ['system'],
    body: queryRequest,
    response: eventsQueryResponse,
    async handler(ctx, { body }) {
      const page = await store.queryEvents(ctx.db, body.query);
      return { events: page.items.map(store.toDomainEvent), metadata: metadata.cursor(page) };
    },
  });

  r.route({
    method: 'POST',
    url: '/platform/v1/mail/messages/query',
    roles: ['admin'],
    owner: true,
    summary: 'Query the mail outbox',
    tags: ['system'],
    body: queryRequest,
    response: mailQueryResponse,
    async handler(ctx, { body }) {
      const page = await store.queryMail(ctx.db, body.query);
      return { messages: page.items.map(store.toMail), metadata: metadata.cursor(page) };
    },
  });

  r.route({
    method: 'GET',
    url: '/platform/v1/mail/messages/:id',
    roles: ['admin'],
    owner: true,
    summary: 'Get one outgoing message',
    tags: ['system'],
    params: byId,
    response: z.object({ message: mailMessage }),
    async handler(ctx, { params }) {
      const row = await store.getMail(ctx.db, params.id);
      if (!row) throw notFound('Message', { id: params.id });
      return { message: store.toMail(row) };
    },
  });
}
