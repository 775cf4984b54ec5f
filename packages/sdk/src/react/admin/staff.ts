/**
 * Staff sessions as TanStack Query options over `staffCalls` (../../admin/staff.ts). The session
 * lives under one key, `['staff', 'me']` (`null` when signed out): signing in or enrolling puts
 * the answer there, signing out puts `null` there and drops every other cached answer.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { staffCalls, type StaffSession } from '../../admin/staff.ts';
import type { HttpClient } from '../../http.ts';

export const STAFF_SESSION_KEY = ['staff', 'me'] as const;

export const staffQueries = {
  /** The signed-in staff member and the CSRF token, or `null`. Never stale on its own (a 401 elsewhere clears it). */
  me: (http: HttpClient) =>
    queryOptions({ queryKey: STAFF_SESSION_KEY, queryFn: () => staffCalls.me(http), staleTime: Infinity }),
  /** Who changed an entity, and when (the actions log). */
  actionsOn: (http: HttpClient, entityId: string) =>
    queryOptions({
      queryKey: ['staff', 'actions', entityId] as const,
      queryFn: () => staffCalls.actionsOn(http, entityId),
    }),
};

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
  /** Signs out here (`everywhere`: every session of this staff member). */
  logout: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['staff', 'logout'] as const,
      mutationFn: (v: { everywhere?: boolean } = {}) =>
        v.everywhere ? staffCalls.logoutAll(http) : staffCalls.logout(http),
      onSuccess: (_d, _v, _r, context) => closed(context.client),
    }),
};
