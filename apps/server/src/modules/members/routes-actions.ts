import { emptyResponse, id, memberResponse, memberSessionsResponse } from '@vitrine/contract';
import { z } from 'zod';
import { forbidden, violation } from '../../platform/errors.ts';
import type { Router } from '../../platform/http/route.ts';
import {
  approveMember,
  blockMember,
  deleteMember,
  disconnectMember,
  memberSessions,
  setMemberMuted,
} from './actions.ts';
import { bulkDeleteMembers, getBulkJob, startBulkByFilter } from './bulk.ts';

/** The owner's member actions and bulk operations (contract members.md §1), plus deleteMyMember. */

const paths = (suffix: string) => [`/members/v1/members${suffix}`, `/_api/members/v1/members${suffix}`];
const tags = ['members'];
const params = z.strictObject({ id });
/** Action bodies may repeat the path's id (`{"id":"<id>"}`). */
const actionBody = z.strictObject({ id: id.optional() });
const filter = z.record(z.string(), z.unknown());
const search = z.strictObject({
  expression: z.string().max(200).nullish(),
  fields: z.array(z.string().max(100)).max(10).nullish(),
});
const contentAssigneeId = z.string().min(1).max(100);

const bulkResult = z.object({
  results: z.array(
    z.object({
      itemMetadata: z.object({
        id: z.string(),
        originalIndex: z.number(),
        success: z.boolean(),
        error: z
          .object({ code: z.string(), description: z.string(), data: z.record(z.string(), z.unknown()) })
          .optional(),
      }),
    }),
  ),
  bulkActionMetadata: z.object({
    totalSuccesses: z.number(),
    totalFailures: z.number(),
    undetailedFailures: z.number(),
  }),
});
const jobIdResponse = z.object({ jobId: z.string() });

function samePathId(body: { id?: string | undefined }, pathId: string) {
  if (body.id !== undefined && body.id !== pathId) throw violation('id', 'must match the path', 'VALIDATION');
}

export function memberActionRoutes(r: Router) {
  const actions = [
    ['mute', 'Mute a member (activityStatus MUTED)', (ctx, i) => setMemberMuted(ctx, i, true)],
    ['unmute', 'Unmute a member (activityStatus ACTIVE)', (ctx, i) => setMemberMuted(ctx, i, false)],
    ['approve', 'Approve a PENDING or BLOCKED member (unblocks)', approveMember],
    ['block', 'Block a member: no sign-in, refresh tokens and browser sessions end', blockMember],
    ['disconnect', "End a member's sessions (refresh tokens, browser sessions)", disconnectMember],
  ] as const satisfies readonly (readonly [string, string, typeof approveMember])[];
  for (const [action, summary, run] of actions) {
    r.route({
      method: 'POST',
      url: paths(`/:id/${action}`),
      roles: ['admin'],
      tags,
      summary,
      params,
      body: actionBody,
      response: memberResponse,
      async handler(ctx, { params: p, body }) {
        samePathId(body, p.id);
        return { member: await run(ctx, p.id) };
      },
    });
  }

  r.route({
    method: 'GET',
    url: paths('/:id/sessions'),
    roles: ['admin'],
    tags,
    summary:
      "Where a member is signed in: their live sessions, the most recently active first, each with its device and app (Vitrine's own)",
    params,
    response: memberSessionsResponse,
    handler: (ctx, { params: p }) => memberSessions(ctx, p.id),
  });

  r.route({
    method: 'DELETE',
    url: paths('/my'),
    roles: ['member'],
    tags,
    summary: 'Delete the current member (content goes to `contentAssigneeId`)',
    query: z.strictObject({ contentAssigneeId: contentAssigneeId.optional() }),
    response: emptyResponse,
    async handler(ctx, { query }) {
      if (ctx.caller.role !== 'member') throw forbidden();
      await deleteMember(ctx, ctx.caller.memberId, { contentAssigneeId: query.contentAssigneeId });
      return {};
    },
  });

  r.route({
    method: 'DELETE',
    url: paths('/:id'),
    roles: ['admin'],
    tags,
    summary: 'Delete a member (its e-mail may register again)',
    params,
    response: emptyResponse,
    async handler(ctx, { params: p }) {
      await deleteMember(ctx, p.id);
      return {};
    },
  });

  r.route({
    method: 'POST',
    url: paths('/bulk/delete'),
    roles: ['admin'],
    tags,
    summary: 'Delete up to 100 members by id',
    body: z.strictObject({ memberIds: z.array(id).min(1).max(100) }),
    response: bulkResult,
    handler: (ctx, { body }) => bulkDeleteMembers(ctx, body.memberIds),
  });

  r.route({
    method: 'POST',
    url: paths('/bulk/delete-by-filter'),
    roles: ['admin'],
    tags,
    summary: 'Delete the members matching a filter (background job)',
    body: z.strictObject({
      filter,
      contentAssigneeId: contentAssigneeId.optional(),
      search: search.nullish(),
    }),
    response: jobIdResponse,
    handler: (ctx, { body }) =>
      startBulkByFilter(ctx, {
        action: 'DELETE',
        filter: body.filter,
        search: body.search ?? null,
        ...(body.contentAssigneeId ? { contentAssigneeId: body.contentAssigneeId } : {}),
      }),
  });

  for (const [action, kind] of [
    ['approve', 'APPROVE'],
    ['block', 'BLOCK'],
  ] as const) {
    r.route({
      method: 'POST',
      url: paths(`/bulk/${action}-by-filter`),
      roles: ['admin'],
      tags,
      summary: `${kind === 'APPROVE' ? 'Approve' : 'Block'} the members matching a filter (background job)`,
      body: z.strictObject({ filter }),
      response: jobIdResponse,
      handler: (ctx, { body }) => startBulkByFilter(ctx, { action: kind, filter: body.filter }),
    });
  }

  r.route({
    method: 'GET',
    url: paths('/bulk/jobs/:jobId'),
    roles: ['admin'],
    tags,
    summary: 'Progress of a members bulk job',
    params: z.strictObject({ jobId: id }),
    response: z.object({
      job: z.object({
        id: z.string(),
        status: z.string(),
        processed: z.number(),
        succeeded: z.number(),
        failed: z.number(),
      }),
    }),
    handler: (ctx, { params: p }) => getBulkJob(ctx, p.jobId),
  });
}
