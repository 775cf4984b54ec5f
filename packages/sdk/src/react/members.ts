/** The signed-in member as TanStack Query options over `memberCalls` (../members.ts). */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';
import { memberCalls, type MemberPatch } from '../members.ts';

const ME = ['members', 'me'] as const;

export const memberQueries = {
  all: () => ['members'] as const,
  me: (http: HttpClient) => queryOptions({ queryKey: ME, queryFn: () => memberCalls.me(http) }),
  /** The member's sign-in factors (an authenticator app set up or not). */
  factors: (http: HttpClient) =>
    queryOptions({ queryKey: ['members', 'factors'] as const, queryFn: () => memberCalls.factors(http) }),
  /** Where the member is signed in. */
  sessions: (http: HttpClient) =>
    queryOptions({ queryKey: ['members', 'sessions'] as const, queryFn: () => memberCalls.sessions(http) }),
};

export const memberMutations = {
  /** Deep-merges the patch into the member; the answer replaces the cached `me`. */
  update: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['members', 'update'] as const,
      mutationFn: (v: { id: string; patch: MemberPatch }) => memberCalls.update(http, v.id, v.patch),
      onSuccess: (member, _v, _r, context) => context.client.setQueryData(ME, member),
    }),
};
