import {
  acceptInviteRequest,
  acceptInviteResponse,
  apiKey,
  apiKeysQueryRequest,
  apiKeysQueryResponse,
  createApiKeyRequest,
  createApiKeyResponse,
  endStaffSessionsResponse,
  emptyResponse,
  id,
  inviteStaffRequest,
  inviteStaffResponse,
  staffActionsQueryRequest,
  staffActionsQueryResponse,
  staffEnrolmentResponse,
  staffEnrolRequest,
  staffLoginRequest,
  staffMemberResponse,
  staffPasswordRequest,
  staffQueryRequest,
  staffQueryResponse,
  staffSessionIdParams,
  staffSessionResponse,
  staffSessionsResponse,
  staffSetupRequest,
  updateStaffRequest,
} from '@vitrine/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createApiKey, generateApiKey, queryApiKeys, revokeApiKey } from '../../platform/auth.ts';
import type { Ctx } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import type { Router } from '../../platform/http/route.ts';
import { metadata } from '../../platform/query/page.ts';
import { recordAs } from './actions.ts';
import { staffSessionRequired } from './errors.ts';
import {
  acceptInvite,
  changePassword,
  changeRole,
  confirmEnrolment,
  getStaff,
  inviteStaff,
  login,
  removeStaff,
  signOutStaff,
  startSetup,
  type SignedIn,
} from './service.ts';
import {
  clientOf,
  endSession,
  findSession,
  sessionCookie,
  sessionsOf,
  sessionToken,
  staffIdOf,
} from './sessions.ts';
import { sha256 } from './secrets.ts';
import * as store from './store.ts';
import { toAction, toApiKey, toStaffMember } from './wire.ts';

const S = '/staff/v1';
const admin = ['admin'] as const;
const tags = ['staff'] as const;
const byId = z.strictObject({ id });

/** Answers a new session: the cookie, `{staff, csrfToken}`, and the sign-in in the actions log. */
function opened(ctx: Ctx, req: FastifyRequest, reply: FastifyReply, s: SignedIn) {
  reply.header('set-cookie', sessionCookie(ctx.config, s.token)).header('cache-control', 'no-store');
  recordAs(req, s.staff.id);
  return { staff: toStaffMember(s.staff), csrfToken: s.csrfToken };
}

/** The calling staff member's live session (through its cookie). */
async function currentSession(ctx: Ctx, req: FastifyRequest) {
  const staffId = staffIdOf(ctx);
  const session = await findSession(ctx, sessionToken(req));
  if (!session || session.staff_id !== staffId) throw staffSessionRequired();
  return session;
}

export function staffRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: `${S}/setup`,
    roles: 'any',
    summary: "First-owner set-up with the one-time link's token: the TOTP secret to confirm next",
    tags,
    body: staffSetupRequest,
    response: staffEnrolmentResponse,
    async handler(ctx, { body }, _req, reply) {
      reply.header('cache-control', 'no-store');
      return startSetup(ctx, body);
    },
  });

  r.route({
    method: 'POST',
    url: `${S}/enrol`,
    roles: 'any',
    summary: 'Confirm a TOTP enrolment with a first code: the account is made or completed, and signed in',
    tags,
    body: staffEnrolRequest,
    response: staffSessionResponse,
    async handler(ctx, { body }, req, reply) {
      return opened(ctx, req, reply, await confirmEnrolment(ctx, body, clientOf(req)));
    },
  });

  r.route({
    method: 'POST',
    url: `${S}/login`,
    roles: 'any',
    summary: 'Sign in with e-mail, password and TOTP code: the session cookie and its CSRF token',
    tags,
    body: staffLoginRequest,
    response: staffSessionResponse,
    async handler(ctx, { body }, req, reply) {
      return opened(ctx, req, reply, await login(ctx, body, clientOf(req)));
    },
  });

  r.route({
    method: 'GET',
    url: `${S}/me`,
    roles: admin,
    summary: 'The signed-in staff member and the CSRF token of their session',
    tags,
    response: staffSessionResponse,
    async handler(ctx, _input, req, reply) {
      const session = await currentSession(ctx, req);
      reply.header('cache-control', 'no-store');
      return { staff: toStaffMember(await getStaff(ctx, session.staff_id)), csrfToken: session.csrf_secret };
    },
  });

  r.route({
    method: 'POST',
    url: `${S}/me/password`,
    roles: admin,
    summary: "Change one's password (the current one is checked); every other session ends",
    tags,
    body: staffPasswordRequest,
    response: staffSessionResponse,
    async handler(ctx, { body }, req) {
      const session = await currentSession(ctx, req);
      const staff = await changePassword(ctx, session.staff_id, session.id, body, req.ip);
      return { staff: toStaffMember(staff), csrfToken: session.csrf_secret };
    },
  });

  r.route({
    method: 'GET',
    url: `${S}/me/sessions`,
    roles: admin,
    summary:
      "Where the signed-in staff member is signed in: their live sessions, this one first, with each one's device and address",
    tags,
    response: staffSessionsResponse,
    async handler(ctx, _input, req, reply) {
      const session = await currentSession(ctx, req);
      reply.header('cache-control', 'no-store');
      return { sessions: await sessionsOf(ctx, session.staff_id, session.id) };
    },
  });

  r.route({
    method: 'POST',
    url: `${S}/me/sessions/:id/end`,
    roles: admin,
    summary:
      'Sign out of one session (it ends at its next request); this one too, which clears its cookie. 404 STAFF_SESSION_NOT_FOUND unless it is one of theirs',
    tags,
    params: staffSessionIdParams,
    response: emptyResponse,
    async handler(ctx, { params }, req, reply) {
      const session = await currentSession(ctx, req);
      await endSession(ctx, session.staff_id, params.id);
      if (params.id === session.id) reply.header('set-cookie', sessionCookie(ctx.config, null));
      return {};
    },
  });

  r.route({
    method: 'POST',
    url: `${S}/me/sessions/end-others`,
    roles: admin,
    summary: 'Sign out everywhere else: every session of the signed-in staff member but this one ends',
    tags,
    response: endStaffSessionsResponse,
    async handler(ctx, _input, req) {
      const session = await currentSession(ctx, req);
      return { endedSessions: await store.deleteSessionsOf(ctx.db, session.staff_id, session.id) };
    },
  });

  r.route({
    method: 'POST',
    url: `${S}/logout`,
    roles: admin,
    summary: 'Sign out: this session ends',
    tags,
    response: emptyResponse,
    async handler(ctx, _input, req, reply) {
      staffIdOf(ctx);
      const token = sessionToken(req);
      if (token) await store.deleteSessionByHash(ctx.db, sha256(token));
      reply.header('set-cookie', sessionCookie(ctx.config, null));
      return {};
    },
  });

  r.route({
    method: 'POST',
    url: `${S}/logout-all`,
    roles: admin,
    summary: 'Sign out everywhere: every session of the signed-in staff member ends',
    tags,
    response: emptyResponse,
    async handler(ctx, _input, _req, reply) {
      await store.deleteSessionsOf(ctx.db, staffIdOf(ctx));
      reply.header('set-cookie', sessionCookie(ctx.config, null));
      return {};
    },
  });

  r.route({
    method: 'POST',
    url: `${S}/invites/accept`,
    roles: 'any',
    summary: 'Accept an invitation with a password: owners enrol TOTP next, contributors are signed in',
    tags,
    body: acceptInviteRequest,
    response: acceptInviteResponse,
    async handler(ctx, { body }, req, reply) {
      const answer = await acceptInvite(ctx, body, clientOf(req));
      reply.header('cache-control', 'no-store');
      return 'enrollmentToken' in answer ? answer : opened(ctx, req, reply, answer);
    },
  });

  // ---- staff management: owners ----

  r.route({
    method: 'POST',
    url: `${S}/staff/query`,
    roles: admin,
    owner: true,
    summary: 'Query the staff (removed members are not listed)',
    tags,
    body: staffQueryRequest,
    response: staffQueryResponse,
    async handler(ctx, { body }) {
      const page = await store.queryStaff(ctx.db, body.query);
      return { staff: page.items.map(toStaffMember), metadata: metadata.cursor(page) };
    },
  });

  r.route({
    method: 'GET',
    url: `${S}/staff/:id`,
    roles: admin,
    owner: true,
    summary: 'Get a staff member',
    tags,
    params: byId,
    response: staffMemberResponse,
    async handler(ctx, { params }) {
      return { staff: toStaffMember(await getStaff(ctx, params.id)) };
    },
  });

  r.route({
    method: 'POST',
    url: `${S}/staff/:id/logout-all`,
    roles: admin,
    owner: true,
    summary: 'Sign a staff member out everywhere (they stay on the staff and sign in again)',
    tags,
    params: byId,
    response: endStaffSessionsResponse,
    handler: async (ctx, { params }) => ({ endedSessions: await signOutStaff(ctx, params.id) }),
  });

  r.route({
    method: 'POST',
    url: `${S}/staff`,
    roles: admin,
    owner: true,
    summary: 'Invite someone to the staff: the 7-day invitation link, shown once',
    tags,
    body: inviteStaffRequest,
    response: inviteStaffResponse,
    async handler(ctx, { body }, _req, reply) {
      const { staff, inviteUrl } = await inviteStaff(ctx, body);
      reply.header('cache-control', 'no-store');
      return { staff: toStaffMember(staff), inviteUrl };
    },
  });

  r.route({
    method: 'PATCH',
    url: `${S}/staff/:id`,
    roles: admin,
    owner: true,
    summary: "Change a staff member's role (the last owner stays one)",
    tags,
    params: byId,
    body: updateStaffRequest,
    response: staffMemberResponse,
    async handler(ctx, { params, body }) {
      return { staff: toStaffMember(await changeRole(ctx, params.id, body.role)) };
    },
  });

  r.route({
    method: 'DELETE',
    url: `${S}/staff/:id`,
    roles: admin,
    owner: true,
    summary: 'Remove a staff member: their sessions end at once (the last owner stays)',
    tags,
    params: byId,
    response: emptyResponse,
    async handler(ctx, { params }, _req, reply) {
      await removeStaff(ctx, params.id);
      if (ctx.caller.role === 'admin' && ctx.caller.userId === params.id)
        reply.header('set-cookie', sessionCookie(ctx.config, null));
      return {};
    },
  });

  // ---- the actions log: all staff ----

  r.route({
    method: 'POST',
    url: `${S}/actions/query`,
    roles: admin,
    summary: 'Query the staff actions log (filter by entityId, staffId, method, status, createdDate)',
    tags,
    body: staffActionsQueryRequest,
    response: staffActionsQueryResponse,
    async handler(ctx, { body }) {
      const page = await store.queryActions(ctx.db, body.query);
      return { actions: page.items.map(toAction), metadata: metadata.cursor(page) };
    },
  });
}

/** The store's API keys (owners): made here, shown once, revoked (never deleted). */
export function apiKeyRoutes(r: Router) {
  const K = '/platform/v1/api-keys';
  r.route({
    method: 'POST',
    url: K,
    roles: admin,
    owner: true,
    summary: 'Create an API key (an admin credential for apps): the key is shown once',
    tags: ['api-keys'],
    body: createApiKeyRequest,
    response: createApiKeyResponse,
    async handler(ctx, { body }, _req, reply) {
      const key = generateApiKey();
      const now = ctx.clock.now();
      const keyId = await createApiKey(ctx.db, body.name, key, now);
      reply.header('cache-control', 'no-store');
      return {
        apiKey: { ...toApiKey({ id: keyId, name: body.name, created_at: now, revoked_at: null }), key },
      };
    },
  });

  r.route({
    method: 'POST',
    url: `${K}/query`,
    roles: admin,
    owner: true,
    summary: 'Query the API keys (never the keys themselves), revoked ones included',
    tags: ['api-keys'],
    body: apiKeysQueryRequest,
    response: apiKeysQueryResponse,
    async handler(ctx, { body }) {
      const page = await queryApiKeys(ctx.db, body.query);
      return { apiKeys: page.items.map(toApiKey), metadata: metadata.cursor(page) };
    },
  });

  r.route({
    method: 'DELETE',
    url: `${K}/:id`,
    roles: admin,
    owner: true,
    summary: 'Revoke an API key (every process refuses it within 10 seconds)',
    tags: ['api-keys'],
    params: byId,
    response: z.object({ apiKey }),
    async handler(ctx, { params }) {
      const row = await revokeApiKey(ctx.db, params.id, ctx.clock.now());
      if (!row) throw notFound('API key', { id: params.id });
      return { apiKey: toApiKey(row) };
    },
  });
}
