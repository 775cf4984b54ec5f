/** The signed-in member (contract members.md: `getCurrentMember`, `updateMember`) as plain typed calls. */
import type { MemberView } from '@vitrine/contract';
import type { HttpClient } from './http.ts';

const BASE = '/members/v1/members';

export type MemberPatch = { contact?: MemberView['contact']; profile?: MemberView['profile'] };

export const memberCalls = {
  /** The caller's own member, fieldset FULL. */
  me: async (http: HttpClient): Promise<MemberView> =>
    (
      await http.request<{ member: MemberView }>({
        method: 'GET',
        path: `${BASE}/my`,
        query: { fieldsets: ['FULL'] },
      })
    ).member,
  /** Deep-merges `patch` into the member (arrays such as `contact.addresses` are replaced whole). */
  update: async (http: HttpClient, id: string, patch: MemberPatch): Promise<MemberView> =>
    (
      await http.request<{ member: MemberView }>({
        method: 'PATCH',
        path: `${BASE}/{id}`,
        pathParams: { id },
        body: { member: patch },
      })
    ).member,
};
