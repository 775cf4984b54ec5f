/**
 * The signed-in member (contract members.md: `getCurrentMember`, `updateMember`) as TanStack
 * Query options and calls.
 */
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';
import type { Member } from './types.ts';

const BASE = '/members/v1/members';

export const memberQueries = {
  all: () => ['members'] as const,
  me: (http: HttpClient) =>
    queryOptions({
      queryKey: ['members', 'me'] as const,
      queryFn: async () =>
        (
          await http.request<{ member: Member }>({
            method: 'GET',
            path: `${BASE}/my`,
            query: { fieldsets: ['FULL'] },
          })
        ).member,
    }),
};

export type MemberPatch = { contact?: Member['contact']; profile?: Member['profile'] };

export const memberCalls = {
  /** Deep-merges `patch` into the member (arrays such as `contact.addresses` are replaced whole). */
  update: async (http: HttpClient, id: string, patch: MemberPatch) =>
    (
      await http.request<{ member: Member }>({
        method: 'PATCH',
        path: `${BASE}/{id}`,
        pathParams: { id },
        body: { member: patch },
      })
    ).member,
};
