import {
  createMemberRequest,
  getMemberQuery,
  getMyMemberQuery,
  id,
  listMembersQuery,
  memberViewResponse,
  membersPage,
  queryMembersRequest,
  updateMemberRequest,
  updateSlugRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import { violation } from '../../platform/errors.ts';
import type { Router } from '../../platform/http/route.ts';
import {
  clearContactField,
  createMember,
  getMyMember,
  getVisibleMember,
  patchMember,
  queryMembers,
  setMemberSlug,
  setMyPrivacy,
  myId,
} from './service.ts';

const BASE = '/members/v1/members';
const urls = (path = '') => [`${BASE}${path}`, `/_api${BASE}${path}`] as const;
const tags = ['members'] as const;
const byId = z.object({ id });
const empty = z.strictObject({});

export function membersRoutes(r: Router) {
  r.route({
    method: 'GET',
    url: urls(),
    roles: 'any',
    summary: 'List members (offset paging; plain or .r query string)',
    tags,
    query: listMembersQuery,
    response: membersPage,
    async handler(ctx, { query }) {
      return queryMembers(
        ctx,
        { sort: query.sorting ?? null, paging: query.paging ?? null, fieldsets: query.fieldsets ?? null },
        '',
      );
    },
  });

  r.route({
    method: 'POST',
    url: urls('/query'),
    roles: 'any',
    summary: 'Query members: filter, sort, offset paging, search',
    tags,
    body: queryMembersRequest,
    response: membersPage,
    async handler(ctx, { body }) {
      const q = body.query ?? {};
      return queryMembers(ctx, {
        filter: q.filter ?? null,
        sort: q.sort?.length ? q.sort : (q.sorting ?? null),
        paging: q.paging ?? null,
        fieldsets: body.fieldsets ?? null,
        search: body.search ?? null,
      });
    },
  });

  r.route({
    method: 'GET',
    url: urls('/my'),
    roles: ['member'],
    summary: 'The signed-in member (always FULL)',
    tags,
    query: getMyMemberQuery,
    response: memberViewResponse,
    async handler(ctx) {
      return { member: await getMyMember(ctx) };
    },
  });

  r.route({
    method: 'POST',
    url: urls('/my/slug'),
    roles: ['member'],
    summary: "Change the signed-in member's slug",
    tags,
    body: updateSlugRequest,
    response: memberViewResponse,
    async handler(ctx, { body }) {
      return { member: await setMemberSlug(ctx, myId(ctx), body.slug) };
    },
  });

  r.route({
    method: 'POST',
    url: urls('/join-community'),
    roles: ['member'],
    summary: 'Make the signed-in member public',
    tags,
    body: empty,
    response: memberViewResponse,
    async handler(ctx) {
      return { member: await setMyPrivacy(ctx, 'PUBLIC') };
    },
  });

  r.route({
    method: 'POST',
    url: urls('/leave-community'),
    roles: ['member'],
    summary: 'Make the signed-in member private',
    tags,
    body: empty,
    response: memberViewResponse,
    async handler(ctx) {
      return { member: await setMyPrivacy(ctx, 'PRIVATE') };
    },
  });

  r.route({
    method: 'POST',
    url: urls(),
    roles: ['admin'],
    summary: 'Create a member (and its password-less identity)',
    tags,
    body: createMemberRequest,
    response: memberViewResponse,
    async handler(ctx, { body }) {
      return { member: await createMember(ctx, body.member) };
    },
  });

  r.route({
    method: 'GET',
    url: urls('/:id'),
    roles: 'any',
    summary: 'A member, in the fieldset the caller may see',
    tags,
    params: byId,
    query: getMemberQuery,
    response: memberViewResponse,
    async handler(ctx, { params, query }) {
      return { member: await getVisibleMember(ctx, params.id, query.fieldsets) };
    },
  });

  r.route({
    method: 'PATCH',
    url: urls('/:id'),
    roles: ['member', 'admin'],
    summary: 'Update a member (deep merge; arrays replaced)',
    tags,
    params: byId,
    body: updateMemberRequest,
    response: memberViewResponse,
    async handler(ctx, { params, body }) {
      const { id: bodyId, ...patch } = body.member;
      if (bodyId !== undefined && bodyId !== params.id)
        throw violation('member.id', 'must match the path', 'VALIDATION');
      return { member: await patchMember(ctx, params.id, patch) };
    },
  });

  r.route({
    method: 'POST',
    url: urls('/:id/slug'),
    roles: ['member', 'admin'],
    summary: "Change a member's slug",
    tags,
    params: byId,
    body: updateSlugRequest,
    response: memberViewResponse,
    async handler(ctx, { params, body }) {
      if (body.id !== undefined && body.id !== params.id)
        throw violation('id', 'must match the path', 'VALIDATION');
      return { member: await setMemberSlug(ctx, params.id, body.slug) };
    },
  });

  for (const field of ['phones', 'emails', 'addresses'] as const) {
    r.route({
      method: 'DELETE',
      url: urls(`/:id/${field}`),
      roles: ['member', 'admin'],
      summary: `Clear a member's contact ${field}`,
      tags,
      params: byId,
      response: memberViewResponse,
      async handler(ctx, { params }) {
        return { member: await clearContactField(ctx, params.id, field) };
      },
    });
  }
}
