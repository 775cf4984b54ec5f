/**
 * Staff sessions as TanStack Query options over `staffCalls` (../../admin/staff.ts). The session
 * lives under one key, `['staff', 'me']` (`null` when signed out): signing in or enrolling puts
 * the answer there, signing out puts `null` there and drops every other cached answer.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { staffCalls, type StaffSession } from '../../admin/staff.ts';
import type { HttpClient } from '../../http.ts';

export const STAFF_SESSION_KEY = ['staff', 'me'] as const;
const SESSIONS_KEY = ['staff', 'sessions'] as const;

export const staffQueries = {
  /** The signed-in staff member and the CSRF token, or `null`. Never stale on its own (a 401 elsewhere clears it). */
  me: (http: HttpClient) =>
    queryOptions({ queryKey: STAFF_SESSION_KEY, queryFn: () => staffCalls.me(http), staleTime: Infinity }),
  /** Where the signed-in staff member is signed in. */
  sessions: (http: HttpClient) =>
    queryOptions({ queryKey: SESSIONS_KEY, queryFn: () => staffCalls.sessions(http) }),
  /** Who changed an entity, and when (the actions log): `['staff', 'actions', entityId]`. */
  actionsOn: (http: HttpClient, entityId: string) =>
    queryOptions({
      queryKey: [...STAFF_ACTIONS_KEY, entityId] as const,
      queryFn: () => staffCalls.actionsOn(http, entityId),
    }),
};

/** Every entity's actions log. */
export const STAFF_ACTIONS_KEY = ['staff', 'actions'] as const;
/**
 * Keeps the actions logs on screen current: once any mutation settles (its own refreshes done),
 * succeeded or refused (refused attempts are logged too), every actions log shown is read again —
 * but after the staff member's own session calls (`['staff', …]` keys: signing in and out). The
 * server writes an action before its answer goes out, so one read finds it. One subscription covers
 * every mutation of every domain, present and future. Returns the unsubscribe.
 */
export function keepStaffActionsFresh(client: QueryClient): () => void {
  return client.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || (event.action.type !== 'success' && event.action.type !== 'error'))
      return;
    if (event.mutation.options.mutationKey?.[0] === 'staff') return;
    void client.invalidateQueries({ queryKey: STAFF_ACTIONS_KEY });
  });
}

/** Keeps a new session and forgets anything cached for a previous one. */
const opened = (client: QueryClient, session: StaffSession) => {
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'staff' });
  client.setQueryData(STAFF_SESSION_KEY, session);
};
const closed = (client: QueryClient) => {
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'staff' });
  client.setQueryData(STAFF_SESSION_KEY, null);
};

export const staffMutations = {
  login: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['staff', 'login'] as const,
      mutationFn: (v: Parameters<typeof staffCalls.login>[1]) => staffCalls.login(http, v),
      onSuccess: (session, _v, _r, context) => opened(context.client, session),
    }),
  setup: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['staff', 'setup'] as const,
      mutationFn: (v: Parameters<typeof staffCalls.setup>[1]) => staffCalls.setup(http, v),
    }),
  enrol: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['staff', 'enrol'] as const,
      mutationFn: (v: Parameters<typeof staffCalls.enrol>[1]) => staffCalls.enrol(http, v),
      onSuccess: (session, _v, _r, context) => opened(context.client, session),
    }),
  /** Accepts an invitation: a contributor's answer is a session (kept), an owner's an enrolment to confirm. */
  acceptInvite: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['staff', 'accept-invite'] as const,
      mutationFn: (v: Parameters<typeof staffCalls.acceptInvite>[1]) => staffCalls.acceptInvite(http, v),
      onSuccess: (answer, _v, _r, context) => {
        if ('csrfToken' in answer) opened(context.client, answer);
      },
    }),
  /** A new password (with the current one): the session stays, the others end, and the list is read again. */
  changePassword: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['staff', 'change-password'] as const,
      mutationFn: (v: Parameters<typeof staffCalls.changePassword>[1]) => staffCalls.changePassword(http, v),
      onSuccess: async (session, _v, _r, context) => {
        context.client.setQueryData(STAFF_SESSION_KEY, session);
        await context.client.invalidateQueries({ queryKey: SESSIONS_KEY });
      },
    }),
  /** Ends one session (`id`), or every other one (`others`); the list is read again either way. */
  endSessions: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['staff', 'end-sessions'] as const,
      mutationFn: async (v: { id: string } | { others: true }): Promise<number> =>
        'id' in v ? (await staffCalls.endSession(http, v.id), 1) : staffCalls.endOtherSessions(http),
      onSettled: (_d, _e, _v, _r, context) => context.client.invalidateQueries({ queryKey: SESSIONS_KEY }),
    }),
  /** Signs out here (`everywhere`: every session of this staff member). */
  logout: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['staff', 'logout'] as const,
      mutationFn: (v: { everywhere?: boolean } = {}) =>
        v.everywhere ? staffCalls.logoutAll(http) : staffCalls.logout(http),
      onSuccess: (_d, _v, _r, context) => closed(context.client),
    }),
};
